import ArgumentParser
import Foundation
import HearthCore
import HearthSync

/// `hearth account add EMAIL --imap-host …`: a password account (or, until the OAuth sign-in
/// exists, one whose access token comes from a command), checked against the server BEFORE it is
/// saved: connect with TLS, sign in, list folders.
struct AccountAddCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an IMAP account after checking that Hearth can sign in.",
        discussion: """
            The password is read from standard input (--password-stdin) or produced by a command each time it \
            is needed (--password-command, like mbsync's PassCmd); it is kept in the secret store, never in the \
            database. Gmail-style accounts take an OAuth access token from --token-command.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The account's e-mail address (also the login name).") var email: String
    @Option(help: "IMAP server host name.") var imapHost: String
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

    func run() async throws {
        try await reportingErrors(json: global.json) {
            let engine = try Engine.open(global)
            if try engine.store.accounts().contains(where: { $0.email.caseInsensitiveCompare(email) == .orderedSame }) {
                throw CLIError.invalidInput("account \(email) already exists")
            }
            let kind = provider ?? (email.lowercased().hasSuffix("@gmail.com") ? .gmail : .imap)
            let secret = try readSecret()
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
