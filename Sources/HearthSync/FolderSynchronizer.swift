import Foundation
import HearthCore
import HearthIMAP
import HearthMIME
import Logging

/// Initial sync of one selectable folder over an authenticated connection.
///
/// Steps: SELECT (CONDSTORE when advertised) → UID SEARCH of the sync window → drop the UIDs
/// already stored for the folder → newest first, in batches: a cheap header fetch (UID,
/// RFC822.SIZE, Message-ID) decides which messages are copies of an email already stored in the
/// account (linked, never downloaded twice — Gmail shows each message in INBOX *and* All Mail),
/// then the rest is fetched whole, parsed, mapped and inserted in one store transaction per
/// batch. The folder's UIDVALIDITY / UIDNEXT / HIGHESTMODSEQ from SELECT are stored only after
/// every batch succeeded, so an interrupted sync is simply run again.
public struct FolderSynchronizer: Sendable {
    public struct Options: Sendable {
        /// UIDs per UID FETCH. 100 keeps a batch of full messages to a few MB at typical sizes.
        public var batchSize: Int
        /// Only messages with INTERNALDATE on or after this day; nil syncs everything.
        public var since: Date?
        /// QRESYNC is enabled on the connection: incremental sync learns removals (VANISHED) and
        /// flag changes from SELECT itself.
        public var qresync: Bool

        public init(batchSize: Int = 100, since: Date? = nil, qresync: Bool = false) {
            self.batchSize = max(1, batchSize); self.since = since; self.qresync = qresync
        }
    }

    let connection: any IMAPSession
    let store: any SyncStore
    let account: AccountID
    let options: Options
    let parser: MIMEParser
    let logger: Logger
    let progress: SyncProgressHandler

    public init(connection: any IMAPSession, store: any SyncStore, account: AccountID,
                options: Options = Options(), parser: MIMEParser = MIMEParser(),
                logger: Logger = Logger(label: "hearth.sync"),
                progress: @escaping SyncProgressHandler = { _ in }) {
        self.connection = connection; self.store = store; self.account = account
        self.options = options; self.parser = parser; self.logger = logger; self.progress = progress
    }

    /// Initial sync of `folder` (which must be stored, i.e. have an id). `template` carries the
    /// account-level progress fields (folders done, bytes so far) into every report. A folder
    /// whose stored UIDVALIDITY differs from the server's is left alone
    /// (`skippedUIDValidityChanged`); `syncIncrementally` handles that case.
    public func sync(_ folder: Folder, template: SyncProgress = SyncProgress(phase: .syncingHeaders)) async throws(SyncError) -> FolderSyncResult {
        let folderID = try Self.id(of: folder)
        let selection = try await select(folder)
        if let stored = folder.uidValidity, let server = selection.uidValidity, stored != server {
            logger.warning("UIDVALIDITY changed; folder left for a full resync", metadata: [
                "folder": "\(folder.imapPath)", "stored": "\(stored)", "server": "\(server)"])
            var result = Self.emptyResult(folder)
            result.outcome = .skippedUIDValidityChanged(stored: stored, server: server)
            return result
        }
        return try await initialSync(folder, folderID: folderID, selection: selection, template: template)
    }

    static func id(of folder: Folder) throws(SyncError) -> FolderID {
        guard let folderID = folder.id else {
            throw .accountNotConfigured("folder \(folder.imapPath) is not stored yet")
        }
        return folderID
    }

    static func emptyResult(_ folder: Folder) -> FolderSyncResult {
        FolderSyncResult(folder: folder, outcome: .synced, serverUIDs: 0, alreadyStored: 0,
                         inserted: 0, linked: 0, duplicatesInFolder: 0, skipped: [], bytes: 0)
    }

    /// SELECT (CONDSTORE when advertised).
    func select(_ folder: Folder, qresync: SelectParameters.QResync? = nil) async throws(SyncError) -> MailboxSelection {
        let connection = self.connection
        let mailbox = MailboxName(wire: folder.imapPath)
        return try await SyncCall.imap(.session(folder: folder.imapPath)) { try await connection.select(mailbox, qresync: qresync) }
    }

    /// The initial sync after SELECT: search the window, download what is not stored, record
    /// the sync state.
    func initialSync(_ folder: Folder, folderID: FolderID, selection: MailboxSelection,
                     template: SyncProgress) async throws(SyncError) -> FolderSyncResult {
        let stage = SyncCall.Stage.session(folder: folder.imapPath)
        let connection = self.connection
        var result = Self.emptyResult(folder)
        let key: SearchKey = options.since.map { .since(IMAPDate($0)) } ?? .all
        let serverUIDs = try await SyncCall.imap(stage) { try await connection.uidSearch(key) }
        let known = try SyncCall.store { () throws(StoreError) in try store.uids(in: folderID) }
        let candidates = serverUIDs.filter { known[$0] == nil }.sorted(by: >)
        result.serverUIDs = serverUIDs.count
        result.alreadyStored = serverUIDs.count - candidates.count

        try await download(candidates, folder: folder, folderID: folderID, result: &result, template: template)
        result.folder = try storeState(selection, folder: folder, folderID: folderID)
        return result
    }

