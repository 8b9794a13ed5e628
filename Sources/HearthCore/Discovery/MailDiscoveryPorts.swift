import Foundation

/// The built-in provider table (adapter: `HearthDiscovery.BuiltInMailProviders`).
public protocol MailProviderCatalog: Sendable {
    /// The provider serving addresses at `domain` (lower case), if known.
    func provider(forDomain domain: String) -> KnownMailProvider?
    /// The provider whose mail exchangers end in one of `hosts`' suffixes, if known.
    func provider(forMailExchangers hosts: [String]) -> KnownMailProvider?
}

/// One DNS SRV answer (RFC 2782), already without the "no such service" target ".".
public struct ServiceRecord: Sendable, Hashable {
    public var priority: UInt16
    public var weight: UInt16
    public var port: UInt16
    /// Host name without the trailing dot.
    public var target: String

    public init(priority: UInt16, weight: UInt16, port: UInt16, target: String) {
        self.priority = priority; self.weight = weight; self.port = port; self.target = target
    }
}

/// DNS look-ups discovery needs (adapter: `HearthDiscovery.DNSMailLookup` over a UDP DNS client).
public protocol MailDNSLookup: Sendable {
    /// SRV records for `name` (e.g. "_imaps._tcp.example.org"); empty when there are none.
    func serviceRecords(_ name: String) async throws(MailDiscoveryError) -> [ServiceRecord]
    /// MX host names of `domain`, most preferred first; empty when there are none.
    func mailExchangers(_ domain: String) async throws(MailDiscoveryError) -> [String]
}

/// "Does this host accept connections on this port?" — how guessed host names are checked.
public protocol ServerReachability: Sendable {
    func accepts(host: String, port: Int, timeout: Duration) async -> Bool
}

/// Why discovery could not find settings; each case says what the user can do.
public enum MailDiscoveryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is not an email address.
    case notAnAddress(String)
    /// The DNS server could not be asked (no resolver configured, no answer in time, bad reply).
    case dnsUnavailable(String)
    /// Nothing was found: no table entry, no SRV records, no conventional host answered.
    case nothingFound(domain: String)

    public var description: String {
        switch self {
        case .notAnAddress(let text):
            return "“\(text)” is not an email address: it needs a name, an @ and a domain."
        case .dnsUnavailable(let why):
            return "Could not ask DNS for the mail settings (\(why)). Enter the server names yourself."
        case .nothingFound(let domain):
            return "No mail settings were found for \(domain). Your provider's help pages list its IMAP and SMTP servers; enter them by hand."
        }
    }
}
