import HearthCore
import HearthDiscovery

/// Finds the IMAP/SMTP settings for an address before an account is added (onboarding's first
/// question, `hearth account discover`): HearthCore's `DiscoverMailSettingsUseCase` over the
/// standard adapters (provider table, DNS SRV/MX, host probes), its answer put in the words a
/// screen shows — where the settings came from and how to sign in there.
public struct DiscoverAccountSettings: Sendable {
    let useCase: DiscoverMailSettingsUseCase

    /// `dnsServer`: the one DNS server to ask (tests: the rig's); nil: the servers of
    /// `/etc/resolv.conf`, or `HEARTH_DNS_SERVER=HOST[:PORT]`.
    public init(dnsServer: (host: String, port: Int)? = nil, probeTimeout: Duration = .seconds(3)) {
        let client = dnsServer.map { DNSClient(configuration: ResolverConfiguration(servers: [.init(host: $0.host, port: $0.port)], attempts: 1)) } ?? DNSClient()
        useCase = DiscoverMailSettingsUseCase(catalog: BuiltInMailProviders(), dns: DNSMailLookup(client: client),
                                              reachability: TCPReachability(), probeTimeout: probeTimeout)
    }

    public init(useCase: DiscoverMailSettingsUseCase) { self.useCase = useCase }

    /// What was found, with what a screen says about it.
    public struct Found: Sendable, Equatable {
        public var settings: DiscoveredMailSettings
        /// Where the settings came from, for "Found in …" ("the domain's DNS service records (RFC 6186)").
        public var foundBy: String
        /// How to sign in at this provider (known providers only).
        public var signInAdvice: String?
        /// Settings the user should check rather than trust (a guess).
        public var needsChecking: Bool
    }

    public func callAsFunction(_ address: String) async throws(AppError) -> Found {
        let settings: DiscoveredMailSettings
        do { settings = try await useCase.discover(address: address) } catch {
            switch error {
            case .notAnAddress: throw .invalidInput(error.description)
            case .nothingFound: throw .notFound(error.description)
            case .dnsUnavailable: throw .unavailable(error.description)
            }
        }
        return Found(settings: settings, foundBy: Self.explain(settings), signInAdvice: settings.provider?.signInAdvice,
                     needsChecking: settings.source == .guess)
    }

    static func explain(_ found: DiscoveredMailSettings) -> String {
        switch found.source {
        case .knownProvider: "Hearth's table of providers (\(found.provider?.name ?? "a known provider"))"
        case .serviceRecords: "the domain's DNS service records (RFC 6186)"
        case .mailExchanger: "the domain's mail exchanger, hosted at \(found.provider?.name ?? "a known provider")"
        case .guess: "a guess that accepted a connection — check it with your provider"
        }
    }
}

extension AccountForm {
    /// The form with the discovered servers filled in, keeping what the user already typed
    /// (address, name, password, CA file, server name).
    public func filled(from found: DiscoveredMailSettings) -> AccountForm {
        var form = self
        form.imapHost = found.imap.host
        form.imapPort = String(found.imap.port)
        form.imapSecurity = found.imap.security
        if let smtp = found.smtp {
            form.smtpHost = smtp.host
            form.smtpPort = String(smtp.port)
            form.smtpSecurity = smtp.security
        }
        return form
    }
}
