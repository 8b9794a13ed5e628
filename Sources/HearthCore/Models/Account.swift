import Foundation

/// A mail account (spec foundation §5.1). Secrets never live here: they are in the secret store,
/// keyed by the account id.
public struct Account: Sendable, Codable, Hashable, Identifiable {
    public var id: AccountID?
    public var email: String
    public var displayName: String
    public var provider: ProviderKind
    public var authType: AuthType
    public var imap: ServerEndpoint?
    public var smtp: ServerEndpoint?
    public var lastSyncDate: Date?
    public var isActive: Bool
    /// Days of mail kept locally (7/14/30/60/90; spec §5.1.2). `nil` keeps everything (local imports).
    public var syncWindowDays: Int?
    public var createdAt: Date

    public init(
        id: AccountID? = nil, email: String, displayName: String, provider: ProviderKind,
        authType: AuthType, imap: ServerEndpoint? = nil, smtp: ServerEndpoint? = nil,
        lastSyncDate: Date? = nil, isActive: Bool = true, syncWindowDays: Int? = 30,
        createdAt: Date = Date()
    ) {
        self.id = id; self.email = email; self.displayName = displayName; self.provider = provider
        self.authType = authType; self.imap = imap; self.smtp = smtp; self.lastSyncDate = lastSyncDate
        self.isActive = isActive; self.syncWindowDays = syncWindowDays; self.createdAt = createdAt
    }
}

/// Where a server is and how to reach it securely.
public struct ServerEndpoint: Sendable, Codable, Hashable {
    public var host: String
    public var port: Int
    public var security: TransportSecurity
    /// Extra trusted CA (PEM file path) for self-hosted servers; the system store is always used too.
    public var extraCAFile: String?

    public init(host: String, port: Int, security: TransportSecurity, extraCAFile: String? = nil) {
        self.host = host; self.port = port; self.security = security; self.extraCAFile = extraCAFile
    }
}
