import Foundation
import GRDB

/// The newest-first page of an expression in too many messages for BM25
/// (`KeywordOrder.newest`): looked for among the newest messages (the candidate window), with
/// FTS5 reading as little of the expression's doclists as the window needs.
extension KeywordSearcher {
    /// The newest messages (passing the filters) a common expression's page is first looked
    /// for in: at least this many, and `newestWindowPerHit` per message of the page, so a word
    /// in a tenth of recent mail fills the page in one walk of its doclists. When it does not,
    /// the next slice of older mail is read (`widened`), sized from how often the expression
    /// occurred in the mail read so far, never more than `newestWindowGrowth`-fold.
    static let newestWindow = 1_000
    static let newestWindowPerHit = 10
    static let newestWindowGrowth = 8

    /// Newest first, exactly: the page of a full sort of every match by date (then id). The
    /// candidates are the messages of the newest `window` (those from the window's oldest date
    /// on, so equal dates are never split): one walk of the expression's doclists keeps the
    /// matches among them, and the date index lists those newest first. A window holding at
    /// least `limit` matches holds the page, because every message outside it is older than
    /// every message inside. So a word in most messages ("mips": 35K of 60K) reads ~2,000
    /// index entries and one doclist instead of building a set of all its matches. A word
    /// recent mail has too few of goes on into older mail slice by slice (each slice only the
    /// messages older than the last), down to the whole mailbox: "cache" (9 % of 60K messages)
    /// read 2,000 then 16,000 messages, each window from the newest, where it now reads 2,000
    /// and then the next ~1,000.
    /// `longMerge` is `longMergeMessages` but in tests.
    static func newest(match: String, filters: FilterSQL, limit: Int, window first: Int? = nil,
                       longMerge: Int = longMergeMessages, _ db: Database) throws -> [MessageHit] {
        let proportional = limit > Int.max / newestWindowPerHit ? Int.max : limit * newestWindowPerHit
        var window = max(first ?? max(newestWindow, proportional), limit, 1)
        // How a long prefix is read does not depend on the window: decided once, not on every
        // slice (its cut's count is a query of its own).
        let prefix = try LongPrefixPlan(match: match, longMerge: longMerge, db)
        var cuts: PrefixCuts?
        switch prefix {
        case .none: cuts = nil
        case .throughCuts(let long): cuts = long
        case .walkedOnce:
            // A long prefix whose words are in few enough messages to merge: one walk lists
            // them all and the date index is read from the newest message until the page is
            // full. Walking them again for each slice cost more: "cache"* at 60K, 3 ms this
            // way against 4.5 ms for a first window of 2,000 and 11 ms for one of 16,000.
            return try newestOfAll(match: match, filters: filters, limit: limit, db)
        }
        var page: [MessageHit] = []
        var before = Int64.max   // the slices read so far hold every message from this date on
        while true {
            // Fewer messages than the window pass the filters ("in January 2001"): the last
            // slice is all of them, read the same way (runs, seeks) rather than by listing
            // every match of the mailbox first.
            let since = try windowStart(filters, size: window, db) ?? .min
            if since < before {
                let slice = DateSlice(since: since, before: before)
                page += try newest(match: match, filters: filters, limit: limit - page.count, in: slice, cuts: cuts, db)
                if page.count >= limit { return page }
                before = since
            }
            if since == .min { return page }
            window = widened(window, found: page.count, limit: limit)
        }
    }

    /// The next window size: the one that would hold `limit` matches at the rate `found` in
    /// `window` messages, with a quarter to spare, at least half as big again (each slice costs
    /// its own queries) and at most `newestWindowGrowth`-fold (nothing found: that).
    static func widened(_ window: Int, found: Int, limit: Int) -> Int {
        let most = window > Int.max / newestWindowGrowth ? Int.max : window * newestWindowGrowth
        guard found > 0 else { return most }
        let least = window > Int.max / 2 ? Int.max : window + window / 2 + 1
        let expected = Double(window) * Double(limit) / Double(found) * 1.25
        guard expected < Double(most) else { return most }
        return min(max(Int(expected), least), most)
    }

    /// Messages dated `since` or later and before `before`: one slice of the mailbox by date.
    struct DateSlice {
        var since: Int64
        var before: Int64

        /// The slice as conditions on `e.sort_date`, an open end (`.min`, `.max`) left out: the
        /// date index is then ranged by the filters' own dates on that side ("before March
        /// 2000", "in January 2001") instead of by a bound that excludes nothing (SQLite ranges
        /// an index by one lower and one upper bound: with the slice's open end it read 60K
        /// entries for a month's 1,200).
        var condition: String {
            let bounds = [since > .min ? "e.sort_date >= ?" : nil, before < .max ? "e.sort_date < ?" : nil].compactMap { $0 }
            return bounds.isEmpty ? "1" : bounds.joined(separator: " AND ")
        }

        var arguments: StatementArguments {
            StatementArguments([since > .min ? since : nil, before < .max ? before : nil].compactMap { $0 })
        }
    }

