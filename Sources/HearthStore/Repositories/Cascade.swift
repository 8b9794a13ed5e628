import Foundation
import GRDB
import HearthCore

/// FR-FOUND-03's delete rules that foreign keys cannot express, and the bookkeeping every
/// association change needs (folder counts, thread metadata, thread_folder rows). Everything here
/// runs inside the caller's write transaction.
///
/// - Account: `ON DELETE CASCADE` from `account` reaches every table (see `AccountStore`).
/// - Email: `ON DELETE CASCADE` removes its email_folder, attachment, email_source and
///   search_index rows; its thread node becomes a ghost (`ON DELETE SET NULL`) unless another
///   email with the same Message-ID takes it over; its thread is recomputed, or deleted if empty.
/// - Folder / unlink: removing an email's last association deletes the email when the folder
///   was Trash, and otherwise links it to the account's archive folder (created if missing).
enum Cascade {
    static func folder(_ id: FolderID, _ db: Database) throws -> Folder? {
        try Row.fetchOne(db, sql: "SELECT \(Folder.columns) FROM folder WHERE id = ?",
                         arguments: [id.rawValue]).map(Folder.init(row:))
    }

    // MARK: Folders

    static func deleteFolder(_ id: FolderID, _ db: Database) throws {
        guard let folder = try folder(id, db) else { throw StoreError.notFound("folder \(id)") }
        // Emails whose only association is this folder become orphans once it is gone.
        let orphans = try Int64.fetchAll(db, sql: """
            SELECT ef.email_id FROM email_folder ef
            WHERE ef.folder_id = ?
              AND NOT EXISTS (SELECT 1 FROM email_folder o
                              WHERE o.email_id = ef.email_id AND o.folder_id <> ef.folder_id)
            """, arguments: [id.rawValue]).map(EmailID.init(rawValue:))
        let threads = try Int64.fetchAll(db, sql: """
            SELECT DISTINCT e.thread_id FROM email_folder ef JOIN email e ON e.id = ef.email_id
            WHERE ef.folder_id = ?
            """, arguments: [id.rawValue]).map(ThreadID.init(rawValue:))
        // Cascades to email_folder and thread_folder rows of the folder.
        try db.execute(sql: "DELETE FROM folder WHERE id = ?", arguments: [id.rawValue])
        var touched = Set(threads)
        try settleOrphans(orphans, removedFrom: folder, touched: &touched, db)
        try ThreadMaintenance.refresh(touched, db)
    }

    /// Applies the last-association rule to emails that were just left in no folder.
    static func settleOrphans(_ orphans: [EmailID], removedFrom folder: Folder,
                              touched: inout Set<ThreadID>, _ db: Database) throws {
        guard !orphans.isEmpty else { return }
        if folder.folderType == .trash {
            for email in orphans {
                if let thread = try deleteEmailRow(email, db) { touched.insert(thread) }
            }
        } else {
            let archive = try archiveFolder(account: folder.accountID, excluding: folder.id, db)
            for email in orphans {
                _ = try link(email, to: archive, imapUID: nil, db)
            }
        }
    }

    /// The account's archive folder (type `archive`, lowest id), created as a local folder named
    /// "Archive" (IMAP path "Archive") when the account has none.
    static func archiveFolder(account: AccountID, excluding: FolderID?, _ db: Database) throws -> FolderID {
        if let id = try Int64.fetchOne(db, sql: """
            SELECT id FROM folder WHERE account_id = ? AND folder_type = 'archive' AND id IS NOT ?
            ORDER BY id LIMIT 1
            """, arguments: [account.rawValue, excluding?.rawValue]) {
            return FolderID(id)
        }
        let id = try Int64.fetchOne(db, sql: """
            INSERT INTO folder (account_id, name, imap_path, folder_type)
            VALUES (?, 'Archive', 'Archive', 'archive')
            ON CONFLICT (account_id, imap_path) DO UPDATE SET folder_type = 'archive'
            RETURNING id
            """, arguments: [account.rawValue]).orThrow("archive folder of account \(account)")
        return FolderID(id)
    }

    // MARK: Associations

    /// Adds (or updates the UID of) an association. Returns true when it is new. Keeps folder
    /// counts and thread_folder in step; thread metadata does not depend on folders.
    @discardableResult
    static func link(_ email: EmailID, to folder: FolderID, imapUID: UInt32?, _ db: Database) throws -> Bool {
        guard let row = try Row.fetchOne(db, cachedSQL: "SELECT account_id, thread_id, is_read FROM email WHERE id = ?",
                                         arguments: [email.rawValue]) else {
            throw StoreError.notFound("email \(email)")
        }
        guard let folderAccount = try Int64.fetchOne(db, cachedSQL: "SELECT account_id FROM folder WHERE id = ?",
                                                     arguments: [folder.rawValue]) else {
            throw StoreError.notFound("folder \(folder)")
        }
        guard folderAccount == row[0] as Int64 else {
            throw StoreError.constraintViolation("email \(email) and folder \(folder) belong to different accounts")
        }
        let exists = try Bool.fetchOne(db, cachedSQL: "SELECT 1 FROM email_folder WHERE email_id = ? AND folder_id = ?",
                                       arguments: [email.rawValue, folder.rawValue]) ?? false
        if exists {
            if let imapUID {
                try db.cachedStatement(sql: "UPDATE email_folder SET imap_uid = ? WHERE email_id = ? AND folder_id = ?")
                    .execute(arguments: [Int64(imapUID), email.rawValue, folder.rawValue])
            }
            return false
        }
        try db.cachedStatement(sql: "INSERT INTO email_folder (email_id, folder_id, imap_uid) VALUES (?, ?, ?)")
            .execute(arguments: [email.rawValue, folder.rawValue, imapUID.map { Int64($0) }])
        let isRead: Bool = row[2]
        try adjustCounts(folder, total: 1, unread: isRead ? 0 : 1, db)
        try db.cachedStatement(sql: """
            INSERT OR IGNORE INTO thread_folder (thread_id, folder_id, latest_date)
            SELECT id, ?, latest_date FROM thread WHERE id = ?
            """).execute(arguments: [folder.rawValue, row[1] as Int64])
        return true
    }

