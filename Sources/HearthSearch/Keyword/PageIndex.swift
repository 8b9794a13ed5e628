import Foundation
import GRDB
import HearthStore

/// A keyword index of a few messages alone, in memory, with the mailbox index's columns and
/// tokenizer: for an expression with a prefix longer than the prefix indexes (`"mips"*`, every
/// type-ahead word of four letters or more).
///
/// FTS5 answers such a prefix by merging the doclists of every word it begins, whole, for each
/// query it runs (rowid bounds do not shorten the merge): on the mailbox's index "mips"* costs
/// 8–10 ms of CPU at 60K per query, a quarter of a whole `hearth search`. Over ~20 messages the
/// same merge is nothing; indexing them costs about what reading their text does (~3 ms for 20
/// list messages). Whether a message matches, and its `highlight()`/`snippet()`, depend only on
/// its own text and the expression, never on other messages, so the answers are the same.
enum PageIndex {
    /// The keyword index's tokenizer (migrations `v2-search`, `v10-search-prefix`);
    /// `PageIndexTests` checks it against the store's `email_fts`.
    static let tokenizer = "unicode61 remove_diacritics 2"

    /// The subject highlighted and a body snippet of each of `ids` that `match` matches.
    static func highlights(match: String, ids: [Int64], open: String, close: String,
                           _ db: Database) throws -> [Int64: (subject: String, snippet: String)] {
        try highlights(match: match, texts: try texts(of: ids, db), open: open, close: close)
    }

    /// The same for messages whose indexed columns were read already (`texts(of:)`).
    static func highlights(match: String, texts: [Int64: [String]], open: String,
                           close: String) throws -> [Int64: (subject: String, snippet: String)] {
        guard !texts.isEmpty else { return [:] }
        return try indexed(texts).read { page in
            let rows = try Row.fetchAll(page, sql: """
                SELECT rowid, highlight(page_fts, 0, ?, ?), hearth_snippet(page_fts, 1, ?, ?, '…', 24)
                FROM page_fts WHERE page_fts MATCH ?
                """, arguments: [open, close, open, close, match])
            var result: [Int64: (subject: String, snippet: String)] = [:]
            for row in rows {
                result[row[0] as Int64] = (subject: (row[1] as String?) ?? "", snippet: (row[2] as String?) ?? "")
            }
            return result
        }
    }

    /// Those of the messages (their indexed columns, `texts(of:)`) that `match` matches.
    static func matching(match: String, texts: [Int64: [String]]) throws -> Set<Int64> {
        guard !texts.isEmpty else { return [] }
        return try indexed(texts).read { page in
            Set(try Int64.fetchAll(page, sql: "SELECT rowid FROM page_fts WHERE page_fts MATCH ?", arguments: [match]))
        }
    }

    /// Each message's indexed columns (subject, body, sender name, sender address) as the
    /// mailbox index saw them, from its source view (the body, or an HTML body's text): what
    /// `PrefixExpansion` looks for a prefix's words in, and what `indexed` indexes.
    static func texts(of ids: [Int64], _ db: Database) throws -> [Int64: [String]] {
        guard !ids.isEmpty else { return [:] }
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, subject, body, sender_name, sender_email FROM email_search_source
            WHERE id IN (\(FilterSQL.placeholders(ids.count)))
            """, arguments: StatementArguments(ids))
        var texts: [Int64: [String]] = [:]
        for row in rows {
            texts[row[0] as Int64] = (1...4).map { (row[$0] as String?) ?? "" }
        }
        return texts
    }

    /// An in-memory database whose `page_fts` indexes the messages, with their text exactly as
    /// the mailbox index saw it (`texts(of:)`).
    private static func indexed(_ texts: [Int64: [String]]) throws -> DatabaseQueue {
        // The mailbox index's snippet function too: a page of a common prefix lists the messages
        // with the most matches, where the built-in `snippet()` is quadratic (KeywordSearcher).
        var configuration = Configuration()
        configuration.prepareDatabase { try HearthDatabase.registerSnippetFunction($0) }
        let page = try DatabaseQueue(configuration: configuration)
        try page.write { pageDB in
            try pageDB.execute(sql: """
                CREATE VIRTUAL TABLE page_fts USING fts5(
                    subject, body, sender_name, sender_email, tokenize = '\(tokenizer)')
                """)
            let insert = try pageDB.makeStatement(sql: """
                INSERT INTO page_fts (rowid, subject, body, sender_name, sender_email) VALUES (?, ?, ?, ?, ?)
                """)
            for (id, columns) in texts where columns.count == 4 {
                try insert.execute(arguments: [id, columns[0], columns[1], columns[2], columns[3]])
            }
        }
        return page
    }
}
