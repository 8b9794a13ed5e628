import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthSync

/// What the web app needs from the process that starts it and cannot build itself: the
/// application layer (which signs in to the accounts' servers), the secret store, where AI
/// models are. Everything is optional: without it the app still browses, searches and acts
/// locally, and says what is not available.
public struct WebServices: Sendable {
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
    /// Finds an address's mail servers for onboarding (tests: the rig's DNS server).
    public var discovery = DiscoverAccountSettings()

    public init(secrets: (any SecretStore)? = nil, modelDirectory: URL? = nil, watchInboxes: Bool = false, version: String = "0.1.0",
                embedder: (@Sendable () async -> (any TextEmbedder)?)? = nil, remoteContent: (any RemoteMessageContent)? = nil) {
        self.secrets = secrets; self.modelDirectory = modelDirectory; self.watchInboxes = watchInboxes; self.version = version
        self.embedder = embedder; self.remoteContent = remoteContent
    }
}
