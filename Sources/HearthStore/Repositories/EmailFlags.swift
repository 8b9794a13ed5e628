import Foundation
import GRDB
import HearthCore

extension MailStore {
    /// One write transaction; see `EmailFlags.apply`.
    public func setFlags(_ id: EmailID, isRead: Bool?, isStarred: Bool?, isAnswered: Bool?,
                         isDraft: Bool?) throws(StoreError) {
        try write { db in
            try EmailFlags.apply(id, isRead: isRead, isStarred: isStarred, isAnswered: isAnswered, isDraft: isDraft, db)
        }
    }
}

enum EmailFlags {
    /// The email row, then (only when `isRead` really changed) the unread counts of each folder
    /// it is linked to, then its thread's metadata through `ThreadMaintenance.refresh`
    /// (unreadCount, isStarred). A no-op change writes nothing. Runs inside the caller's
    /// transaction, so an action can change flags and journal itself atomically.
    static func apply(_ id: EmailID, isRead: Bool?, isStarred: Bool?, isAnswered: Bool?, isDraft: Bool?,
                      _ db: Database) throws {
        guard let row = try Row.fetchOne(db, cachedSQL: """
            SELECT thread_id, is_read, is_starred, is_answered, is_draft FROM email WHERE id = ?
            """, arguments: [id.rawValue]) else {
            throw StoreError.notFound("email \(id)")
        }
        let wasRead: Bool = row[1], wasStarred: Bool = row[2]
        let wasAnswered: Bool = row[3], wasDraft: Bool = row[4]
        let read = isRead ?? wasRead, starred = isStarred ?? wasStarred
        let answered = isAnswered ?? wasAnswered, draft = isDraft ?? wasDraft
        guard (read, starred, answered, draft) != (wasRead, wasStarred, wasAnswered, wasDraft) else { return }

        try db.cachedStatement(sql: """
            UPDATE email SET is_read = ?, is_starred = ?, is_answered = ?, is_draft = ? WHERE id = ?
            """).execute(arguments: [read, starred, answered, draft, id.rawValue])
        if read != wasRead {
            let folders = try Int64.fetchAll(db, cachedSQL: "SELECT folder_id FROM email_folder WHERE email_id = ?",
                                             arguments: [id.rawValue])
            for folder in folders {
                try Cascade.adjustCounts(FolderID(folder), total: 0, unread: read ? -1 : 1, db)
            }
        }
        if read != wasRead || starred != wasStarred {
            try ThreadMaintenance.refresh([ThreadID(row[0] as Int64)], db)
        }
    }
}
