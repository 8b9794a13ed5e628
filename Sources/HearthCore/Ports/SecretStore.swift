import Foundation

/// Where passwords and OAuth tokens live: never in the database, logs or JSON output
/// (foundation NFR-SEC). One protocol, one adapter per platform: the freedesktop Secret Service
/// or a 0600 encrypted file on Linux, the Keychain on Apple platforms.
public protocol SecretStore: Sendable {
    func save(_ secret: Data, for key: SecretKey) throws
    /// nil when no secret is stored under `key`.
    func load(_ key: SecretKey) throws -> Data?
    func delete(_ key: SecretKey) throws
    /// Removes every secret of one account (account removal, FR-FOUND-03).
    func deleteAll(accountEmail: String) throws
}

/// Names one secret: whose it is and what it is.
public struct SecretKey: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case password, oauthAccessToken = "oauth-access-token", oauthRefreshToken = "oauth-refresh-token"
    }
    public let accountEmail: String
    public let kind: Kind
    public init(accountEmail: String, kind: Kind) {
        self.accountEmail = accountEmail
        self.kind = kind
    }
    /// Safe to log: names the secret, never contains it.
    public var description: String { "\(kind.rawValue) of \(accountEmail)" }
}
