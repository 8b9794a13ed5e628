import Foundation
import GRDB
import HearthCore

extension MailStore: LocalCompositionLookup {
    public func localCompositionMessageIDs(account: AccountID) throws(StoreError) -> Set<String> {
        try read { db in
            Set(try String.fetchAll(db, cachedSQL: """
                SELECT e.message_id FROM outbox o JOIN email e ON e.id = o.email_id
                WHERE o.account_id = ? AND e.message_id IS NOT NULL
                """, arguments: [account.rawValue]))
        }
    }
}

extension MailStore: OutboxRepository {
    /// A new draft is one email row (in the account's Drafts folder, threaded with what it
    /// answers, `is_draft`), one `outbox` row and its attachments, in ONE transaction. Saving
    /// again replaces the content (only while it is a draft).
    public func saveDraft(_ message: ComposedMessage, account: AccountID, id: EmailID?, at date: Date) throws(StoreError) -> EmailID {
        let assigner = self.assigner
        return try write { db in
            let composition = try OutboxCoding.composition(message)
            if let id {
                guard let phase = try String.fetchOne(db, sql: "SELECT phase FROM outbox WHERE email_id = ?", arguments: [id.rawValue]) else {
                    throw StoreError.notFound("draft \(id)")
                }
                guard phase == OutboxPhase.draft.rawValue else {
                    throw StoreError.constraintViolation("message \(id) is not a draft (\(phase)); return it to drafts first")
                }
                let email = OutboxCoding.email(for: message, account: account, at: date)
                try db.execute(sql: """
                    UPDATE email SET "references" = ?, in_reply_to = ?, from_address = ?, from_name = ?,
                        to_addresses = ?, to_names = ?, cc_addresses = ?, cc_names = ?, bcc_addresses = ?, bcc_names = ?,
                        reply_to_addresses = ?, reply_to_names = ?, subject = ?, normalized_subject = ?,
                        body_plain = ?, body_html = NULL, snippet = ?, has_attachments = ?, size_bytes = ?
                    WHERE id = ?
                    """, arguments: [
                        ColumnCoding.references(email.references), email.inReplyTo, email.from?.address, email.from?.name,
                        ColumnCoding.addresses(email.to), ColumnCoding.names(email.to),
                        ColumnCoding.addresses(email.cc), ColumnCoding.names(email.cc),
                        ColumnCoding.addresses(email.bcc), ColumnCoding.names(email.bcc),
                        ColumnCoding.addresses(email.replyTo), ColumnCoding.names(email.replyTo),
                        email.subject, SubjectNormalizer.normalize(email.subject), email.bodyPlain, email.snippet,
                        email.hasAttachments, email.sizeBytes, id.rawValue,
                    ])
                try db.execute(sql: "UPDATE outbox SET composition = ?, saved_at = ? WHERE email_id = ?",
                               arguments: [composition, Millis.from(date), id.rawValue])
                try OutboxCoding.replaceAttachments(message.attachments, of: id, db)
                if let thread = try Int64.fetchOne(db, sql: "SELECT thread_id FROM email WHERE id = ?", arguments: [id.rawValue]) {
                    try ThreadMaintenance.refresh([ThreadID(thread)], db)
                }
                return id
            }
            let folder = try OutboxCoding.folder(of: .drafts, name: "Drafts", account: account, db)
            let email = OutboxCoding.email(for: message, account: account, at: date)
            let key = MessageMapping.threadingKey(for: email)
            let graph = ThreadGraph(db)
            let thread = try assigner.assign(key, in: graph)
            try db.cachedStatement(sql: EmailInsert.sql).execute(arguments: EmailInsert.arguments(email, thread: thread, key: key))
            let newID = EmailID(db.lastInsertedRowID)
            if let messageID = key.messageID, !messageID.isEmpty {
                try db.execute(sql: "UPDATE thread_node SET email_id = ? WHERE account_id = ? AND message_id = ? AND email_id IS NULL",
                               arguments: [newID.rawValue, account.rawValue, messageID])
            }
            try db.execute(sql: "INSERT INTO email_folder (email_id, folder_id, imap_uid) VALUES (?, ?, NULL)",
                           arguments: [newID.rawValue, folder.rawValue])
            try Cascade.adjustCounts(folder, total: 1, unread: 0, db)
            try ThreadMaintenance.refresh(graph.touched.union([thread]), db)
            try db.execute(sql: """
                INSERT INTO outbox (email_id, account_id, phase, composition, saved_at) VALUES (?, ?, 'draft', ?, ?)
                """, arguments: [newID.rawValue, account.rawValue, composition, Millis.from(date)])
            try OutboxCoding.replaceAttachments(message.attachments, of: newID, db)
            return newID
        }
    }

