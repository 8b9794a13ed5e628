import Foundation

/// The offline queue's retry policy (proposal §3.5): 5 retries after 30 s, 2 min, 8 min,
/// 30 min and 2 h, and no message older than 72 h is tried again.
public struct RetryPolicy: Sendable, Hashable {
    public var delays: [Duration]
    public var maximumAge: Duration

    public init(delays: [Duration] = [.seconds(30), .seconds(120), .seconds(480), .seconds(1800), .seconds(7200)],
                maximumAge: Duration = .seconds(72 * 3600)) {
        self.delays = delays
        self.maximumAge = maximumAge
    }

    public static let standard = RetryPolicy()

    public var maximumRetries: Int { delays.count }

    /// After the `failures`-th failed attempt of a message queued at `queued`: when to try
    /// again, or nil when it must fail (retries used up, or too old to be worth sending).
    public func nextAttempt(afterFailure failures: Int, queued: Date, now: Date) -> Date? {
        guard failures >= 1, failures <= delays.count else { return nil }
        let next = now.addingTimeInterval(delays[failures - 1].timeInterval)
        guard next.timeIntervalSince(queued) < maximumAge.timeInterval else { return nil }
        return next
    }

    /// Whether a queued message has passed the maximum age.
    public func isExpired(queued: Date, now: Date) -> Bool {
        now.timeIntervalSince(queued) >= maximumAge.timeInterval
    }
}

extension Duration {
    var timeInterval: TimeInterval {
        let parts = components
        return TimeInterval(parts.seconds) + TimeInterval(parts.attoseconds) / 1e18
    }
}

/// Time as the outbox sees it. Injected so tests move it by hand (the retry schedule runs
/// in milliseconds) and the undo window can be shortened.
public protocol OutboxClock: Sendable {
    func now() -> Date
    /// Returns at `deadline` (or at once if it passed); throws on cancellation.
    func sleep(until deadline: Date) async throws
}

/// The wall clock.
public struct SystemOutboxClock: OutboxClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(until deadline: Date) async throws {
        let interval = deadline.timeIntervalSinceNow
        if interval > 0 { try await Task.sleep(for: .milliseconds(Int64(interval * 1000))) }
    }
}

/// A clock that only moves when told to; `sleep(until:)` returns once `advance` reaches the
/// deadline.
public final class ManualOutboxClock: OutboxClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date
    private var sleepers: [(Date, CheckedContinuation<Void, Never>)] = []

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) { current = start }

    public func now() -> Date { lock.withLock { current } }

    public func advance(by interval: TimeInterval) {
        let woken: [CheckedContinuation<Void, Never>] = lock.withLock {
            current = current.addingTimeInterval(interval)
            let due = sleepers.filter { $0.0 <= current }.map(\.1)
            sleepers.removeAll { $0.0 <= current }
            return due
        }
        woken.forEach { $0.resume() }
    }

    public func sleep(until deadline: Date) async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = lock.withLock {
                if deadline <= current { return true }
                sleepers.append((deadline, continuation))
                return false
            }
            if now { continuation.resume() }
        }
        try Task.checkCancellation()
    }
}
