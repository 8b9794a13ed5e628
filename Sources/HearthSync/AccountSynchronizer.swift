import Foundation
import HearthCore
import HearthIMAP
import HearthMIME
import Logging

/// Sync of one account: connect, sign in, LIST, store the folders, then sync every selectable
/// folder (INBOX first) with `FolderSynchronizer`: incrementally when the folder has sync state
/// from an earlier run (`syncIncrementally`), else the initial sync.
///
/// Runs on one connection, folder after folder: a first sync is bounded by download bandwidth,
/// not round trips, and one connection keeps us well inside provider connection limits.
/// Journalled offline actions are replayed first (`ActionReplayer`). IDLE push and reconnects
/// live in `InboxWatcher` (see docs/sync.md).
public struct AccountSynchronizer: Sendable {
    public struct Options: Sendable {
        public var batchSize: Int
        /// Overrides the connection settings derived from `Account.imap` (tests, or a caller
        /// that needs a server name different from the host).
        public var imapConfiguration: IMAPConfiguration?
        /// "Now", for the sync window and action retries; injectable so tests are deterministic.
        public var now: @Sendable () -> Date
        /// Retries of journalled actions the server refuses.
        public var retryPolicy: RetryPolicy
        /// Use QRESYNC when the server offers it (tests turn it off to compare both paths).
        public var useQResync: Bool
        /// Caps simultaneous connections per account (shared by sync, replay and IDLE).
        public var connections: ConnectionLimiter = .shared
        /// Lets one sync or journal replay of an account run at a time (`oneSyncPerAccount`).
        public var exclusion: ConnectionLimiter = .oneSyncPerAccount
        /// Opens the IMAP session (the real connection; tests: a scripted session).
        public var connect: IMAPConnector = { try await IMAPConnection.connect($0) }

        public init(batchSize: Int = 100, imapConfiguration: IMAPConfiguration? = nil,
                    now: @escaping @Sendable () -> Date = { Date() }, retryPolicy: RetryPolicy = RetryPolicy(),
                    useQResync: Bool = true) {
            self.batchSize = batchSize; self.imapConfiguration = imapConfiguration; self.now = now
            self.retryPolicy = retryPolicy; self.useQResync = useQResync
        }
    }

    public let account: Account
    let credentials: SyncCredentials
    let store: any SyncStore
    let options: Options
    let logger: Logger
    let progress: SyncProgressHandler

    public init(account: Account, credentials: SyncCredentials, store: any SyncStore,
                options: Options = Options(), logger: Logger = Logger(label: "hearth.sync"),
                progress: @escaping SyncProgressHandler = { _ in }) {
        self.account = account; self.credentials = credentials; self.store = store
        self.options = options; self.logger = logger; self.progress = progress
    }

    /// Runs the sync. On failure the progress handler gets `.failed` and the error is
    /// thrown; whatever batches were stored stay stored, and a re-run continues from there.
    public func run() async throws(SyncError) -> AccountSyncResult {
        do {
            let result = try await runSteps()
            progress(SyncProgress(phase: .idle, foldersDone: result.folders.count,
                                  foldersTotal: result.folders.count, bytesDone: result.bytes))
            return result
        } catch {
            progress(SyncProgress(phase: .failed(error)))
            throw error
        }
    }

    /// Only sends the journalled actions that are due (no folder sync): what a client does right
    /// after the user acts, so the server hears of it within a second when online.
    public func replayActions() async throws(SyncError) -> ReplayResult {
        guard let accountID = account.id else { throw .accountNotConfigured("the account is not saved in the store") }
        return try await options.exclusion.exclusively(account: account.email) { () throws(SyncError) in
            // Read after the gate: a sync that just ran has sent what was due.
            let due = try SyncCall.store { () throws(StoreError) in try store.dueOperations(account: accountID, by: options.now()) }
            guard !due.isEmpty else { return ReplayResult() }
            let configuration = try IMAPSettings.configuration(for: account, options: options)
            return try await options.connections.withSession(account: account.email, configuration: configuration, connect: options.connect) { connection throws(SyncError) in
                let imapCredentials = try await credentials.imapCredentials()
                try await SyncCall.imap(.authenticate) { try await connection.authenticate(imapCredentials) }
                return try await ActionReplayer(connection: connection, store: store, account: accountID,
                                                policy: options.retryPolicy, now: options.now, logger: logger).replay()
            }
        }
    }

    private func runSteps() async throws(SyncError) -> AccountSyncResult {
        guard let accountID = account.id else { throw .accountNotConfigured("the account is not saved in the store") }
        let configuration = try IMAPSettings.configuration(for: account, options: options)

        progress(SyncProgress(phase: .connecting))
        return try await options.exclusion.exclusively(account: account.email) { () throws(SyncError) in
            try await options.connections.withSession(account: account.email, configuration: configuration, connect: options.connect) { connection throws(SyncError) in
                try await sync(on: connection, account: accountID)
            }
        }
    }

