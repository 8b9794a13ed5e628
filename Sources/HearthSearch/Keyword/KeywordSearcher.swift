import Foundation
import GRDB

/// One message found by the keyword index or by the filters alone.
struct MessageHit: Sendable, Hashable {
    var emailID: Int64
    var threadID: Int64
}

/// How the keyword side ordered its matches.
public enum KeywordOrder: String, Sendable, Hashable, Codable {
    /// BM25, best first (few enough matches to score them all).
    case relevance
    /// Newest first (the words are in too many messages for BM25 to tell them apart).
    case newest
}

/// A page of keyword matches and how it is ordered.
struct KeywordPage: Sendable {
    var hits: [MessageHit]
    var order: KeywordOrder
}

/// The FTS5 side (FR-SEARCH-06): BM25-ranked matches ANDed with the filters, and the
/// `highlight()`/`snippet()` of the few messages finally shown.
enum KeywordSearcher {
    /// BM25 column weights: subject, body, sender name, sender address. A word in the subject
    /// or naming the sender says more about a message than one somewhere in its body.
    static let bm25 = "bm25(email_fts, 4.0, 1.0, 2.0, 2.0)"

    /// Matches ranked by BM25 at most: above this many, the keyword side lists the newest
    /// matches instead (`KeywordOrder.newest`). BM25 costs FTS5 one auxiliary-function call per
    /// match (column sizes, phrase instances) plus the sort: "mips" (37K of 63K linux-mips
    /// messages) took 450–650 ms on a loaded 2-core box, where listing its newest 200 matches
    /// took 50–70 ms. A word in that many messages says little about which one is meant
    /// (FTS5 clamps its IDF to ~0 once it is in more than half of them), so its page is the
    /// newest mail, as Gmail and Apple Mail list every search.
    static let relevanceRankLimit = 2_000

    /// The first `limit` matches of `match` that pass `filters`, ordered by relevance (BM25)
    /// when at most `relevanceRankLimit` messages match the expression, else newest first. The
    /// cost follows the page size (and the cheap doclist walk), not the number of matches.
    /// `KeywordRankingTests` checks both orders against a full sort of every match.
    ///
    /// `subset`, when given, is an expression that matches only messages `match` matches (the
    /// same words without the type-ahead prefixes: `"mips"` for `"mips"*`). Counting it is one
    /// doclist walk, where counting a prefix first merges the doclists of every word it
    /// begins (`"mips"*`: 6–7 ms of CPU at 60K); when the subset alone is common, so is `match`.
    static func search(match: String, filters: FilterSQL, limit: Int, rankLimit: Int = relevanceRankLimit,
                       subset: String? = nil, _ db: Database) throws -> KeywordPage {
        if let subset, subset != match, try count(subset, upTo: rankLimit + 1, db) > rankLimit {
            return KeywordPage(hits: try newest(match: match, filters: filters, limit: limit, db), order: .newest)
        }
        let probe = try count(match, upTo: rankLimit + 1, db)
        // Nothing matches (often the all-words expression of a natural-language query, before
        // the relaxed one): no second scan of the index to rank nothing.
        if probe == 0 { return KeywordPage(hits: [], order: .relevance) }
        if probe <= rankLimit {
            return KeywordPage(hits: try byRelevance(match: match, filters: filters, limit: limit, db), order: .relevance)
        }
        return KeywordPage(hits: try newest(match: match, filters: filters, limit: limit, db), order: .newest)
    }

