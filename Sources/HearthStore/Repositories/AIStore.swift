import Foundation
import GRDB
import HearthCore

/// On-device AI results in the store (schema v5-ai): categories with confidence and source,
/// user corrections as preference signals, and cached thread summaries.
extension MailStore: AIRepository {
    public func assignCategories(_ assignments: [CategoryAssignment]) throws(StoreError) {
        guard !assignments.isEmpty else { return }
        try write { db in
            var threads = Set<Int64>()
            for a in assignments {
                try db.execute(sql: """
                    UPDATE email SET ai_category = ?, ai_confidence = ?, ai_category_source = ? WHERE id = ?
                    """, arguments: [a.category.rawValue, a.confidence, a.source.rawValue, a.emailID.rawValue])
                if let thread = try Int64.fetchOne(db, sql: "SELECT thread_id FROM email WHERE id = ?", arguments: [a.emailID.rawValue]) {
                    threads.insert(thread)
                }
            }
            for thread in threads { try Self.refreshThreadCategory(thread, db) }
        }
    }

    public func categoryAssignment(of id: EmailID) throws(StoreError) -> CategoryAssignment? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT ai_category, ai_confidence, ai_category_source FROM email WHERE id = ?
                """, arguments: [id.rawValue]) else { return nil }
            guard let confidence: Double = row["ai_confidence"],
                  let category = AICategory(rawValue: row["ai_category"] ?? ""),
                  let source = CategorySource(rawValue: row["ai_category_source"] ?? "") else { return nil }
            return CategoryAssignment(emailID: id, category: category, confidence: confidence, source: source)
        }
    }

    public func uncategorizedEmails(limit: Int) throws(StoreError) -> [EmailID] {
        try read { db in
            try Int64.fetchAll(db, sql: """
                SELECT id FROM email WHERE ai_category = 'uncategorized' AND is_draft = 0
                ORDER BY sort_date DESC, id DESC LIMIT ?
                """, arguments: [limit]).map(EmailID.init)
        }
    }

    public func recordCorrection(_ correction: CategoryCorrection) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO ai_category_correction (account_id, email_id, sender_address, category, embedding, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [correction.accountID.rawValue, correction.emailID?.rawValue, correction.senderAddress,
                                 correction.category.rawValue, correction.embedding.map(Self.blob), Millis.from(correction.date)])
            if let email = correction.emailID {
                try db.execute(sql: """
                    UPDATE email SET ai_category = ?, ai_confidence = 1.0, ai_category_source = 'user' WHERE id = ?
                    """, arguments: [correction.category.rawValue, email.rawValue])
                if let thread = try Int64.fetchOne(db, sql: "SELECT thread_id FROM email WHERE id = ?", arguments: [email.rawValue]) {
                    try Self.refreshThreadCategory(thread, db)
                }
            }
        }
    }

    public func corrections(account: AccountID?) throws(StoreError) -> [CategoryCorrection] {
        try read { db in
            let rows: [Row]
            if let account {
                rows = try Row.fetchAll(db, sql: "SELECT * FROM ai_category_correction WHERE account_id = ? ORDER BY id",
                                        arguments: [account.rawValue])
            } else {
                rows = try Row.fetchAll(db, sql: "SELECT * FROM ai_category_correction ORDER BY id")
            }
            return rows.compactMap { row -> CategoryCorrection? in
                guard let category = AICategory(rawValue: row["category"] ?? "") else { return nil }
                let email: Int64? = row["email_id"]
                let blob: Data? = row["embedding"]
                return CategoryCorrection(accountID: AccountID(row["account_id"]), emailID: email.map(EmailID.init),
                                          senderAddress: row["sender_address"], category: category,
                                          embedding: blob.map(Self.floats), date: Millis.date(row["created_at"] as Int64))
            }
        }
    }

    public func threadSummary(_ thread: ThreadID) throws(StoreError) -> StoredThreadSummary? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM ai_thread_summary WHERE thread_id = ?",
                                             arguments: [thread.rawValue]) else { return nil }
            let last: Int64? = row["last_email_id"]
            return StoredThreadSummary(threadID: thread, messageCount: row["message_count"], lastEmailID: last.map(EmailID.init),
                                       text: row["summary"], modelIdentifier: row["model"],
                                       createdAt: Millis.date(row["created_at"] as Int64))
        }
    }

    public func saveThreadSummary(_ summary: StoredThreadSummary) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO ai_thread_summary (thread_id, message_count, last_email_id, summary, model, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (thread_id) DO UPDATE SET message_count = excluded.message_count,
                    last_email_id = excluded.last_email_id, summary = excluded.summary, model = excluded.model,
                    created_at = excluded.created_at
                """, arguments: [summary.threadID.rawValue, summary.messageCount, summary.lastEmailID?.rawValue,
                                 summary.text, summary.modelIdentifier, Millis.from(summary.createdAt)])
        }
    }

    /// A thread shows the category of its newest email.
    private static func refreshThreadCategory(_ thread: Int64, _ db: Database) throws {
        try db.execute(sql: """
            UPDATE thread SET ai_category = COALESCE((SELECT ai_category FROM email WHERE thread_id = ?
                ORDER BY sort_date DESC, id DESC LIMIT 1), 'uncategorized') WHERE id = ?
            """, arguments: [thread, thread])
    }

    static func blob(_ vector: [Float]) -> Data {
        var data = Data(capacity: vector.count * 4)
        for value in vector { withUnsafeBytes(of: value.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    static func floats(_ data: Data) -> [Float] {
        let bytes = [UInt8](data)
        return stride(from: 0, to: bytes.count - 3, by: 4).map { i in
            Float(bitPattern: UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24)
        }
    }
}
