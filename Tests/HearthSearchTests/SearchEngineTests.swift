import Foundation
import HearthCore
@testable import HearthSearch
import HearthStore
import Testing

/// Keyword search end to end: filters ANDed, scopes, thread grouping, highlights, E-03.
@Suite("Search engine (keyword)")
struct SearchEngineTests {
    static let zone = calendar("Europe/Berlin")
    static let now = date(2024, 3, 13, 12, 0, in: zone)
    var options: SearchEngine.Options { SearchEngine.Options(now: Self.now, calendar: Self.zone) }

    @Test func filtersAreAndedWithText() async throws {
        let f = try SearchFixture()
        let match = try f.add(subject: "Budget 2024", body: "see attached", from: "john@example.org", fromName: "John Doe",
                              date: date(2024, 3, 5, 10, in: Self.zone), hasAttachments: true)
        try f.add(subject: "Budget 2024", body: "no file", from: "john@example.org", date: date(2024, 3, 5, in: Self.zone))
        try f.add(subject: "Budget 2024", body: "attached", from: "mary@example.org", date: date(2024, 3, 5, in: Self.zone), hasAttachments: true)
        try f.add(subject: "Budget 2023", body: "attached", from: "john@example.org", date: date(2024, 2, 20, in: Self.zone), hasAttachments: true)
        let engine = SearchEngine(store: f.store)
        let response = try await engine.search("from john last week with attachments budget", options: options)
        #expect(response.results.map(\.emailID) == [match])
        #expect(response.results.first?.matchSource == .keyword)
        #expect(response.usedSemantic == false)
    }

    @Test func highlightsMarkTheMatchedWords() async throws {
        let f = try SearchFixture()
        try f.add(subject: "Kernel panic on boot", body: "The MIPS kernel panics right after the bootloader hands over.")
        let result = try #require(try await SearchEngine(store: f.store).search("kernel", options: options).results.first)
        #expect(result.subject.text == "Kernel panic on boot")
        #expect(result.subject.ranges.map { String(result.subject.text[$0]) } == ["Kernel"])
        #expect(result.snippet.ranges.map { String(result.snippet.text[$0]).lowercased() } == ["kernel"])
        #expect(result.subject.utf16Ranges == [[0, 6]])
        #expect(result.subject.marked(before: "[", after: "]") == "[Kernel] panic on boot")
    }

    @Test func prefixMatchingForTheLastWord() async throws {
        let f = try SearchFixture()
        try f.add(subject: "Invoice 42")
        let engine = SearchEngine(store: f.store)
        #expect(try await engine.search("invo", options: options).results.count == 1)
        var exact = options
        exact.prefixLastTerm = false
        #expect(try await engine.search("invo", options: exact).results.isEmpty)
        // Only the last word is a prefix (and no word of "invo 43" is in the mail, so even the
        // any-but-one fallback finds nothing).
        #expect(try await engine.search("invo 43", options: options).results.isEmpty)
    }

    /// A word followed by a filter or a space is finished: "invo before 2030" and "invo " are
    /// not type-ahead, "invoice before 2030" still finds the invoice.
    @Test func aFinishedLastWordIsNotAPrefix() async throws {
        let f = try SearchFixture()
        try f.add(subject: "Invoice 42", date: date(2024, 3, 1, in: Self.zone))
        let engine = SearchEngine(store: f.store)
        #expect(try await engine.search("invo before 2030", options: options).results.isEmpty)
        #expect(try await engine.search("invo ", options: options).results.isEmpty)
        #expect(try await engine.search("invoice before 2030", options: options).results.count == 1)
        #expect(try await engine.search("before 2030 invo", options: options).results.count == 1)
        let parser = SearchQueryParser()
        #expect(parser.parse("patch before March 2000").lastWordIsComplete)
        #expect(parser.parse("patch ").lastWordIsComplete)
        #expect(!parser.parse("from ralf in January 2001 kernel").lastWordIsComplete)
        #expect(!parser.parse("before 2030 invo").lastWordIsComplete)
        #expect(!parser.parse("\"cross compiler\" before 2001").lastWordIsComplete, "a phrase is never a prefix")
    }

    @Test func resultsAreGroupedByThreadWithTheBestMessage() async throws {
        let f = try SearchFixture()
        let root = try f.add(subject: "Release plan", body: "draft", date: date(2024, 3, 1, in: Self.zone), messageID: "root@t")
        let reply = try f.add(subject: "Re: Release plan", body: "release release release checklist",
                              date: date(2024, 3, 2, in: Self.zone), messageID: "r1@t", inReplyTo: "root@t")
        try f.add(subject: "Unrelated", body: "a release note", date: date(2024, 3, 3, in: Self.zone))
        let response = try await SearchEngine(store: f.store).search("release", options: options)
        #expect(response.results.count == 2)
        let thread = try #require(response.results.first { $0.threadMessageCount == 2 })
        #expect(thread.matchedMessages == 2)
        #expect([root, reply].contains(thread.emailID))
        #expect(Set(response.results.map(\.threadID)).count == response.results.count)
    }

    @Test func filterOnlyQueriesListNewestFirst() async throws {
        let f = try SearchFixture()
        let old = try f.add(subject: "a", from: "zed@example.org", date: date(2024, 1, 1, in: Self.zone))
        let new = try f.add(subject: "b", from: "zed@example.org", date: date(2024, 2, 1, in: Self.zone))
        try f.add(subject: "c", from: "other@example.org", date: date(2024, 3, 1, in: Self.zone))
        let response = try await SearchEngine(store: f.store).search("from:zed", options: options)
        #expect(response.results.map(\.emailID) == [new, old])
        #expect(response.results.allSatisfy { $0.matchSource == .filters })
    }

