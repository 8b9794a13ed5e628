import ArgumentParser
import Foundation
import HearthApp
import HearthCore

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
            let found: DiscoverAccountSettings.Found
            found = try await AppErrors.mapping { try await DiscoverAccountSettings()(address) }
            if global.json {
                StandardStreams.out(try JSONOutput.render("discovery", found.settings))
                return
            }
            let describe: (ServerEndpoint) -> String = { "\($0.host):\($0.port) (\($0.security == .implicitTLS ? "TLS" : "STARTTLS"))" }
            StandardStreams.out("IMAP: \(describe(found.settings.imap))")
            StandardStreams.out("SMTP: \(found.settings.smtp.map(describe) ?? "not found — enter it yourself")")
            StandardStreams.out("Found by: \(found.foundBy)")
            if let advice = found.signInAdvice { StandardStreams.out("Signing in: \(advice)") }
        }
    }
}
