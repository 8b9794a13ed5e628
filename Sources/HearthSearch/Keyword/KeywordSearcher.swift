import Foundation
import GRDB

/// One message found by the keyword index or by the filters alone.
struct MessageHit: Sendable, Hashable {
    var emailID: Int64
    var threadID: Int64
}

/// The FTS5 side (FR-SEARCH-06): BM25-ranked matches ANDed with the filters, and the
/// `highlight()`/`snippet()` of the few messages finally shown.
enum KeywordSearcher {
    /// BM25 column weights: subject, body, sender name, sender address. A word in the subject
    /// or naming the sender says more about a message than one somewhere in its body.
    static let bm25 = "bm25(email_fts, 4.0, 1.0, 2.0, 2.0)"

    /// Best first. Reads only the FTS index and the narrow `email_search_facets` index.
    static func search(match: String, filters: FilterSQL, limit: Int, _ db: Database) throws -> [MessageHit] {
        let sql = """
            SELECT e.id, e.thread_id FROM email_fts
            JOIN email e INDEXED BY email_search_facets ON e.id = email_fts.rowid
            WHERE email_fts MATCH ? AND \(filters.whereClause)
            ORDER BY \(bm25) LIMIT ?
            """
        var arguments: StatementArguments = [match]
        arguments += filters.arguments
        arguments += [limit]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { MessageHit(emailID: $0[0], threadID: $0[1]) }
    }

    /// Filters only (E-03): newest first, from the `email_search_by_date` index.
    static func filtered(_ filters: FilterSQL, limit: Int, _ db: Database) throws -> [MessageHit] {
        let sql = """
            SELECT e.id, e.thread_id FROM email e INDEXED BY email_search_by_date
            WHERE \(filters.whereClause) ORDER BY e.sort_date DESC LIMIT ?
            """
        var arguments = filters.arguments
        arguments += [limit]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { MessageHit(emailID: $0[0], threadID: $0[1]) }
    }

    /// Every message the filters allow (the candidates of a filtered semantic search).
    static func allowed(_ filters: FilterSQL, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: """
            SELECT e.id FROM email e INDEXED BY email_search_by_date WHERE \(filters.whereClause)
            """, arguments: filters.arguments)
    }

    /// Thread ids of messages (semantic hits arrive without them), for those the filters allow.
    static func threads(of ids: [Int64], filters: FilterSQL, _ db: Database) throws -> [Int64: Int64] {
        guard !ids.isEmpty else { return [:] }
        var arguments = StatementArguments(ids)
        arguments += filters.arguments
        let rows = try Row.fetchAll(db, sql: """
            SELECT e.id, e.thread_id FROM email e INDEXED BY email_search_facets
            WHERE e.id IN (\(FilterSQL.placeholders(ids.count))) AND \(filters.whereClause)
            """, arguments: arguments)
        return Dictionary(rows.map { ($0[0] as Int64, $0[1] as Int64) }, uniquingKeysWith: { a, _ in a })
    }

    static let open = "\u{E000}"
    static let close = "\u{E001}"

    /// Highlighted subject and body snippet of each message, for the match expression.
    static func highlights(match: String, ids: [Int64], _ db: Database) throws -> [Int64: (subject: String, snippet: String)] {
        guard !ids.isEmpty else { return [:] }
        var arguments: StatementArguments = [open, close, open, close, match]
        arguments += StatementArguments(ids)
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid, highlight(email_fts, 0, ?, ?), snippet(email_fts, 1, ?, ?, '…', 24)
            FROM email_fts WHERE email_fts MATCH ? AND rowid IN (\(FilterSQL.placeholders(ids.count)))
            """, arguments: arguments)
        var result: [Int64: (subject: String, snippet: String)] = [:]
        for row in rows {
            result[row[0] as Int64] = (subject: (row[1] as String?) ?? "", snippet: (row[2] as String?) ?? "")
        }
        return result
    }
}
