import Foundation
import HearthCore
@testable import HearthSearch
import Testing

/// FR-SEARCH-04 by example: filters taken out, the rest left as free text, dates exact at day
/// boundaries of the injected time zone.
@Suite("Query parser")
struct QueryParserTests {
    static let zone = calendar("America/New_York")
    /// Wednesday 2024-03-13 15:30 in New York.
    static let now = date(2024, 3, 13, 15, 30, in: zone)
    let parser = SearchQueryParser(now: now, calendar: zone)

    func day(_ y: Int, _ m: Int, _ d: Int) -> Date { date(y, m, d, in: Self.zone) }

    @Test func theIssueExample() {
        let q = parser.parse("from john last week with attachments budget")
        #expect(q.filters.senders == ["john"])
        #expect(q.filters.hasAttachment == true)
        // Calendar weeks start on Sunday in this calendar: last week = Mar 3 … Mar 10.
        #expect(q.filters.dateRange == DateRange(start: day(2024, 3, 3), end: day(2024, 3, 10)))
        #expect(q.terms == [.word("budget")])
    }

    @Test func relativeDays() {
        #expect(parser.parse("yesterday").filters.dateRange == DateRange(start: day(2024, 3, 12), end: day(2024, 3, 13)))
        #expect(parser.parse("today").filters.dateRange == DateRange(start: day(2024, 3, 13), end: day(2024, 3, 14)))
        #expect(parser.parse("last month").filters.dateRange == DateRange(start: day(2024, 2, 1), end: day(2024, 3, 1)))
        #expect(parser.parse("this year").filters.dateRange == DateRange(start: day(2024, 1, 1), end: day(2025, 1, 1)))
        #expect(parser.parse("past 3 days").filters.dateRange == DateRange(start: day(2024, 3, 11), end: day(2024, 3, 14)))
        #expect(parser.parse("last 7 days").filters.dateRange == DateRange(start: day(2024, 3, 7), end: day(2024, 3, 14)))
        // Most recent Monday; "last monday" never means today.
        #expect(parser.parse("on monday").filters.dateRange == DateRange(start: day(2024, 3, 11), end: day(2024, 3, 12)))
        #expect(parser.parse("on wednesday").filters.dateRange == DateRange(start: day(2024, 3, 13), end: day(2024, 3, 14)))
        #expect(parser.parse("last wednesday").filters.dateRange == DateRange(start: day(2024, 3, 6), end: day(2024, 3, 7)))
    }

    @Test func monthsAndAbsoluteDates() {
        #expect(parser.parse("in January").filters.dateRange == DateRange(start: day(2024, 1, 1), end: day(2024, 2, 1)))
        // December has not begun this year: the most recent one is last year's.
        #expect(parser.parse("in december").filters.dateRange == DateRange(start: day(2023, 12, 1), end: day(2024, 1, 1)))
        #expect(parser.parse("before March").filters.dateRange == DateRange(start: nil, end: day(2024, 3, 1)))
        #expect(parser.parse("after march").filters.dateRange == DateRange(start: day(2024, 4, 1), end: day(2024, 3, 14)))
        #expect(parser.parse("since 2024-02-01").filters.dateRange == DateRange(start: day(2024, 2, 1), end: day(2024, 3, 14)))
        #expect(parser.parse("after 2024-02-01").filters.dateRange == DateRange(start: day(2024, 2, 2), end: day(2024, 3, 14)))
        #expect(parser.parse("before:2024-02-01").filters.dateRange == DateRange(start: nil, end: day(2024, 2, 1)))
        #expect(parser.parse("on:2024-02-29").filters.dateRange == DateRange(start: day(2024, 2, 29), end: day(2024, 3, 1)))
        #expect(parser.parse("in 2023").filters.dateRange == DateRange(start: day(2023, 1, 1), end: day(2024, 1, 1)))
        #expect(parser.parse("on 5 january 2022").filters.dateRange == DateRange(start: day(2022, 1, 5), end: day(2022, 1, 6)))
        #expect(parser.parse("since feb 10").filters.dateRange == DateRange(start: day(2024, 2, 10), end: day(2024, 3, 14)))
        #expect(parser.parse("in jan 2020").filters.dateRange == DateRange(start: day(2020, 1, 1), end: day(2020, 2, 1)))
        // Impossible dates are free text, not errors.
        let bad = parser.parse("on 2024-02-30")
        #expect(bad.filters.dateRange == nil)
        #expect(bad.terms == [.word("on"), .word("2024-02-30")])
        #expect(parser.parse("before:someday").terms == [.word("before:someday")])
    }

