import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthStore
import Testing

/// Issue 16: a common expression's page is looked for among the newest messages first (the
/// candidate window), widened when recent mail lacks the words, and always equal to the first
/// page of a full sort by date; a rare word is still ranked by BM25 over all its matches, so a
/// strong old match comes first. Synthetic mail with known dates (the corpus version of the
/// full-sort check is `KeywordRankingTests`).
@Suite("Keyword candidate window")
struct KeywordCandidateWindowTests {
    static let day: TimeInterval = 86_400
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// `count` messages, one a day from `start` on (later index = newer), through one store
    /// transaction; `subject`/`body` give each its text.
    static func addDaily(_ f: SearchFixture, count: Int, from first: Int = 0,
                         subject: (Int) -> String, body: (Int) -> String) throws -> [EmailID] {
        let messages = (first..<(first + count)).map { index -> NewMessage in
            let date = start.addingTimeInterval(Double(index) * day)
            let email = Email(accountID: f.accountID, messageID: "daily\(index)@test", from: EmailAddress(address: "list@example.org"),
                              to: [EmailAddress(address: "me@example.org")], subject: subject(index), bodyPlain: body(index),
                              snippet: "", dateReceived: date, dateSent: date, sizeBytes: 100)
            return NewMessage(email: email, attachments: [], folderID: f.inbox.id!, threadingKey: MessageMapping.threadingKey(for: email))
        }
        return try f.store.insert(messages)
    }

    /// Ids of the messages matching `match`, newest first (the reference order).
    static func newestFirst(_ match: String, _ db: Database) throws -> [Int64] {
        try Int64.fetchAll(db, sql: """
            SELECT e.id FROM email e WHERE e.id IN (SELECT rowid FROM email_fts WHERE email_fts MATCH ?)
            ORDER BY e.sort_date DESC, e.id DESC
            """, arguments: [match])
    }

