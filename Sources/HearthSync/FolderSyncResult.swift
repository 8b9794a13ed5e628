import HearthCore

/// What an initial sync did to one folder.
public struct FolderSyncResult: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        case synced
        /// The server's UIDVALIDITY differs from the stored one: every stored UID of the folder
        /// is meaningless. Resynchronising such a folder is not in this slice; it is left alone.
        case skippedUIDValidityChanged(stored: UInt32, server: UInt32)
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
    public var skipped: [Skipped]
    /// Raw message bytes downloaded.
    public var bytes: Int
}

/// What an initial sync did to an account.
public struct AccountSyncResult: Sendable, Hashable {
    public var folders: [FolderSyncResult]
    public var inserted: Int { folders.reduce(0) { $0 + $1.inserted } }
    public var linked: Int { folders.reduce(0) { $0 + $1.linked } }
    public var bytes: Int { folders.reduce(0) { $0 + $1.bytes } }
}
