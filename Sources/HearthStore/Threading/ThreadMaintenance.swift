import Foundation
import GRDB
import HearthCore

/// Thread metadata (product §5.2.4 step 5), recomputed from a thread's emails. Called once per
/// touched thread at the end of a write (a 500-message batch recomputes each thread it touched
/// once, not once per message).
///
/// - latestDate: max of `dateSent ?? dateReceived`
/// - messageCount, unreadCount (`isRead == false`), isStarred (any), hasAttachments (any)
/// - participants: From addresses de-duplicated case-insensitively, in order of first
///   appearance by date; the first display name seen for an address is kept
/// - snippet, aiCategory: the latest message's, "latest" as `ConversationOrder` says (a reply
///   sharing its parent's Date second is later than the parent)
/// - subject: the root's (earliest message), or the earliest non-empty subject if the root has none
/// - aiSummary: left as is (a thread-level AI output, not derived from emails)
///
/// A thread left without emails is deleted (with its nodes and thread_folder rows).
enum ThreadMaintenance {
    static func refresh(_ threads: Set<ThreadID>, _ db: Database) throws {
        guard !threads.isEmpty else { return }
        let select = try db.cachedStatement(sql: """
            SELECT from_address, from_name, subject, snippet, sort_date, is_read, is_starred,
                   has_attachments, ai_category, id, date_received, message_id, in_reply_to, "references"
            FROM email WHERE thread_id = ? ORDER BY sort_date, date_received, id
            """)
        let update = try db.cachedStatement(sql: """
            UPDATE thread SET subject = ?, latest_date = ?, message_count = ?, unread_count = ?,
                is_starred = ?, has_attachments = ?, ai_category = ?, snippet = ?, participants = ?
            WHERE id = ?
            """)
        let deleteThread = try db.cachedStatement(sql: "DELETE FROM thread WHERE id = ?")
        let clearFolders = try db.cachedStatement(sql: "DELETE FROM thread_folder WHERE thread_id = ?")
        let fillFolders = try db.cachedStatement(sql: """
            INSERT INTO thread_folder (thread_id, folder_id, latest_date)
            SELECT ?1, ef.folder_id, ?2 FROM email e JOIN email_folder ef ON ef.email_id = e.id
            WHERE e.thread_id = ?1 GROUP BY ef.folder_id
            """)

        for thread in threads.sorted() {
            var count = 0, unread = 0
            var starred = false, attachments = false
            var rootSubject: String?
            var latestDate: Int64 = .min
            var latestSnippet = "", latestCategory = AICategory.uncategorized.rawValue
            var participants: [EmailAddress] = []
            var seen = Set<String>()

            let rows = ConversationOrder.sorted(try Row.fetchAll(select, arguments: [thread.rawValue])) { row in
                ConversationOrder.Entry(date: Millis.date(row[4] as Int64), received: Millis.date(row[10] as Int64?),
                                        rowID: row[9], messageID: row[11],
                                        parents: [row[12] as String?].compactMap { $0 } + ColumnCoding.references(row[13] as String?))
            }
            for row in rows {
                count += 1
                if !(row[5] as Bool) { unread += 1 }
                if row[6] as Bool { starred = true }
                if row[7] as Bool { attachments = true }
                let subject: String = row[2]
                if rootSubject == nil || (rootSubject!.isEmpty && !subject.isEmpty) {
                    rootSubject = subject
                }
                let date: Int64 = row[4]
                // Rows come in conversation order, so the last one is the latest.
                latestDate = max(latestDate, date)
                latestSnippet = row[3]
                latestCategory = row[8]
                if let address: String = row[0], seen.insert(address.lowercased()).inserted {
                    participants.append(EmailAddress(name: row[1], address: address))
                }
            }

            if count == 0 {
                try deleteThread.execute(arguments: [thread.rawValue])
                continue
            }
            try update.execute(arguments: [
                rootSubject ?? "", latestDate, count, unread, starred, attachments, latestCategory,
                latestSnippet, ColumnCoding.participants(participants), thread.rawValue,
            ])
            try clearFolders.execute(arguments: [thread.rawValue])
            try fillFolders.execute(arguments: [thread.rawValue, latestDate])
        }
    }
}