    /// The date of the `size`-th newest message passing the filters; nil when fewer pass (the
    /// window is everything).
    static func windowStart(_ filters: FilterSQL, size: Int, _ db: Database) throws -> Int64? {
        var arguments = filters.arguments
        arguments += [size - 1]
        return try Int64.fetchOne(db, sql: """
            SELECT e.sort_date FROM email e INDEXED BY email_search_by_date
            WHERE \(filters.whereClause) ORDER BY e.sort_date DESC LIMIT 1 OFFSET ?
            """, arguments: arguments)
    }

    /// The slice's matches, newest first. The slice's messages (the date index)
    /// usually fall into a few runs of neighbouring ids (`RowidRanges`), and FTS5 walks the
    /// expression only inside those runs, seeking to each: "mips" (35K of 60K messages) reads
    /// the ~2,000 entries of its doclist in the window's runs instead of all 35K. Every match
    /// is tested against the window, so the page is the same however the ids fall; when the
    /// runs would span much more than the window (ids scattered) the expression is walked once
    /// instead (`walkedOnce`). A prefix FTS5 answers by merging the doclists of every word it
    /// begins (a merge reads them whole whatever the rowid bounds) comes here only when that
    /// merge is long, and goes through its cut (`throughCuts`).
    private static func newest(match: String, filters: FilterSQL, limit: Int, in slice: DateSlice,
                               cuts: PrefixCuts?, _ db: Database) throws -> [MessageHit] {
        if let cuts {
            if let runs = try windowRuns(filters: filters, in: slice, db),
               let page = try throughCuts(match: match, cuts: cuts, runs: runs, limit: limit, db) {
                return page
            }
            return try walkedOnce(match: match, filters: filters, limit: limit, in: slice, db)
        }
        guard let runs = try windowRuns(filters: filters, in: slice, db) else {
            return try walkedOnce(match: match, filters: filters, limit: limit, in: slice, db)
        }
        return try matches(of: match, in: runs, db).prefix(limit).map { MessageHit(emailID: $0.id, threadID: $0.thread) }
    }

    /// The window's messages (dated `since` or later and before `before`, passing the
    /// filters) and the id runs they fall into; nil when the runs would span more than
    /// `seekedSpanPerWindowMessage` ids per message.
    static func windowRuns(filters: FilterSQL, in slice: DateSlice, _ db: Database) throws -> WindowRuns? {
        var arguments = slice.arguments
        arguments += filters.arguments
        let rows = try Row.fetchCursor(db, sql: """
            SELECT e.id, e.thread_id, e.sort_date FROM email e INDEXED BY email_search_by_date
            WHERE \(slice.condition) AND \(filters.whereClause)
            """, arguments: arguments)
        var window: [Int64: (thread: Int64, date: Int64)] = [:]
        while let row = try rows.next() { window[row[0]] = (row[1], row[2]) }
        let ranges = RowidRanges(covering: Array(window.keys))
        guard ranges.span / Int64(max(window.count, 1)) <= seekedSpanPerWindowMessage else { return nil }
        return WindowRuns(messages: window, ranges: ranges)
    }

    /// The window's messages matching `match`, newest first (date, then id), FTS5 seeking to
    /// each run of ids.
    private static func matches(of match: String, in runs: WindowRuns, _ db: Database) throws -> [WindowMatch] {
        let statement = try db.cachedStatement(sql: """
            SELECT rowid FROM email_fts WHERE email_fts MATCH ? AND rowid >= ? AND rowid <= ?
            """)
        var found: [WindowMatch] = []
        for range in runs.ranges.ranges {
            let ids = try Int64.fetchCursor(statement, arguments: [match, range.lowerBound, range.upperBound])
            while let id = try ids.next() {
                if let message = runs.messages[id] { found.append(WindowMatch(id: id, thread: message.thread, date: message.date)) }
            }
        }
        found.sort { $0.date != $1.date ? $0.date > $1.date : $0.id > $1.id }
        return found
    }

    /// Messages of the page that match the cut expression but not the whole words, checked
    /// against the long prefix (`confirmedMatches`: their text read, the prefix spelled out),
    /// at most: past this ("kern"*, no message has the word "kern") one merge is cheaper.
    static let uncertainChecked = 48

