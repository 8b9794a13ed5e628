import Foundation
import GRDB
import HearthCore

extension MailStore: ThreadRepository {
    /// Threads newest first by (latest_date, id), keyset-paginated by `query.before`.
    ///
    /// Plans (each one an index range scan in the final order, stopped at `limit`):
    /// - folder filter (by id and/or type): one scan of `thread_folder(folder_id, latest_date,
    ///   thread_id)` per matching folder, merged;
    /// - no folder, some accounts: one scan of `thread(account_id, latest_date, id)` per account,
    ///   merged;
    /// - unified: one scan of `thread(latest_date, id)`.
    /// Merging per-source top-`limit` lists and de-duplicating is exact: a thread among the
    /// overall first `limit` is among the first `limit` of every source that holds it.
    public func threads(_ query: ThreadQuery) throws(StoreError) -> [MailThread] {
        let limit = query.limit
        guard limit > 0 else { return [] }
        return try read { db in
            var filters: [String] = []
            var filterArguments: StatementArguments = []
            if let category = query.category {
                filters.append("thread.ai_category = ?")
                filterArguments += [category.rawValue]
            }
            if query.unreadOnly { filters.append("thread.unread_count > 0") }
            let cursor: StatementArguments? = query.before.map {
                [Millis.from($0.latestDate), $0.threadID.rawValue]
            }

            func page(from source: String, where conditions: [String], _ arguments: StatementArguments,
                      order: String) throws -> [MailThread] {
                var clauses = conditions + filters
                var args = arguments + filterArguments
                if let cursor {
                    clauses.append("(\(order)) < (?, ?)")
                    args += cursor
                }
                let orderBy = order.split(separator: ",").map { "\($0.trimmingCharacters(in: .whitespaces)) DESC" }
                    .joined(separator: ", ")
                let sql = """
                    SELECT \(MailThread.columns) FROM \(source)
                    WHERE \(clauses.isEmpty ? "1" : clauses.joined(separator: " AND "))
                    ORDER BY \(orderBy) LIMIT ?
                    """
                args += [limit]
                return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: args).map(MailThread.init(row:))
            }

            var pages: [[MailThread]] = []
            if query.folderID != nil || query.folderType != nil {
                var conditions: [String] = []
                var args: StatementArguments = []
                if let id = query.folderID { conditions.append("id = ?"); args += [id.rawValue] }
                if let type = query.folderType { conditions.append("folder_type = ?"); args += [type.rawValue] }
                if !query.accounts.isEmpty {
                    conditions.append("account_id IN (\(query.accounts.map { _ in "?" }.joined(separator: ", ")))")
                    args += StatementArguments(query.accounts.map(\.rawValue))
                }
                let folders = try Int64.fetchAll(db, sql: "SELECT id FROM folder WHERE \(conditions.joined(separator: " AND ")) ORDER BY id",
                                                 arguments: args)
                for folder in folders {
                    pages.append(try page(
                        from: "thread_folder tf JOIN thread ON thread.id = tf.thread_id",
                        where: ["tf.folder_id = ?"], [folder], order: "tf.latest_date, tf.thread_id"))
                }
            } else if query.accounts.isEmpty {
                pages.append(try page(from: "thread", where: [], [],
                                      order: "thread.latest_date, thread.id"))
            } else {
                for account in Set(query.accounts).sorted() {
                    pages.append(try page(from: "thread", where: ["thread.account_id = ?"], [account.rawValue],
                                          order: "thread.latest_date, thread.id"))
                }
            }
            if pages.count == 1 { return pages[0] }
            var seen = Set<ThreadID>()
            let merged = pages.joined().filter { $0.id.map { seen.insert($0).inserted } ?? false }
            return Array(merged.sorted { a, b in
                a.latestDate != b.latestDate ? a.latestDate > b.latestDate : a.id! > b.id!
            }.prefix(limit))
        }
    }

    public func thread(_ id: ThreadID) throws(StoreError) -> MailThread? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT \(MailThread.columns) FROM thread WHERE id = ?",
                             arguments: [id.rawValue]).map(MailThread.init(row:))
        }
    }
}
