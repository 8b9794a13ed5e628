import Foundation
import GRDB
import HearthStore

/// `KnownSenders` over the store: a name is known when it is a whole word of a stored email's
/// sender name, the first word of a sender's address, or a contact's address, local part or a
/// word of their display name. Whole words, not prefixes: "from al" must not become a filter
/// because some sender is called Alan.
struct StoreKnownSenders: KnownSenders {
    let database: HearthDatabase

    func isKnownSender(_ name: String) -> Bool {
        let lower = name.lowercased()
        let word = FTSMatch.quoted(lower)
        let match = "{sender_name} : \(word) OR {sender_email} : ^\(word)"
        return (try? database.writer.read { db in
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM email_fts WHERE email_fts MATCH ?)",
                                 arguments: [match]) == true { return true }
            return try Bool.fetchOne(db, sql: """
                SELECT EXISTS (SELECT 1 FROM contact WHERE address = ?1 OR address LIKE ?2 ESCAPE '\\'
                    OR ' ' || lower(coalesce(display_name, '')) || ' ' LIKE ?3 ESCAPE '\\')
                """, arguments: [lower, FilterSQL.likeEscaped(lower) + "@%", "% " + FilterSQL.likeEscaped(lower) + " %"]) ?? false
        }) ?? false
    }
}
