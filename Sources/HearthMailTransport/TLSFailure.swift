/// Why TLS could not be established. `certificateUntrusted` is the one to show as "this server's
/// certificate is not trusted" (unknown CA, expired, self-signed).
public enum TLSFailure: Error, Hashable, Sendable, CustomStringConvertible {
    case certificateUntrusted(String)
    case hostnameMismatch(String)
    /// The extra CA file of the account could not be read or parsed.
    case invalidCAFile(path: String, reason: String)
    case handshakeFailed(String)

    public var description: String {
        switch self {
        case .certificateUntrusted(let detail): "the server's certificate is not trusted (\(detail))"
        case .hostnameMismatch(let host): "the server's certificate does not name \(host)"
        case .invalidCAFile(let path, let reason): "cannot use the CA file \(path): \(reason)"
        case .handshakeFailed(let detail): "TLS handshake failed: \(detail)"
        }
    }
}
