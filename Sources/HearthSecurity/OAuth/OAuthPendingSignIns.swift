import Foundation
import Synchronization

/// Sign-ins a web app started and whose browser has not come back yet. The web app is its own
/// loopback redirect target (`http://127.0.0.1:PORT/oauth/callback`), so unlike `GmailSignIn`
/// there is no one-shot listener: the callback request arrives as an ordinary route, and this
/// registry is what ties it to the sign-in that was started.
///
/// - `state` is 192 random bits and is the only key: a callback without a known state does
///   nothing (no code is exchanged).
/// - A state can be completed once (consumed before the exchange), and expires after `lifetime`.
/// - The PKCE verifier never leaves this object; only the challenge goes to the browser.
public final class OAuthPendingSignIns: Sendable {
    /// What the caller wants back when the sign-in completes (e.g. the address and servers
    /// the user typed). Never contains a secret.
    public typealias Context = [String: String]

    struct Pending: Sendable {
        var verifier: String
        var redirectURI: String
        var context: Context
        var startedAt: ContinuousClock.Instant
    }

    public let lifetime: Duration
    private let entries = Mutex<[String: Pending]>([:])

    public init(lifetime: Duration = .seconds(600)) { self.lifetime = lifetime }

    /// Starts a sign-in: returns the authorization URL to send the browser to (PKCE S256, mail
    /// scope only, the given loopback redirect) and the `state` it carries.
    public func begin(client: OAuthTokenClient, redirectURI: String, loginHint: String?,
                      context: Context = [:]) -> (url: URL, state: String) {
        let pkce = PKCE()
        let state = PKCE.randomToken(bytes: 24)
        let now = ContinuousClock.now
        entries.withLock { table in
            table = table.filter { now - $0.value.startedAt < lifetime }
            table[state] = Pending(verifier: pkce.verifier, redirectURI: redirectURI, context: context, startedAt: now)
        }
        let url = client.authorizationURL(pkce: pkce, state: state, redirectURI: redirectURI, loginHint: loginHint)
        return (url, state)
    }

    /// True while `state` belongs to a sign-in that can still complete.
    public func isPending(_ state: String) -> Bool {
        let now = ContinuousClock.now
        return entries.withLock { table in table[state].map { now - $0.startedAt < lifetime } ?? false }
    }

    /// Completes the sign-in that issued `state`: consumes it (a replayed callback fails), then
    /// exchanges the code with the verifier. Throws `.stateMismatch` for an unknown or expired
    /// state, before any network traffic.
    /// `accept` is asked about the pending entry's context before anything else happens (the
    /// web app checks that the sign-in was started by this very server).
    public func complete(state: String?, code: String?, error: String?, client: OAuthTokenClient,
                         accept: (Context) -> Bool = { _ in true })
        async throws(OAuthError) -> (tokens: OAuthTokens, context: Context) {
        guard let state, let pending = take(state), accept(pending.context) else { throw .stateMismatch }
        if let error { throw .authorizationDenied(error) }
        guard let code, !code.isEmpty else { throw .invalidResponse("redirect without a code") }
        let tokens = try await client.exchange(code: code, verifier: pending.verifier, redirectURI: pending.redirectURI)
        return (tokens, pending.context)
    }

    private func take(_ state: String) -> Pending? {
        let now = ContinuousClock.now
        return entries.withLock { table in
            guard let pending = table.removeValue(forKey: state), now - pending.startedAt < lifetime else { return nil }
            return pending
        }
    }
}
