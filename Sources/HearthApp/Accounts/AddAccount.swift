import Foundation
import HearthCore
import HearthOutbox
import HearthSecurity
import HearthIMAP
import HearthSMTP
import HearthSync

/// Adds an account (spec onboarding FR-OB-01, `hearth account add`, the web onboarding, later
/// the SwiftUI sheet): check the input, sign in to the server BEFORE anything is saved (IMAP,
/// and SMTP submission for browser sign-ins), then save the account, its TLS options and its
/// secret (secret store) or credential command (settings). A failed check saves nothing.
public struct AddAccount: Sendable {
    public typealias Store = AccountRepository & SettingsRepository

    let store: any Store
    let secrets: @Sendable () throws -> any SecretStore
    let connectivity: any ConnectivityChecking
    let commands: any SecretCommandRunning

    public init(store: any Store, secrets: @escaping @Sendable () throws -> any SecretStore,
                connectivity: any ConnectivityChecking = LiveConnectivityChecker(),
                commands: any SecretCommandRunning = ShellSecretCommandRunner()) {
        self.store = store; self.secrets = secrets; self.connectivity = connectivity; self.commands = commands
    }

    public struct Added: Sendable {
        public var account: Account
        /// How many folders the server listed during the check.
        public var folderCount: Int
    }

    public func callAsFunction(_ setup: AccountSetup) async throws(AppError) -> Added {
        var account = try setup.validatedAccount()
        let existing: [Account]
        do { existing = try store.accounts() } catch { throw AppError(.io, error.description) }
        if existing.contains(where: { $0.email.caseInsensitiveCompare(account.email) == .orderedSame }) {
            throw .invalidInput("\(account.email) is already added")
        }
        // Secrets that must be stored: open the store first, so a session without one fails
        // before the server is asked.
        let secretStore: (any SecretStore)?
        switch setup.credential {
        case .password, .oauth:
            do { secretStore = try secrets() } catch { throw AccountCredentials.classify(error) }
        case .passwordCommand, .tokenCommand:
            secretStore = nil
        }
        let folders = try await check(account, setup: setup)

        do {
            account = try store.create(account)
        } catch { throw AppError(.io, "the account could not be saved: \(error)") }
        guard let id = account.id else { throw AppError(.io, "the account was saved without an id") }
        do {
            if let name = setup.tls.serverName?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
                try store.setValue(name, for: AccountSettingKeys.serverName(id))
            }
            switch setup.credential {
            case .password(let password):
                try secretStore?.save(Data(password.utf8), for: SecretKey(accountEmail: account.email, kind: .password))
            case .passwordCommand(let command):
                try store.setValue(command, for: AccountSettingKeys.passwordCommand(id))
            case .tokenCommand(let command):
                try store.setValue(command, for: AccountSettingKeys.tokenCommand(id))
            case .oauth(let tokens):
                if let secretStore { try OAuthCredentials(store: secretStore).save(tokens, for: account.email) }
            }
        } catch {
            // Nothing half-saved: an account without its secret would only fail later.
            try? store.delete(id)
            throw AccountCredentials.classify(error)
        }
        return Added(account: account, folderCount: folders)
    }

    /// Signs in with the credentials as given; returns the number of folders.
    func check(_ account: Account, setup: AccountSetup) async throws(AppError) -> Int {
        guard let imapEndpoint = account.imap else { throw .invalidInput("the incoming (IMAP) server is missing") }
        let imap = IMAPConfiguration(endpoint: imapEndpoint, serverName: setup.tls.serverName)
        let user = account.email
        let credentials: SyncCredentials
        let smtpSecret: AccountSecret?
        switch setup.credential {
        case .password(let password):
            credentials = .password(user: user, password); smtpSecret = nil
        case .passwordCommand(let command):
            credentials = .password(user: user, try commands.run(command, refresh: false)); smtpSecret = nil
        case .tokenCommand(let command):
            let commands = self.commands
            credentials = .oauth(user: user) { try commands.run(command, refresh: false) }; smtpSecret = nil
        case .oauth(let tokens):
            credentials = .oauth(user: user) { tokens.accessToken }; smtpSecret = .accessToken(tokens.accessToken)
        }
        let folders: Int
        do { folders = try await connectivity.checkIMAP(imap, credentials: credentials) }
        catch { throw Self.explain(ConnectionFailures.classify(error), server: imapEndpoint) }
        if let smtpSecret, let smtpEndpoint = account.smtp {
            let smtp = SMTPConfiguration(endpoint: smtpEndpoint, serverName: setup.tls.serverName)
            do { try await connectivity.checkSMTP(smtp, account: account, secret: smtpSecret) }
            catch {
                let failure = ConnectionFailures.classify(error)
                throw AppError(failure.kind, "signed in to IMAP, but not to the SMTP server \(smtpEndpoint.host):\(smtpEndpoint.port): \(failure.message)")
            }
        }
        return folders
    }

    static func explain(_ failure: AppError, server: ServerEndpoint) -> AppError {
        AppError(failure.kind, "could not sign in to \(server.host):\(server.port): \(failure.message)")
    }
}
