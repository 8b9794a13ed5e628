import Foundation
import HearthCore
import HearthSecurity
import HearthStore
import Synchronization

/// The adapters one running Hearth works with — its data directory, the store in it, the
/// secret store, how to reach the accounts' servers and sign in to them — wired once by the
/// front end that starts (a CLI invocation, `hearth serve`, a SwiftUI app) and handed to the use
/// cases. The only place the application layer names concrete adapters.
public struct AppContext: Sendable {
    public let dataDirectory: URL
    public let store: MailStore
    /// Opens the secret store on first use (Secret Service or the encrypted file); a session
    /// that never needs a secret never touches the keyring.
    public let secrets: @Sendable () throws -> any SecretStore
    public let servers: AccountServers
    public let credentials: AccountCredentials
    /// The OAuth client that refreshes and revokes Gmail grants (nil: none configured).
    public let oauthClient: @Sendable () throws -> OAuthTokenClient

    public init(dataDirectory: URL, store: MailStore,
                secrets: (@Sendable () throws -> any SecretStore)? = nil,
                servers: AccountServers? = nil,
                commands: any SecretCommandRunning = ShellSecretCommandRunner(),
                oauthClient: @escaping @Sendable () throws -> OAuthTokenClient = { OAuthTokenClient(configuration: try OAuthClientConfiguration.load()) },
                oauthRefreshMargin: TimeInterval = 300) {
        self.dataDirectory = dataDirectory
        self.store = store
        let opener = secrets ?? { try SecretStores.default(dataDirectory: dataDirectory) }
        let cached = SecretStoreCache(open: opener)
        self.secrets = { try cached.get() }
        self.servers = servers ?? AccountServers(settings: store)
        self.oauthClient = oauthClient
        self.credentials = AccountCredentials(store: store, secrets: { try cached.get() }, commands: commands,
                                              oauthClient: oauthClient, refreshMargin: oauthRefreshMargin)
    }

    /// Opens the store in `directory` with the standard adapters.
    public static func open(dataDirectory: URL) throws(AppError) -> AppContext {
        do { return AppContext(dataDirectory: dataDirectory, store: try MailStore.open(directory: dataDirectory)) }
        catch { throw AppError(.io, error.description) }
    }

    public var settings: SettingsService { SettingsService(app: store, perAccount: store, accounts: store) }

    /// Finds an account by id or e-mail address (what a user types).
    public func account(matching reference: String) throws(AppError) -> Account {
        let all: [Account]
        do { all = try store.accounts() } catch { throw AppError(.io, error.description) }
        if let id = Int64(reference), let match = all.first(where: { $0.id?.rawValue == id }) { return match }
        if let match = all.first(where: { $0.email.caseInsensitiveCompare(reference) == .orderedSame }) { return match }
        throw .notFound("no account \"\(reference)\"")
    }
}

/// Opens the secret store once and keeps it (opening the keyring costs a D-Bus round trip).
final class SecretStoreCache: Sendable {
    private let open: @Sendable () throws -> any SecretStore
    private let opened = Mutex<(any SecretStore)?>(nil)

    init(open: @escaping @Sendable () throws -> any SecretStore) { self.open = open }

    func get() throws -> any SecretStore {
        if let store = opened.withLock({ $0 }) { return store }
        let store = try open()
        opened.withLock { $0 = store }
        return store
    }
}
