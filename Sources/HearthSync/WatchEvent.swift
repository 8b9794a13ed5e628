/// What an `InboxWatcher` reports, in order, on its `events` stream.
public enum WatchEvent: Sendable, Equatable, CustomStringConvertible {
    /// An incremental account sync finished (at start, after every reconnect, after every
    /// change the server pushed while idling).
    case synced(AccountSyncResult)
    /// The server announced `count` new messages in INBOX (EXISTS grew); a sync follows.
    case newMail(Int)
    /// IDLE is running on INBOX: pushed changes will be seen from now on.
    case watching
    /// The IDLE connection or a sync failed with a retryable error; a reconnect follows.
    case disconnected(SyncError)
    /// Waiting `delay` before reconnect attempt `attempt` (1-based; reset after IDLE runs again).
    case reconnecting(attempt: Int, delay: Duration)
    /// The watcher ended: nil after `stop()`, else the error that makes retrying pointless
    /// (authentication, token, account configuration, store, IDLE not supported). Always last.
    case stopped(SyncError?)

    public var description: String {
        switch self {
        case .synced(let r): "synced(inserted \(r.inserted), linked \(r.linked), flags \(r.flagsUpdated), removed \(r.removed))"
        case .newMail(let n): "newMail(\(n))"
        case .watching: "watching"
        case .disconnected(let e): "disconnected(\(e))"
        case .reconnecting(let attempt, let delay): "reconnecting(attempt \(attempt), in \(delay))"
        case .stopped(let e): "stopped(\(e.map { "\($0)" } ?? "by stop()"))"
        }
    }
}
