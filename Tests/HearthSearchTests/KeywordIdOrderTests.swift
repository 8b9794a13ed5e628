import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthStore
import Testing

/// Issue 16: the newest-first page of a common word walks FTS5 only inside the rowid runs the
/// window's messages fall into (`RowidRanges`). Message ids follow arrival, not dates, so the
/// page must be the full sort's whatever the ids: mail synced oldest first, older mail
/// backfilled later, two folders interleaved, scattered ids.
@Suite("Keyword page when ids do not follow dates")
struct KeywordIdOrderTests {
    static let day: TimeInterval = 86_400
    static let start = Date(timeIntervalSince1970: 1_600_000_000)

    /// One message per entry of `days` (its date, in days from `start`), inserted in that order
    /// (so ids follow the array, not the dates). Every seventh lacks "router"; every eleventh
    /// says only "routers", every thirteenth only "rouge" (words "rou"* finds that "router"
    /// does not, one of them not "router"* either); every third also says "switch".
    static func add(_ f: SearchFixture, days: [Int]) throws {
        let messages = days.enumerated().map { index, day -> NewMessage in
            let date = start.addingTimeInterval(Double(day) * Self.day)
            let words = index % 13 == 0 ? "rouge wine" : index % 11 == 0 ? "two routers" : index % 7 == 0 ? "nothing to see" : "the router rebooted"
            let body = words + (index % 3 == 0 ? " and the switch too" : "") + " (\(index))"
            let email = Email(accountID: f.accountID, messageID: "m\(index)@test", from: EmailAddress(address: "noc@example.org"),
                              to: [EmailAddress(address: "me@example.org")], subject: "Status \(index)", bodyPlain: body,
                              snippet: "", dateReceived: date, dateSent: date, sizeBytes: 100)
            return NewMessage(email: email, attachments: [], folderID: f.inbox.id!, threadingKey: MessageMapping.threadingKey(for: email))
        }
        _ = try f.store.insert(messages)
    }

    /// Every match newest first (date, then id): the reference.
    static func fullSort(_ match: String, filters: FilterSQL, _ db: Database) throws -> [Int64] {
        var arguments: StatementArguments = [match]
        arguments += filters.arguments
        return try Int64.fetchAll(db, sql: """
            SELECT e.id FROM email e WHERE e.id IN (SELECT rowid FROM email_fts WHERE email_fts MATCH ?)
                AND \(filters.whereClause) ORDER BY e.sort_date DESC, e.id DESC
            """, arguments: arguments)
    }

    /// The arrival orders: each is a permutation of days 0..<n.
    static let orders: [(name: String, days: [Int])] = {
        let n = 900
        // A deterministic shuffle (no randomness in tests): a multiplicative permutation.
        let scattered = (0..<n).map { ($0 * 577) % n }
        return [
            ("oldest first", Array(0..<n)),
            ("newest first", Array((0..<n).reversed())),
            // Recent mail synced first (newest first), the older half backfilled later.
            ("backfilled", Array((450..<n).reversed()) + Array((0..<450).reversed())),
            // Two folders, each in runs of 300 ids, their dates interleaved.
            ("folders", (0..<300).map { $0 * 2 } + (0..<300).map { $0 * 2 + 1 }
                + (600..<n).map { $0 }),
            // Runs of ids whose dates are blocks out of order.
            ("blocks", Array(600..<n) + Array(0..<300) + Array(300..<600)),
            ("scattered", scattered),
        ]
    }()

