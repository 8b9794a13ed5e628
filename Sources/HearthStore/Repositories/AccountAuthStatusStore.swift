import Foundation
import GRDB
import HearthCore

extension MailStore: AccountAuthStatusRepository {
    public func authStatus(of account: AccountID) throws(StoreError) -> AccountAuthStatus {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT reason, since FROM account_auth_status WHERE account_id = ?",
                                             arguments: [account.rawValue]) else { return .ok }
            let millis: Int64 = row["since"]
            return .reauthenticationRequired(reason: row["reason"], since: Date(timeIntervalSince1970: Double(millis) / 1000))
        }
    }

    /// Records the state and deactivates the account in one transaction.
    public func markReauthenticationRequired(_ account: AccountID, reason: String, at date: Date) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE account SET is_active = 0 WHERE id = ?", arguments: [account.rawValue])
            if db.changesCount == 0 { throw StoreError.notFound("account \(account)") }
            try db.execute(sql: """
                INSERT INTO account_auth_status (account_id, state, reason, since) VALUES (?, 'reauthenticate', ?, ?)
                ON CONFLICT (account_id) DO UPDATE SET reason = excluded.reason
                """, arguments: [account.rawValue, reason, Int64((date.timeIntervalSince1970 * 1000).rounded())])
        }
    }

    /// Clears the state and reactivates the account in one transaction.
    public func markAuthenticated(_ account: AccountID) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE account SET is_active = 1 WHERE id = ?", arguments: [account.rawValue])
            if db.changesCount == 0 { throw StoreError.notFound("account \(account)") }
            try db.execute(sql: "DELETE FROM account_auth_status WHERE account_id = ?", arguments: [account.rawValue])
        }
    }
}
