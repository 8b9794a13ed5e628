import Foundation
import GRDB
import HearthCore

extension MailStore: ContactRepository {
    /// Upserts each distinct address (lower-cased) of each sighting, all in one transaction:
    /// frequency + 1 per sighting, last seen = the later date, display name = the newest
    /// non-empty one.
    public func recordSeen(_ sightings: [ContactSighting], account: AccountID) throws(StoreError) {
        guard sightings.contains(where: { !$0.addresses.isEmpty }) else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO contact (account_id, address, display_name, last_seen, frequency)
                VALUES (?1, ?2, ?3, ?4, 1)
                ON CONFLICT (account_id, address) DO UPDATE SET
                    frequency = frequency + 1,
                    display_name = CASE
                        WHEN excluded.display_name IS NOT NULL
                             AND (display_name IS NULL OR excluded.last_seen >= last_seen)
                        THEN excluded.display_name ELSE display_name END,
                    last_seen = max(last_seen, excluded.last_seen)
                """)
            for sighting in sightings {
                let seen = Millis.from(sighting.date)
                for (address, name) in Self.distinctAddresses(sighting.addresses) {
                    try statement.execute(arguments: [account.rawValue, address, name, seen])
                }
            }
        }
    }

    /// Lower-cased distinct addresses in order of appearance, each with the first display name
    /// given for it.
    static func distinctAddresses(_ addresses: [EmailAddress]) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var index: [String: Int] = [:]
        for address in addresses {
            let key = address.normalizedAddress.trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty else { continue }
            if let at = index[key] {
                if result[at].1 == nil { result[at].1 = address.name }
            } else {
                index[key] = result.count
                result.append((key, address.name))
            }
        }
        return result
    }

    /// Contacts whose address, display name, or a word of the display name starts with `prefix`
    /// (case-insensitive), most frequent first, then most recent. With a nil account, entries of
    /// every account are merged by address: frequencies add up, the latest sighting gives the
    /// date, name, account and id.
    public func contacts(matching prefix: String, account: AccountID?, limit: Int) throws(StoreError) -> [Contact] {
        guard limit > 0 else { return [] }
        let needle = prefix.trimmingCharacters(in: .whitespaces).lowercased()
        let escaped = needle.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
        let match = """
            (?1 = '' OR address LIKE ?2 ESCAPE '\\' OR display_name LIKE ?2 ESCAPE '\\'
             OR display_name LIKE ?3 ESCAPE '\\')
            """
        var arguments: StatementArguments = [needle, escaped + "%", "% " + escaped + "%"]
        return try read { db in
            let sql: String
            if let account {
                sql = """
                    SELECT id, account_id, address, display_name, last_seen, frequency FROM contact
                    WHERE account_id = ?4 AND \(match)
                    ORDER BY frequency DESC, last_seen DESC, address LIMIT ?5
                    """
                arguments += [account.rawValue, limit]
            } else {
                // SQLite takes bare columns from the row holding max(last_seen).
                sql = """
                    SELECT id, account_id, address, display_name, max(last_seen) AS last_seen,
                           sum(frequency) AS frequency
                    FROM contact WHERE \(match)
                    GROUP BY address
                    ORDER BY frequency DESC, last_seen DESC, address LIMIT ?4
                    """
                arguments += [limit]
            }
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Contact.init(row:))
        }
    }
}
