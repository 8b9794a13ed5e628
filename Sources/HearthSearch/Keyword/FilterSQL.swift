import Foundation
import GRDB
import HearthCore

/// The structured filters and the scope as SQL predicates over `email e`, ANDed
/// (FR-SEARCH-02/03). Names the user typed (account, folder) are resolved to ids first; a name
/// that matches nothing makes the whole search empty rather than failing.
struct FilterSQL {
    var predicates: [String] = []
    var arguments = StatementArguments()
    /// True when a filter can match nothing (an unknown account or folder).
    var matchesNothing = false

    var whereClause: String { predicates.isEmpty ? "1" : predicates.joined(separator: " AND ") }

    /// `includeSenders: false` leaves the sender filters out: the keyword side ANDs them into its
    /// MATCH expression instead (`FTSMatch.withSenders`), where FTS5 intersects doclists; the
    /// other sides add them to that same build with `addingSenders` (the names are resolved once).
    static func build(_ filters: SearchFilters, scope: SearchScope, accounts: [AccountID],
                      includeSenders: Bool = true, _ db: Database) throws -> FilterSQL {
        var sql = FilterSQL()
        func add(_ predicate: String, _ values: [(any DatabaseValueConvertible)?]) { sql.add(predicate, values) }
        var accountIDs = accounts.map(\.rawValue)
        if let name = filters.account {
            let matching = try Int64.fetchAll(db, sql: """
                SELECT id FROM account WHERE lower(email) = lower(?1) OR lower(display_name) = lower(?1)
                    OR CAST(id AS TEXT) = ?1
                """, arguments: [name])
            accountIDs = accountIDs.isEmpty ? matching : accountIDs.filter(matching.contains)
            if accountIDs.isEmpty { sql.matchesNothing = true }
        }
        if !accountIDs.isEmpty {
            add("e.account_id IN (\(placeholders(accountIDs.count)))", accountIDs)
        }
        if case .folder(let id) = scope {
            add("e.id IN (SELECT email_id FROM email_folder WHERE folder_id = ?)", [id.rawValue])
        }
        if let folder = filters.folder {
            let ids: [Int64] = switch folder {
            case .type(let type):
                try Int64.fetchAll(db, sql: "SELECT id FROM folder WHERE folder_type = ?", arguments: [type.rawValue])
            case .named(let name):
                try Int64.fetchAll(db, sql: """
                    SELECT id FROM folder WHERE lower(name) = lower(?1) OR lower(imap_path) = lower(?1)
                    """, arguments: [name])
            }
            if ids.isEmpty { sql.matchesNothing = true }
            add("e.id IN (SELECT email_id FROM email_folder WHERE folder_id IN (\(placeholders(ids.count))))", ids)
        }
        for recipient in filters.recipients {
            let pattern = "%" + likeEscaped(recipient) + "%"
            add("""
                (e.to_addresses LIKE ? ESCAPE '\\' OR e.cc_addresses LIKE ? ESCAPE '\\'
                 OR e.to_names LIKE ? ESCAPE '\\' OR e.cc_names LIKE ? ESCAPE '\\')
                """, [pattern, pattern, pattern, pattern])
        }
        if let range = filters.dateRange {
            if let start = range.start { add("e.sort_date >= ?", [millis(start)]) }
            if let end = range.end { add("e.sort_date < ?", [millis(end)]) }
        }
        if let has = filters.hasAttachment { add("e.has_attachments = ?", [has]) }
        if let read = filters.isRead { add("e.is_read = ?", [read]) }
        if let starred = filters.isStarred { add("e.is_starred = ?", [starred]) }
        if let category = filters.category { add("e.ai_category = ?", [category.rawValue]) }
        return includeSenders ? sql.addingSenders(filters.senders) : sql
    }

    /// These predicates and a sender-column match for each of `senders` (a sender with nothing
    /// to match makes the whole search empty).
    func addingSenders(_ senders: [String]) -> FilterSQL {
        var sql = self
        for sender in senders {
            guard let match = FTSMatch.sender(sender) else { sql.matchesNothing = true; continue }
            sql.add("e.id IN (SELECT rowid FROM email_fts WHERE email_fts MATCH ?)", [match])
        }
        return sql
    }

    private mutating func add(_ predicate: String, _ values: [(any DatabaseValueConvertible)?]) {
        predicates.append(predicate)
        arguments += StatementArguments(values)
    }

    static func placeholders(_ count: Int) -> String {
        count == 0 ? "NULL" : Array(repeating: "?", count: count).joined(separator: ", ")
    }

    static func likeEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
    }

    /// The store's date encoding: INTEGER milliseconds since 1970 UTC.
    static func millis(_ date: Date) -> Int64 {
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        if ms >= Double(Int64.max) { return .max }
        if ms <= Double(Int64.min) { return .min }
        return Int64(ms)
    }
}
