import Foundation

/// How often a journalled action is retried after the server refused it or the connection broke
/// while it ran: `maxRetries` more attempts, `initialDelay` doubling each time, then it fails
/// visibly (spec: 3 retries with exponential backoff). Being offline does not count: an action
/// waits for the server as long as it takes.
public struct RetryPolicy: Sendable, Hashable {
    public var maxRetries: Int
    public var initialDelay: TimeInterval

    public init(maxRetries: Int = 3, initialDelay: TimeInterval = 2) {
        self.maxRetries = maxRetries; self.initialDelay = initialDelay
    }

    /// After the `attempts`-th failed attempt: when to try again, or nil when out of retries.
    public func nextAttempt(after attempts: Int, from now: Date) -> Date? {
        guard attempts <= maxRetries else { return nil }
        return now.addingTimeInterval(initialDelay * pow(2, Double(max(attempts - 1, 0))))
    }
}
