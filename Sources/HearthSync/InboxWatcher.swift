import Foundation
import HearthCore
import HearthIMAP
import Logging

/// Push for one account: keeps an IDLE connection on INBOX and runs an incremental account sync
/// (`AccountSynchronizer`) whenever the server reports a change there.
///
/// One session: connect → authenticate → EXAMINE INBOX → incremental account sync (on a second,
/// short-lived connection) → IDLE. On EXISTS / EXPUNGE / FETCH / VANISHED it leaves IDLE (DONE),
/// emits `.newMail(n)` when EXISTS grew, syncs, emits `.synced`, and IDLEs again. IDLE is
/// re-issued at least every `Options.reIdleInterval` (servers drop IDLE after ~30 min).
/// INBOX is EXAMINEd before the sync, so nothing delivered between the sync and IDLE is missed:
/// the server reports it when IDLE starts.
///
/// A drop, BYE, timeout or other retryable failure emits `.disconnected`, then
/// `.reconnecting(attempt, delay)` with `Options.backoff`, and the next session starts with a
/// sync. Authentication / token / configuration / store failures end the watcher with
/// `.stopped(error)` (no retry loop on bad credentials). `stop()` ends it with LOGOUT and
/// `.stopped(nil)`; `.stopped` is always the last event and finishes the stream.
///
/// At most two connections at a time: the IDLE connection and the sync's connection.
public actor InboxWatcher {
    public struct Options: Sendable {
        /// IDLE is ended and re-issued after this long without changes (RFC 2177: < 29 min).
        public var reIdleInterval: Duration
        /// Delays before reconnect attempts 1, 2, …; the last one repeats.
        public var backoff: [Duration]
        /// Options of every account sync; its `imapConfiguration` is also used for the IDLE
        /// connection.
        public var sync: AccountSynchronizer.Options
        /// How the watcher waits (backoff, re-IDLE timer); injectable for tests. Must throw
        /// when the task is cancelled.
        public var sleep: @Sendable (Duration) async throws -> Void

        public init(reIdleInterval: Duration = .seconds(25 * 60),
                    backoff: [Duration] = [.seconds(1), .seconds(2), .seconds(5), .seconds(15), .seconds(60)],
                    sync: AccountSynchronizer.Options = .init(),
                    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
            self.reIdleInterval = reIdleInterval; self.backoff = backoff; self.sync = sync; self.sleep = sleep
        }

        func delay(forAttempt attempt: Int) -> Duration {
            guard !backoff.isEmpty else { return .seconds(1) }
            return backoff[min(max(attempt, 1), backoff.count) - 1]
        }
    }

    /// Everything the watcher does, for one subscriber (a presentation layer). Ends after
    /// `.stopped`. Buffers the newest 256 events.
    public nonisolated let events: AsyncStream<WatchEvent>
    private let continuation: AsyncStream<WatchEvent>.Continuation
    private let loop: WatchLoop
    private var task: Task<Void, Never>?
    private var finished = false

    public init(account: Account, credentials: SyncCredentials, store: any SyncStore,
                options: Options = Options(), logger: Logger = Logger(label: "hearth.sync.watch")) {
        let (events, continuation) = AsyncStream<WatchEvent>.makeStream(bufferingPolicy: .bufferingNewest(256))
        self.events = events
        self.continuation = continuation
        self.loop = WatchLoop(account: account, credentials: credentials, store: store, options: options,
                              logger: logger, emit: { continuation.yield($0) })
    }

    /// Starts watching (once; later calls do nothing).
    public func start() {
        guard task == nil, !finished else { return }
        let loop = self.loop
        let continuation = self.continuation
        task = Task {
            let reason = await loop.run()
            continuation.yield(.stopped(reason))
            continuation.finish()
        }
    }

    /// Stops watching: leaves IDLE, LOGOUT, `.stopped(nil)`, the stream ends. Returns when the
    /// watcher is gone. Safe to call more than once, or before `start()`.
    public func stop() async {
        if let task {
            task.cancel()
            await task.value
        } else if !finished {
            continuation.yield(.stopped(nil))
            continuation.finish()
        }
        finished = true
    }
}