    /// Downloads (or links) `candidates`, newest first, in batches.
    func download(_ candidates: [UInt32], folder: Folder, folderID: FolderID,
                  result: inout FolderSyncResult, template: SyncProgress) async throws(SyncError) {
        let stage = SyncCall.Stage.session(folder: folder.imapPath)
        var report = template
        report.folder = folder.imapPath
        report.messagesDone = 0
        report.messagesTotal = candidates.count
        report.phase = .syncingHeaders
        progress(report)

        var start = 0
        while start < candidates.count {
            try Task.checkCancellation(or: .cancelled)
            let batch = Array(candidates[start..<min(start + options.batchSize, candidates.count)])
            start += batch.count
            try await syncBatch(batch, folderID: folderID, stage: stage, result: &result, report: &report)
        }
    }

    /// Writes UIDVALIDITY / UIDNEXT / HIGHESTMODSEQ from SELECT; called only after everything
    /// else of the folder succeeded.
    func storeState(_ selection: MailboxSelection, folder: Folder, folderID: FolderID) throws(SyncError) -> Folder {
        var updated = try SyncCall.store { () throws(StoreError) in try store.folder(folderID) } ?? folder
        updated.uidValidity = selection.uidValidity
        updated.uidNext = selection.uidNext
        updated.highestModSeq = selection.highestModSeq
        updated.lastSyncDate = Date()
        let toStore = updated
        return try SyncCall.store { () throws(StoreError) in try store.upsert(toStore) }
    }

    // MARK: one batch

    private func syncBatch(_ uids: [UInt32], folderID: FolderID, stage: SyncCall.Stage,
                           result: inout FolderSyncResult, report: inout SyncProgress) async throws(SyncError) {
        let connection = self.connection
        let parser = self.parser

        // 1. Headers: who is a copy of something stored?
        report.phase = .syncingHeaders
        progress(report)
        let heads = FetchCollector<Head>()
        _ = try await SyncCall.imap(stage) {
            try await connection.uidFetch(SequenceSet(uids), attributes: [
                .uid, .rfc822Size, .body(section: .headerFields(["MESSAGE-ID"]), peek: true),
            ]) { message in
                guard let uid = message.uid else { return }
                await heads.add(Head(uid: uid, size: message.size,
                                     messageID: Self.messageID(in: message, parser: parser)))
            }
        }
        var needBody: [UInt32] = []
        let localCompositions = try SyncCall.store { () throws(StoreError) in try store.localCompositionMessageIDs(account: account) }
        for head in await heads.items.sorted(by: { $0.uid > $1.uid }) {
            guard let messageID = head.messageID, let size = head.size else { needBody.append(head.uid); continue }
            guard let existing = try SyncCall.store({ () throws(StoreError) in
                try store.existingEmail(account: account, messageID: messageID, sizeBytes: size) })
            else {
                // A draft saved here has a Drafts copy on the server (other size: the local row
                // is not the rendered message). It is the local draft, not new mail. Its UID is
                // not recorded: the draft's next save replaces that copy.
                if localCompositions.contains(messageID) {
                    result.localCompositions += 1
                    report.messagesDone += 1
                } else {
                    needBody.append(head.uid)
                }
                continue
            }
            let links = try SyncCall.store { () throws(StoreError) in try store.folders(of: existing) }
            if links.contains(where: { $0.folderID == folderID && $0.imapUID != nil }) {
                result.duplicatesInFolder += 1
            } else if try isLeaving(existing, folder: folderID, uid: head.uid) {
                // The user moved this very copy out while the folder was read: the journal will
                // move it on the server too, so it is not linked back here from the older view.
                result.awaitingJournal += 1
            } else {
                // Not in the folder, or in it without a UID (re-linked there by the
                // last-association rule, e.g. during a UIDVALIDITY resync): record the UID.
                try SyncCall.store { () throws(StoreError) in try store.link(existing, to: folderID, imapUID: head.uid) }
                result.linked += 1
            }
            report.messagesDone += 1
        }
        // UIDs expunged between SEARCH and FETCH send nothing; they are simply gone.
        guard !needBody.isEmpty else { progress(report); return }

        // 2. Whole messages.
        report.phase = .syncingBodies
        progress(report)
        let bodies = FetchCollector<Body>()
        let progress = self.progress
        let before = report
        _ = try await SyncCall.imap(stage) {
            try await connection.uidFetch(SequenceSet(needBody), attributes: [
                .uid, .flags, .internalDate, .rfc822Size, .body(section: .complete, peek: true),
            ]) { message in
                guard let uid = message.uid else { return }
                let body = Body(uid: uid, flags: message.flags ?? [], internalDate: message.internalDate,
                                size: message.size, data: message.body(.complete))
                let (count, bytes) = await bodies.noteBytes(body.data?.count ?? 0)
                await bodies.add(body)
                var live = before
                live.messagesDone += count
                live.bytesDone += bytes
                progress(live)
            }
        }
        // Inserted in UID order, i.e. in order of arrival: the store's last tie-break for
        // messages with the same Date second is the row id (`ConversationOrder`).
        let fetched = await bodies.items.sorted { $0.uid < $1.uid }
        let downloaded = fetched.reduce(0) { $0 + ($1.data?.count ?? 0) }
        result.bytes += downloaded
        report.bytesDone += downloaded

        // 3. Parse, map, de-duplicate inside the batch, insert in one transaction.
        var messages: [NewMessage] = []
        var pendingKeys: Set<DedupKey> = []
        var sameBatchCopies = 0
        for body in fetched {
            report.messagesDone += 1
            guard let data = body.data else {
                result.skipped.append(.init(uid: body.uid, reason: "server sent no body"))
                continue
            }
            let parsed: ParsedMessage
            do {
                parsed = try parser.parse(data)
            } catch {
                result.skipped.append(.init(uid: body.uid, reason: error.description))
                continue
            }
            var email = MessageMapping.email(from: parsed, account: account, received: body.internalDate,
                                             flags: Self.flags(body.flags))
            email.sizeBytes = body.size ?? parsed.sizeBytes
            if let id = email.messageID {
                let key = DedupKey(messageID: id, size: email.sizeBytes)
                // Same Message-ID and size twice in one batch of one folder: a second copy in
                // the folder, not stored (its UID stays unknown and is re-checked next run).
                guard pendingKeys.insert(key).inserted else {
                    sameBatchCopies += 1
                    continue
                }
            }
            let signals = CategorizationHeaders.pick(parsed.headers, attachments: parsed.attachments)
            var message = NewMessage(email: email, attachments: parsed.attachments, folderID: folderID,
                                     imapUID: body.uid, threadingKey: MessageMapping.threadingKey(for: email, signalHeaders: signals))
            message.signalHeaders = signals // no raw source kept: AI signals (issue 7)
            messages.append(message)
        }
        result.duplicatesInFolder += sameBatchCopies
        guard !messages.isEmpty else { progress(report); return }
        let batch = messages
        let ids = try SyncCall.store { () throws(StoreError) in try store.insert(batch) }
        result.inserted += ids.count
        // Autocomplete knows everyone synced mail came from or went to, per account, like import.
        let sightings = batch.map { ContactSighting($0.email) }
        try SyncCall.store { () throws(StoreError) in try store.recordSeen(sightings, account: account) }
        progress(report)
        logger.debug("stored batch", metadata: ["inserted": "\(ids.count)", "linked": "\(result.linked)"])
    }

