/// A network step that got no progress within its deadline. Reads have their own deadline in
/// `DeadlineInbox`; these are the steps that used to wait without one: the TLS handshake (a
/// server that goes silent after STARTTLS hung `account add` for good) and writes to a peer that
/// stopped reading.
public struct TransportTimeout: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Step: String, Hashable, Sendable {
        case tlsHandshake = "the TLS handshake"
        case write = "sending data"
    }

    public let step: Step
    public let seconds: Double

    public init(_ step: Step, seconds: Double) {
        self.step = step
        self.seconds = seconds
    }

    public var description: String { "no progress in \(step.rawValue) within \(seconds) s" }
}

/// The certificate is valid but names another server (see `ServerIdentity`).
public struct ServerIdentityMismatch: Error, Hashable, Sendable {
    public let serverName: String
}
