import Foundation
import GRDB
import HearthCore

// Row ↔ model mapping, written by hand (no Codable) so the column layout is explicit and the
// hot paths stay allocation-light. Column lists are shared with the SELECTs that feed them.

extension Account {
    static let columns = """
        id, email, display_name, provider, auth_type, imap_host, imap_port, imap_security,
        imap_extra_ca_file, smtp_host, smtp_port, smtp_security, smtp_extra_ca_file,
        last_sync_date, is_active, sync_window_days, created_at
        """

    init(row: Row) {
        self.init(
            id: AccountID(row["id"] as Int64),
            email: row["email"], displayName: row["display_name"],
            provider: ProviderKind(rawValue: row["provider"]) ?? .local,
            authType: AuthType(rawValue: row["auth_type"]) ?? .local,
            imap: Self.endpoint(row, "imap"), smtp: Self.endpoint(row, "smtp"),
            lastSyncDate: Millis.date(row["last_sync_date"] as Int64?),
            isActive: row["is_active"], syncWindowDays: row["sync_window_days"],
            createdAt: Millis.date(row["created_at"] as Int64))
    }

    private static func endpoint(_ row: Row, _ prefix: String) -> ServerEndpoint? {
        guard let host: String = row["\(prefix)_host"] else { return nil }
        return ServerEndpoint(
            host: host, port: row["\(prefix)_port"] ?? 0,
            security: TransportSecurity(rawValue: row["\(prefix)_security"] ?? "") ?? .implicitTLS,
            extraCAFile: row["\(prefix)_extra_ca_file"])
    }

    /// Values for every column but `id`, in `columns` order.
    var columnValues: StatementArguments {
        [email, displayName, provider.rawValue, authType.rawValue,
         imap?.host, imap?.port, imap?.security.rawValue, imap?.extraCAFile,
         smtp?.host, smtp?.port, smtp?.security.rawValue, smtp?.extraCAFile,
         Millis.from(lastSyncDate), isActive, syncWindowDays, Millis.from(createdAt)]
    }
}

extension Folder {
    static let columns = """
        id, account_id, name, imap_path, folder_type, unread_count, total_count, uid_validity,
        uid_next, highest_modseq, last_sync_date, is_selectable
        """

    init(row: Row) {
        self.init(
            id: FolderID(row["id"] as Int64), accountID: AccountID(row["account_id"] as Int64),
            name: row["name"], imapPath: row["imap_path"],
            folderType: FolderType(rawValue: row["folder_type"]) ?? .custom,
            unreadCount: row["unread_count"], totalCount: row["total_count"],
            uidValidity: (row["uid_validity"] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
            uidNext: (row["uid_next"] as Int64?).map { UInt32(truncatingIfNeeded: $0) },
            highestModSeq: (row["highest_modseq"] as Int64?).map { UInt64(bitPattern: $0) },
            lastSyncDate: Millis.date(row["last_sync_date"] as Int64?),
            isSelectable: row["is_selectable"])
    }
}

extension MailThread {
    static let columns = """
        thread.id, thread.account_id, thread.subject, thread.latest_date, thread.message_count,
        thread.unread_count, thread.is_starred, thread.has_attachments, thread.ai_category,
        thread.ai_summary, thread.snippet, thread.participants
        """

    init(row: Row) {
        self.init(
            id: ThreadID(row[0] as Int64), accountID: AccountID(row[1] as Int64),
            subject: row[2], latestDate: Millis.date(row[3] as Int64),
            messageCount: row[4], unreadCount: row[5], isStarred: row[6], hasAttachments: row[7],
            aiCategory: AICategory(rawValue: row[8]) ?? .uncategorized, aiSummary: row[9],
            snippet: row[10], participants: ColumnCoding.participants(row[11] as String?))
    }
}

extension Email {
    static let columns = """
        id, account_id, thread_id, message_id, in_reply_to, "references", from_address, from_name,
        to_addresses, to_names, cc_addresses, cc_names, bcc_addresses, bcc_names,
        reply_to_addresses, reply_to_names, subject, body_plain, body_html, snippet,
        date_received, date_sent, is_read, is_starred, is_draft, is_deleted, is_answered,
        has_attachments, ai_category, ai_summary, size_bytes, send_state, send_retry_count,
        send_queued_date, send_next_attempt, send_error, gmail_msgid, list_id
        """

    init(row: Row) {
        let fromAddress: String? = row["from_address"]
        self.init(
            id: EmailID(row["id"] as Int64), accountID: AccountID(row["account_id"] as Int64),
            threadID: (row["thread_id"] as Int64?).map(ThreadID.init(rawValue:)),
            messageID: row["message_id"], inReplyTo: row["in_reply_to"],
            references: ColumnCoding.references(row["references"] as String?),
            from: fromAddress.map { EmailAddress(name: row["from_name"], address: $0) },
            to: ColumnCoding.addressList(addresses: row["to_addresses"], names: row["to_names"]),
            cc: ColumnCoding.addressList(addresses: row["cc_addresses"], names: row["cc_names"]),
            bcc: ColumnCoding.addressList(addresses: row["bcc_addresses"], names: row["bcc_names"]),
            replyTo: ColumnCoding.addressList(addresses: row["reply_to_addresses"], names: row["reply_to_names"]),
            subject: row["subject"], bodyPlain: row["body_plain"], bodyHTML: row["body_html"],
            snippet: row["snippet"],
            dateReceived: Millis.date(row["date_received"] as Int64),
            dateSent: Millis.date(row["date_sent"] as Int64?),
            isRead: row["is_read"], isStarred: row["is_starred"], isDraft: row["is_draft"],
            isDeleted: row["is_deleted"], isAnswered: row["is_answered"],
            hasAttachments: row["has_attachments"],
            aiCategory: AICategory(rawValue: row["ai_category"]) ?? .uncategorized,
            aiSummary: row["ai_summary"], sizeBytes: row["size_bytes"],
            sendState: SendState(rawValue: row["send_state"]) ?? .none,
            sendRetryCount: row["send_retry_count"],
            sendQueuedDate: Millis.date(row["send_queued_date"] as Int64?),
            sendNextAttempt: Millis.date(row["send_next_attempt"] as Int64?),
            sendError: row["send_error"],
            gmailMessageID: (row["gmail_msgid"] as Int64?).map { UInt64(bitPattern: $0) },
            listID: row["list_id"])
    }
}

extension Attachment {
    static let columns = """
        id, email_id, filename, mime_type, size_bytes, part_path, content_id, is_inline,
        local_path, is_downloaded
        """

    init(row: Row) {
        self.init(
            id: AttachmentID(row["id"] as Int64), emailID: EmailID(row["email_id"] as Int64),
            filename: row["filename"], mimeType: row["mime_type"], sizeBytes: row["size_bytes"],
            partPath: row["part_path"], contentID: row["content_id"], isInline: row["is_inline"],
            localPath: row["local_path"], isDownloaded: row["is_downloaded"])
    }
}

extension Contact {
    init(row: Row) {
        self.init(
            id: ContactID(row["id"] as Int64), accountID: AccountID(row["account_id"] as Int64),
            address: row["address"], displayName: row["display_name"],
            lastSeen: Millis.date(row["last_seen"] as Int64), frequency: row["frequency"])
    }
}
