import Foundation
import GRDB
import HearthCore

extension MailStore: ActionJournalRepository {
    public func apply(_ plan: ActionPlan, at date: Date) throws(StoreError) -> [PendingOperation] {
        try write { db in
            // Read before the local changes: a permanent delete removes the row.
            let messageID = try String.fetchOne(db, sql: "SELECT message_id FROM email WHERE id = ?", arguments: [plan.email.rawValue])
            for change in plan.local {
                switch change {
                case .setFlags(let email, let read, let starred):
                    try EmailFlags.apply(email, isRead: read, isStarred: starred, isAnswered: nil, isDraft: nil, db)
                case .link(let email, let folder):
                    try Cascade.link(email, to: folder, imapUID: nil, db)
                case .unlink(let email, let folder):
                    try Cascade.unlink(email, from: folder, db)
                case .delete(let email):
                    try Cascade.deleteEmail(email, db)
                }
            }
            let emailStillThere = try Bool.fetchOne(db, sql: "SELECT 1 FROM email WHERE id = ?", arguments: [plan.email.rawValue]) ?? false
            return try plan.server.map { operation in
                try JournalRow.insert(operation, plan: plan, email: emailStillThere ? plan.email : nil,
                                      messageID: messageID, at: date, db)
            }
        }
    }

    public func dueOperations(account: AccountID, by date: Date) throws(StoreError) -> [PendingOperation] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT * FROM pending_operation WHERE account_id = ? AND state = 'pending' ORDER BY id
                """, arguments: [account.rawValue]).compactMap(JournalRow.decode)
                .prefix { $0.nextAttemptAt <= date }
                .map { $0 }
        }
    }

    public func journal(account: AccountID?) throws(StoreError) -> [PendingOperation] {
        try read { db in
            if let account {
                return try Row.fetchAll(db, sql: "SELECT * FROM pending_operation WHERE account_id = ? ORDER BY id",
                                        arguments: [account.rawValue]).compactMap(JournalRow.decode)
            }
            return try Row.fetchAll(db, sql: "SELECT * FROM pending_operation ORDER BY id").compactMap(JournalRow.decode)
        }
    }

    public func pendingOperations(email: EmailID) throws(StoreError) -> [PendingOperation] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pending_operation WHERE email_id = ? AND state = 'pending' ORDER BY id",
                             arguments: [email.rawValue]).compactMap(JournalRow.decode)
        }
    }

    public func complete(_ id: PendingOperationID, newUID: UInt32?) throws(StoreError) {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM pending_operation WHERE id = ?", arguments: [id.rawValue]) else { return }
            if let newUID, let operation = JournalRow.decode(row), let target = operation.operation.target,
               let email = operation.email {
                // The server said where the message now is (COPYUID): give the local copy its UID,
                // so the next sync recognises it instead of downloading it again.
                try db.execute(sql: "UPDATE email_folder SET imap_uid = ? WHERE email_id = ? AND folder_id = ? AND imap_uid IS NULL",
                               arguments: [Int64(newUID), email.rawValue, target.rawValue])
            }
            try db.execute(sql: "DELETE FROM pending_operation WHERE id = ?", arguments: [id.rawValue])
        }
    }

    public func postpone(_ id: PendingOperationID, attempts: Int, retryAt: Date, error: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE pending_operation SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
                           arguments: [attempts, Millis.from(retryAt), error, id.rawValue])
        }
    }

    public func fail(_ id: PendingOperationID, error: String) throws(StoreError) {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM pending_operation WHERE id = ?", arguments: [id.rawValue]),
                  let operation = JournalRow.decode(row) else { return }
            try db.execute(sql: "UPDATE pending_operation SET state = 'failed', attempts = attempts + 1, last_error = ? WHERE id = ?",
                           arguments: [error, id.rawValue])
            try JournalRow.revert(operation, db)
        }
    }

    public func retry(_ id: PendingOperationID, at date: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                UPDATE pending_operation SET state = 'pending', attempts = 0, next_attempt_at = ?, last_error = NULL WHERE id = ?
                """, arguments: [Millis.from(date), id.rawValue])
        }
    }

    public func dismiss(_ id: PendingOperationID) throws(StoreError) {
        try write { db in try db.execute(sql: "DELETE FROM pending_operation WHERE id = ?", arguments: [id.rawValue]) }
    }
}

