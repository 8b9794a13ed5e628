import Foundation
import GRDB
import HearthCore

extension MailStore: RemoteContentPreferences {
    public func alwaysLoadsRemoteContent(from sender: String, account: AccountID) throws(StoreError) -> Bool {
        let address = Self.normalizedSender(sender)
        return try read { db in
            try Bool.fetchOne(db, sql: """
                SELECT 1 FROM remote_content_sender WHERE account_id = ? AND address = ?
                """, arguments: [account.rawValue, address]) ?? false
        }
    }

    public func setAlwaysLoadsRemoteContent(_ allowed: Bool, from sender: String, account: AccountID) throws(StoreError) {
        let address = Self.normalizedSender(sender)
        guard !address.isEmpty else { throw StoreError.constraintViolation("an empty sender address has no preference") }
        try write { db in
            if allowed {
                try db.execute(sql: """
                    INSERT INTO remote_content_sender (account_id, address, created_at) VALUES (?, ?, ?)
                    ON CONFLICT (account_id, address) DO NOTHING
                    """, arguments: [account.rawValue, address, Int64(Date().timeIntervalSince1970 * 1_000)])
            } else {
                try db.execute(sql: "DELETE FROM remote_content_sender WHERE account_id = ? AND address = ?",
                               arguments: [account.rawValue, address])
            }
        }
    }

    public func sendersAlwaysLoadingRemoteContent(account: AccountID) throws(StoreError) -> [String] {
        try read { db in
            try String.fetchAll(db, sql: """
                SELECT address FROM remote_content_sender WHERE account_id = ? ORDER BY address
                """, arguments: [account.rawValue])
        }
    }
}
