import Foundation
import HearthCore
import HearthIMAP

/// Incremental sync of a folder that has stored sync state (UIDVALIDITY and UIDNEXT from an
/// earlier sync).
///
/// 1. SELECT (CONDSTORE when advertised).
/// 2. UIDVALIDITY differs from the stored one → every stored association of the folder is
///    unlinked (FR-FOUND-03's last-association rule applies: emails in no other folder are
///    archived, or deleted when the folder is Trash), then the initial sync runs. There is no
///    local-only state (drafts, outbox, offline actions) to carry over yet.
/// 3. With QRESYNC enabled (RFC 7162) and a stored HIGHESTMODSEQ, SELECT (QRESYNC …) itself
///    reports what vanished and which flags changed since then; new mail is `UID SEARCH UID
///    <stored UIDNEXT>:*`. No UID list of the whole folder is fetched.
///    Otherwise one `UID SEARCH ALL`, compared with `uids(in:)`:
///    - removals: stored UIDs the server no longer lists → `unlink` (last-association rule);
///    - flag changes: with a stored and a server HIGHESTMODSEQ, `UID FETCH 1:* (UID FLAGS)
///      (CHANGEDSINCE stored)` (nothing at all when the mod-sequence did not move); without
///      CONDSTORE, FLAGS of every stored UID. Applied with `setFlags` when they differ;
///    - new mail: UIDs ≥ the stored UIDNEXT not stored yet → the initial sync's download path
///      (header fetch, link copies, body fetch, insert per batch).
/// 4. The new UIDVALIDITY / UIDNEXT / HIGHESTMODSEQ from SELECT are stored last, so an
///    interrupted run is simply repeated (every step is idempotent).
extension FolderSynchronizer {
    public func syncIncrementally(_ folder: Folder,
                                  template: SyncProgress = SyncProgress(phase: .syncingHeaders)) async throws(SyncError) -> FolderSyncResult {
        let folderID = try Self.id(of: folder)
        guard let storedValidity = folder.uidValidity, let storedNext = folder.uidNext else {
            return try await sync(folder, template: template)
        }
        let qresync = options.qresync ? folder.highestModSeq.map {
            SelectParameters.QResync(uidValidity: storedValidity, modSeq: $0)
        } : nil
        let selection = try await select(folder, qresync: qresync)

        if let server = selection.uidValidity, server != storedValidity {
            logger.warning("UIDVALIDITY changed; resyncing the folder", metadata: [
                "folder": "\(folder.imapPath)", "stored": "\(storedValidity)", "server": "\(server)"])
            let known = try SyncCall.store { () throws(StoreError) in try store.uids(in: folderID) }
            var before: [EmailID: Set<FolderID>] = [:]
            for id in Set(known.values).sorted() {
                before[id] = Set(try SyncCall.store { () throws(StoreError) in try store.folders(of: id) }.map(\.folderID))
                try SyncCall.store { () throws(StoreError) in try store.unlink(id, from: folderID) }
            }
            var result = try await initialSync(folder, folderID: folderID, selection: selection, template: template)
            // An email the resync found again (linked back by Message-ID + size) loses the
            // UID-less association the last-association rule gave it meanwhile (archive).
            for (id, had) in before.sorted(by: { $0.key < $1.key }) {
                let now = try SyncCall.store { () throws(StoreError) in try store.folders(of: id) }
                guard now.contains(where: { $0.folderID == folderID }) else { continue }
                for link in now where link.imapUID == nil && link.folderID != folderID && !had.contains(link.folderID) {
                    try SyncCall.store { () throws(StoreError) in try store.unlink(id, from: link.folderID) }
                }
            }
            result.mode = .resyncedAfterUIDValidityChange(stored: storedValidity, server: server)
            result.removed = before.count
            return result
        }

        if qresync != nil, selection.highestModSeq != nil, !selection.noModSeq {
            return try await syncWithQResync(folder, folderID: folderID, storedNext: storedNext,
                                             selection: selection, template: template)
        }

        let stage = SyncCall.Stage.session(folder: folder.imapPath)
        let connection = self.connection
        var result = Self.emptyResult(folder)
        result.mode = .incremental

        let serverUIDs = try await SyncCall.imap(stage) { try await connection.uidSearch(.all) }
        let onServer = Set(serverUIDs)
        let known = try SyncCall.store { () throws(StoreError) in try store.uids(in: folderID) }
        result.serverUIDs = serverUIDs.count

        // (c) Removals.
        for (uid, id) in known.sorted(by: { $0.key < $1.key }) where !onServer.contains(uid) {
            try SyncCall.store { () throws(StoreError) in try store.unlink(id, from: folderID) }
            result.removed += 1
        }
        let remaining = known.filter { onServer.contains($0.key) }
        result.alreadyStored = remaining.count

        // (b) Flag changes of what stays stored.
        if !remaining.isEmpty {
            let set: SequenceSet?
            var modifiers = FetchModifiers.none
            if let storedModSeq = folder.highestModSeq, let serverModSeq = selection.highestModSeq {
                set = serverModSeq == storedModSeq ? nil : .all
                modifiers.changedSince = storedModSeq
            } else {
                set = SequenceSet(remaining.keys.sorted())
            }
            if let set {
                let changes = FetchCollector<(UInt32, [Flag])>()
                _ = try await SyncCall.imap(stage) {
                    try await connection.uidFetch(set, attributes: [.uid, .flags], modifiers: modifiers) { message in
                        guard let uid = message.uid, let flags = message.flags else { return }
                        await changes.add((uid, flags))
                    }
                }
                for (uid, flags) in await changes.items {
                    guard let id = remaining[uid] else { continue }   // new mail, handled below
                    if try apply(Self.flags(flags), to: id) { result.flagsUpdated += 1 }
                }
            }
        }

        // (a) New mail.
        let candidates = serverUIDs.filter { $0 >= storedNext && known[$0] == nil }.sorted(by: >)
        try await download(candidates, folder: folder, folderID: folderID, result: &result, template: template)

        result.folder = try storeState(selection, folder: folder, folderID: folderID)
        return result
    }

