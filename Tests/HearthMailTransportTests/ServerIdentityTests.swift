import HearthMailTransport
import HearthTestSupport
import NIOSSL
import Testing

/// RFC 6125 name checks as `ServerIdentity` does them (the handshake tests in the IMAP and SMTP
/// suites prove they are applied on every connection).
struct ServerIdentityTests {
    @Test func exactAndWildcardNames() {
        #expect(ServerIdentity.dnsPattern("imap.example.org", matches: "imap.example.org"))
        #expect(ServerIdentity.dnsPattern("IMAP.Example.ORG.", matches: "imap.example.org"))
        #expect(ServerIdentity.dnsPattern("*.example.org", matches: "imap.example.org"))
        // A wildcard stands for exactly one whole label.
        #expect(!ServerIdentity.dnsPattern("*.example.org", matches: "example.org"))
        #expect(!ServerIdentity.dnsPattern("*.example.org", matches: "a.imap.example.org"))
        #expect(!ServerIdentity.dnsPattern("im*.example.org", matches: "imap.example.org"))
        #expect(!ServerIdentity.dnsPattern("*.org", matches: "example.org"))
        #expect(!ServerIdentity.dnsPattern("*.*.org", matches: "a.example.org"))
        #expect(!ServerIdentity.dnsPattern("imap.example.org", matches: "imap.example.org.evil.test"))
    }

    @Test func addressesAndNamesAreKeptApart() {
        #expect(ServerIdentity.reference(for: "127.0.0.1") == .address([127, 0, 0, 1]))
        #expect(ServerIdentity.reference(for: "[::1]") == .address(Array(repeating: 0, count: 15) + [1]))
        #expect(ServerIdentity.reference(for: "Mail.Example.org.") == .host("mail.example.org"))
    }

    @Test(.mailRig) func theRigCertificateNamesItsHostsAndAddressOnly() throws {
        let rig = try MailRig.require()
        let certificate = try #require(try NIOSSLCertificate.fromPEMFile("\(rig.directory)/tls/server.pem").first)
        #expect(ServerIdentity.certificate(certificate, names: "localhost"))
        #expect(ServerIdentity.certificate(certificate, names: "imap.gmail.test"))
        #expect(ServerIdentity.certificate(certificate, names: "127.0.0.1"))
        #expect(!ServerIdentity.certificate(certificate, names: "imap.evil.test"))
        #expect(!ServerIdentity.certificate(certificate, names: "127.0.0.2"))
    }
}
