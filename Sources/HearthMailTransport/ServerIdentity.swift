import NIOCore
import NIOSSL

/// The server-identity check of RFC 6125, done here rather than by NIOSSL.
///
/// Why our own: NIOSSL accepts a certificate whose IP entry equals the peer's address even when a
/// host name was asked for, so connecting to an IP with `serverName: "imap.evil.test"` passed with
/// any certificate naming that IP. Here the name is checked *as given*: a host name only against
/// the certificate's DNS entries (one left-most `*` label at most), an IP literal only against its
/// IP entries. The common name is never consulted (RFC 6125 §6.4.4 deprecates it; certificates of
/// every public CA carry subject alternative names).
public enum ServerIdentity {
    /// What the user asked to talk to.
    public enum Reference: Hashable, Sendable {
        case host(String)
        case address([UInt8])
    }

    /// A host name (lower-cased, without a trailing dot) or an IPv4/IPv6 literal (brackets allowed).
    public static func reference(for serverName: String) -> Reference {
        var name = serverName
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if let bytes = addressBytes(name) { return .address(bytes) }
        var host = serverName.lowercased()
        if host.hasSuffix(".") { host.removeLast() }
        return .host(host)
    }

    /// True when `certificate` names `serverName` as the rules above say.
    public static func certificate(_ certificate: NIOSSLCertificate, names serverName: String) -> Bool {
        let reference = reference(for: serverName)
        for entry in certificate._subjectAlternativeNames() {
            let bytes = entry.contents.withUnsafeBufferPointer { Array($0) }
            switch (reference, entry.nameType) {
            case (.host(let host), .dnsName):
                if dnsPattern(String(decoding: bytes, as: UTF8.self), matches: host) { return true }
            case (.address(let address), .ipAddress):
                if bytes == address { return true }
            default:
                continue
            }
        }
        return false
    }

    /// RFC 6125 §6.4.3: exact match, or `*` as the whole left-most label standing for exactly one
    /// label, and never for a name of fewer than three labels (`*.com` names nothing).
    public static func dnsPattern(_ rawPattern: String, matches host: String) -> Bool {
        var pattern = rawPattern.lowercased()
        if pattern.hasSuffix(".") { pattern.removeLast() }
        guard !pattern.isEmpty, !host.isEmpty else { return false }
        guard pattern.hasPrefix("*.") else { return pattern == host }
        let suffix = pattern.dropFirst(2)
        guard !suffix.contains("*"), suffix.split(separator: ".").count >= 2 else { return false }
        guard let firstDot = host.firstIndex(of: ".") else { return false }
        let firstLabel = host[..<firstDot]
        return !firstLabel.isEmpty && host[host.index(after: firstDot)...] == suffix
    }

    private static func addressBytes(_ literal: String) -> [UInt8]? {
        guard let address = try? SocketAddress(ipAddress: literal, port: 0) else { return nil }
        switch address {
        case .v4(let v4):
            return withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6):
            return withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        default:
            return nil
        }
    }
}