    /// The page of an expression with long prefixes, exactly, without their merge: candidates
    /// are the window's matches of the cut expression (`PrefixCuts`: `"mip"*`, a seekable
    /// doclist, a superset), newest first; those that also match the same words without the
    /// prefixes (`"mips"`, a subset) are matches, and only the rest ("mips64" alone, or
    /// "mipmap") are checked against the expression itself. "mips"* at 60K: of the newest 220
    /// candidates 198 have the word "mips" and 22 are checked. Nil when more than
    /// `uncertainChecked` would need checking.
    static func throughCuts(match: String, cuts: PrefixCuts, runs: WindowRuns, limit: Int,
                                    _ db: Database) throws -> [MessageHit]? {
        let candidates = try matches(of: cuts.expression, in: runs, db)
        let words = Set(try matches(of: FTSMatch.withoutPrefixes(match), in: runs, db).map(\.id))
        let uncertainAhead = candidates.prefix(limit).lazy.filter { !words.contains($0.id) }.count
        guard uncertainAhead <= uncertainChecked else { return nil }
        var page: [MessageHit] = []
        var next = 0
        var checked = 0
        while page.count < limit && next < candidates.count {
            let batch = candidates[next..<min(next + (limit - page.count), candidates.count)]
            next += batch.count
            let uncertain = batch.filter { !words.contains($0.id) }.map(\.id)
            checked += uncertain.count
            if checked > 2 * uncertainChecked { return nil }
            let confirmed = try confirmedMatches(match: match, ids: uncertain, db)
            for candidate in batch where words.contains(candidate.id) || confirmed.contains(candidate.id) {
                page.append(MessageHit(emailID: candidate.id, threadID: candidate.thread))
            }
        }
        return page
    }

    /// How many ids the seeked runs may span per message of the window before one walk of the
    /// whole expression is cheaper (every match in the runs comes back to be tested).
    static let seekedSpanPerWindowMessage: Int64 = 8

    /// The window's messages by id and the runs of ids they fall into.
    struct WindowRuns {
        var messages: [Int64: (thread: Int64, date: Int64)]
        var ranges: RowidRanges
    }

    struct WindowMatch {
        var id: Int64
        var thread: Int64
        var date: Int64
    }

    /// The slice's matches, newest first, from one walk of the expression: `+rowid` keeps
    /// SQLite from handing the slice's ids to FTS5 one by one (a lookup each, and a prefix term
    /// re-merges its doclists for every one of them); each match is tested against the slice.
    private static func walkedOnce(match: String, filters: FilterSQL, limit: Int, in slice: DateSlice,
                                   _ db: Database) throws -> [MessageHit] {
        let sql = """
            SELECT e.id, e.thread_id FROM email e INDEXED BY email_search_by_date
            WHERE \(slice.condition) AND e.id IN (
                SELECT rowid FROM email_fts WHERE email_fts MATCH ? AND +rowid IN (
                    SELECT e.id FROM email e INDEXED BY email_search_by_date
                    WHERE \(slice.condition) AND \(filters.whereClause)))
            ORDER BY e.sort_date DESC, e.id DESC LIMIT ?
            """
        var arguments = slice.arguments
        arguments += [match]
        arguments += slice.arguments
        arguments += filters.arguments
        arguments += [limit]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { MessageHit(emailID: $0[0], threadID: $0[1]) }
    }

    /// Newest first over every match: one walk of the expression lists the matching rowids,
    /// and the date index is walked from the newest message, each checked against the list.
    private static func newestOfAll(match: String, filters: FilterSQL, limit: Int, _ db: Database) throws -> [MessageHit] {
        let sql = """
            SELECT e.id, e.thread_id FROM email e INDEXED BY email_search_by_date
            WHERE e.id IN (SELECT rowid FROM email_fts WHERE email_fts MATCH ?) AND \(filters.whereClause)
            ORDER BY e.sort_date DESC, e.id DESC LIMIT ?
            """
        var arguments: StatementArguments = [match]
        arguments += filters.arguments
        arguments += [limit]
        return try Row.fetchAll(db, sql: sql, arguments: arguments).map { MessageHit(emailID: $0[0], threadID: $0[1]) }
    }

    /// Messages a long prefix's cut (`PrefixCuts`, `"mip"*` for `"mips"*`) may be in before
    /// merging the long prefix's doclists costs more than indexing the page on its own.
    static let longMergeMessages = 10_000

    /// Whether some long prefix of `match` begins words in more than `longMergeMessages`
    /// messages (its cut counted on the prefix index, up to the bound: a fraction of a ms);
    /// a prefix whose first letters are not plain ASCII counts as long.
    static func prefixMergeIsLong(_ match: String, over bound: Int = longMergeMessages, _ db: Database) throws -> Bool {
        guard let cuts = PrefixCuts(match) else { return true }
        return try mergeIsLong(cuts, over: bound, db)
    }

    static func mergeIsLong(_ cuts: PrefixCuts, over bound: Int, _ db: Database) throws -> Bool {
        for term in cuts.terms where try count(term, upTo: bound + 1, db) > bound {
            return true
        }
        return false
    }

    /// How the newest-first page of an expression with a prefix longer than the prefix indexes
    /// is found: through its cut when that prefix's merge is long, else by one walk; `none`
    /// without such a prefix.
    enum LongPrefixPlan {
        case none
        case walkedOnce
        case throughCuts(PrefixCuts)

        init(match: String, longMerge: Int, _ db: Database) throws {
            guard FTSMatch.hasUnindexedPrefixTerm(match) else { self = .none; return }
            if let cuts = PrefixCuts(match), try KeywordSearcher.mergeIsLong(cuts, over: longMerge, db) {
                self = .throughCuts(cuts)
            } else {
                self = .walkedOnce
            }
        }
    }
}
