import ArgumentParser
import Foundation
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
            let engine = try Engine.open(global)
            if try engine.store.accounts().contains(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) {
                throw CLIError.invalidInput("account \(email) already exists")
            }
            let kind = provider ?? (oauth || email.lowercased().hasSuffix("@gmail.com") ? .gmail : .imap)
            if oauth { return try await addWithOAuth(engine, kind: kind) }
            let secret = try readSecret()
            guard let imapHost else { throw CLIError.invalidInput("--imap-host is required (it is imap.gmail.com only with --oauth)") }
            let imap = ServerEndpoint(host: imapHost, port: imapPort ?? (imapSecurity == .implicitTLS ? 993 : 143),
                                      security: imapSecurity, extraCAFile: caFile)
            let smtp = ServerEndpoint(host: smtpHost ?? imapHost, port: smtpPort ?? (smtpSecurity == .implicitTLS ? 465 : 587),
                                      security: smtpSecurity, extraCAFile: caFile)
            var account = Account(email: email, displayName: displayName ?? email, provider: kind,
                                  authType: tokenCommand != nil ? .oauth2 : .password, imap: imap, smtp: smtp,
                                  syncWindowDays: syncWindow > 0 ? syncWindow : nil)

            // The connectivity check, before anything is saved.
            let folders = try await check(account, secret: secret)

            account = try engine.store.create(account)
            guard let id = account.id else { throw CLIError.cannotCreate("the account was not saved") }
            if let serverName { try engine.store.setValue(serverName, for: IMAPServerName.key(id)) }
            switch secret {
            case .password(let password):
                try engine.secrets().save(Data(password.utf8), for: SecretKey(accountEmail: email, kind: .password))
            case .passwordCommand(let command):
                try engine.store.setValue(command, for: AccountCredentials.commandKey(id, token: false))
            case .tokenCommand(let command):
                try engine.store.setValue(command, for: AccountCredentials.commandKey(id, token: true))
            }
            if global.json {
                StandardStreams.out(try JSONOutput.render("account", AccountJSON(account)))
            } else {
                StandardStreams.out("Added \(email) (account \(id)): signed in to \(imapHost), \(folders) folders. Run `hearth sync` to fetch mail.")
            }
        }
    }

    /// `--oauth`: browser sign-in, connectivity check with the fresh token, then save the
    /// account and its tokens (secret store only).
    private func addWithOAuth(_ engine: Engine, kind: ProviderKind) async throws {
        guard !passwordStdin, passwordCommand == nil, tokenCommand == nil else {
            throw CLIError.invalidInput("--oauth signs in through the browser; leave out --password-stdin, --password-command and --token-command")
        }
        let host = imapHost ?? "imap.gmail.com"
        var account = Account(email: email, displayName: displayName ?? email, provider: kind, authType: .oauth2,
                              imap: ServerEndpoint(host: host, port: imapPort ?? (imapSecurity == .implicitTLS ? 993 : 143),
                                                   security: imapSecurity, extraCAFile: caFile),
                              smtp: ServerEndpoint(host: smtpHost ?? (imapHost == nil ? "smtp.gmail.com" : host),
                                                   port: smtpPort ?? (smtpSecurity == .implicitTLS ? 465 : 587),
                                                   security: smtpSecurity, extraCAFile: caFile),
                              syncWindowDays: syncWindow > 0 ? syncWindow : nil)
        let client = try AccountOAuth.client(explicitFile: oauthClient)
        let tokens = try await AccountOAuth.signIn(email: email, noBrowser: noBrowser, client: client)
        // The connectivity check, before anything is saved.
        let folders = try await AccountOAuth.checkConnectivity(account, serverName: serverName, accessToken: tokens.accessToken)
        let secrets = try SecurityErrors.mapping { try engine.secrets() }
        account = try engine.store.create(account)
        guard let id = account.id else { throw CLIError.cannotCreate("the account was not saved") }
        if let serverName { try engine.store.setValue(serverName, for: IMAPServerName.key(id)) }
        try SecurityErrors.mapping { try OAuthCredentials(store: secrets).save(tokens, for: email) }
        if global.json {
            StandardStreams.out(try JSONOutput.render("account", AccountJSON(account)))
        } else {
            StandardStreams.out("Added \(email) (account \(id)): signed in with Google to \(host), \(folders) folders; tokens are in the secret store. Run `hearth sync` to fetch mail.")
        }
    }

    enum Secret { case password(String), passwordCommand(String), tokenCommand(String) }

    private func readSecret() throws -> Secret {
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

    /// Connects, signs in and lists folders; returns how many folders the server has.
    private func check(_ account: Account, secret: Secret) async throws -> Int {
        let credentials: SyncCredentials = switch secret {
        case .password(let password): .password(user: email, password)
        case .passwordCommand(let command): .password(user: email, try AccountCredentials.runSecretCommand(command))
        case .tokenCommand(let command): .oauth(user: email) { try AccountCredentials.runSecretCommand(command) }
        }
        let configuration = try IMAPSettings.configuration(for: account, serverName: serverName)
        return try await AccountConnectivity.check(configuration, credentials: credentials)
    }
}

/// A per-account override of the TLS server name (the rig's certificate names `localhost`).
enum IMAPServerName {
    static func key(_ account: AccountID) -> String { "account.\(account.rawValue).server-name" }
}

extension TransportSecurity: ExpressibleByArgument {}
extension ProviderKind: ExpressibleByArgument {}
