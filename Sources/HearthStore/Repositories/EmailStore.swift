import Foundation
import GRDB
import HearthCore
import HearthThreading

extension MailStore: EmailRepository {
    /// Stores, threads and links a batch in ONE write transaction:
    /// for each message, `ThreadAssigner.assign` over `ThreadGraph` (nodes, merges), then the
    /// email row, its own node pointed at it, its folder association, attachments and raw
    /// source. At the end, every touched thread's metadata is recomputed once and folder counts
    /// are adjusted once per folder. Any failure rolls the whole batch back.
    public func insert(_ messages: [NewMessage]) throws(StoreError) -> [EmailID] {
        guard !messages.isEmpty else { return [] }
        let assigner = self.assigner
        return try write { db in
            let graph = ThreadGraph(db)
            let insertEmail = try db.cachedStatement(sql: EmailInsert.sql)
            let claimNode = try db.cachedStatement(sql: """
                UPDATE thread_node SET email_id = ? WHERE account_id = ? AND message_id = ? AND email_id IS NULL
                """)
            let insertLink = try db.cachedStatement(sql: """
                INSERT INTO email_folder (email_id, folder_id, imap_uid) VALUES (?, ?, ?)
                """)
            let insertAttachment = try db.cachedStatement(sql: """
                INSERT INTO attachment (email_id, filename, mime_type, size_bytes, part_path, content_id, is_inline)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            let insertSource = try db.cachedStatement(sql: "INSERT INTO email_source (email_id, raw) VALUES (?, ?)")
            let folderAccount = try db.cachedStatement(sql: "SELECT account_id FROM folder WHERE id = ?")

            var folderAccounts: [FolderID: Int64] = [:]
            var deltas: [FolderID: (total: Int, unread: Int)] = [:]
            var ids: [EmailID] = []
            ids.reserveCapacity(messages.count)

            for message in messages {
                let email = message.email
                let key = message.threadingKey
                guard key.accountID == email.accountID else {
                    throw StoreError.constraintViolation("threading key and email of different accounts")
                }
                let owner: Int64
                if let known = folderAccounts[message.folderID] {
                    owner = known
                } else {
                    guard let found = try Int64.fetchOne(folderAccount, arguments: [message.folderID.rawValue]) else {
                        throw StoreError.constraintViolation("folder \(message.folderID) does not exist")
                    }
                    folderAccounts[message.folderID] = found
                    owner = found
                }
                guard owner == email.accountID.rawValue else {
                    throw StoreError.constraintViolation(
                        "folder \(message.folderID) does not belong to account \(email.accountID)")
                }

                let thread = try assigner.assign(key, in: graph)
                try insertEmail.execute(arguments: EmailInsert.arguments(email, thread: thread, key: key))
                let id = db.lastInsertedRowID
                ids.append(EmailID(id))
                if let messageID = key.messageID, !messageID.isEmpty {
                    try claimNode.execute(arguments: [id, email.accountID.rawValue, messageID])
                }
                try insertLink.execute(arguments: [id, message.folderID.rawValue, message.imapUID.map { Int64($0) }])
                deltas[message.folderID, default: (0, 0)].total += 1
                if !email.isRead { deltas[message.folderID, default: (0, 0)].unread += 1 }
                for a in message.attachments {
                    try insertAttachment.execute(arguments: [
                        id, a.filename, a.mimeType, a.sizeBytes, a.partPath, a.contentID, a.isInline,
                    ])
                }
                if let raw = message.rawSource {
                    try insertSource.execute(arguments: [id, raw])
                }
                try SignalHeaderRows.insert(id, message.signalHeaders, db)
            }
            try ThreadMaintenance.refresh(graph.touched, db)
            for (folder, delta) in deltas {
                try Cascade.adjustCounts(folder, total: delta.total, unread: delta.unread, db)
            }
            return ids
        }
    }

    public func email(_ id: EmailID) throws(StoreError) -> Email? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(Email.columns) FROM email WHERE id = ?",
                             arguments: [id.rawValue]).map(Email.init(row:))
        }
    }

    /// Oldest first in `ConversationOrder`: by date, a reply after its parent within the same
    /// second, then by arrival.
    public func emails(inThread id: ThreadID) throws(StoreError) -> [Email] {
        let rows = try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Email.columns) FROM email WHERE thread_id = ? ORDER BY sort_date, date_received, id",
                             arguments: [id.rawValue]).map(Email.init(row:))
        }
        return ConversationOrder.sorted(rows)
    }

    public func attachments(of id: EmailID) throws(StoreError) -> [Attachment] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT \(Attachment.columns) FROM attachment WHERE email_id = ? ORDER BY id",
                             arguments: [id.rawValue]).map(Attachment.init(row:))
        }
    }

    public func folders(of id: EmailID) throws(StoreError) -> [EmailFolder] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT folder_id, imap_uid FROM email_folder WHERE email_id = ? ORDER BY folder_id",
                             arguments: [id.rawValue]).map { row in
                EmailFolder(emailID: id, folderID: FolderID(row[0] as Int64),
                            imapUID: (row[1] as Int64?).map { UInt32(truncatingIfNeeded: $0) })
            }
        }
    }

    /// One range scan of the `email_folder(folder_id, imap_uid)` index.
    public func uids(in folder: FolderID) throws(StoreError) -> [UInt32: EmailID] {
        try read { db in
            var result: [UInt32: EmailID] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT imap_uid, email_id FROM email_folder WHERE folder_id = ? AND imap_uid IS NOT NULL
                """, arguments: [folder.rawValue])
            while let row = try rows.next() {
                result[UInt32(truncatingIfNeeded: row[0] as Int64)] = EmailID(row[1] as Int64)
            }
            return result
        }
    }