    /// Messages matching `match`, counted up to `bound` (a doclist walk, no scoring).
    static func count(_ match: String, upTo bound: Int, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT count(*) FROM (SELECT rowid FROM email_fts WHERE email_fts MATCH ? LIMIT ?)
            """, arguments: [match, bound]) ?? 0
    }

    /// Best first by BM25: every match is scored, so only for expressions with few matches.
    /// Reads only the FTS index and the narrow `email_search_facets` index. Without filters
    /// the matches are ranked on the FTS index alone and only the page's thread ids are looked
    /// up: joining every match to `email` first cost as much again as scoring it ("cache"
    /// "flush"*, 1,855 matches at 60K: 9.5–11 ms joined, 4.5–4.8 ms alone).
    static func byRelevance(match: String, filters: FilterSQL, limit: Int, _ db: Database) throws -> [MessageHit] {
        if filters.predicates.isEmpty {
            let ids = try Int64.fetchAll(db, sql: """
                SELECT rowid FROM email_fts WHERE email_fts MATCH ? ORDER BY \(bm25), rowid DESC LIMIT ?
                """, arguments: [match, limit])
            let threads = try threads(of: ids, filters: filters, db)
            // An index entry without its email (a damaged index, repaired by E-05) is left out.
            return ids.compactMap { id in threads[id].map { MessageHit(emailID: id, threadID: $0) } }
        }
        let sql = """
            SELECT e.id, e.thread_id FROM email_fts
            JOIN email e INDEXED BY email_search_facets ON e.id = email_fts.rowid
            WHERE email_fts MATCH ? AND \(filters.whereClause)
            ORDER BY \(bm25), e.id DESC LIMIT ?
            """
        var arguments: StatementArguments = [match]
        arguments += filters.arguments
        arguments += [limit]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { MessageHit(emailID: $0[0], threadID: $0[1]) }
    }

    /// Whether any of the FTS5 strings (`"word"`, `"pre"*`) occurs in any email.
    static func anyTermOccurs(_ terms: [String], _ db: Database) throws -> Bool {
        for term in terms where try Bool.fetchOne(db, sql: """
            SELECT EXISTS (SELECT 1 FROM email_fts WHERE email_fts MATCH ?)
            """, arguments: [term]) == true {
            return true
        }
        return false
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
    /// `matching`: those of `ids` known to match it (the keyword side's hits; the rest may be
    /// semantic matches without the words), or nil when not known.
    static func highlights(match: String, ids: [Int64], matching: Set<Int64>? = nil,
                           _ db: Database) throws -> [Int64: (subject: String, snippet: String)] {
        guard !ids.isEmpty else { return [:] }
        guard FTSMatch.hasUnindexedPrefixTerm(match) else { return try seeked(match: match, ids: ids, db) }
        // A prefix longer than the prefix indexes makes FTS5 merge the doclists of every word it
        // begins, whole, once per query. So it is first spelled out as the words the page's
        // messages have (`PrefixExpansion`) and the messages are sought one by one; a message
        // that matches, that those words miss and whose text has folding they do not know
        // ("MIPSÉ") goes the merging way.
        let texts = try PageIndex.texts(of: ids, db)
        if let expansion = PrefixExpansion(match, texts: texts) {
            var result = try seeked(match: expansion.expression, ids: ids, groups: expansion.phraseGroups, db)
            let missed = ids.filter { id in
                result[id] == nil && (matching?.contains(id) ?? true) && !PrefixExpansion.readsExactly(texts[id] ?? [])
            }
            if !missed.isEmpty {
                result.merge(try merged(match: match, ids: missed, texts: texts, db)) { spelled, _ in spelled }
            }
            return result
        }
        return try merged(match: match, ids: ids, texts: texts, db)
    }

    /// Those of `ids` that `match` (an expression with long prefixes) matches, exactly, without
    /// merging the prefixes' doclists: the prefixes are spelled out as the messages' own words
    /// (`PrefixExpansion`) and FTS5 seeks to each message, so column filters, phrases and ORs
    /// keep FTS5's meaning. A message the spelled-out words leave out and whose text is not
    /// plain ASCII (folding the byte scan does not do) is checked in an index of its own
    /// (`PageIndex.matching`), as is every message when the prefixes cannot be spelled out.
    static func confirmedMatches(match: String, ids: [Int64], _ db: Database) throws -> Set<Int64> {
        guard !ids.isEmpty else { return [] }
        let texts = try PageIndex.texts(of: ids, db)
        guard let expansion = PrefixExpansion(match, texts: texts) else {
            return try PageIndex.matching(match: match, texts: texts)
        }
        var arguments: StatementArguments = [expansion.expression]
        arguments += StatementArguments(ids)
        var found = Set(try Int64.fetchAll(db, sql: """
            SELECT rowid FROM email_fts WHERE email_fts MATCH ? AND rowid IN (\(FilterSQL.placeholders(ids.count)))
            """, arguments: arguments))
        let unsure = texts.filter { !found.contains($0.key) && !PrefixExpansion.readsExactly($0.value) }
        if !unsure.isEmpty { found.formUnion(try PageIndex.matching(match: match, texts: unsure)) }
        return found
    }

    /// Highlights for an expression with a long prefix, through FTS5's merge: when that merge
    /// is long ("mips"*: 8–10 ms at 60K) the messages are highlighted in an index of their own
    /// (`PageIndex`, ~3 ms for 20 list messages); when short ("flush"*: ~1 ms) the expression
    /// is walked once and each match tested against the ids (`+rowid` keeps SQLite from handing
    /// the ids to FTS5 one by one, which would merge once per id). `texts`: the messages'
    /// indexed columns, read already (`PageIndex.texts`).
    private static func merged(match: String, ids: [Int64], texts: [Int64: [String]],
                               _ db: Database) throws -> [Int64: (subject: String, snippet: String)] {
        if try prefixMergeIsLong(match, db) {
            let wanted = Set(ids)
            return try PageIndex.highlights(match: match, texts: texts.filter { wanted.contains($0.key) }, open: open, close: close)
        }
        return try highlightRows(match: match, ids: ids, rowid: "+rowid", db)
    }

    /// Highlights for an expression FTS5 can seek to each message with: words, and prefixes the
    /// prefix indexes hold (`rowid IN`: a seek per id; "mi"* 1.0 ms for 20 at 60K, where one
    /// walk of its 45K matches took 8.3).
    /// `groups`: `PrefixExpansion.phraseGroups`, so the snippet is the prefix's.
    private static func seeked(match: String, ids: [Int64], groups: [Int]? = nil,
                               _ db: Database) throws -> [Int64: (subject: String, snippet: String)] {
        guard !ids.isEmpty else { return [:] }
        return try highlightRows(match: match, ids: ids, rowid: "rowid", groups: groups, db)
    }

    private static func highlightRows(match: String, ids: [Int64], rowid: String, groups: [Int]? = nil,
                                      _ db: Database) throws -> [Int64: (subject: String, snippet: String)] {
        var arguments: StatementArguments = [open, close, open, close]
        if let groups { arguments += [groups.map(String.init).joined(separator: " ")] }
        arguments += [match]
        arguments += StatementArguments(ids)
        // `hearth_snippet` is `snippet()` with the same output in linear time: the built-in one
        // is quadratic in a message's matches, and a BM25 page lists the messages with the most
        // (12 ms of CPU for the 60K "cache flush" page; CFTS5Snippet, `Fts5SnippetTests`).
        let rows = try Row.fetchAll(db, sql: """
            SELECT rowid, highlight(email_fts, 0, ?, ?), hearth_snippet(email_fts, 1, ?, ?, '…', 24\(groups == nil ? "" : ", ?"))
            FROM email_fts WHERE email_fts MATCH ? AND \(rowid) IN (\(FilterSQL.placeholders(ids.count)))
            """, arguments: arguments)
        var result: [Int64: (subject: String, snippet: String)] = [:]
        for row in rows {
            result[row[0] as Int64] = (subject: (row[1] as String?) ?? "", snippet: (row[2] as String?) ?? "")
        }
        return result
    }
}
