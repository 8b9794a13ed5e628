import Foundation
import HearthCore
@testable import HearthSearch
import Testing

/// Issue 16's natural-language cases: relative dates are bounded, calendar-correct ranges of
/// the injected clock; "from NAME" is a sender only when the mailbox knows NAME.
@Suite("Natural-language dates and senders")
struct NaturalLanguageTests {
    static let zone = calendar("America/New_York")
    /// Wednesday 2024-03-13 15:30 in New York.
    static let now = date(2024, 3, 13, 15, 30, in: zone)
    let parser = SearchQueryParser(now: now, calendar: zone)

    func day(_ y: Int, _ m: Int, _ d: Int) -> Date { date(y, m, d, in: Self.zone) }
    func range(_ text: String, now: Date = now) -> DateRange? {
        SearchQueryParser(now: now, calendar: Self.zone).parse(text).filters.dateRange
    }

    @Test func lastMonthIsThePreviousCalendarMonth() {
        #expect(range("last month") == DateRange(start: day(2024, 2, 1), end: day(2024, 3, 1)))
        // Across a year boundary, and from the last day of a long month (no day overflow).
        #expect(range("last month", now: date(2025, 1, 15, 9, 0, in: Self.zone)) == DateRange(start: day(2024, 12, 1), end: day(2025, 1, 1)))
        #expect(range("last month", now: date(2024, 3, 31, 23, 59, in: Self.zone)) == DateRange(start: day(2024, 2, 1), end: day(2024, 3, 1)))
        #expect(range("emails from last month") == DateRange(start: day(2024, 2, 1), end: day(2024, 3, 1)))
    }

    @Test func lastYearAndFromLastYearAreThePreviousCalendarYear() {
        let year = DateRange(start: day(2023, 1, 1), end: day(2024, 1, 1))
        #expect(range("last year") == year)
        #expect(range("from last year") == year)
        #expect(range("budget from last year") == year)
    }

    @Test func monthNamesAgoAndSince() {
        #expect(range("in March") == DateRange(start: day(2024, 3, 1), end: day(2024, 4, 1)))
        // Calendar weeks start on Sunday here: two weeks before Wed 13 March is Wed 28 Feb,
        // in the week of Sun 25 Feb … Sat 2 Mar.
        #expect(range("two weeks ago") == DateRange(start: day(2024, 2, 25), end: day(2024, 3, 3)))
        #expect(range("3 days ago") == DateRange(start: day(2024, 3, 10), end: day(2024, 3, 11)))
        #expect(range("a month ago") == DateRange(start: day(2024, 2, 1), end: day(2024, 3, 1)))
        #expect(range("a couple of years ago") == DateRange(start: day(2022, 1, 1), end: day(2023, 1, 1)))
        // "since Monday": from Monday's start to the end of today, not open-ended.
        #expect(range("since Monday") == DateRange(start: day(2024, 3, 11), end: day(2024, 3, 14)))
        let q = parser.parse("kernel panic two weeks ago")
        #expect(q.terms == [.word("kernel"), .word("panic")])
    }

    struct Senders: KnownSenders {
        let names: Set<String>
        func isKnownSender(_ name: String) -> Bool { names.contains(name.lowercased()) }
    }

    @Test func fromNameIsASenderOnlyWhenTheMailboxKnowsIt() {
        let known = SearchQueryParser(now: Self.now, calendar: Self.zone, knownSenders: Senders(names: ["ralf", "politician"]))
        let politician = known.parse("dinner invitation from a politician")
        #expect(politician.filters.senders.isEmpty)
        #expect(politician.terms == [.word("dinner"), .word("invitation"), .word("from"), .word("a"), .word("politician")])
        #expect(known.parse("patches from ralf").filters.senders == ["ralf"])
        let unknown = known.parse("letter from grandma")
        #expect(unknown.filters.senders.isEmpty)
        #expect(unknown.terms == [.word("letter"), .word("from"), .word("grandma")])
        // Addresses and the explicit operator are always senders.
        #expect(known.parse("from someone@example.org").filters.senders == ["someone@example.org"])
        #expect(known.parse("from:grandma").filters.senders == ["grandma"])
        // Without a directory (the parser alone) a stop word is still never a sender.
        #expect(parser.parse("dinner invitation from a politician").filters.senders.isEmpty)
    }
}