    @Test func daysFollowTheTimeZoneIncludingDaylightSavingChanges() {
        // 2024-03-10 is 23 hours long in New York (clocks jump forward).
        let range = parser.parse("on 2024-03-10").filters.dateRange
        guard let start = range?.start, let end = range?.end else { Issue.record("no range"); return }
        #expect(end.timeIntervalSince(start) == 23 * 3600)
        // The same words in Tokyo give other instants.
        let tokyo = SearchQueryParser(now: Self.now, calendar: calendar("Asia/Tokyo"))
        let tokyoRange = tokyo.parse("on 2024-03-10").filters.dateRange
        #expect(tokyoRange?.start == date(2024, 3, 10, in: calendar("Asia/Tokyo")))
        #expect(tokyoRange?.start != range?.start)
    }

    @Test func sendersRecipientsAndPhrases() {
        let q = parser.parse(#"from:"John Smith" "project kickoff" meeting to:bob@example.com"#)
        #expect(q.filters.senders == ["John Smith"])
        #expect(q.filters.recipients == ["bob@example.com"])
        #expect(q.terms == [.phrase("project kickoff"), .word("meeting")])
        #expect(parser.parse("from john@example.com").filters.senders == ["john@example.com"])
        #expect(parser.parse("sent to carol").filters.recipients == ["carol"])
        // "to" before a plain word is English, not a filter.
        let english = parser.parse("how to install")
        #expect(english.filters.recipients.isEmpty)
        #expect(english.terms == [.word("how"), .word("to"), .word("install")])
        // "from" + a date is a date.
        let fromDate = parser.parse("from yesterday")
        #expect(fromDate.filters.senders.isEmpty)
        #expect(fromDate.filters.dateRange == DateRange(start: day(2024, 3, 12), end: day(2024, 3, 13)))
    }

    @Test func flagsCategoriesFoldersAccounts() {
        let q = parser.parse("unread promotions in inbox invoice")
        #expect(q.filters.isRead == false)
        #expect(q.filters.category == .promotions)
        #expect(q.filters.folder == .type(.inbox))
        #expect(q.terms == [.word("invoice")])
        #expect(parser.parse("social emails").filters.category == .social)
        let kernel = parser.parse("kernel updates")
        #expect(kernel.filters.category == nil)
        #expect(kernel.terms == [.word("kernel"), .word("updates")])
        let ops = parser.parse("is:starred has:attachment category:forums account:me@example.org in:\"Receipts 2024\" is:read")
        #expect(ops.filters.isStarred == true)
        #expect(ops.filters.hasAttachment == true)
        #expect(ops.filters.category == .forums)
        #expect(ops.filters.account == "me@example.org")
        #expect(ops.filters.folder == .named("Receipts 2024"))
        #expect(ops.filters.isRead == true)
        #expect(ops.terms.isEmpty)
        #expect(parser.parse("without attachments").filters.hasAttachment == false)
        #expect(parser.parse("with files").filters.hasAttachment == true)
        #expect(parser.parse("read emails").filters.isRead == true)
        // A bare "read" is a verb.
        let verb = parser.parse("read the docs")
        #expect(verb.filters.isRead == nil)
        #expect(verb.terms.count == 3)
    }

    @Test func requestWordsAreNotSearchedFor() {
        let q = parser.parse("show me all emails from bob@example.com about the budget")
        #expect(q.filters.senders == ["bob@example.com"])
        #expect(q.terms == [.word("the"), .word("budget")])
        #expect(parser.parse("unread emails").terms.isEmpty)
        // A lone noun is what the user searches for.
        #expect(parser.parse("emails").terms == [.word("emails")])
        #expect(parser.parse("mail server crash").terms == [.word("mail"), .word("server"), .word("crash")])
    }

    @Test(arguments: [
        "\"", "\"\"", "NEAR(", "NEAR(a b", "*", "**", "OR", "AND", "NOT", "a OR b", "(", ")", "^", ":",
        "from:", "to:", "in:", "\"unbalanced phrase", "col:value", "{subject}: x", "-", "'", "\\", "\u{0}",
        "from", "from from from", "last", "last 99999999999999999999 days", "in 99999", "on 0000-00-00",
    ])
    func hostileStringsParseToSomething(_ raw: String) {
        let q = parser.parse(raw)
        #expect(q.raw == raw)
        for term in q.terms {
            switch term {
            case .word(let w): #expect(!w.isEmpty)
            case .phrase(let p): #expect(!p.isEmpty)
            }
        }
    }

    @Test func tenKilobytesParseQuickly() {
        let text = String(repeating: "budget from:alice \"NEAR( * OR\" last week ", count: 260)
        #expect(text.utf8.count > 10_000)
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = parser.parse(text) }
        #expect(elapsed < .milliseconds(200), "10 KB took \(elapsed)")
        let q = parser.parse(text)
        #expect(FTSMatch.expression(q.terms, prefixLast: true)?.components(separatedBy: "\" \"").count ?? 0 <= FTSMatch.maxTerms)
    }
}
