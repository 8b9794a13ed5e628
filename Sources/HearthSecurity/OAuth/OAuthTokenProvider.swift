import Foundation
import HearthCore
import Logging

/// Hands out a current access token for one account, refreshing it silently BEFORE it expires
/// (spec §7.1), so the sync engine and SMTP never start a connection with a token about to die.
/// This is what `SyncCredentials.oauth(user:token:)` and the outbox's credential provider call.
///
/// - The access token (with its expiry) is cached in memory and in the secret store, so a new
///   process reuses a valid token.
/// - Concurrent callers share one refresh (single flight).
/// - A refused refresh token (`invalid_grant`: revoked, expired, password changed) calls
///   `onReauthenticationRequired` once (the wiring marks the account inactive with its
///   "Re-authenticate" state) and throws `OAuthError.reauthenticationRequired`.
/// - A transient failure (network, 5xx after the client's retries) while the current token is
///   still valid returns the current token: the refresh is tried again on the next call.
public actor OAuthTokenProvider {
    public nonisolated let accountEmail: String
    private let credentials: OAuthCredentials
    private let client: OAuthTokenClient
    /// Refresh when the token has less than this left (default 5 minutes).
    private let refreshMargin: TimeInterval
    private let onReauthenticationRequired: @Sendable (String) async -> Void
    private let now: @Sendable () -> Date
    private let logger: Logger

    private var cached: StoredAccessToken?
    private var inFlight: Task<StoredAccessToken, any Error>?

    /// What happened, for diagnostics and tests (never contains a token).
    public enum Event: Sendable, Equatable {
        case reusedStored(expiresAt: Date)
        case refreshed(expiresAt: Date)
        case refreshFailedUsingCurrent(reason: String)
        case reauthenticationRequired(reason: String)
    }
    public private(set) var events: [Event] = []
    public var refreshCount: Int { events.filter { if case .refreshed = $0 { true } else { false } }.count }

    public init(
        accountEmail: String, secrets: any SecretStore, client: OAuthTokenClient,
        refreshMargin: TimeInterval = 300,
        logger: Logger = Logger(label: "hearth.oauth"),
        now: @escaping @Sendable () -> Date = { Date() },
        onReauthenticationRequired: @escaping @Sendable (String) async -> Void = { _ in }
    ) {
        self.accountEmail = accountEmail; self.credentials = OAuthCredentials(store: secrets)
        self.client = client; self.refreshMargin = refreshMargin; self.logger = logger; self.now = now
        self.onReauthenticationRequired = onReauthenticationRequired
    }

    /// The closure form `SyncCredentials.oauth(user:token:)` takes.
    public nonisolated var tokenClosure: @Sendable () async throws -> String {
        { [self] in try await self.accessToken() }
    }

    /// A current access token. `forceRefresh` skips the cache: for the one retry after a server
    /// refused a token that looked valid (revoked early, clock skew).
    public func accessToken(forceRefresh: Bool = false) async throws -> String {
        if !forceRefresh {
            if cached == nil, let stored = try credentials.accessToken(for: accountEmail) {
                cached = stored
                events.append(.reusedStored(expiresAt: stored.expiresAt))
            }
            if let cached, cached.expiresAt.timeIntervalSince(now()) > refreshMargin { return cached.token }
        }
        do {
            return try await refreshShared().token
        } catch let error as OAuthError where error.isTransient {
            if !forceRefresh, let cached, cached.expiresAt.timeIntervalSince(now()) > 5 {
                events.append(.refreshFailedUsingCurrent(reason: error.description))
                logger.warning("token refresh failed; using the current token until it expires",
                               metadata: ["account": "\(accountEmail)", "reason": "\(error)"])
                return cached.token
            }
            throw error
        }
    }

    /// Drops the cached token so the next call refreshes (e.g. after a fresh sign-in elsewhere).
    public func invalidate() { cached = nil }

    private func refreshShared() async throws -> StoredAccessToken {
        if let inFlight { return try await inFlight.value }
        let task = Task { try await self.performRefresh() }
        inFlight = task
        defer { inFlight = nil }
        return try await task.value
    }

    private func performRefresh() async throws -> StoredAccessToken {
        guard let refreshToken = try credentials.refreshToken(for: accountEmail) else {
            try await requireReauthentication("no refresh token is stored for this account")
        }
        let outcome: Result<OAuthTokens, OAuthError>
        do { outcome = .success(try await client.refresh(refreshToken)) } catch { outcome = .failure(error) }
        let tokens: OAuthTokens
        switch outcome {
        case .success(let value):
            tokens = value
        case .failure(.invalidGrant(let why)):
            try? credentials.forgetAccessToken(for: accountEmail)
            cached = nil
            try await requireReauthentication("the sign-in was revoked or expired: \(why)")
        case .failure(.invalidClient(let why)):
            try await requireReauthentication("the OAuth client was refused: \(why)")
        case .failure(let other):
            throw other
        }
        let fresh = StoredAccessToken(token: tokens.accessToken, expiresAt: tokens.expiresAt)
        try credentials.saveAccess(fresh.token, expiresAt: fresh.expiresAt, for: accountEmail)
        cached = fresh
        events.append(.refreshed(expiresAt: fresh.expiresAt))
        logger.info("access token refreshed", metadata: ["account": "\(accountEmail)", "expiresAt": "\(fresh.expiresAt)"])
        return fresh
    }

    private func requireReauthentication(_ reason: String) async throws -> Never {
        events.append(.reauthenticationRequired(reason: reason))
        logger.warning("account needs a new sign-in", metadata: ["account": "\(accountEmail)", "reason": "\(reason)"])
        await onReauthenticationRequired(reason)
        throw OAuthError.reauthenticationRequired(account: accountEmail, reason: reason)
    }
}
