import Foundation

/// What a successful token exchange or refresh yields. `description` never shows a token.
public struct OAuthTokens: Sendable, Codable, Equatable, CustomStringConvertible {
    public var accessToken: String
    /// Present after the first exchange; a refresh keeps the previous one (Google does not rotate).
    public var refreshToken: String?
    public var expiresAt: Date
    public var scope: String

    public init(accessToken: String, refreshToken: String?, expiresAt: Date, scope: String) {
        self.accessToken = accessToken; self.refreshToken = refreshToken
        self.expiresAt = expiresAt; self.scope = scope
    }

    /// True when the token expires within `margin` of `now` (or has expired).
    public func expires(within margin: TimeInterval, of now: Date) -> Bool {
        expiresAt.timeIntervalSince(now) <= margin
    }

    public var description: String {
        "OAuthTokens(access: <redacted>, refresh: \(refreshToken == nil ? "none" : "<redacted>"), expiresAt: \(expiresAt), scope: \(scope))"
    }
}

/// The access token with its expiry, as kept in the secret store (`oauth-access-token`), so a
/// new process reuses a still-valid token instead of refreshing at every start.
struct StoredAccessToken: Codable {
    var token: String
    var expiresAt: Date
}
