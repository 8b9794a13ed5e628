import Foundation
import GRDB
import HearthCore

/// The background AI queue's reads (v9-ai-signals, v5-ai): stored signal headers and the
/// threads whose automatic summary is missing or stale.
extension MailStore: AIBacklogRepository {
    public func signalHeaders(of ids: [EmailID]) throws(StoreError) -> [EmailID: [HeaderField]] {
        guard !ids.isEmpty else { return [:] }
        return try read { db in
            var result: [EmailID: [HeaderField]] = [:]
            // Chunks keep the statement under SQLite's variable limit.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let chunk = ids[start..<min(start + 500, ids.count)]
                let marks = chunk.map { _ in "?" }.joined(separator: ",")
                let rows = try Row.fetchAll(db, sql: "SELECT email_id, fields FROM email_signal_header WHERE email_id IN (\(marks))",
                                            arguments: StatementArguments(chunk.map(\.rawValue)))
                for row in rows {
                    let id: Int64 = row["email_id"]
                    result[EmailID(id)] = SignalHeaderRows.decode(row["fields"])
                }
            }
            return result
        }
    }

    public func threadsNeedingSummary(minimumMessages: Int, limit: Int) throws(StoreError) -> [ThreadID] {
        try read { db in
            // The count is taken from the email table, as `ThreadSummaryService` counts, so a
            // thread it considers fresh never comes back here.
            try Int64.fetchAll(db, sql: """
                SELECT t.id FROM thread t
                WHERE t.message_count >= ?1
                  AND (SELECT count(*) FROM email e WHERE e.thread_id = t.id) >= ?1
                  AND NOT EXISTS (SELECT 1 FROM ai_thread_summary s WHERE s.thread_id = t.id
                                  AND s.message_count = (SELECT count(*) FROM email e WHERE e.thread_id = t.id))
                ORDER BY t.latest_date DESC, t.id DESC LIMIT ?2
                """, arguments: [minimumMessages, limit]).map(ThreadID.init)
        }
    }

    public func senderHistory(of addresses: [String]) throws(StoreError) -> [String: SenderHistory] {
        let wanted = Array(Set(addresses.map { $0.lowercased() })).filter { !$0.isEmpty }
        guard !wanted.isEmpty else { return [:] }
        return try read { db in
            var result: [String: SenderHistory] = [:]
            for start in stride(from: 0, to: wanted.count, by: 400) {
                let chunk = Array(wanted[start..<min(start + 400, wanted.count)])
                let marks = chunk.map { _ in "?" }.joined(separator: ",")
                // Written to: recipients of mail in a Sent folder or sent from the outbox.
                let written = try Row.fetchAll(db, sql: """
                    SELECT lower(j.value) AS address, count(DISTINCT e.id) AS n
                    FROM email e, json_each(e.to_addresses) j
                    WHERE (e.send_state = 'sent' OR EXISTS (SELECT 1 FROM email_folder ef JOIN folder f ON f.id = ef.folder_id
                                                           WHERE ef.email_id = e.id AND f.folder_type = 'sent'))
                      AND lower(j.value) IN (\(marks))
                    GROUP BY lower(j.value)
                    UNION ALL
                    SELECT lower(j.value), count(DISTINCT e.id)
                    FROM email e, json_each(e.cc_addresses) j
                    WHERE (e.send_state = 'sent' OR EXISTS (SELECT 1 FROM email_folder ef JOIN folder f ON f.id = ef.folder_id
                                                           WHERE ef.email_id = e.id AND f.folder_type = 'sent'))
                      AND lower(j.value) IN (\(marks))
                    GROUP BY lower(j.value)
                    """, arguments: StatementArguments(chunk + chunk))
                for row in written {
                    let address: String = row[0]
                    result[address, default: SenderHistory()].messagesWrittenTo += row[1] as Int
                }
                let received = try Row.fetchAll(db, sql: """
                    SELECT lower(from_address), ai_category, count(*) FROM email
                    WHERE lower(from_address) IN (\(marks)) AND send_state = 'none'
                    GROUP BY lower(from_address), ai_category
                    """, arguments: StatementArguments(chunk))
                for row in received {
                    let address: String = row[0]
                    let count: Int = row[2]
                    result[address, default: SenderHistory()].messagesReceived += count
                    if let category = AICategory(rawValue: row[1] as String), category != .uncategorized {
                        result[address, default: SenderHistory()].categories[category, default: 0] += count
                    }
                }
            }
            return result
        }
    }
}

extension MailStore {
    public func sentMessageIDs(among messageIDs: [String]) throws(StoreError) -> Set<String> {
        let wanted = Array(Set(messageIDs.filter { !$0.isEmpty }))
        guard !wanted.isEmpty else { return [] }
        return try read { db in
            var result: Set<String> = []
            for start in stride(from: 0, to: wanted.count, by: 400) {
                let chunk = Array(wanted[start..<min(start + 400, wanted.count)])
                let marks = chunk.map { _ in "?" }.joined(separator: ",")
                // The user's: sent from the outbox, kept in a Sent folder, or written from one of
                // the user's own addresses (mail copied to the inbox by the provider, imports).
                let rows = try String.fetchAll(db, sql: """
                    SELECT DISTINCT e.message_id FROM email e
                    WHERE e.message_id IN (\(marks))
                      AND (e.send_state = 'sent'
                           OR EXISTS (SELECT 1 FROM email_folder ef JOIN folder f ON f.id = ef.folder_id
                                      WHERE ef.email_id = e.id AND f.folder_type = 'sent')
                           OR lower(e.from_address) IN (SELECT lower(a.email) FROM account a WHERE a.id = e.account_id))
                    """, arguments: StatementArguments(chunk))
                result.formUnion(rows)
            }
            return result
        }
    }
}

/// Encoding of `email_signal_header.fields`, and the insert the email insert transaction runs.
enum SignalHeaderRows {
    static func insert(_ id: Int64, _ fields: [HeaderField], _ db: Database) throws {
        guard !fields.isEmpty else { return }
        try db.execute(sql: "INSERT OR REPLACE INTO email_signal_header (email_id, fields) VALUES (?, ?)",
                       arguments: [id, encode(fields)])
    }

    static func encode(_ fields: [HeaderField]) -> String {
        let pairs = fields.map { [$0.name, $0.value] }
        let data = (try? JSONSerialization.data(withJSONObject: pairs)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static func decode(_ text: String?) -> [HeaderField] {
        guard let text, let pairs = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String]] else { return [] }
        return pairs.compactMap { $0.count == 2 ? HeaderField(name: $0[0], value: $0[1]) : nil }
    }
}