    private func sync(on connection: any IMAPSession, account accountID: AccountID) async throws(SyncError) -> AccountSyncResult {
        progress(SyncProgress(phase: .authenticating))
        let imapCredentials = try await credentials.imapCredentials()
        try await SyncCall.imap(.authenticate) { try await connection.authenticate(imapCredentials) }

        progress(SyncProgress(phase: .syncingFolders))
        let listed = try await SyncCall.imap(.session(folder: nil)) { try await connection.listMailboxes() }
        let folders = try storeFolders(listed, account: accountID)
        let selectable = Self.syncOrder(folders.filter(\.isSelectable))

        // The user's offline actions reach the server before its state is read back, so the
        // sync never undoes them (server state is authoritative only for what we did not change).
        let replay = try await ActionReplayer(connection: connection, store: store, account: accountID,
                                              policy: options.retryPolicy, now: options.now, logger: logger).replay()

        let since = account.syncWindowDays.map { options.now().addingTimeInterval(-Double($0) * 86_400) }
        let qresync = try await enableQResync(connection)
        let synchronizer = FolderSynchronizer(
            connection: connection, store: store, account: accountID,
            options: .init(batchSize: options.batchSize, since: since, qresync: qresync), logger: logger, progress: progress)
        var results: [FolderSyncResult] = []
        var bytes = 0
        for folder in selectable {
            try Task.checkCancellation(or: .cancelled)
            let template = SyncProgress(phase: .syncingHeaders, folder: folder.imapPath,
                                        foldersDone: results.count, foldersTotal: selectable.count, bytesDone: bytes)
            // Folders with sync state from an earlier run: incremental; the others: initial.
            let result = folder.uidValidity != nil && folder.uidNext != nil
                ? try await synchronizer.syncIncrementally(folder, template: template)
                : try await synchronizer.sync(folder, template: template)
            bytes += result.bytes
            results.append(result)
            logger.info("folder synced", metadata: [
                "folder": "\(folder.imapPath)", "inserted": "\(result.inserted)", "linked": "\(result.linked)",
                "alreadyStored": "\(result.alreadyStored)", "skipped": "\(result.skipped.count)",
                "flagsUpdated": "\(result.flagsUpdated)", "removed": "\(result.removed)"])
        }

        var updatedAccount = try SyncCall.store { () throws(StoreError) in try store.account(accountID) } ?? account
        updatedAccount.lastSyncDate = options.now()
        let toStore = updatedAccount
        try SyncCall.store { () throws(StoreError) in try store.update(toStore) }
        return AccountSyncResult(folders: results, actions: replay)
    }

    /// ENABLE QRESYNC when advertised (RFC 7162 requires it before SELECT … (QRESYNC …)).
    private func enableQResync(_ connection: any IMAPSession) async throws(SyncError) -> Bool {
        guard options.useQResync, await connection.capabilities.contains(.qresync) else { return false }
        let enabled = try await SyncCall.imap(.session(folder: nil)) { try await connection.enable([.qresync]) }
        return enabled.contains(.qresync)
    }

    /// Upserts every LIST entry (keeping stored sync state) and returns the stored folders.
    /// Folders gone from the server are not deleted here: that belongs to incremental sync.
    private func storeFolders(_ listed: [MailboxListItem], account accountID: AccountID) throws(SyncError) -> [Folder] {
        let existing = try SyncCall.store { () throws(StoreError) in try store.folders(account: accountID) }
        let byPath = Dictionary(existing.map { ($0.imapPath, $0) }, uniquingKeysWith: { first, _ in first })
        var stored: [Folder] = []
        for item in listed {
            let fresh = FolderMapper.folder(from: item, account: accountID)
            let merged = FolderMapper.merge(fresh, into: byPath[fresh.imapPath])
            stored.append(try SyncCall.store { () throws(StoreError) in try store.upsert(merged) })
        }
        return stored
    }

    /// INBOX first (what the user looks at), then user folders, Sent and Drafts; the catch-alls
    /// (All Mail / Archive), Trash and Spam last, so that by the time All Mail is synced its
    /// messages are mostly linked copies of ones already stored from other folders.
    static func syncOrder(_ folders: [Folder]) -> [Folder] {
        func rank(_ type: FolderType) -> Int {
            switch type {
            case .inbox: 0
            case .custom, .starred: 1
            case .sent, .drafts: 2
            case .archive: 3
            case .trash, .spam: 4
            }
        }
        return folders.enumerated()
            .sorted { (rank($0.element.folderType), $0.offset) < (rank($1.element.folderType), $1.offset) }
            .map(\.element)
    }
}
