import Foundation
import GRDB
import HearthCore

extension MailStore: SentCopyRepository {
    public func adoptServerSentCopy(_ email: EmailID, copy: ServerSentCopy) throws(StoreError) -> Bool {
        let outcome = try write { db -> (linked: Bool, duplicates: [Int64]) in
            guard let row = try Row.fetchOne(db, sql: "SELECT account_id, message_id FROM email WHERE id = ?", arguments: [email.rawValue]) else {
                throw StoreError.notFound("email \(email)")
            }
            let account: Int64 = row[0]
            let messageID: String? = row[1]
            try db.execute(sql: "UPDATE email SET size_bytes = ? WHERE id = ?", arguments: [copy.sizeBytes, email.rawValue])
            guard let folder = try Row.fetchOne(db, sql: "SELECT id, uid_validity FROM folder WHERE account_id = ? AND imap_path = ?",
                                                arguments: [account, copy.folderPath]) else { return (false, []) }
            let folderID: Int64 = folder[0]
            let validity: Int64? = folder[1]
            if let validity, validity != Int64(copy.uidValidity) { return (false, []) }   // renumbered: the next sync relinks
            // A copy sync stored on its own (same Message-ID, other row): its folder links move
            // to our row, then it goes.
            var duplicates: [Int64] = []
            if let messageID {
                duplicates = try Int64.fetchAll(db, sql: "SELECT id FROM email WHERE account_id = ? AND message_id = ? AND id <> ?",
                                                arguments: [account, messageID, email.rawValue])
                for duplicate in duplicates {
                    for link in try Row.fetchAll(db, sql: "SELECT folder_id, imap_uid FROM email_folder WHERE email_id = ?", arguments: [duplicate]) {
                        let linkFolder: Int64 = link[0]
                        let uid: Int64? = link[1]
                        try Cascade.unlink(EmailID(duplicate), from: FolderID(linkFolder), db)
                        try Self.linkKeepingUID(email.rawValue, folder: linkFolder, uid: uid, db)
                    }
                }
            }
            try Self.linkKeepingUID(email.rawValue, folder: folderID, uid: Int64(copy.uid), db)
            return (true, duplicates)
        }
        for duplicate in outcome.duplicates { try delete(EmailID(duplicate)) }
        return outcome.linked
    }

    /// Links the email to the folder with `uid`, or sets the UID on a UID-less link; an existing
    /// UID is kept.
    private static func linkKeepingUID(_ email: Int64, folder: Int64, uid: Int64?, _ db: Database) throws {
        if let existing = try Row.fetchOne(db, sql: "SELECT imap_uid FROM email_folder WHERE email_id = ? AND folder_id = ?",
                                           arguments: [email, folder]) {
            let current: Int64? = existing[0]
            if current == nil, let uid {
                try db.execute(sql: "UPDATE email_folder SET imap_uid = ? WHERE email_id = ? AND folder_id = ?", arguments: [uid, email, folder])
            }
        } else {
            _ = try Cascade.link(EmailID(email), to: FolderID(folder), imapUID: uid.map { UInt32($0) }, db)
        }
    }
}
