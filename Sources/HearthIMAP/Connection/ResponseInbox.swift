import HearthMailTransport
import NIOCore

/// Parsed responses on their way from the event loop to the connection's async code, each wait
/// bounded by a deadline (the shared `DeadlineInbox`).
typealias ResponseInbox = DeadlineInbox<IMAPResponse, IMAPError>

extension DeadlineInbox where Message == IMAPResponse, Failure == IMAPError {
    /// The next response, or `IMAPError.timeout` naming `operation` after `timeout` without one.
    func next(timeout: Duration, on eventLoop: any EventLoop, operation: String) async throws -> IMAPResponse {
        try await next(timeout: timeout, on: eventLoop) { .timeout(operation: operation, seconds: timeout.seconds) }
    }
}
