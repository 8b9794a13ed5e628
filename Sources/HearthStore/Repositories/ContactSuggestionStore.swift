import Foundation
import GRDB
import HearthCore

extension MailStore: ContactSuggestionRepository {
    /// Reads the matching contacts (address, name, or a word of the name starts with the
    /// prefix; case-insensitive), merges them by address when `account` is nil (frequencies
    /// add up, the newest sighting gives the name and date), scores them with
    /// `ContactRanking` and returns the best `limit`.
    public func suggestions(matching prefix: String, account: AccountID?, limit: Int, now: Date) throws(StoreError) -> [ContactSuggestion] {
        guard limit > 0 else { return [] }
        let needle = prefix.trimmingCharacters(in: .whitespaces).lowercased()
        let escaped = needle.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        var sql = """
            SELECT account_id, address, display_name, last_seen, frequency FROM contact
            WHERE (?1 = '' OR address LIKE ?2 ESCAPE '\\' OR display_name LIKE ?2 ESCAPE '\\'
                   OR display_name LIKE ?3 ESCAPE '\\')
            """
        var arguments: StatementArguments = [needle, escaped + "%", "% " + escaped + "%"]
        if let account {
            sql += " AND account_id = ?4"
            arguments += [account.rawValue]
        }
        let rows = try read { db in try Row.fetchAll(db, sql: sql, arguments: arguments) }
        var merged: [String: ContactSuggestion] = [:]
        var order: [String] = []
        for row in rows {
            let address: String = row["address"]
            let seen = Millis.date(row["last_seen"] as Int64)
            let name: String? = row["display_name"]
            let owner = AccountID(row["account_id"] as Int64)
            if var existing = merged[address] {
                existing.frequency += row["frequency"] as Int
                if seen > existing.lastSeen {
                    existing.lastSeen = seen
                    if name != nil { existing.displayName = name }
                } else if existing.displayName == nil {
                    existing.displayName = name
                }
                existing.accounts.append(owner)
                merged[address] = existing
            } else {
                merged[address] = ContactSuggestion(address: address, displayName: name, frequency: row["frequency"],
                                                    lastSeen: seen, accounts: [owner], score: 0)
                order.append(address)
            }
        }
        return order.compactMap { merged[$0] }
            .map { s in
                var scored = s
                scored.score = ContactRanking.score(frequency: s.frequency, lastSeen: s.lastSeen, now: now)
                scored.accounts.sort()
                return scored
            }
            .sorted { ($0.score, $1.address) > ($1.score, $0.address) }
            .prefix(limit).map { $0 }
    }
}
