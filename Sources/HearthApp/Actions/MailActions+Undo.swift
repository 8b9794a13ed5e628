import Foundation
import HearthCore

/// Undo of archive, delete (to Trash) and move, for every front end: the record of where the
/// messages were is taken before the action; undo puts each message back into the folders it
/// left and out of the one it went into, through the same journalled actions.
extension MailActions {
    /// Where the messages of an action were before it (folder and UID of each association).
    /// Codable so a front end can hand it to the user's page and get it back with the Undo.
    public struct UndoRecord: Sendable, Codable, Equatable {
        public struct Placement: Sendable, Codable, Equatable {
            public var email: EmailID
            public var folders: [EmailFolder]
        }
        public var placements: [Placement]
        public var threads: [ThreadID]
    }

    /// What an undo did: messages put back, and what the server heard.
    public struct Undone: Sendable {
        public var restored: Int
        public var threads: [ThreadID]
        public var delivery: Delivery
    }

    /// The actions that can be undone: they only change which folders hold a message.
    public static func isUndoable(_ action: MailAction) -> Bool {
        switch action {
        case .archive, .moveToTrash, .move: true
        case .setRead, .setStarred, .deletePermanently, .copy: false
        }
    }

    /// Where the targets' messages are now. Call it before `apply`.
    public func undoRecord(for targets: Targets) throws(AppError) -> UndoRecord {
        let store = context.store
        var ids: [EmailID] = []
        for thread in targets.threads {
            ids += try storeCall { () throws(StoreError) in try store.emails(inThread: thread) }.compactMap(\.id)
        }
        ids += targets.emails
        let placements = try ids.map { id throws(AppError) in
            UndoRecord.Placement(email: id, folders: try storeCall { () throws(StoreError) in try store.folders(of: id) })
        }
        return UndoRecord(placements: placements, threads: targets.threads)
    }

    /// Puts the messages back where the record says they were. The action's server operations
    /// are sent first, so that the messages' UIDs in their new folders are known; an operation
    /// the server never received (offline) is withdrawn and the local change reverted, so the
    /// server is not touched twice. Otherwise each message moves back from the folder it went
    /// into (`MailAction.move`, journalled and sent like any action); a message that only left a
    /// folder (Gmail: archive removed the INBOX label, All Mail still holds it) is copied back
    /// into it (`MailAction.copy`: Gmail adds the label again).
    public func undo(_ record: UndoRecord) async throws(AppError) -> Undone {
        let store = context.store
        var accounts = Set<AccountID>()
        for placement in record.placements {
            if let email = try storeCall({ () throws(StoreError) in try store.email(placement.email) }) { accounts.insert(email.accountID) }
        }
        var delivery = await deliver(accounts)
        let pending = try storeCall { () throws(StoreError) in try store.journal(account: nil) }
        var restored = 0
        var moved: Set<AccountID> = []
        for placement in record.placements {
            guard let email = try storeCall({ () throws(StoreError) in try store.email(placement.email) }) else { continue }
            let now = try storeCall { () throws(StoreError) in try store.folders(of: placement.email) }
            let before = Set(placement.folders.map(\.folderID)), current = Set(now.map(\.folderID))
            let left = placement.folders.filter { !current.contains($0.folderID) }
            let joined = now.filter { !before.contains($0.folderID) }
            guard !left.isEmpty || !joined.isEmpty else { continue }
            let unsent = pending.filter { $0.email == placement.email && $0.state == .pending }
            let localOnly = joined.allSatisfy { $0.imapUID == nil } && left.allSatisfy { $0.imapUID == nil }
            if !unsent.isEmpty || localOnly {
                // The server has not heard of the action (or the message is local only): withdraw
                // it and restore the associations as they were, UIDs included.
                try storeCall { () throws(StoreError) in
                    for operation in unsent { try store.dismiss(operation.id) }
                    for association in left { try store.link(placement.email, to: association.folderID, imapUID: association.imapUID) }
                    for association in joined { try store.unlink(placement.email, from: association.folderID) }
                }
                restored += 1
                continue
            }
            guard let back = left.first(where: { $0.imapUID != nil }) ?? left.first else { continue }
            if let from = joined.first {
                _ = try apply(.move(to: back.folderID), to: Targets(emails: [placement.email], from: from.folderID))
            } else if now.contains(where: { $0.imapUID != nil }) {
                // It only left a folder and went nowhere new: a Gmail-style archive (INBOX label
                // removed, still in All Mail). Copying it back adds the label again.
                _ = try apply(.copy(to: back.folderID), to: Targets(emails: [placement.email]))
            } else {
                throw .invalidInput("This message cannot be put back from here (no copy of it is left on the server to restore it from).")
            }
            moved.insert(email.accountID)
            restored += 1
        }
        if !moved.isEmpty {
            let sent = await deliver(moved)
            delivery.sent += sent.sent
            delivery.waiting = sent.waiting
            delivery.notes += sent.notes
        }
        return Undone(restored: restored, threads: record.threads, delivery: delivery)
    }
}