    public func outboxEntry(_ id: EmailID) throws(StoreError) -> OutboxEntry? {
        try read { db in
            try Row.fetchOne(db, sql: OutboxCoding.select + " WHERE o.email_id = ?", arguments: [id.rawValue])
                .map { try OutboxCoding.entry($0, db) }
        }
    }

    public func outboxEntries(account: AccountID?, includeDrafts: Bool) throws(StoreError) -> [OutboxEntry] {
        try read { db in
            var conditions: [String] = []
            var arguments: StatementArguments = []
            if let account { conditions.append("o.account_id = ?"); arguments += [account.rawValue] }
            if !includeDrafts { conditions.append("o.phase <> 'draft'") }
            let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
            return try Row.fetchAll(db, sql: OutboxCoding.select + filter + " ORDER BY o.email_id", arguments: arguments)
                .map { try OutboxCoding.entry($0, db) }
        }
    }

    public func apply(_ transition: OutboxTransition, to id: EmailID, at date: Date) throws(StoreError) -> Bool {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT o.phase, e.send_state FROM outbox o JOIN email e ON e.id = o.email_id WHERE o.email_id = ?
                """, arguments: [id.rawValue]) else { throw StoreError.notFound("outbox message \(id)") }
            let current = OutboxStateKey(OutboxPhase(rawValue: row[0]) ?? .draft, SendState(rawValue: row[1]) ?? .none)
            guard transition.from.contains(current) else { return false }
            var outboxSets = ["phase = ?"]
            var outboxArgs: StatementArguments = [transition.phase.rawValue]
            if let v = transition.undoDeadline { outboxSets.append("undo_deadline = ?"); outboxArgs += [Millis.from(v)] }
            if let v = transition.ownerPID { outboxSets.append("owner_pid = ?"); outboxArgs += [v.map { Int64($0) }] }
            if let v = transition.rendered { outboxSets.append("rendered = ?"); outboxArgs += [v] }
            if let v = transition.sentCopy { outboxSets.append("sent_copy = ?"); outboxArgs += [v.rawValue] }
            try db.execute(sql: "UPDATE outbox SET \(outboxSets.joined(separator: ", ")) WHERE email_id = ?",
                           arguments: outboxArgs + [id.rawValue])
            var emailSets = ["send_state = ?", "is_draft = ?"]
            var emailArgs: StatementArguments = [transition.sendState.rawValue, transition.phase == .draft]
            if let v = transition.retryCount { emailSets.append("send_retry_count = ?"); emailArgs += [v] }
            if let v = transition.queuedDate { emailSets.append("send_queued_date = ?"); emailArgs += [Millis.from(v)] }
            if let v = transition.nextAttempt { emailSets.append("send_next_attempt = ?"); emailArgs += [Millis.from(v)] }
            if let v = transition.lastError { emailSets.append("send_error = ?"); emailArgs += [v] }
            try db.execute(sql: "UPDATE email SET \(emailSets.joined(separator: ", ")) WHERE id = ?",
                           arguments: emailArgs + [id.rawValue])
            return true
        }
    }

    public func markSent(_ id: EmailID, raw: Data, sentCopy: SentCopyState, at date: Date) throws(StoreError) {
        try write { db in
            guard let account = try Int64.fetchOne(db, sql: "SELECT account_id FROM outbox WHERE email_id = ?", arguments: [id.rawValue]) else {
                throw StoreError.notFound("outbox message \(id)")
            }
            let ms = Millis.from(date)
            try db.execute(sql: """
                UPDATE email SET send_state = 'sent', is_draft = 0, send_next_attempt = NULL, send_error = NULL,
                    date_sent = ?, sort_date = ?, size_bytes = ? WHERE id = ?
                """, arguments: [ms, ms, raw.count, id.rawValue])
            try db.execute(sql: "INSERT OR REPLACE INTO email_source (email_id, raw) VALUES (?, ?)", arguments: [id.rawValue, raw])
            try db.execute(sql: "UPDATE outbox SET phase = 'ready', rendered = NULL, sent_copy = ? WHERE email_id = ?",
                           arguments: [sentCopy.rawValue, id.rawValue])
            let sent = try OutboxCoding.folder(of: .sent, name: "Sent", account: AccountID(account), db)
            try Cascade.link(id, to: sent, imapUID: nil, db)
            let others = try Int64.fetchAll(db, sql: """
                SELECT ef.folder_id FROM email_folder ef JOIN folder f ON f.id = ef.folder_id
                WHERE ef.email_id = ? AND f.folder_type = 'drafts'
                """, arguments: [id.rawValue])
            for folder in others { try Cascade.unlink(id, from: FolderID(folder), db) }
            if let thread = try Int64.fetchOne(db, sql: "SELECT thread_id FROM email WHERE id = ?", arguments: [id.rawValue]) {
                try ThreadMaintenance.refresh([ThreadID(thread)], db)
            }
        }
    }

    public func setServerDraft(_ copy: ServerDraftCopy?, for id: EmailID) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                UPDATE outbox SET server_draft_mailbox = ?, server_draft_uid = ?, server_draft_uidvalidity = ?,
                    server_draft_saved_at = ? WHERE email_id = ?
                """, arguments: [copy?.mailbox, copy?.uid.map { Int64($0) }, copy?.uidValidity.map { Int64($0) },
                                 Millis.from(copy?.savedAt), id.rawValue])
        }
    }

    public func setSentCopy(_ state: SentCopyState, for id: EmailID) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE outbox SET sent_copy = ? WHERE email_id = ?", arguments: [state.rawValue, id.rawValue])
        }
    }

    public func finishOutbox(_ id: EmailID) throws(StoreError) {
        try write { db in try db.execute(sql: "DELETE FROM outbox WHERE email_id = ?", arguments: [id.rawValue]) }
    }

    public func discard(_ id: EmailID) throws(StoreError) {
        try write { db in try Cascade.deleteEmail(id, db) }
    }
}

