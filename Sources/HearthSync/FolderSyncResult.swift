import HearthCore

/// What a sync (initial or incremental) did to one folder.
public struct FolderSyncResult: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        case synced
        /// Initial sync only: the server's UIDVALIDITY differs from the stored one, so every
        /// stored UID of the folder is meaningless; the initial sync leaves such a folder alone.
        /// (Incremental sync handles it: see `Mode.resyncedAfterUIDValidityChange`.)
        case skippedUIDValidityChanged(stored: UInt32, server: UInt32)
    }

    public enum Mode: Sendable, Hashable {
        /// First sync of the folder (no stored sync state).
        case initial
        /// New mail from the stored UIDNEXT, flag changes, removals.
        case incremental
        /// UIDVALIDITY changed: every stored association was unlinked, then an initial sync ran.
        case resyncedAfterUIDValidityChange(stored: UInt32, server: UInt32)
    }

    /// A message the server listed but that could not be stored.
    public struct Skipped: Sendable, Hashable {
        public var uid: UInt32
        public var reason: String
    }

    /// The folder with the sync state recorded from SELECT.
    public var folder: Folder
    public var outcome: Outcome
    /// UIDs the server returned for the sync window.
    public var serverUIDs: Int
    /// UIDs already stored for this folder before this run.
    public var alreadyStored: Int
    /// New emails inserted.
    public var inserted: Int
    /// Copies of an email already stored (same Message-ID and size in the account, e.g. Gmail's
    /// INBOX and All Mail) linked to this folder instead of stored again.
    public var linked: Int
    /// A second copy in this very folder (same Message-ID and size, other UID): not stored.
    public var duplicatesInFolder: Int
    /// Server copies of messages composed here and still in the outbox (a saved draft's Drafts
    /// copy): the local message is that message; not stored a second time.
    public var localCompositions: Int = 0
    public var skipped: [Skipped]
    /// Raw message bytes downloaded.
    public var bytes: Int
    public var mode: Mode = .initial
    /// Incremental: stored emails whose flags changed on the server and were updated.
    public var flagsUpdated: Int = 0
    /// Incremental: stored UIDs gone from the server, unlinked (last-association rule applied).
    /// After a UIDVALIDITY change: every association unlinked before the resync.
    public var removed: Int = 0
    /// Server copies the user moved out while the folder was read (journal not yet sent): not
    /// linked back to this folder.
    public var awaitingJournal: Int = 0
}

/// What a sync did to an account.
public struct AccountSyncResult: Sendable, Hashable {
    public var folders: [FolderSyncResult]
    /// What the replay of journalled actions did before the folders were synced.
    public var actions: ReplayResult

    public init(folders: [FolderSyncResult], actions: ReplayResult = ReplayResult()) {
        self.folders = folders; self.actions = actions
    }
    public var inserted: Int { folders.reduce(0) { $0 + $1.inserted } }
    public var linked: Int { folders.reduce(0) { $0 + $1.linked } }
    public var bytes: Int { folders.reduce(0) { $0 + $1.bytes } }
    public var flagsUpdated: Int { folders.reduce(0) { $0 + $1.flagsUpdated } }
    public var removed: Int { folders.reduce(0) { $0 + $1.removed } }
}