    // MARK: helpers

    struct Head: Sendable { var uid: UInt32; var size: Int?; var messageID: String? }
    struct Body: Sendable { var uid: UInt32; var flags: [Flag]; var internalDate: Date?; var size: Int?; var data: Data? }
    struct DedupKey: Hashable { var messageID: String; var size: Int }

    /// The Message-ID of a header-fields fetch, normalised exactly as `MIMEParser` does for the
    /// full message (so it matches the stored `Email.messageID`).
    static func messageID(in message: FetchedMessage, parser: MIMEParser) -> String? {
        for case .body(let section, _, let data) in message.items {
            guard case .headerFields = section.kind, let data, !data.isEmpty else { continue }
            return try? parser.parse(data).messageID
        }
        return nil
    }

    /// IMAP system flags → the domain's flags. Keywords are not modelled yet.
    static func flags(_ flags: [Flag]) -> MessageMapping.Flags {
        var result: MessageMapping.Flags = []
        if flags.contains(.seen) { result.insert(.seen) }
        if flags.contains(.flagged) { result.insert(.flagged) }
        if flags.contains(.answered) { result.insert(.answered) }
        if flags.contains(.draft) { result.insert(.draft) }
        if flags.contains(.deleted) { result.insert(.deleted) }
        return result
    }
}

/// Collects FETCH responses that arrive through `uidFetch`'s `@Sendable` callback.
actor FetchCollector<Item: Sendable> {
    private(set) var items: [Item] = []
    private var count = 0
    private var bytes = 0

    func add(_ item: Item) { items.append(item) }

    /// Running totals for progress reports.
    func noteBytes(_ n: Int) -> (count: Int, bytes: Int) {
        count += 1; bytes += n
        return (count, bytes)
    }
}

extension Task where Success == Never, Failure == Never {
    /// `checkCancellation` with a typed error.
    static func checkCancellation(or error: SyncError) throws(SyncError) {
        if Task.isCancelled { throw error }
    }
}

extension FolderSynchronizer {
    /// Whether an unsent journal entry takes this copy (folder and UID) out of the folder.
    private func isLeaving(_ email: EmailID, folder: FolderID, uid: UInt32) throws(SyncError) -> Bool {
        try SyncCall.store { () throws(StoreError) in try store.pendingOperations(email: email) }.contains { entry in
            switch entry.operation {
            case .move(let from, let moved, _), .expunge(let from, let moved): from == folder && moved == uid
            case .store, .copy: false
            }
        }
    }
}
