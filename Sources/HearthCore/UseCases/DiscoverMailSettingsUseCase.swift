import Foundation

/// Finds IMAP and SMTP settings from an email address, the way onboarding needs them: first the
/// built-in table of large providers (their published settings, no network), then the domain's
/// own DNS SRV records (RFC 6186, with RFC 8314's implicit-TLS services preferred), then the
/// domain's MX hosts matched against the table (a custom domain hosted at a known provider), and
/// last conventional host names (imap.DOMAIN, mail.DOMAIN, …), kept only when they accept a
/// connection. Every front end (web onboarding, `hearth account discover`) calls this one.
public struct DiscoverMailSettingsUseCase: Sendable {
    public let catalog: any MailProviderCatalog
    public let dns: any MailDNSLookup
    public let reachability: any ServerReachability
    /// Per guessed host:port connection attempt.
    public var probeTimeout: Duration

    public init(catalog: any MailProviderCatalog, dns: any MailDNSLookup, reachability: any ServerReachability,
                probeTimeout: Duration = .seconds(3)) {
        self.catalog = catalog; self.dns = dns; self.reachability = reachability; self.probeTimeout = probeTimeout
    }

    /// The settings for `address`; throws `.nothingFound` when no step found an IMAP server.
    /// A DNS failure does not end the search: the guesses are still tried.
    public func discover(address: String) async throws(MailDiscoveryError) -> DiscoveredMailSettings {
        let domain = try Self.domain(of: address)
        if let provider = catalog.provider(forDomain: domain) {
            return DiscoveredMailSettings(imap: provider.imap, smtp: provider.smtp, source: .knownProvider, provider: provider)
        }
        var dnsFailure: MailDiscoveryError?
        do {
            if let found = try await fromServiceRecords(domain) { return found }
            let exchangers = try await dns.mailExchangers(domain)
            if let provider = catalog.provider(forMailExchangers: exchangers) {
                return DiscoveredMailSettings(imap: provider.imap, smtp: provider.smtp, source: .mailExchanger, provider: provider)
            }
        } catch {
            dnsFailure = error
        }
        if let found = await fromGuesses(domain) { return found }
        throw dnsFailure ?? .nothingFound(domain: domain)
    }

    /// The domain part, lower-cased, of a plausible address (`name@domain.tld`).
    public static func domain(of address: String) throws(MailDiscoveryError) -> String {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let at = trimmed.lastIndex(of: "@"), at != trimmed.startIndex else { throw .notAnAddress(trimmed) }
        var domain = trimmed[trimmed.index(after: at)...].lowercased()
        if domain.hasSuffix(".") { domain.removeLast() }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        let validLabel: (Substring) -> Bool = { label in
            !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
        }
        guard labels.count >= 2, domain.count <= 253, labels.allSatisfy(validLabel) else { throw .notAnAddress(trimmed) }
        return domain
    }

    // MARK: - RFC 6186 SRV records

    private func fromServiceRecords(_ domain: String) async throws(MailDiscoveryError) -> DiscoveredMailSettings? {
        // RFC 8314 §5.1: prefer implicit TLS when both are published.
        let imap = try await firstService([("_imaps._tcp", .implicitTLS), ("_imap._tcp", .startTLS)], domain)
        guard let imap else { return nil }
        let smtp = try await firstService([("_submissions._tcp", .implicitTLS), ("_submission._tcp", .startTLS)], domain)
        return DiscoveredMailSettings(imap: imap, smtp: smtp, source: .serviceRecords)
    }

    private func firstService(_ services: [(String, TransportSecurity)], _ domain: String) async throws(MailDiscoveryError) -> ServerEndpoint? {
        for (service, security) in services {
            let records = try await dns.serviceRecords("\(service).\(domain)")
            if let best = Self.preferred(records) {
                return ServerEndpoint(host: best.target, port: Int(best.port), security: security)
            }
        }
        return nil
    }

    /// RFC 2782 order without the random part: lowest priority, then highest weight, then name
    /// (a client that asks twice gets the same answer, which a form that fills itself needs).
    static func preferred(_ records: [ServiceRecord]) -> ServiceRecord? {
        records.filter { !$0.target.isEmpty && $0.target != "." && $0.port != 0 }
            .min { ($0.priority, UInt16.max - $0.weight, $0.target) < ($1.priority, UInt16.max - $1.weight, $1.target) }
    }

    // MARK: - Conventional host names

    /// Candidates in the order mail hosts are most often named; the first that accepts a
    /// connection wins for each side.
    static func guesses(_ domain: String) -> (imap: [ServerEndpoint], smtp: [ServerEndpoint]) {
        let imapHosts = ["imap.\(domain)", "mail.\(domain)"]
        let smtpHosts = ["smtp.\(domain)", "mail.\(domain)"]
        let imap = imapHosts.flatMap { [ServerEndpoint(host: $0, port: 993, security: .implicitTLS),
                                        ServerEndpoint(host: $0, port: 143, security: .startTLS)] }
        let smtp = smtpHosts.flatMap { [ServerEndpoint(host: $0, port: 465, security: .implicitTLS),
                                        ServerEndpoint(host: $0, port: 587, security: .startTLS)] }
        return (imap, smtp)
    }

    private func fromGuesses(_ domain: String) async -> DiscoveredMailSettings? {
        let candidates = Self.guesses(domain)
        guard let imap = await firstReachable(candidates.imap) else { return nil }
        let smtp = await firstReachable(candidates.smtp)
        return DiscoveredMailSettings(imap: imap, smtp: smtp, source: .guess)
    }

    private func firstReachable(_ endpoints: [ServerEndpoint]) async -> ServerEndpoint? {
        // All at once (a dead host costs one timeout, not one per candidate); the first in
        // the list's order that answered wins.
        let answers = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, endpoint) in endpoints.enumerated() {
                group.addTask { (index, await reachability.accepts(host: endpoint.host, port: endpoint.port, timeout: probeTimeout)) }
            }
            var reachable = Set<Int>()
            for await (index, ok) in group where ok { reachable.insert(index) }
            return reachable
        }
        return endpoints.indices.first { answers.contains($0) }.map { endpoints[$0] }
    }
}
