import Foundation
import HearthCore

/// Remembers automatic summaries that failed (timed out, unusable output) so the background
/// queue does not retry the same threads on every run: `threadsNeedingSummary` lists the newest
/// threads first, so on a machine too slow for them the same few would fail forever and older
/// threads would never get a turn. After a failure a thread waits `base`, doubling per further
/// failure up to `maximum`; a success forgets it.
///
/// In memory, per process (shared by the CLI's `--watch` loop and the web app's queue): a
/// restart retries once, which is cheap and lets a machine that got faster catch up.
public actor SummaryBackoff {
    public static let shared = SummaryBackoff()

    public let base: Double
    public let maximum: Double
    private let now: @Sendable () -> Double
    private var failures: [ThreadID: (count: Int, retryAt: Double)] = [:]

    /// `now`: seconds on any monotonic clock (tests inject one).
    public init(base: Double = 600, maximum: Double = 6 * 3600,
                now: @escaping @Sendable () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.base = base; self.maximum = maximum; self.now = now
    }

    /// A summary of `thread` failed: skip it until the back-off passes.
    public func recordFailure(_ thread: ThreadID) {
        let count = (failures[thread]?.count ?? 0) + 1
        let wait = min(maximum, base * pow(2, Double(count - 1)))
        failures[thread] = (count, now() + wait)
    }

    /// A summary of `thread` was written: forget its failures.
    public func recordSuccess(_ thread: ThreadID) { failures[thread] = nil }

    /// True while `thread` is waiting after a failure.
    public func isWaiting(_ thread: ThreadID) -> Bool {
        guard let entry = failures[thread] else { return false }
        return now() < entry.retryAt
    }

    /// Failures recorded for `thread` so far (0 after a success).
    public func failureCount(_ thread: ThreadID) -> Int { failures[thread]?.count ?? 0 }
}
