import Foundation
import GRDB
import HearthCore

extension MailStore: SettingsRepository {
    public func value(for key: String) throws(StoreError) -> String? {
        try read { db in
            try String.fetchOne(db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [key])
        }
    }

    /// Writes (or, with nil, removes) the setting in its own committed transaction.
    public func setValue(_ value: String?, for key: String) throws(StoreError) {
        try write { db in
            if let value {
                try db.execute(sql: """
                    INSERT INTO settings (key, value) VALUES (?, ?)
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value
                    """, arguments: [key, value])
            } else {
                try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key])
            }
        }
    }
}
