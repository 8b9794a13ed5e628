import Foundation
import HearthCore
import HearthDiscovery
import HearthTestSupport
import Testing

/// The DNS client against a real DNS server: the rig's dnsmasq on loopback (testenv/rig, `rig up`
/// starts it), which publishes RFC 6186 SRV records for rig.test and Google MX hosts for
/// mx.rig.test, and refuses everything else.
@Suite("DNS discovery against the rig's DNS server", .enabled(if: MailRig.shouldRun, Comment(rawValue: MailRig.skipReason)))
struct RigDNSTests {
    func rigResolver() throws -> (MailRig, ResolverConfiguration) {
        let rig = try MailRig.require()
        let port = Int(rig.values["RIG_DNS_PORT"] ?? "") ?? rig.portBase + 53
        return (rig, ResolverConfiguration(servers: [.init(host: rig.host, port: port)], timeout: .seconds(2), attempts: 1))
    }

    func useCase(_ config: ResolverConfiguration) -> DiscoverMailSettingsUseCase {
        DiscoverMailSettingsUseCase(catalog: BuiltInMailProviders(), dns: DNSMailLookup(client: DNSClient(configuration: config)),
                                    reachability: TCPReachability(), probeTimeout: .seconds(1))
    }

    @Test("SRV records of rig.test come back as the rig's IMAP and submission ports")
    func serviceRecords() async throws {
        let (rig, config) = try rigResolver()
        let lookup = DNSMailLookup(client: DNSClient(configuration: config))
        let imaps = try await lookup.serviceRecords("_imaps._tcp.rig.test")
        #expect(imaps == [ServiceRecord(priority: 0, weight: 1, port: UInt16(rig.imapsPort), target: "localhost")])
        let imap = try await lookup.serviceRecords("_IMAP._tcp.RIG.test")
        #expect(imap.map(\.port) == [UInt16(rig.imapPort)])
    }

    @Test("sam@rig.test: the use case finds IMAP over implicit TLS and submission over implicit TLS by SRV")
    func discoversRigDomain() async throws {
        let (rig, config) = try rigResolver()
        let found = try await useCase(config).discover(address: "sam@rig.test")
        #expect(found.source == .serviceRecords)
        #expect(found.imap == ServerEndpoint(host: "localhost", port: rig.imapsPort, security: .implicitTLS))
        #expect(found.smtp?.port == rig.portBase + 465)
        #expect(found.smtp?.security == .implicitTLS)
    }

    @Test("MX records of mx.rig.test name Google's exchangers: Gmail settings for a custom domain")
    func mailExchangers() async throws {
        let (_, config) = try rigResolver()
        let exchangers = try await DNSMailLookup(client: DNSClient(configuration: config)).mailExchangers("mx.rig.test")
        #expect(exchangers == ["aspmx.l.google.com", "alt1.aspmx.l.google.com"])
        let found = try await useCase(config).discover(address: "team@mx.rig.test")
        #expect(found.source == .mailExchanger && found.provider?.id == "gmail")
    }

    @Test("A name the server does not know: no records (NXDOMAIN), not an error")
    func unknownName() async throws {
        let (_, config) = try rigResolver()
        #expect(try await DNSMailLookup(client: DNSClient(configuration: config)).serviceRecords("_imaps._tcp.nothing.rig.test").isEmpty)
    }

    @Test("A server that refuses (outside its zone) is an error that says so")
    func refused() async throws {
        let (_, config) = try rigResolver()
        await #expect(throws: DNSError.serverError(.refused)) {
            try await DNSClient(configuration: config).query(try DNSName("example.com"), type: .mx)
        }
    }

    @Test("No server on the port: an error within the timeout, not a hang")
    func noServer() async throws {
        let config = ResolverConfiguration(servers: [.init(host: "127.0.0.1", port: 9)], timeout: .milliseconds(500), attempts: 1)
        let started = ContinuousClock.now
        await #expect(throws: DNSError.self) { try await DNSClient(configuration: config).query(try DNSName("rig.test"), type: .srv) }
        #expect(ContinuousClock.now - started < .seconds(5))
    }
}