    @Test func scopesFoldersAndAccounts() async throws {
        let f = try SearchFixture()
        let inInbox = try f.add(subject: "report", isRead: true)
        let inSent = try f.add(subject: "Re: report", folder: f.sent)
        let engine = SearchEngine(store: f.store)
        var scoped = options
        scoped.scope = .folder(f.sent.id!)
        #expect(try await engine.search("report", options: scoped).results.map(\.emailID) == [inSent])
        #expect(try await engine.search("report in:sent", options: options).results.map(\.emailID) == [inSent])
        #expect(try await engine.search("report in inbox", options: options).results.map(\.emailID) == [inInbox])
        #expect(try await engine.search("report unread", options: options).results.map(\.emailID) == [inSent])
        #expect(try await engine.search("report is:read", options: options).results.map(\.emailID) == [inInbox])
        // A reply by subject, no references: one conversation (subject threading) holding both.
        let both = try await engine.search("report account:me@example.org", options: options).results
        #expect(both.count == 1 && both.first?.matchedMessages == 2)
        // Unknown names give nothing, not an error.
        #expect(try await engine.search("report account:nobody@example.org", options: options).results.isEmpty)
        #expect(try await engine.search("report in:\"No Such Folder\"", options: options).results.isEmpty)
        var others = options
        others.accounts = [AccountID(999)]
        #expect(try await engine.search("report", options: others).results.isEmpty)
    }

    @Test func recipientsAndDateBoundaries() async throws {
        let f = try SearchFixture()
        // 23:59:59 and 00:00:00 Berlin time around the 1st of February.
        let late = try f.add(subject: "edge", to: ["bob@example.com"], date: date(2024, 1, 31, 23, 59, 59, in: Self.zone))
        let early = try f.add(subject: "edge", to: ["carol@example.com"], date: date(2024, 2, 1, 0, 0, 0, in: Self.zone))
        let engine = SearchEngine(store: f.store)
        #expect(try await engine.search("edge since 2024-02-01", options: options).results.map(\.emailID) == [early])
        #expect(try await engine.search("edge before 2024-02-01", options: options).results.map(\.emailID) == [late])
        #expect(try await engine.search("edge on 2024-01-31", options: options).results.map(\.emailID) == [late])
        #expect(try await engine.search("edge to:bob", options: options).results.map(\.emailID) == [late])
    }

    @Test func limitAndEmptyQuery() async throws {
        let f = try SearchFixture()
        for n in 0..<30 { try f.add(subject: "common word \(n)") }
        let engine = SearchEngine(store: f.store)
        var few = options
        few.limit = 5
        #expect(try await engine.search("common", options: few).results.count == 5)
        few.limit = 0
        #expect(try await engine.search("common", options: few).results.isEmpty)
        // Nothing typed: newest mail, like the thread list.
        #expect(try await engine.search("", options: options).results.count == 30)
    }
}

@Suite("Recent searches and zero state")
struct RecentSearchesTests {
    @Test func lastTenDeduplicatedMostRecentFirst() throws {
        let f = try SearchFixture()
        let recent = RecentSearches(settings: f.store)
        for n in 0..<12 { try recent.record("query \(n)") }
        try recent.record("  QUERY   5 ")
        try recent.record("   ")
        let list = try recent.list()
        #expect(list.count == 10)
        #expect(list.first == "QUERY 5")
        #expect(list.filter { $0.lowercased() == "query 5" }.count == 1)
        #expect(list[1] == "query 11")
        try recent.clear()
        #expect(try recent.list().isEmpty)
    }

    /// `hearth search` records every query it runs; running the latest one again must not
    /// cost the read-only process a write transaction.
    @Test func theLatestSearchAgainWritesNothing() throws {
        let settings = CountingSettings()
        let recent = RecentSearches(settings: settings)
        try recent.record("kernel panic")
        try recent.record("cache flush")
        #expect(settings.writes == 2)
        try recent.record("cache  flush ")
        #expect(settings.writes == 2)
        #expect(try recent.list() == ["cache flush", "kernel panic"])
        try recent.record("Cache Flush")   // a new spelling is news: the latest one wins
        #expect(settings.writes == 3)
        try recent.record("kernel panic")  // an older search moves back to the top
        #expect(settings.writes == 4)
        #expect(try recent.list() == ["kernel panic", "Cache Flush"])
    }

    @Test func suggestionsAreTheMostFrequentOtherContacts() throws {
        let f = try SearchFixture()
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        try f.store.recordSeen([EmailAddress(name: "Me", address: "me@example.org"),
                                EmailAddress(name: "Ann", address: "ann@example.org")], account: f.accountID, date: day)
        try f.store.recordSeen([EmailAddress(name: "Ann", address: "ann@example.org")], account: f.accountID, date: day)
        try f.store.recordSeen([EmailAddress(name: nil, address: "bo@example.org")], account: f.accountID, date: day)
        let zero = try ZeroState.load(store: f.store)
        #expect(zero.contacts.map(\.address) == ["ann@example.org", "bo@example.org"])
        #expect(zero.contacts.first?.query == "from:ann@example.org")
        #expect(zero.contacts.first?.name == "Ann")
    }
}

/// Settings in memory that count their writes.
private final class CountingSettings: SettingsRepository, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: String] = [:]
    private var writeCount = 0
    var writes: Int { lock.withLock { writeCount } }
    func value(for key: String) throws(StoreError) -> String? { lock.withLock { values[key] } }
    func setValue(_ value: String?, for key: String) throws(StoreError) {
        lock.withLock { values[key] = value; writeCount += 1 }
    }
}
