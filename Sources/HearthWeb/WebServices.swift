import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthSync

/// What the web app needs from the process that starts it and cannot build itself: how to
/// reach an account's servers (credentials live with the CLI's secret handling), the secret
/// store, where AI models are. Everything is optional: without it the app still browses,
/// searches and acts locally, and says what is not available.
public struct WebServices: Sendable {
    /// Credentials and IMAP options for an account (nil: the account cannot be synced from
    /// here, e.g. an imported mailbox). Used for action replay, IDLE push and "sync now".
    public var connection: (@Sendable (Account) throws -> (credentials: SyncCredentials, options: AccountSynchronizer.Options))?
    /// The secret store (account removal and wipe delete its entries; onboarding saves passwords).
    public var secrets: (any SecretStore)?
    /// The AI model directory (settings: model status, storage).
    public var modelDirectory: URL?
    /// Start IDLE watchers for every syncable account (off in tests and benchmarks).
    public var watchInboxes: Bool
    /// The app's version for Settings › About.
    public var version: String
    /// The embedding model for semantic search, loaded on first use (nil: keyword-only search).
    public var embedder: (@Sendable () async -> (any TextEmbedder)?)?
    /// Attachments and raw sources of synced mail, fetched from the server on demand.
    public var remoteContent: (any RemoteMessageContent)?
    /// The models Settings › AI offers, and how it downloads them (tests: a catalog pointing at
    /// a loopback server, with `allowInsecureLoopback`).
    public var modelCatalog: ModelCatalog = .standard
    public var modelDownloader: ModelDownloader = ModelDownloader()
    /// The chat model for summaries and smart replies instead of the installed one (tests: a
    /// deterministic fake; nil: the installed model, or no AI at all).
    public var textGenerator: (@Sendable () -> (any TextGenerator)?)?
    /// The application layer (HearthApp) of the process that serves: use cases run through it.
    /// nil in tests that only browse.
    public var app: AppContext?

    public init(connection: (@Sendable (Account) throws -> (credentials: SyncCredentials, options: AccountSynchronizer.Options))? = nil,
                secrets: (any SecretStore)? = nil, modelDirectory: URL? = nil, watchInboxes: Bool = false, version: String = "0.1.0",
                embedder: (@Sendable () async -> (any TextEmbedder)?)? = nil, remoteContent: (any RemoteMessageContent)? = nil) {
        self.connection = connection
        self.secrets = secrets; self.modelDirectory = modelDirectory; self.watchInboxes = watchInboxes; self.version = version
        self.embedder = embedder; self.remoteContent = remoteContent
    }
}
