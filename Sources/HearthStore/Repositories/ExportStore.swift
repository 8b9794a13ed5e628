import Foundation
import GRDB
import HearthCore

extension MailStore: MailExportSource {
    /// Email ids of a folder, oldest first (an export keeps the mailbox's order). Mail waiting
    /// in the outbox or deleted locally is not part of the mailbox and is left out.
    public func emailIDs(inFolder folder: FolderID) throws(StoreError) -> [EmailID] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT e.id FROM email_folder ef JOIN email e ON e.id = ef.email_id
                WHERE ef.folder_id = ? AND e.is_deleted = 0 AND e.send_state IN ('none', 'sent')
                ORDER BY e.sort_date, e.id
                """, arguments: [folder.rawValue]).map(EmailID.init)
        }
    }
}
