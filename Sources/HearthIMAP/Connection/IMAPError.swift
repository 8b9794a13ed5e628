import HearthMailTransport
/// Why TLS could not be established (shared with SMTP; defined in HearthMailTransport).
public typealias TLSFailure = HearthMailTransport.TLSFailure

/// Everything that can go wrong on an IMAP connection, with what a person (or the sync engine's
/// retry logic) needs to act on it. Never contains credentials or message contents.
public enum IMAPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// TCP connect failed (refused, unreachable, DNS, connect timeout).
    case connectionFailed(host: String, port: Int, reason: String)
    case tlsFailure(TLSFailure)
    /// STARTTLS was required but not advertised or refused: we never continue in plaintext.
    case startTLSUnavailable(String)
    /// Credentials would have gone over an unencrypted connection; refused locally.
    case credentialsRequireTLS
    /// The server does not offer a mechanism we may use for these credentials.
    case mechanismUnavailable(String)
    /// The server rejected the credentials. `details` is the decoded SASL error challenge (e.g.
    /// XOAUTH2's `{"status":"401",...}`) when there was one.
    case authenticationFailed(serverMessage: String, code: ResponseCode?, details: String?)
    /// No data within the read timeout; the connection has been closed.
    case timeout(operation: String, seconds: Double)
    /// The server broke the protocol (unexpected response, data injected after STARTTLS).
    case protocolViolation(String)
    /// The server said BYE (shutting down, idle too long, kicked).
    case serverBye(String)
    /// A command ended in NO or BAD.
    case commandFailed(command: String, state: CompletionState, code: ResponseCode?, text: String)
    /// The connection closed (or failed earlier and cannot be used).
    case connectionClosed(String)

    public var description: String {
        switch self {
        case .connectionFailed(let host, let port, let reason): "cannot connect to \(host):\(port): \(reason)"
        case .tlsFailure(let failure): failure.description
        case .startTLSUnavailable(let reason): "STARTTLS unavailable, refusing to continue without encryption: \(reason)"
        case .credentialsRequireTLS: "refusing to send credentials over an unencrypted connection"
        case .mechanismUnavailable(let detail): "no usable authentication mechanism: \(detail)"
        case .authenticationFailed(let message, _, let details):
            "authentication failed: \(message)" + (details.map { " (\($0))" } ?? "")
        case .timeout(let operation, let seconds): "no answer to \(operation) within \(seconds) s"
        case .protocolViolation(let detail): "IMAP protocol violation: \(detail)"
        case .serverBye(let text): "server closed the connection: \(text)"
        case .commandFailed(let command, let state, _, let text): "\(command) failed (\(state.rawValue)): \(text)"
        case .connectionClosed(let reason): "connection closed: \(reason)"
        }
    }

    /// Worth retrying later with a new connection (as opposed to fixing credentials or settings).
    public var isTransient: Bool {
        switch self {
        case .connectionFailed, .timeout, .serverBye, .connectionClosed: true
        case .commandFailed(_, _, let code, _): code == .unavailable
        default: false
        }
    }
}