    public func rawSource(of id: EmailID) throws(StoreError) -> Data? {
        try read { db in
            try Data.fetchOne(db, sql: "SELECT raw FROM email_source WHERE email_id = ?", arguments: [id.rawValue])
        }
    }

    public func existingEmail(account: AccountID, messageID: String, sizeBytes: Int) throws(StoreError) -> EmailID? {
        try read { db in
            try Int64.fetchOne(db, cachedSQL: """
                SELECT id FROM email WHERE account_id = ? AND message_id = ? AND size_bytes = ? ORDER BY id LIMIT 1
                """, arguments: [account.rawValue, messageID, sizeBytes]).map(EmailID.init(rawValue:))
        }
    }

    public func link(_ id: EmailID, to folder: FolderID, imapUID: UInt32?) throws(StoreError) {
        try write { db in _ = try Cascade.link(id, to: folder, imapUID: imapUID, db) }
    }

    public func unlink(_ id: EmailID, from folder: FolderID) throws(StoreError) {
        try write { db in try Cascade.unlink(id, from: folder, db) }
    }

    public func delete(_ id: EmailID) throws(StoreError) {
        try write { db in try Cascade.deleteEmail(id, db) }
    }
}

/// The email INSERT of the hot path.
enum EmailInsert {
    static let sql = """
        INSERT INTO email (
            account_id, thread_id, message_id, in_reply_to, "references", from_address, from_name,
            to_addresses, to_names, cc_addresses, cc_names, bcc_addresses, bcc_names,
            reply_to_addresses, reply_to_names, subject, normalized_subject, is_headerless,
            body_plain, body_html, snippet, date_received, date_sent, sort_date, is_read,
            is_starred, is_draft, is_deleted, is_answered, has_attachments, ai_category,
            ai_summary, size_bytes, send_state, send_retry_count, send_queued_date,
            send_next_attempt, send_error, gmail_msgid, list_id, is_automated, is_reply
        ) VALUES (\(Array(repeating: "?", count: 42).joined(separator: ", ")))
        """

    static func arguments(_ e: Email, thread: ThreadID, key: ThreadingKey) -> StatementArguments {
        let values: [(any DatabaseValueConvertible)?] = [
            e.accountID.rawValue, thread.rawValue, e.messageID, e.inReplyTo,
            ColumnCoding.references(e.references), e.from?.address, e.from?.name,
            ColumnCoding.addresses(e.to), ColumnCoding.names(e.to),
            ColumnCoding.addresses(e.cc), ColumnCoding.names(e.cc),
            ColumnCoding.addresses(e.bcc), ColumnCoding.names(e.bcc),
            ColumnCoding.addresses(e.replyTo), ColumnCoding.names(e.replyTo),
            e.subject, key.normalizedSubject, key.isHeaderless,
            e.bodyPlain, e.bodyHTML, e.snippet,
            Millis.from(e.dateReceived), Millis.from(e.dateSent), Millis.from(e.sortDate),
            e.isRead, e.isStarred, e.isDraft, e.isDeleted, e.isAnswered, e.hasAttachments,
            e.aiCategory.rawValue, e.aiSummary, e.sizeBytes, e.sendState.rawValue,
            e.sendRetryCount, Millis.from(e.sendQueuedDate), Millis.from(e.sendNextAttempt),
            e.sendError, e.gmailMessageID.map { Int64(bitPattern: $0) }, e.listID,
            key.isAutomated, key.isReply,
        ]
        return StatementArguments(values)
    }
}