/// Row coding of `pending_operation`.
enum JournalRow {
    static func insert(_ operation: ServerOperation, plan: ActionPlan, email: EmailID?, messageID: String?,
                       at date: Date, _ db: Database) throws -> PendingOperation {
        let validity = try Int64.fetchOne(db, sql: "SELECT uid_validity FROM folder WHERE id = ?", arguments: [operation.folder.rawValue])
            .flatMap { UInt32(exactly: $0) }
        var kind = "store", target: Int64? = nil, flag: String? = nil, add: Bool? = nil
        switch operation {
        case .store(_, _, let f, let a): flag = f.rawValue; add = a
        case .move(_, _, let to): kind = "move"; target = to.rawValue
        case .copy(_, _, let to): kind = "copy"; target = to.rawValue
        case .expunge: kind = "expunge"
        }
        try db.execute(sql: """
            INSERT INTO pending_operation (account_id, email_id, action, kind, folder_id, uid, target_folder_id, flag, flag_add,
                                           created_at, next_attempt_at, uid_validity, message_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [plan.account.rawValue, email?.rawValue, plan.action.description, kind, operation.folder.rawValue,
                             Int64(operation.uid), target, flag, add, Millis.from(date), Millis.from(date),
                             validity.map { Int64($0) }, messageID])
        return PendingOperation(id: PendingOperationID(db.lastInsertedRowID), account: plan.account, email: email,
                                action: plan.action.description, operation: operation, createdAt: date, nextAttemptAt: date,
                                uidValidity: validity, messageID: messageID)
    }

    static func decode(_ row: Row) -> PendingOperation? {
        let folder = FolderID(row["folder_id"] as Int64)
        guard let uid = UInt32(exactly: row["uid"] as Int64) else { return nil }
        let operation: ServerOperation
        switch row["kind"] as String {
        case "store":
            guard let flag = ActionFlag(rawValue: row["flag"] as String? ?? ""), let add = row["flag_add"] as Bool? else { return nil }
            operation = .store(folder: folder, uid: uid, flag: flag, add: add)
        case "move":
            guard let target = row["target_folder_id"] as Int64? else { return nil }
            operation = .move(folder: folder, uid: uid, to: FolderID(target))
        case "copy":
            guard let target = row["target_folder_id"] as Int64? else { return nil }
            operation = .copy(folder: folder, uid: uid, to: FolderID(target))
        case "expunge":
            operation = .expunge(folder: folder, uid: uid)
        default:
            return nil
        }
        return PendingOperation(
            id: PendingOperationID(row["id"] as Int64), account: AccountID(row["account_id"] as Int64),
            email: (row["email_id"] as Int64?).map(EmailID.init(rawValue:)), action: row["action"],
            operation: operation, createdAt: Millis.date(row["created_at"] as Int64), attempts: row["attempts"],
            nextAttemptAt: Millis.date(row["next_attempt_at"] as Int64),
            state: PendingOperation.State(rawValue: row["state"] as String) ?? .pending, lastError: row["last_error"],
            uidValidity: (row["uid_validity"] as Int64?).flatMap { UInt32(exactly: $0) }, messageID: row["message_id"])
    }

    /// Server state is authoritative: when an operation finally fails, the local store goes back
    /// to what the server still has.
    static func revert(_ operation: PendingOperation, _ db: Database) throws {
        switch operation.operation {
        case .store(let folder, _, _, _):
            // The next sync fetches every flag of the folder (no CHANGEDSINCE shortcut).
            try db.execute(sql: "UPDATE folder SET highest_mod_seq = NULL WHERE id = ?", arguments: [folder.rawValue])
        case .move(let folder, let uid, let target):
            guard let email = operation.email else { return }
            try Cascade.link(email, to: folder, imapUID: uid, db)
            let uidless = try Bool.fetchOne(db, sql: "SELECT 1 FROM email_folder WHERE email_id = ? AND folder_id = ? AND imap_uid IS NULL",
                                            arguments: [email.rawValue, target.rawValue]) ?? false
            if uidless { try Cascade.unlink(email, from: target, db) }
        case .copy(_, _, let target):
            // The copy never happened: the message is not in the target on the server.
            guard let email = operation.email else { return }
            let uidless = try Bool.fetchOne(db, sql: "SELECT 1 FROM email_folder WHERE email_id = ? AND folder_id = ? AND imap_uid IS NULL",
                                            arguments: [email.rawValue, target.rawValue]) ?? false
            if uidless { try Cascade.unlink(email, from: target, db) }
        case .expunge(let folder, let uid):
            guard let email = operation.email else { return }
            try Cascade.link(email, to: folder, imapUID: uid, db)
        }
    }
}
