import ArgumentParser
import Foundation
import HearthApp
import HearthCore
import HearthSecurity
import HearthSync

/// `hearth account add EMAIL --imap-host …`: a password account, one whose access token comes
/// from a command, or (`--oauth`) a Gmail account signed in through the browser (RFC 8252:
/// PKCE, loopback redirect), checked against the server BEFORE it is saved: connect with TLS,
/// sign in, list folders (and, for `--oauth`, sign in to SMTP submission too).
struct AccountAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an IMAP account after checking that Hearth can sign in.",
        discussion: """
            The password is read from standard input (--password-stdin) or produced by a command each time it \
            is needed (--password-command, like mbsync's PassCmd); it is kept in the secret store, never in the \
            database. Gmail accounts sign in with --oauth: the browser opens Google's consent page (--no-browser \
            only prints its address), the tokens go to the secret store and are refreshed silently. This needs \
            your own OAuth client (docs/security.md). --token-command takes an access token from a command instead.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The account's e-mail address (also the login name).") var email: String
    @Option(help: "IMAP server host name (default with --oauth: imap.gmail.com).") var imapHost: String?
    @Option(help: "IMAP port (default 993 for tls, 143 for starttls).") var imapPort: Int?
    @Option(help: "tls (implicit, port 993) or starttls.") var imapSecurity: TransportSecurity = .implicitTLS
    @Option(help: "SMTP submission host (default: the IMAP host).") var smtpHost: String?
    @Option(help: "SMTP port (default 465 for tls, 587 for starttls).") var smtpPort: Int?
    @Option(help: "tls or starttls.") var smtpSecurity: TransportSecurity = .implicitTLS
    @Option(name: .customLong("ca-file"), help: "An extra CA certificate (PEM) to trust, for a self-hosted server.") var caFile: String?
    @Option(help: "The certificate name to expect when it differs from the host (e.g. localhost).") var serverName: String?
    @Option(help: "gmail or imap (default: gmail for @gmail.com addresses).") var provider: ProviderKind?
    @Option(help: "The name shown on sent mail.") var displayName: String?
    @Option(help: "Days of mail to sync (0: everything).") var syncWindow: Int = 30
    @Flag(help: "Read the password from standard input.") var passwordStdin = false
    @Option(help: "A shell command printing the password.") var passwordCommand: String?
    @Option(help: "A shell command printing an OAuth access token (XOAUTH2).") var tokenCommand: String?
    @Flag(help: "Sign in with Google in the browser (OAuth 2.0 + PKCE); tokens go to the secret store.") var oauth = false
    @Flag(help: "With --oauth: print the sign-in address instead of opening a browser.") var noBrowser = false
    @Option(help: "With --oauth: the OAuth client JSON file (default: docs/security.md's search order).") var oauthClient: String?

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global, creating: true)
            let credential: CredentialInput
            if oauth {
                guard !passwordStdin, passwordCommand == nil, tokenCommand == nil else {
                    throw CLIError.invalidInput("--oauth signs in through the browser; leave out --password-stdin, --password-command and --token-command")
                }
                if try engine.store.accounts().contains(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) {
                    throw CLIError.invalidInput("account \(email) already exists")
                }
                let client = try AccountOAuth.client(explicitFile: oauthClient)
                credential = .oauth(try await AccountOAuth.signIn(email: email, noBrowser: noBrowser, client: client))
            } else {
                credential = try readSecret()
            }
            let setup = try self.setup(credential)
            let added = try await AppErrors.mapping { try await AddAccount(store: engine.store, secrets: engine.app.secrets)(setup) }
            let account = added.account
            if global.json {
                StandardStreams.out(try JSONOutput.render("account", AccountJSON(account)))
            } else {
                let how = oauth ? "signed in with Google to \(account.imap?.host ?? "")" : "signed in to \(account.imap?.host ?? "")"
                StandardStreams.out("Added \(account.email) (account \(account.id?.rawValue ?? 0)): \(how), \(added.folderCount) folders. Run `hearth sync` to fetch mail.")
            }
        }
    }

    /// The flags as the application layer's input.
    private func setup(_ credential: CredentialInput) throws -> AccountSetup {
        let hosts: (imap: String, smtp: String)
        if oauth { hosts = AccountSetup.googleHosts(imap: imapHost, smtp: smtpHost) }
        else if let imapHost { hosts = (imapHost, smtpHost ?? imapHost) }
        else { throw CLIError.invalidInput("--imap-host is required (it is imap.gmail.com only with --oauth)") }
        return AccountSetup(email: email, displayName: displayName, provider: provider,
                            imap: ServerChoice(host: hosts.imap, port: imapPort, security: imapSecurity),
                            smtp: ServerChoice(host: hosts.smtp, port: smtpPort, security: smtpSecurity),
                            tls: TLSOptions(extraCAFile: caFile, serverName: serverName),
                            syncWindowDays: syncWindow, credential: credential)
    }

    private func readSecret() throws -> CredentialInput {
        let given = [passwordStdin, passwordCommand != nil, tokenCommand != nil].filter { $0 }.count
        guard given == 1 else {
            throw CLIError.invalidInput("give exactly one of --password-stdin, --password-command, --token-command")
        }
        if let passwordCommand { return .passwordCommand(passwordCommand) }
        if let tokenCommand { return .tokenCommand(tokenCommand) }
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
            throw CLIError.invalidInput("no password on standard input")
        }
        return .password(line)
    }
}

extension TransportSecurity: ExpressibleByArgument {}
extension ProviderKind: ExpressibleByArgument {}