    /// Removes one association, then applies the last-association rule.
    static func unlink(_ email: EmailID, from folderID: FolderID, _ db: Database) throws {
        guard let folder = try folder(folderID, db) else { throw StoreError.notFound("folder \(folderID)") }
        guard let row = try Row.fetchOne(db, sql: "SELECT thread_id, is_read FROM email WHERE id = ?",
                                         arguments: [email.rawValue]) else {
            throw StoreError.notFound("email \(email)")
        }
        try db.execute(sql: "DELETE FROM email_folder WHERE email_id = ? AND folder_id = ?",
                       arguments: [email.rawValue, folderID.rawValue])
        guard db.changesCount > 0 else { throw StoreError.notFound("email \(email) in folder \(folderID)") }
        let isRead: Bool = row[1]
        try adjustCounts(folderID, total: -1, unread: isRead ? 0 : -1, db)
        var touched: Set<ThreadID> = [ThreadID(row[0] as Int64)]
        let remaining = try Int.fetchOne(db, sql: "SELECT count(*) FROM email_folder WHERE email_id = ?",
                                         arguments: [email.rawValue]) ?? 0
        if remaining == 0 {
            try settleOrphans([email], removedFrom: folder, touched: &touched, db)
        }
        try ThreadMaintenance.refresh(touched, db)
    }

    // MARK: Emails

    /// Deletes an email and refreshes its thread (deleting the thread if it is now empty).
    static func deleteEmail(_ id: EmailID, _ db: Database) throws {
        guard let thread = try deleteEmailRow(id, db) else { throw StoreError.notFound("email \(id)") }
        try ThreadMaintenance.refresh([thread], db)
    }

    /// Deletes the email row (cascading to associations, attachments, source, search_index),
    /// decrements its folders' counts and hands its thread node to a same-Message-ID twin if
    /// there is one. Returns the thread to refresh, or nil if there was no such email.
    static func deleteEmailRow(_ id: EmailID, _ db: Database) throws -> ThreadID? {
        guard let row = try Row.fetchOne(db, cachedSQL: """
            SELECT account_id, thread_id, message_id, is_read FROM email WHERE id = ?
            """, arguments: [id.rawValue]) else { return nil }
        let isRead: Bool = row[3]
        let folders = try Int64.fetchAll(db, cachedSQL: "SELECT folder_id FROM email_folder WHERE email_id = ?",
                                         arguments: [id.rawValue])
        try db.cachedStatement(sql: "DELETE FROM email WHERE id = ?").execute(arguments: [id.rawValue])
        for folder in folders {
            try adjustCounts(FolderID(folder), total: -1, unread: isRead ? 0 : -1, db)
        }
        if let messageID: String = row[2] {
            // The node went ghost (ON DELETE SET NULL); a duplicate with the same id revives it.
            try db.cachedStatement(sql: """
                UPDATE thread_node SET email_id =
                    (SELECT min(id) FROM email WHERE account_id = ?1 AND message_id = ?2)
                WHERE account_id = ?1 AND message_id = ?2 AND email_id IS NULL
                """).execute(arguments: [row[0] as Int64, messageID])
        }
        return ThreadID(row[1] as Int64)
    }

    static func adjustCounts(_ folder: FolderID, total: Int, unread: Int, _ db: Database) throws {
        guard total != 0 || unread != 0 else { return }
        try db.cachedStatement(sql: """
            UPDATE folder SET total_count = max(0, total_count + ?), unread_count = max(0, unread_count + ?)
            WHERE id = ?
            """).execute(arguments: [total, unread, folder.rawValue])
    }
}

extension Row {
    static func fetchOne(_ db: Database, cachedSQL sql: String, arguments: StatementArguments) throws -> Row? {
        try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }
}

extension DatabaseValueConvertible where Self: StatementColumnConvertible {
    static func fetchOne(_ db: Database, cachedSQL sql: String, arguments: StatementArguments) throws -> Self? {
        try Self.fetchOne(db.cachedStatement(sql: sql), arguments: arguments)
    }

    static func fetchAll(_ db: Database, cachedSQL sql: String, arguments: StatementArguments) throws -> [Self] {
        try Self.fetchAll(db.cachedStatement(sql: sql), arguments: arguments)
    }
}
