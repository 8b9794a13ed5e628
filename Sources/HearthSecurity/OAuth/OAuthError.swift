import Foundation

/// What can go wrong signing in to Gmail or keeping the token fresh. Each case says what the user
/// can do; none carries a token, code or client secret (these errors are logged and printed).
public enum OAuthError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No OAuth client is configured (see docs/security.md, "Your own Google OAuth client").
    case notConfigured(String)
    /// The authorization server could not be reached.
    case network(endpoint: String, reason: String)
    /// The server answered with an unexpected HTTP status (after retries for 5xx).
    case server(endpoint: String, status: Int, error: String?)
    /// The refresh token or authorization code was refused (`invalid_grant`): revoked, expired,
    /// or the password changed. The account needs a new sign-in.
    case invalidGrant(String)
    /// The client id/secret were refused (`invalid_client`, `unauthorized_client`).
    case invalidClient(String)
    /// The user (or the server) declined consent, or the redirect carried an error.
    case authorizationDenied(String)
    /// The redirect's `state` did not match: possibly a forged request; nothing was exchanged.
    case stateMismatch
    /// No redirect arrived in time (the browser was closed, or the sign-in was abandoned).
    case timedOut(seconds: Int)
    /// The token response lacks something required, or grants too little.
    case invalidResponse(String)
    /// The granted scope does not include `https://mail.google.com/`.
    case insufficientScope(granted: String)
    /// This account needs to sign in again (a refresh failed for good); shown as "Re-authenticate".
    case reauthenticationRequired(account: String, reason: String)
    /// The loopback listener could not be opened.
    case listener(String)
    /// The system browser could not be opened; the URL was printed for the user instead.
    case browserUnavailable(String)

    public var description: String {
        switch self {
        case .notConfigured(let why): "Gmail sign-in is not set up: \(why)"
        case .network(let endpoint, let reason):
            "Network unavailable. Check your connection and try again. (\(endpoint): \(reason))"
        case .server(let endpoint, let status, let error):
            "the sign-in server \(endpoint) answered HTTP \(status)\(error.map { " (\($0))" } ?? ""); try again later"
        case .invalidGrant(let why): "Authentication failed. Please try again. (\(why))"
        case .invalidClient(let why):
            "the OAuth client id/secret were refused (\(why)); check the client configured for Hearth (docs/security.md)"
        case .authorizationDenied(let why): "sign-in was cancelled or denied (\(why)); try again"
        case .stateMismatch: "the sign-in response did not match this request (state mismatch); nothing was saved, try again"
        case .timedOut(let seconds): "no answer from the browser within \(seconds) s; try again"
        case .invalidResponse(let why): "Authentication failed. Please try again. (unexpected answer: \(why))"
        case .insufficientScope(let granted):
            "Couldn't connect to Gmail. Please check account permissions. (granted scope: \(granted.isEmpty ? "none" : granted); Hearth needs https://mail.google.com/)"
        case .reauthenticationRequired(let account, let reason):
            "\(account) needs to sign in again (\(reason)); run `hearth account reauth \(account)`"
        case .listener(let why): "cannot listen for the browser's answer on 127.0.0.1: \(why)"
        case .browserUnavailable(let why): "cannot open a browser: \(why)"
        }
    }

    /// Whether waiting and retrying may help (network trouble, 5xx, 429).
    public var isTransient: Bool {
        switch self {
        case .network: true
        case .server(_, let status, _): status >= 500 || status == 429
        default: false
        }
    }
}
