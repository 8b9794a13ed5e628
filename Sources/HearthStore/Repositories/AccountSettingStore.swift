import Foundation
import GRDB
import HearthCore

extension MailStore: AccountSettingsRepository {
    public func accountSetting(_ key: String, account: AccountID) throws(StoreError) -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM account_setting WHERE account_id = ? AND key = ?",
                                arguments: [account.rawValue, key])
        }
    }

    /// Writes (nil: removes) in its own committed transaction.
    public func setAccountSetting(_ value: String?, for key: String, account: AccountID) throws(StoreError) {
        try write { db in
            if let value {
                try db.execute(sql: """
                    INSERT INTO account_setting (account_id, key, value) VALUES (?, ?, ?)
                    ON CONFLICT (account_id, key) DO UPDATE SET value = excluded.value
                    """, arguments: [account.rawValue, key, value])
            } else {
                try db.execute(sql: "DELETE FROM account_setting WHERE account_id = ? AND key = ?",
                               arguments: [account.rawValue, key])
            }
        }
    }
}
