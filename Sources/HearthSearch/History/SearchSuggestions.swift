import Foundation
import GRDB
import HearthCore
import HearthStore

/// What the search box offers before anything is typed (FR-SEARCH-01 zero state, E-10): recent
/// searches and `from:` searches for the most frequent correspondents (the contact table,
/// without the user's own addresses).
public struct ZeroState: Sendable, Hashable {
    public struct ContactSuggestion: Sendable, Hashable {
        public var name: String?
        public var address: String
        /// The query the suggestion runs.
        public var query: String
    }

    public var recentSearches: [String]
    public var contacts: [ContactSuggestion]

    public static func load(store: MailStore, contactLimit: Int = 5) throws(SearchError) -> ZeroState {
        do {
            let recent = try RecentSearches(settings: store).list()
            let rows = try store.database.writer.read { db in
                try Row.fetchAll(db, sql: """
                    SELECT c.address, max(c.display_name), sum(c.frequency) AS f, max(c.last_seen) AS seen
                    FROM contact c
                    WHERE c.address NOT IN (SELECT lower(email) FROM account)
                    GROUP BY c.address ORDER BY f DESC, seen DESC, c.address LIMIT ?
                    """, arguments: [contactLimit])
            }
            let contacts = rows.map { row in
                let address: String = row[0]
                return ContactSuggestion(name: row[1], address: address, query: "from:\(address)")
            }
            return ZeroState(recentSearches: recent, contacts: contacts)
        } catch let error as StoreError {
            throw .store(error)
        } catch {
            throw .store(StoreError.mapping(error, path: store.database.path))
        }
    }
}
