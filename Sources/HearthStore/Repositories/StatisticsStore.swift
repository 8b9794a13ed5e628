import Foundation
import GRDB
import HearthCore

extension MailStore: StatisticsRepository {
    /// Counts of one account or of everything. `databaseBytes` is always the whole database
    /// (file + WAL): SQLite cannot attribute pages to an account.
    public func statistics(account: AccountID?) throws(StoreError) -> StoreStatistics {
        let database = self.database
        return try read { db in
            /// `select` with `{scope}` replaced by the account condition on `column`.
            func count(_ select: String, column: String = "account_id") throws -> Int {
                if let account {
                    let sql = select.replacingOccurrences(of: "{scope}", with: "\(column) = ?")
                    return try Int.fetchOne(db, sql: sql, arguments: [account.rawValue]) ?? 0
                }
                return try Int.fetchOne(db, sql: select.replacingOccurrences(of: "{scope}", with: "1")) ?? 0
            }
            return StoreStatistics(
                accounts: try count("SELECT count(*) FROM account WHERE {scope}", column: "id"),
                folders: try count("SELECT count(*) FROM folder WHERE {scope}"),
                emails: try count("SELECT count(*) FROM email WHERE {scope}"),
                threads: try count("SELECT count(*) FROM thread WHERE {scope}"),
                ghostNodes: try count("SELECT count(*) FROM thread_node WHERE email_id IS NULL AND {scope}"),
                largestThreadSize: try count("SELECT coalesce(max(message_count), 0) FROM thread WHERE {scope}"),
                attachments: try count("""
                    SELECT count(*) FROM attachment a JOIN email e ON e.id = a.email_id WHERE {scope}
                    """, column: "e.account_id"),
                contacts: try count("SELECT count(*) FROM contact WHERE {scope}"),
                databaseBytes: try database.sizeOnDisk(db))
        }
    }
}
