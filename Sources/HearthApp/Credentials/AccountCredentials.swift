import Foundation
import HearthCore
import HearthOutbox
import HearthSecurity
import HearthSync
import Synchronization

/// The one place an account's secret comes from, for every connection any front end opens:
/// the account's password/token command (kept in settings), else its password in the secret
/// store, else (Gmail signed in through the browser) its OAuth tokens, refreshed silently by one
/// `OAuthTokenProvider` per account shared by sync, IDLE and send in this process.
///
/// It is the outbox's `AccountCredentialProvider`, and `sync(for:)` gives the sync engine the
/// same secret in its form.
public final class AccountCredentials: AccountCredentialProvider, Sendable {
    public typealias Store = SettingsRepository & AccountAuthStatusRepository

    let store: any Store
    let secrets: @Sendable () throws -> any SecretStore
    let commands: any SecretCommandRunning
    let oauthClient: @Sendable () throws -> OAuthTokenClient
    let refreshMargin: TimeInterval
    /// A command given for one invocation (`hearth compose --password-command …`), never stored.
    let override: CommandOverride?
    private let providers = Mutex<[String: OAuthTokenProvider]>([:])

    /// Commands that replace the stored credentials for one run.
    public struct CommandOverride: Sendable {
        public var passwordCommand: String?
        public var tokenCommand: String?
        public init(passwordCommand: String?, tokenCommand: String?) {
            self.passwordCommand = passwordCommand; self.tokenCommand = tokenCommand
        }
    }

    public init(store: any Store, secrets: @escaping @Sendable () throws -> any SecretStore,
                commands: any SecretCommandRunning = ShellSecretCommandRunner(),
                oauthClient: @escaping @Sendable () throws -> OAuthTokenClient = { OAuthTokenClient(configuration: try OAuthClientConfiguration.load()) },
                refreshMargin: TimeInterval = 300, override: CommandOverride? = nil) {
        self.store = store; self.secrets = secrets; self.commands = commands; self.oauthClient = oauthClient
        self.refreshMargin = refreshMargin
        self.override = override.flatMap { $0.passwordCommand == nil && $0.tokenCommand == nil ? nil : $0 }
    }

    /// The same credentials with commands that win over the stored ones for this run.
    public func overriding(_ override: CommandOverride) -> AccountCredentials {
        AccountCredentials(store: store, secrets: secrets, commands: commands, oauthClient: oauthClient,
                           refreshMargin: refreshMargin, override: override)
    }

    /// Where the secret of `account` comes from now.
    enum Source {
        case passwordCommand(String), tokenCommand(String), storedPassword, oauthGrant
    }

    func source(of account: Account) throws(AppError) -> Source {
        if let override {
            if let token = override.tokenCommand { return .tokenCommand(token) }
            if let password = override.passwordCommand { return .passwordCommand(password) }
        }
        guard let id = account.id else { throw .notFound("account \(account.email) is not saved") }
        switch account.authType {
        case .local:
            throw .invalidInput("\(account.email) is an imported mailbox: it has no server to sign in to")
        case .password:
            if let command = try setting(AccountSettingKeys.passwordCommand(id)) { return .passwordCommand(command) }
            return .storedPassword
        case .oauth2:
            if let command = try setting(AccountSettingKeys.tokenCommand(id)) { return .tokenCommand(command) }
            return .oauthGrant
        }
    }

    // MARK: AccountCredentialProvider (send, Drafts/Sent copies)

    /// `refresh` is the one retry after the server refused a token that looked valid.
    public func secret(for account: Account, refresh: Bool) async throws -> AccountSecret {
        switch try source(of: account) {
        case .passwordCommand(let command): return .password(try commands.run(command, refresh: false))
        case .tokenCommand(let command): return .accessToken(try commands.run(command, refresh: refresh))
        case .storedPassword: return .password(try storedPassword(account))
        case .oauthGrant:
            let provider = try oauthProvider(account)
            do { return .accessToken(try await provider.accessToken(forceRefresh: refresh)) }
            catch { throw Self.classify(error) }
        }
    }

    // MARK: sync

    /// The sync engine's credentials. A password is read now; a token is asked for right
    /// before each connection signs in.
    public func sync(for account: Account) throws(AppError) -> SyncCredentials {
        let user = account.email
        switch try source(of: account) {
        case .passwordCommand(let command): return .password(user: user, try commands.run(command, refresh: false))
        case .storedPassword: return .password(user: user, try storedPassword(account))
        case .tokenCommand(let command):
            let commands = self.commands
            return .oauth(user: user) { try commands.run(command, refresh: false) }
        case .oauthGrant:
            let provider = try oauthProvider(account)
            return .oauth(user: user, token: provider.tokenClosure)
        }
    }

    /// Forgets the cached token provider of the account (after a new sign-in stored new tokens).
    public func forgetOAuthSession(of account: Account) {
        _ = providers.withLock { $0.removeValue(forKey: account.email.lowercased()) }
    }

    // MARK: pieces

    private func setting(_ key: String) throws(AppError) -> String? {
        do { return try store.value(for: key).flatMap { $0.isEmpty ? nil : $0 } }
        catch { throw AppError(.io, "the settings could not be read: \(error)") }
    }

    private func openSecrets() throws(AppError) -> any SecretStore {
        do { return try secrets() } catch { throw Self.classify(error) }
    }

    private func storedPassword(_ account: Account) throws(AppError) -> String {
        let data: Data?
        do { data = try openSecrets().load(SecretKey(accountEmail: account.email, kind: .password)) }
        catch { throw Self.classify(error) }
        guard let data else {
            throw .noPermission("no password is stored for \(account.email); remove and add the account again")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The silent-refresh provider of an account signed in through the browser. An account
    /// already marked "re-authentication required" fails at once with what fixes it.
    func oauthProvider(_ account: Account) throws(AppError) -> OAuthTokenProvider {
        guard let id = account.id else { throw .notFound("account \(account.email) is not saved") }
        let status: AccountAuthStatus
        do { status = try store.authStatus(of: id) } catch { throw AppError(.io, "\(error)") }
        if case .reauthenticationRequired(let reason, _) = status {
            throw .noPermission("\(account.email) needs to sign in again (\(reason))")
        }
        let key = account.email.lowercased()
        if let existing = providers.withLock({ $0[key] }) { return existing }
        let secrets = try openSecrets()
        let hasGrant: Bool
        do { hasGrant = try OAuthCredentials(store: secrets).refreshToken(for: account.email) != nil } catch { throw Self.classify(error) }
        guard hasGrant else {
            throw .noPermission("\(account.email) has no stored sign-in; sign in to it again")
        }
        let client: OAuthTokenClient
        do { client = try oauthClient() } catch { throw Self.classify(error) }
        let store = self.store
        let provider = OAuthTokenProvider(
            accountEmail: account.email, secrets: secrets, client: client, refreshMargin: max(0, refreshMargin),
            onReauthenticationRequired: { reason in try? store.markReauthenticationRequired(id, reason: reason, at: Date()) })
        return providers.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = provider
            return provider
        }
    }

    /// Secret-store and OAuth failures as the user must act on them.
    static func classify(_ error: any Error) -> AppError {
        switch error {
        case let e as AppError: return e
        case let e as OAuthError:
            return e.isTransient || e == .stateMismatch ? .unavailable(e.description) : .noPermission(e.description)
        case let e as SecretStoreError:
            switch e {
            case .io, .secretService, .secretServiceUnavailable, .configuredBackendUnavailable: return AppError(.io, e.description)
            default: return .noPermission(e.description)
            }
        default: return AppError(.io, String(describing: error))
        }
    }
}