    @Test func aCommonWordsPageComesFromTheNewestWindow() throws {
        let f = try SearchFixture()
        // "router" in every message but every fifth: common.
        _ = try Self.addDaily(f, count: 60, subject: { "Status \($0)" },
                              body: { $0 % 5 == 0 ? "nothing to see" : "the router rebooted again (\($0))" })
        try f.store.database.writer.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let page = try KeywordSearcher.search(match: #""router""#, filters: filters, limit: 5, rankLimit: 20, db)
            #expect(page.order == .newest)
            let reference = try Self.newestFirst(#""router""#, db)
            #expect(page.hits.map(\.emailID) == Array(reference.prefix(5)))
            // The first window (the 10 newest messages) already holds the page.
            let windowed = try KeywordSearcher.newest(match: #""router""#, filters: filters, limit: 5, window: 10, db)
            #expect(windowed.map(\.emailID) == Array(reference.prefix(5)))
            let since = try #require(try KeywordSearcher.windowStart(filters, size: 10, db))
            let dates = try Int64.fetchAll(db, sql: "SELECT sort_date FROM email WHERE id IN (\(windowed.map { String($0.emailID) }.joined(separator: ",")))")
            #expect(dates.count == 5 && dates.allSatisfy { $0 >= since })
        }
    }

    @Test func aCommonWordRecentMailLacksWidensTheWindow() throws {
        let f = try SearchFixture()
        _ = try Self.addDaily(f, count: 30, subject: { "Legacy build \($0)" }, body: { _ in "the legacy toolchain" })
        _ = try Self.addDaily(f, count: 45, from: 30, subject: { "Daily \($0)" }, body: { _ in "all green" })
        try f.store.database.writer.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let reference = try Self.newestFirst(#""legacy""#, db)
            #expect(reference.count == 30)
            for (window, limit) in [(5, 10), (1, 1), (44, 30), (46, 31), (100, 10)] {
                let page = try KeywordSearcher.newest(match: #""legacy""#, filters: filters, limit: limit, window: window, db)
                #expect(page.map(\.emailID) == Array(reference.prefix(limit)), "window \(window), limit \(limit)")
            }
            // With filters: the window is the newest messages the filters allow.
            let range = SearchFilters(dateRange: DateRange(start: Self.start.addingTimeInterval(10 * Self.day),
                                                           end: Self.start.addingTimeInterval(20 * Self.day)))
            let ranged = try FilterSQL.build(range, scope: .allMail, accounts: [], db)
            let page = try KeywordSearcher.newest(match: #""legacy""#, filters: ranged, limit: 4, window: 2, db)
            #expect(page.map(\.emailID) == Array(reference.dropFirst(10).prefix(4)))
        }
    }

    /// The next slice is sized from the rate seen so far: a word in 9 % of the newest 2,000
    /// (180 matches for a page of 200) reads about 1,000 more messages, not 14,000 more.
    @Test func theWindowGrowsByTheRateOfMatchesSeen() {
        #expect(KeywordSearcher.widened(2_000, found: 180, limit: 200) == 3_001)      // at least half again
        #expect(KeywordSearcher.widened(2_000, found: 50, limit: 200) == 10_000)      // 4 × 2,000 × 1.25
        #expect(KeywordSearcher.widened(2_000, found: 0, limit: 200) == 16_000)       // nothing seen: 8-fold
        #expect(KeywordSearcher.widened(2_000, found: 1, limit: 200) == 16_000)       // never more than that
        #expect(KeywordSearcher.widened(Int.max / 4, found: 0, limit: 5) == Int.max)
        #expect(KeywordSearcher.widened(Int.max / 2 + 1, found: 4, limit: 5) == Int.max)
    }

    /// A page that needs several slices, each holding a few matches, is the full sort's:
    /// matches every seventh day in recent mail, then a dense stretch of old mail.
    @Test func slicesOfOlderMailAddUpToTheFullSort() throws {
        let f = try SearchFixture()
        _ = try Self.addDaily(f, count: 40, subject: { "Old \($0)" }, body: { $0 % 2 == 0 ? "router down" : "quiet" })
        _ = try Self.addDaily(f, count: 120, from: 40, subject: { "New \($0)" }, body: { $0 % 7 == 0 ? "router down" : "quiet" })
        try f.store.database.writer.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let reference = try Self.newestFirst(#""router""#, db)
            for (window, limit) in [(7, 3), (10, 20), (14, 30), (3, 37), (100, 5)] {
                let page = try KeywordSearcher.newest(match: #""router""#, filters: filters, limit: limit, window: window, db)
                #expect(page.map(\.emailID) == Array(reference.prefix(limit)), "window \(window), limit \(limit)")
            }
        }
    }

    @Test func equalDatesAtTheWindowsEdgeAreNeverSplit() throws {
        let f = try SearchFixture()
        // Ten messages on the same second; the id breaks the tie in the reference order.
        let same = Self.start
        for index in 0..<10 {
            try f.add(subject: "Tie \(index)", body: index % 2 == 0 ? "router" : "switch", date: same)
        }
        try f.store.database.writer.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let reference = try Self.newestFirst(#""router""#, db)
            for window in 1...4 {
                let page = try KeywordSearcher.newest(match: #""router""#, filters: filters, limit: 3, window: window, db)
                #expect(page.map(\.emailID) == Array(reference.prefix(3)))
            }
        }
    }

    /// Through the engine with the real threshold: a word in more messages than BM25 ranks is
    /// listed newest first from the window; a rare word is ranked by BM25, so the old message
    /// that is about it (subject and body) comes before newer ones that only mention it.
    @Test func aRareStrongMatchStillRanksFirstAndACommonWordIsNewestFirst() async throws {
        let f = try SearchFixture()
        let total = KeywordSearcher.relevanceRankLimit + 60
        let ids = try Self.addDaily(f, count: total, subject: { "Report \($0)" }, body: { index in
            switch index {
            case 3: "bootloader bootloader: the bootloader hangs after loading the router kernel"
            case total - 10, total - 40: "a long note about the router, the weather, lunch, and in passing a bootloader, then more text about many other things entirely"
            default: "the router status is fine today"
            }
        })
        let strong = ids[3]
        try await f.store.database.writer.write { db in
            try db.execute(sql: "UPDATE email SET subject = 'Bootloader hangs' WHERE id = ?", arguments: [strong.rawValue])
        }
        let engine = SearchEngine(store: f.store)
        let options = SearchEngine.Options(limit: 20, now: Self.start.addingTimeInterval(Double(total + 1) * Self.day))

        let rare = try await engine.search("bootloader", options: options)
        #expect(rare.keywordOrder == .relevance)
        #expect(rare.results.first?.emailID == strong)
        #expect(rare.results.count == 3)

        let common = try await engine.search("router", options: options)
        #expect(common.keywordOrder == .newest)
        #expect(common.results.map(\.emailID) == Array(ids.suffix(20).reversed()))
        // Highlights of a prefix query (type-ahead "route") for every message shown.
        let typed = try await engine.search("route", options: options)
        #expect(typed.keywordOrder == .newest)
        #expect(typed.results.count == 20)
        #expect(typed.results.allSatisfy { !$0.snippet.ranges.isEmpty })
    }

    @Test func prefixesAreTakenOutsideStringsOnly() {
        #expect(FTSMatch.withoutPrefixes(#""mips"*"#) == #""mips""#)
        #expect(FTSMatch.withoutPrefixes(#"("a" "b"*) OR ("c"*)"#) == #"("a" "b") OR ("c")"#)
        #expect(FTSMatch.withoutPrefixes(#"("x") AND ({sender_name sender_email} : "ralf"*)"#) == #"("x") AND ({sender_name sender_email} : "ralf")"#)
        // A star typed inside a word stays text; a doubled quote does not end the string.
        #expect(FTSMatch.withoutPrefixes(#""a*b" "c""*d"*"#) == #""a*b" "c""*d""#)
        // Prefixes longer than the prefix indexes (2 and 3 letters) are walked once for highlights.
        #expect(FTSMatch.hasUnindexedPrefixTerm(#""mips"*"#))
        #expect(FTSMatch.hasUnindexedPrefixTerm(#"("x") AND ({sender_name sender_email} : "ralf"*)"#))
        #expect(FTSMatch.hasUnindexedPrefixTerm(#""mi"*"#) == false)
        #expect(FTSMatch.hasUnindexedPrefixTerm(#""mip"* "kernel""#) == false)
        #expect(FTSMatch.hasUnindexedPrefixTerm(#""mips""#) == false)
        #expect(FTSMatch.hasUnindexedPrefixTerm(#""c""*dddd""#) == false)
        #expect(FTSMatch.hasUnindexedPrefixTerm(#""asm-mi"*"#) == false)
        #expect(FTSMatch.hasUnindexedPrefixTerm(#""a""bcde"*"#))
    }
}