/// Row ↔ outbox model mapping.
enum OutboxCoding {
    static let select = """
        SELECT o.email_id, o.account_id, o.phase, o.composition, o.saved_at, o.undo_deadline, o.owner_pid,
               o.rendered, o.server_draft_mailbox, o.server_draft_uid, o.server_draft_uidvalidity,
               o.server_draft_saved_at, o.sent_copy, e.send_state, e.send_retry_count, e.send_queued_date,
               e.send_next_attempt, e.send_error
        FROM outbox o JOIN email e ON e.id = o.email_id
        """

    static func entry(_ row: Row, _ db: Database) throws -> OutboxEntry {
        let id = EmailID(row["email_id"] as Int64)
        var message = try JSONDecoder().decode(ComposedMessage.self, from: Data((row["composition"] as String).utf8))
        message.attachments = try Row.fetchAll(db, sql: """
            SELECT filename, mime_type, content_id, data FROM outbox_attachment WHERE email_id = ? ORDER BY position
            """, arguments: [id.rawValue]).map {
                ComposedAttachment(filename: $0["filename"], mimeType: $0["mime_type"], data: $0["data"], contentID: $0["content_id"])
            }
        let draftMailbox: String? = row["server_draft_mailbox"]
        return OutboxEntry(
            emailID: id, accountID: AccountID(row["account_id"] as Int64),
            phase: OutboxPhase(rawValue: row["phase"]) ?? .draft, message: message,
            sendState: SendState(rawValue: row["send_state"]) ?? .none, retryCount: row["send_retry_count"],
            queuedDate: Millis.date(row["send_queued_date"] as Int64?), nextAttempt: Millis.date(row["send_next_attempt"] as Int64?),
            lastError: row["send_error"], undoDeadline: Millis.date(row["undo_deadline"] as Int64?),
            ownerPID: (row["owner_pid"] as Int64?).map { Int32(truncatingIfNeeded: $0) },
            rendered: row["rendered"], savedAt: Millis.date(row["saved_at"] as Int64),
            serverDraft: draftMailbox.map { mailbox in
                ServerDraftCopy(mailbox: mailbox, uid: (row["server_draft_uid"] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
                                uidValidity: (row["server_draft_uidvalidity"] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
                                savedAt: Millis.date(row["server_draft_saved_at"] as Int64?) ?? .distantPast)
            },
            sentCopy: SentCopyState(rawValue: row["sent_copy"]) ?? .none)
    }

    /// The composition as JSON, without attachment bytes (they have their own table).
    static func composition(_ message: ComposedMessage) throws -> String {
        var copy = message
        copy.attachments = []
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(copy), as: UTF8.self)
    }

    static func replaceAttachments(_ attachments: [ComposedAttachment], of id: EmailID, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM outbox_attachment WHERE email_id = ?", arguments: [id.rawValue])
        for (position, a) in attachments.enumerated() {
            try db.execute(sql: """
                INSERT INTO outbox_attachment (email_id, position, filename, mime_type, content_id, data) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [id.rawValue, position, a.filename, a.mimeType, a.contentID, a.data])
        }
    }

    /// The email row a composed message shows as (the thread list and search read these).
    static func email(for m: ComposedMessage, account: AccountID, at date: Date) -> Email {
        let snippet = m.body.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return Email(
            accountID: account, messageID: m.messageID, inReplyTo: m.inReplyTo, references: m.references,
            from: m.from, to: m.to, cc: m.cc, bcc: m.bcc, replyTo: m.replyTo, subject: m.subject,
            bodyPlain: m.body, snippet: String(snippet.prefix(100)), dateReceived: date, isRead: true, isDraft: true,
            hasAttachments: !m.attachments.isEmpty,
            sizeBytes: m.body.utf8.count + m.attachments.reduce(0) { $0 + $1.data.count })
    }

    /// The account's folder of this role (lowest id), created locally when the account has none
    /// yet (a local folder is reconciled by sync when it maps the server's folders).
    static func folder(of type: FolderType, name: String, account: AccountID, _ db: Database) throws -> FolderID {
        if let id = try Int64.fetchOne(db, sql: "SELECT id FROM folder WHERE account_id = ? AND folder_type = ? ORDER BY id LIMIT 1",
                                       arguments: [account.rawValue, type.rawValue]) {
            return FolderID(id)
        }
        try db.execute(sql: """
            INSERT INTO folder (account_id, name, imap_path, folder_type) VALUES (?, ?, ?, ?)
            ON CONFLICT (account_id, imap_path) DO UPDATE SET folder_type = excluded.folder_type
            """, arguments: [account.rawValue, name, name, type.rawValue])
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM folder WHERE account_id = ? AND imap_path = ?",
                                          arguments: [account.rawValue, name]) else {
            throw StoreError.constraintViolation("cannot create the \(name) folder")
        }
        return FolderID(id)
    }
}