    @Test(arguments: orders.indices)
    func theNewestPageIsTheFullSortsWhateverTheIds(_ order: Int) throws {
        let (name, days) = Self.orders[order]
        #expect(Set(days).count == days.count, "\(name) is a permutation")
        let f = try SearchFixture()
        try Self.add(f, days: days)
        try f.store.database.writer.read { db in
            let none = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let range = SearchFilters(dateRange: DateRange(start: Self.start.addingTimeInterval(100 * Self.day),
                                                           end: Self.start.addingTimeInterval(700 * Self.day)))
            let ranged = try FilterSQL.build(range, scope: .allMail, accounts: [], db)
            // Plain words and a two-word expression take the seeked path; "ro"* has a prefix
            // index; long prefixes are walked once (a short merge) or, with `longMerge: 0`,
            // found through their cut ("rou"*) and the whole words, or walked once when too
            // many candidates lack the words ("rout"*: no message says "rout").
            for match in [#""router""#, #""router" "switch""#, #""switch""#, #""ro"*"#, #""rout"*"#, #""router"*"#,
                          #""router" "switc"*"#] {
                for filters in [none, ranged] {
                    let reference = try Self.fullSort(match, filters: filters, db)
                    #expect(reference.count > 100)
                    for (window, limit) in [(10, 5), (50, 20), (400, 200), (1, 1), (2_000, 50), (30, 200)] {
                        for longMerge in [KeywordSearcher.longMergeMessages, 0] {
                            let page = try KeywordSearcher.newest(match: match, filters: filters, limit: limit, window: window,
                                                                  longMerge: longMerge, db)
                            #expect(page.map(\.emailID) == Array(reference.prefix(limit)),
                                    "\(name): \(match), window \(window), limit \(limit), long merge \(longMerge)")
                        }
                    }
                }
            }
        }
    }

    /// The cut path itself: candidates of "rou"*, the word "router" taken as is, "routers"
    /// and "rouge" checked against their text; nil when too many would need checking.
    @Test func aLongPrefixsPageComesThroughItsCut() throws {
        let f = try SearchFixture()
        try Self.add(f, days: Self.orders[4].days)
        try f.store.database.writer.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let reference = try Self.fullSort(#""router"*"#, filters: filters, db)
            let since = try #require(try KeywordSearcher.windowStart(filters, size: 400, db))
            let runs = try #require(try KeywordSearcher.windowRuns(filters: filters, in: .init(since: since, before: .max), db))
            #expect(runs.ranges.ranges.count == 2, "the blocks order splits the newest 400 in two runs")
            let cuts = try #require(PrefixCuts(#""router"*"#))
            for limit in [1, 20, 60] {
                let page = try #require(try KeywordSearcher.throughCuts(match: #""router"*"#, cuts: cuts, runs: runs, limit: limit, db))
                #expect(page.map(\.emailID) == Array(reference.prefix(limit)))
            }
            // No message has the word "rout": every candidate is checked, each against its own
            // text ("router", "routers" confirm; "rouge" does not)…
            let rout = try #require(PrefixCuts(#""rout"*"#))
            let routReference = try Self.fullSort(#""rout"*"#, filters: filters, db)
            let limit = KeywordSearcher.uncertainChecked - 8
            let checked = try #require(try KeywordSearcher.throughCuts(match: #""rout"*"#, cuts: rout, runs: runs, limit: limit, db))
            #expect(checked.count == limit)
            #expect(checked.map(\.emailID) == Array(routReference.prefix(limit)))
            // …up to `uncertainChecked` of them (of the ~340 candidates of the window here), then nil.
            #expect(try KeywordSearcher.throughCuts(match: #""rout"*"#, cuts: rout, runs: runs, limit: 200, db) == nil)
        }
    }

    @Test func rangesCoverEveryIdAndSplitAtTheWidestGaps() {
        #expect(RowidRanges(covering: []).ranges.isEmpty)
        #expect(RowidRanges(covering: [7]).ranges == [7...7])
        // Neighbours closer than the minimum gap stay in one range; duplicates and order do not matter.
        #expect(RowidRanges(covering: [5, 1, 3, 3], minimumGap: 10).ranges == [1...5])
        #expect(RowidRanges(covering: [1, 2, 3, 100, 101, 500], minimumGap: 10).ranges == [1...3, 100...101, 500...500])
        // At most `maximumRanges`: the widest gaps are the ones skipped.
        let limited = RowidRanges(covering: [1, 2, 3, 100, 101, 500], minimumGap: 10, maximumRanges: 2)
        #expect(limited.ranges == [1...101, 500...500])
        #expect(limited.span == 101 + 1)
        #expect(RowidRanges(covering: [1, 1_000], minimumGap: 10, maximumRanges: 1).ranges == [1...1_000])
        // Extreme ids neither trap nor overflow the span.
        let extreme = RowidRanges(covering: [Int64.min, 0, Int64.max])
        #expect(extreme.ranges == [Int64.min...Int64.min, 0...0, Int64.max...Int64.max])
        #expect(RowidRanges(covering: [Int64.min, Int64.max], maximumRanges: 1).span == Int64.max)
        // Every id of a scattered set lies in some range.
        let ids = (0..<5_000).map { Int64(($0 * 7_919) % 100_003) }
        let covering = RowidRanges(covering: ids)
        #expect(covering.ranges.count <= RowidRanges.maximumRanges)
        #expect(ids.allSatisfy { id in covering.ranges.contains { $0.contains(id) } })
    }
}
