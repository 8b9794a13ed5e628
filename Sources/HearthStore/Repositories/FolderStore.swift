import Foundation
import GRDB
import HearthCore

extension MailStore: FolderRepository {
    /// Inserts the folder, or updates the one with the same id (when set) or the same account and
    /// IMAP path. `unreadCount`/`totalCount` are maintained by the store and ignored here.
    public func upsert(_ folder: Folder) throws(StoreError) -> Folder {
        try write { db in
            let values: StatementArguments = [
                folder.name, folder.imapPath, folder.folderType.rawValue,
                folder.uidValidity.map { Int64($0) }, folder.uidNext.map { Int64($0) },
                folder.highestModSeq.map { Int64(bitPattern: $0) },
                Millis.from(folder.lastSyncDate), folder.isSelectable,
            ]
            let id: Int64
            if let existing = folder.id {
                try db.execute(sql: """
                    UPDATE folder SET name = ?, imap_path = ?, folder_type = ?, uid_validity = ?,
                        uid_next = ?, highest_modseq = ?, last_sync_date = ?, is_selectable = ?
                    WHERE id = ? AND account_id = ?
                    """, arguments: values + [existing.rawValue, folder.accountID.rawValue])
                if db.changesCount == 0 { throw StoreError.notFound("folder \(existing)") }
                id = existing.rawValue
            } else {
                id = try Int64.fetchOne(db, sql: """
                    INSERT INTO folder (name, imap_path, folder_type, uid_validity, uid_next,
                        highest_modseq, last_sync_date, is_selectable, account_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (account_id, imap_path) DO UPDATE SET
                        name = excluded.name, folder_type = excluded.folder_type,
                        uid_validity = excluded.uid_validity, uid_next = excluded.uid_next,
                        highest_modseq = excluded.highest_modseq,
                        last_sync_date = excluded.last_sync_date,
                        is_selectable = excluded.is_selectable
                    RETURNING id
                    """, arguments: values + [folder.accountID.rawValue]).orThrow("folder \(folder.imapPath)")
            }
            return try Cascade.folder(FolderID(id), db).orThrow("folder \(id)")
        }
    }

    public func folder(_ id: FolderID) throws(StoreError) -> Folder? {
        try read { db in try Cascade.folder(id, db) }
    }

    public func folders(account: AccountID) throws(StoreError) -> [Folder] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Folder.columns) FROM folder WHERE account_id = ? ORDER BY id",
                             arguments: [account.rawValue]).map(Folder.init(row:))
        }
    }

    /// Deletes the folder with FR-FOUND-03's rule (see `Cascade.deleteFolder`).
    public func delete(_ id: FolderID) throws(StoreError) {
        try write { db in try Cascade.deleteFolder(id, db) }
    }
}
