/// Where a sync is, for a progress bar or a status line. Reported often (per fetched message),
/// so it is a small value type.
public struct SyncProgress: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        case connecting
        case authenticating
        /// LIST and folder upserts.
        case syncingFolders
        /// Header-only fetch that decides which messages are new and which are copies of a
        /// stored message (linked, not downloaded again).
        case syncingHeaders
        /// Full message download, parse and store.
        case syncingBodies
        /// The initial sync finished; nothing is running.
        case idle
        case failed(SyncError)
    }

    public var phase: Phase
    /// IMAP path (wire form) of the folder being synced, if any.
    public var folder: String?
    /// Folders done of the selectable folders found by LIST.
    public var foldersDone: Int
    public var foldersTotal: Int
    /// Messages handled (stored, linked or skipped) in the current folder, and how many of the
    /// folder's search result are not stored yet.
    public var messagesDone: Int
    public var messagesTotal: Int
    /// Raw message bytes downloaded in this sync so far.
    public var bytesDone: Int

    public init(phase: Phase, folder: String? = nil, foldersDone: Int = 0, foldersTotal: Int = 0,
                messagesDone: Int = 0, messagesTotal: Int = 0, bytesDone: Int = 0) {
        self.phase = phase; self.folder = folder; self.foldersDone = foldersDone
        self.foldersTotal = foldersTotal; self.messagesDone = messagesDone
        self.messagesTotal = messagesTotal; self.bytesDone = bytesDone
    }
}

/// Receives progress; called from the sync task, so it must be quick and thread-safe.
public typealias SyncProgressHandler = @Sendable (SyncProgress) -> Void

extension SyncProgress {
    /// A stream of progress and the handler that feeds it, for callers who prefer `for await`.
    /// Finish the continuation (or let the handler go) when the sync returns. Buffers only the
    /// newest value, so a slow reader never holds the sync back.
    public static func stream() -> (stream: AsyncStream<SyncProgress>, handler: SyncProgressHandler,
                                    finish: @Sendable () -> Void) {
        let (stream, continuation) = AsyncStream<SyncProgress>.makeStream(bufferingPolicy: .bufferingNewest(64))
        return (stream, { continuation.yield($0) }, { continuation.finish() })
    }
}
