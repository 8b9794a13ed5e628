import ArgumentParser
import Foundation
import HearthCore
import HearthDiscovery

/// `hearth account discover ADDRESS`: the IMAP/SMTP settings Hearth would use for an address,
/// and where they came from (provider table, DNS SRV, MX, or a checked guess).
struct AccountDiscoverCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "discover",
        abstract: "Find the IMAP and SMTP settings for an email address.",
        discussion: """
            Looks in Hearth's table of large providers, then the domain's DNS SRV records \
            (RFC 6186), then its MX hosts, then conventional names (imap.DOMAIN, mail.DOMAIN) \
            that accept a connection. DNS goes to the servers in /etc/resolv.conf, or \
            HEARTH_DNS_SERVER=HOST[:PORT].
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The email address.") var address: String

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let found: DiscoveredMailSettings
            do { found = try await MailDiscovery.useCase().discover(address: address) } catch let error as MailDiscoveryError {
                switch error {
                case .notAnAddress: throw CLIError.invalidInput(error.description)
                case .nothingFound: throw CLIError.notFound(error.description)
                case .dnsUnavailable: throw CLIError.unavailable(error.description)
                }
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("discovery", found))
                return
            }
            let describe: (ServerEndpoint) -> String = { "\($0.host):\($0.port) (\($0.security == .implicitTLS ? "TLS" : "STARTTLS"))" }
            StandardStreams.out("IMAP: \(describe(found.imap))")
            StandardStreams.out("SMTP: \(found.smtp.map(describe) ?? "not found — enter it yourself")")
            StandardStreams.out("Found by: \(MailDiscovery.explain(found))")
            if let provider = found.provider { StandardStreams.out("Signing in: \(provider.signInAdvice)") }
        }
    }
}

/// The discovery wiring every front end in this process uses.
enum MailDiscovery {
    static func useCase() -> DiscoverMailSettingsUseCase {
        DiscoverMailSettingsUseCase(catalog: BuiltInMailProviders(), dns: DNSMailLookup(), reachability: TCPReachability())
    }

    static func explain(_ found: DiscoveredMailSettings) -> String {
        switch found.source {
        case .knownProvider: "Hearth's table of providers (\(found.provider?.name ?? "?"))"
        case .serviceRecords: "the domain's DNS service records (RFC 6186)"
        case .mailExchanger: "the domain's mail exchanger, hosted at \(found.provider?.name ?? "a known provider")"
        case .guess: "a guess that accepted a connection — check it with your provider"
        }
    }
}
