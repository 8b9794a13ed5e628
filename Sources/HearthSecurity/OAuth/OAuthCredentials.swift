import Foundation
import HearthCore

/// OAuth tokens in the secret store: the refresh token under `oauth-refresh-token`, the current
/// access token with its expiry (JSON) under `oauth-access-token`.
public struct OAuthCredentials: Sendable {
    public let store: any SecretStore

    public init(store: any SecretStore) { self.store = store }

    public func save(_ tokens: OAuthTokens, for account: String) throws {
        if let refresh = tokens.refreshToken {
            try store.save(Data(refresh.utf8), for: SecretKey(accountEmail: account, kind: .oauthRefreshToken))
        }
        try saveAccess(tokens.accessToken, expiresAt: tokens.expiresAt, for: account)
    }

    func saveAccess(_ token: String, expiresAt: Date, for account: String) throws {
        let stored = try JSONEncoder().encode(StoredAccessToken(token: token, expiresAt: expiresAt))
        try store.save(stored, for: SecretKey(accountEmail: account, kind: .oauthAccessToken))
    }

    public func refreshToken(for account: String) throws -> String? {
        try store.load(SecretKey(accountEmail: account, kind: .oauthRefreshToken)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The stored access token and its expiry; nil when absent or unreadable (then refreshed).
    func accessToken(for account: String) throws -> StoredAccessToken? {
        guard let data = try store.load(SecretKey(accountEmail: account, kind: .oauthAccessToken)) else { return nil }
        return try? JSONDecoder().decode(StoredAccessToken.self, from: data)
    }

    /// Forgets the access token (kept refresh token): used after a revocation was detected.
    func forgetAccessToken(for account: String) throws {
        try store.delete(SecretKey(accountEmail: account, kind: .oauthAccessToken))
    }
}