    /// The QRESYNC path: removals from VANISHED (EARLIER), flag changes from the FETCH responses
    /// of the same SELECT, new mail from a UID range search.
    private func syncWithQResync(_ folder: Folder, folderID: FolderID, storedNext: UInt32, selection: MailboxSelection,
                                 template: SyncProgress) async throws(SyncError) -> FolderSyncResult {
        let stage = SyncCall.Stage.session(folder: folder.imapPath)
        let connection = self.connection
        var result = Self.emptyResult(folder)
        result.mode = .incremental
        let known = try SyncCall.store { () throws(StoreError) in try store.uids(in: folderID) }

        for (uid, id) in known.sorted(by: { $0.key < $1.key }) where selection.vanished.contains(where: { $0.contains(uid) }) {
            try SyncCall.store { () throws(StoreError) in try store.unlink(id, from: folderID) }
            result.removed += 1
        }
        for message in selection.changes {
            guard let uid = message.uid, let flags = message.flags, let id = known[uid],
                  !selection.vanished.contains(where: { $0.contains(uid) }) else { continue }
            if try apply(Self.flags(flags), to: id) { result.flagsUpdated += 1 }
        }
        result.alreadyStored = known.count - result.removed

        let newUIDs = try await SyncCall.imap(stage) {
            try await connection.uidSearch(.uid(SequenceSet(ranges: [SequenceRange(.number(storedNext), .last)])))
        }
        // `n:*` always matches the highest UID, even below n: keep only really new ones.
        let candidates = newUIDs.filter { $0 >= storedNext && known[$0] == nil }.sorted(by: >)
        result.serverUIDs = result.alreadyStored + candidates.count
        try await download(candidates, folder: folder, folderID: folderID, result: &result, template: template)
        result.folder = try storeState(selection, folder: folder, folderID: folderID)
        return result
    }

    /// Writes the server's system flags to the email when they differ. Returns whether it did.
    private func apply(_ flags: MessageMapping.Flags, to id: EmailID) throws(SyncError) -> Bool {
        guard let email = try SyncCall.store({ () throws(StoreError) in try store.email(id) }) else { return false }
        let read = flags.contains(.seen), starred = flags.contains(.flagged)
        let answered = flags.contains(.answered), draft = flags.contains(.draft)
        guard (read, starred, answered, draft) != (email.isRead, email.isStarred, email.isAnswered, email.isDraft)
        else { return false }
        try SyncCall.store { () throws(StoreError) in
            try store.setFlags(id, isRead: read, isStarred: starred, isAnswered: answered, isDraft: draft)
        }
        return true
    }
}
