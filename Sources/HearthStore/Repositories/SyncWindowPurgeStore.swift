import Foundation
import GRDB
import HearthCore

extension MailStore {
    /// Removes the local copies of the account's mail received before the sync window (spec
    /// §8.4): the same rule IMAP sync uses (SEARCH SINCE, the internal date). Local only: no
    /// server operation is queued, so the server keeps everything. Drafts and unsent mail stay.
    /// Returns how many emails went.
    @discardableResult
    public func purgeOutsideSyncWindow(account: AccountID, days: Int, now: Date = Date()) throws(StoreError) -> Int {
        let cutoff = Int64((now.addingTimeInterval(-Double(days) * 86_400).timeIntervalSince1970 * 1000).rounded())
        return try write { db in
            let ids = try Int64.fetchAll(db, sql: """
                SELECT id FROM email WHERE account_id = ? AND date_received < ? AND is_draft = 0 AND send_state = 'none'
                """, arguments: [account.rawValue, cutoff])
            var touched: Set<ThreadID> = []
            for id in ids {
                if let thread = try Cascade.deleteEmailRow(EmailID(id), db) { touched.insert(thread) }
            }
            try ThreadMaintenance.refresh(touched, db)
            return ids.count
        }
    }
}
