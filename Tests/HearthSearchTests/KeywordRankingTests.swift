import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthStore
import Testing

/// Issue 16: the keyword side's page is exactly the first page of a full sort of every match —
/// by BM25 when few messages match, newest first when many do — on real mail (the corpus
/// fixture's linux-mips slice), for plain words, prefixes, several words, and with filters.
@Suite("Keyword top-k = full sort on real mail", .corporaPresent, .timeLimit(.minutes(5)), .serialized)
struct KeywordRankingTests {
    let corpus: CorpusFixture
    init() throws { corpus = try CorpusFixture.shared.get() }

    static let matches = [#""kernel""#, #""patch""#, #""mips" "linux""#, #""ma"*"#, #""cache""#, #""the""#]

    /// Every match with its BM25 score and date, sorted in Swift: the reference.
    func fullSort(_ match: String, filters: FilterSQL, by order: KeywordOrder, _ db: Database) throws -> [Int64] {
        var arguments: StatementArguments = [match]
        arguments += filters.arguments
        let rows = try Row.fetchAll(db, sql: """
            SELECT e.id, \(KeywordSearcher.bm25), e.sort_date FROM email_fts JOIN email e ON e.id = email_fts.rowid
            WHERE email_fts MATCH ? AND \(filters.whereClause)
            """, arguments: arguments)
        let all = rows.map { (id: $0[0] as Int64, score: $0[1] as Double, date: $0[2] as Int64) }
        let sorted = switch order {
        case .relevance: all.sorted { $0.score != $1.score ? $0.score < $1.score : $0.id > $1.id }
        case .newest: all.sorted { $0.date != $1.date ? $0.date > $1.date : $0.id > $1.id }
        }
        return sorted.map(\.id)
    }

    @Test(arguments: matches)
    func bothOrdersEqualTheirFullSort(_ match: String) throws {
        try corpus.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM email_fts WHERE email_fts MATCH ?", arguments: [match]) ?? 0
            #expect(total > 20, "\(match) matches only \(total)")
            for limit in [1, 20, 50] {
                let relevance = try KeywordSearcher.byRelevance(match: match, filters: filters, limit: limit, db).map(\.emailID)
                #expect(relevance == Array(try fullSort(match, filters: filters, by: .relevance, db).prefix(limit)))
                let newest = try KeywordSearcher.newest(match: match, filters: filters, limit: limit, db).map(\.emailID)
                #expect(newest == Array(try fullSort(match, filters: filters, by: .newest, db).prefix(limit)))
            }
        }
    }

    @Test func theOrderFollowsTheNumberOfMatches() throws {
        try corpus.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let total = try Int.fetchOne(db, sql: #"SELECT count(*) FROM email_fts WHERE email_fts MATCH '"kernel"'"#) ?? 0
            let few = try KeywordSearcher.search(match: #""kernel""#, filters: filters, limit: 20, rankLimit: total, db)
            #expect(few.order == .relevance)
            #expect(few.hits.map(\.emailID) == Array(try fullSort(#""kernel""#, filters: filters, by: .relevance, db).prefix(20)))
            let many = try KeywordSearcher.search(match: #""kernel""#, filters: filters, limit: 20, rankLimit: total - 1, db)
            #expect(many.order == .newest)
            #expect(many.hits.map(\.emailID) == Array(try fullSort(#""kernel""#, filters: filters, by: .newest, db).prefix(20)))
        }
    }

    @Test func filtersApplyBeforeThePageIsCut() throws {
        try corpus.read { db in
            // The 800 linux-mips messages of 2000 start in January: a range inside the slice.
            let start = Date(timeIntervalSince1970: 949_363_200)   // 2000-02-01 UTC
            let range = SearchFilters(dateRange: DateRange(start: start, end: start.addingTimeInterval(14 * 86_400)))
            let filters = try FilterSQL.build(range, scope: .allMail, accounts: [corpus.mips.id!], db)
            let reference = try fullSort(#""the""#, filters: filters, by: .newest, db)
            #expect(reference.count > 20)
            let page = try KeywordSearcher.newest(match: #""the""#, filters: filters, limit: 20, db).map(\.emailID)
            #expect(page == Array(reference.prefix(20)))
            // BM25 with a filter: the matches are joined to their emails before ranking.
            let ranked = try fullSort(#""the""#, filters: filters, by: .relevance, db)
            let best = try KeywordSearcher.byRelevance(match: #""the""#, filters: filters, limit: 20, db).map(\.emailID)
            #expect(best == Array(ranked.prefix(20)))
        }
    }

    /// Real mail's marks and snippets for a long prefix, both ways the engine gets them — the
    /// page's own index (`PageIndex`) and the prefix spelled out as the page's words
    /// (`KeywordSearcher.highlights`) — equal the mailbox index's walk of the prefix itself.
    @Test(arguments: [#""mips"*"#, #""linu"*"#, #""kernel" "cach"*"#, #""the" "patch"*"#, #""interr"*"#])
    func pageAndSpelledOutHighlightsEqualTheMailboxIndexs(_ match: String) throws {
        try corpus.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let ids = try KeywordSearcher.newest(match: match, filters: filters, limit: 50, db).map(\.emailID)
            #expect(ids.count >= 30)
            let reference = try PageIndexTests.mailboxHighlights(match, ids: ids, db)
            #expect(reference.count == ids.count)
            #expect(try PageIndexTests.pageHighlights(match, ids: ids, db) == reference)
            let engine = try KeywordSearcher.highlights(match: match, ids: ids, db).mapValues { [$0.subject, $0.snippet] }
            #expect(engine == reference)
        }
    }

    /// A long prefix's page through its cut (`longMerge: 0` takes it whatever the count) on
    /// real mail equals the full sort, for every page size the engine asks.
    @Test(arguments: [#""mips"*"#, #""linu"*"#, #""kernel" "cach"*"#, #""patch"*"#])
    func aLongPrefixsPageThroughItsCutEqualsTheFullSort(_ match: String) throws {
        try corpus.read { db in
            let filters = try FilterSQL.build(SearchFilters(), scope: .allMail, accounts: [], db)
            let reference = try fullSort(match, filters: filters, by: .newest, db)
            #expect(reference.count > 20)
            for limit in [1, 20, 200] {
                let page = try KeywordSearcher.newest(match: match, filters: filters, limit: limit, longMerge: 0, db).map(\.emailID)
                #expect(page == Array(reference.prefix(limit)), "\(match), limit \(limit)")
            }
        }
    }
}
