import Foundation
import GRDB
import HearthCore

/// `ThreadGraphStore` over the store's tables, used by `ThreadAssigner` inside the insert
/// transaction. Nodes live in `thread_node` (unique per account and Message-ID); the subject
/// fallback reads `email(account_id, normalized_subject, sort_date)`.
///
/// It records which threads it created or merged into (`touched`) so the caller recomputes
/// their metadata once at the end of the batch, and which it deleted (`absorbed`).
final class ThreadGraph: ThreadGraphStore {
    let db: Database
    private(set) var touched = Set<ThreadID>()

    init(_ db: Database) { self.db = db }

    func threads(ofMessageIDs ids: [String], account: AccountID) throws -> [String: ThreadID] {
        let statement = try db.cachedStatement(sql: """
            SELECT thread_id FROM thread_node WHERE account_id = ? AND message_id = ?
            """)
        var result: [String: ThreadID] = [:]
        for id in ids {
            if let thread = try Int64.fetchOne(statement, arguments: [account.rawValue, id]) {
                result[id] = ThreadID(thread)
            }
        }
        return result
    }

    func threads(withSubject subject: String, account: AccountID, near date: Date,
                 window: TimeInterval, headerlessOnly: Bool, repliesOnly: Bool) throws -> [ThreadID] {
        let statement = try db.cachedStatement(sql: """
            SELECT DISTINCT thread_id FROM email
            WHERE account_id = ? AND normalized_subject = ? AND sort_date BETWEEN ? AND ?
              AND (is_headerless = 1 OR ? = 0)
              AND (is_reply = 1 OR ? = 0)
              AND NOT (is_automated = 1 AND is_headerless = 1)
            """)
        let center = Millis.from(date)
        let span = Int64((window * 1000).rounded())
        return try Int64.fetchAll(statement, arguments: [
            account.rawValue, subject, center &- span, center &+ span, headerlessOnly, repliesOnly,
        ]).map(ThreadID.init(rawValue:))
    }

    func createThread(account: AccountID) throws -> ThreadID {
        try db.cachedStatement(sql: "INSERT INTO thread (account_id) VALUES (?)")
            .execute(arguments: [account.rawValue])
        let id = ThreadID(db.lastInsertedRowID)
        touched.insert(id)
        return id
    }

    func merge(_ absorbed: [ThreadID], into survivor: ThreadID) throws {
        let emails = try db.cachedStatement(sql: "UPDATE email SET thread_id = ? WHERE thread_id = ?")
        let nodes = try db.cachedStatement(sql: "UPDATE thread_node SET thread_id = ? WHERE thread_id = ?")
        let folders = try db.cachedStatement(sql: "DELETE FROM thread_folder WHERE thread_id = ?")
        let thread = try db.cachedStatement(sql: "DELETE FROM thread WHERE id = ?")
        for old in absorbed where old != survivor {
            let args: StatementArguments = [survivor.rawValue, old.rawValue]
            try emails.execute(arguments: args)
            try nodes.execute(arguments: args)
            try folders.execute(arguments: [old.rawValue])
            try thread.execute(arguments: [old.rawValue])
            touched.remove(old)
        }
        touched.insert(survivor)
    }

    func link(messageIDs: [String], to thread: ThreadID, account: AccountID) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO thread_node (account_id, message_id, thread_id) VALUES (?, ?, ?)
            ON CONFLICT (account_id, message_id) DO UPDATE SET thread_id = excluded.thread_id
            WHERE thread_id <> excluded.thread_id
            """)
        for id in messageIDs {
            try statement.execute(arguments: [account.rawValue, id, thread.rawValue])
        }
        touched.insert(thread)
    }
}
