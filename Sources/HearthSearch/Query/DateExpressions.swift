import Foundation

/// Dates in queries, relative to an injected "now" and calendar (whose time zone decides where
/// days begin: "yesterday" is the user's yesterday, not UTC's). Every result is a half-open
/// range of whole days, weeks, months or years.
///
/// | expression | range |
/// |---|---|
/// | today, yesterday | that day |
/// | this week/month/year | the current calendar week (calendar's first weekday) / month / year |
/// | last week/month/year | the previous calendar one |
/// | past week/month/year, last/past N days/weeks/months/years | the N units up to and including today |
/// | monday … sunday | the most recent such day (today included); "last monday" excludes today |
/// | january … december [year] | that month; without a year, the most recent one that has begun |
/// | january 5 [year], 5 january [year] | that day; without a year, the most recent one |
/// | 2024-02-01, 2024/02/01, 2024-02 | that day / month |
/// | 2024 (only after in/before/after/since/on or as an operator value) | that year |
struct DateExpressions {
    /// The injected calendar; nil: the user's current one.
    var fixedCalendar: Calendar?
    var now: Date

    init(calendar: Calendar?, now: Date) {
        fixedCalendar = calendar
        self.now = now
    }

    /// Looked up only when a date is read: making `Calendar.current` loads the time zone and
    /// the calendar's data (≈ 0.5 ms of a `hearth search` process), which a query without a
    /// date never needs.
    var calendar: Calendar { fixedCalendar ?? .current }

    static let months: [String: Int] = [
        "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
        "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
        "september": 9, "sep": 9, "sept": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
        "december": 12, "dec": 12,
    ]
    static let weekdays: [String: Int] = [
        "sunday": 1, "monday": 2, "tuesday": 3, "wednesday": 4, "thursday": 5, "friday": 6, "saturday": 7,
    ]
    static let units: [String: Calendar.Component] = [
        "day": .day, "days": .day, "week": .weekOfYear, "weeks": .weekOfYear,
        "month": .month, "months": .month, "year": .year, "years": .year,
    ]

    /// Words that can start an expression without a preposition ("emails yesterday").
    static func startsBareExpression(_ word: String) -> Bool {
        ["today", "yesterday", "this", "last", "past"].contains(word)
    }

    static let counts: [String: Int] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "couple": 2, "few": 3,
    ]

    /// The end of today (exclusive): where "since Monday" and "after March" stop, so they are
    /// bounded ranges like every other date the parser reads.
    var endOfToday: Date? { day(now)?.end }

    /// An expression that needs no preposition: today, yesterday, this/last/past …, N … ago.
    func bare(_ words: [String?], at i: Int) -> (DateRange, Int)? {
        if let ago = ago(words, at: i) { return ago }
        guard let w = word(words, i), Self.startsBareExpression(w) else { return nil }
        return expression(words, at: i, allowYear: false)
    }

    /// "two weeks ago", "3 days ago", "a month ago", "a couple of years ago": the calendar day,
    /// week, month or year that was N units before today.
    func ago(_ words: [String?], at i: Int) -> (DateRange, Int)? {
        guard let w = word(words, i) else { return nil }
        var j = i + 1
        var n: Int
        if let digits = Int(w), (0...3650).contains(digits) { n = digits } else if let c = Self.counts[w] { n = c } else { return nil }
        if w == "a", let next = word(words, j), next == "couple" || next == "few" { n = Self.counts[next] ?? n; j += 1 }
        if (w == "couple" || w == "few" || word(words, j - 1) == "couple" || word(words, j - 1) == "few"), word(words, j) == "of" { j += 1 }
        guard let unitWord = word(words, j), let unit = Self.units[unitWord], word(words, j + 1) == "ago",
              let then = shifted(unit, -n) else { return nil }
        return period(unit, containing: then).map { ($0, j + 2 - i) }
    }

    /// Any expression at `i`, and how many words it took.
    func expression(_ words: [String?], at i: Int, allowYear: Bool) -> (DateRange, Int)? {
        guard let w = word(words, i) else { return nil }
        switch w {
        case "today": return day(now).map { ($0, 1) }
        case "yesterday": return shifted(.day, -1).flatMap(day).map { ($0, 1) }
        case "this", "last", "past":
            guard let next = word(words, i + 1) else { return nil }
            if let unit = Self.units[next], !next.hasSuffix("s") {
                switch w {
                case "this": return period(unit, containing: now).map { ($0, 2) }
                case "last": return shifted(unit, -1).flatMap { period(unit, containing: $0) }.map { ($0, 2) }
                default: return rolling(1, unit).map { ($0, 2) }
                }
            }
            if w != "this", let n = Int(next), (1...3650).contains(n),
               let unitWord = word(words, i + 2), let unit = Self.units[unitWord] {
                return rolling(n, unit).map { ($0, 3) }
            }
            if w == "last", let weekday = Self.weekdays[next] {
                return mostRecent(weekday: weekday, includingToday: false).map { ($0, 2) }
            }
            return nil
        default:
            break
        }
        if let weekday = Self.weekdays[w] {
            return mostRecent(weekday: weekday, includingToday: true).map { ($0, 1) }
        }
        if let month = Self.months[w] {
            // month [day] [year]
            if let dayWord = word(words, i + 1), let d = Self.dayNumber(dayWord) {
                if let yearWord = word(words, i + 2), let y = Self.year(yearWord) {
                    return day(year: y, month: month, day: d).map { ($0, 3) }
                }
                return mostRecentDay(month: month, day: d).map { ($0, 2) }
            }
            if let yearWord = word(words, i + 1), let y = Self.year(yearWord) {
                return monthRange(year: y, month: month).map { ($0, 2) }
            }
            return mostRecentMonth(month).map { ($0, 1) }
        }
        if let d = Self.dayNumber(w), let monthWord = word(words, i + 1), let month = Self.months[monthWord] {
            if let yearWord = word(words, i + 2), let y = Self.year(yearWord) {
                return day(year: y, month: month, day: d).map { ($0, 3) }
            }
            return mostRecentDay(month: month, day: d).map { ($0, 2) }
        }
        if let range = isoDate(w) { return (range, 1) }
        if allowYear, let y = Self.year(w) { return yearRange(y).map { ($0, 1) } }
        return nil
    }

    /// A single operator value (`before:2024-02-01`, `after:march`, `on:yesterday`).
    func value(_ text: String) -> DateRange? {
        let parts = text.lowercased().split(whereSeparator: { $0 == "_" || $0 == "+" }).map { String($0) as String? }
        guard !parts.isEmpty, let (range, used) = expression(parts, at: 0, allowYear: true), used == parts.count else {
            return nil
        }
        return range
    }

    // MARK: Pieces

    private func word(_ words: [String?], _ i: Int) -> String? {
        guard i >= 0, i < words.count else { return nil }
        return words[i]
    }

    static func year(_ w: String) -> Int? {
        guard w.count == 4, let y = Int(w), (1900...2200).contains(y) else { return nil }
        return y
    }

    static func dayNumber(_ w: String) -> Int? {
        var digits = Substring(w)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(2)
            break
        }
        guard digits.count <= 2, let d = Int(digits), (1...31).contains(d) else { return nil }
        return d
    }

    private func shifted(_ unit: Calendar.Component, _ value: Int, from date: Date? = nil) -> Date? {
        calendar.date(byAdding: unit, value: value, to: date ?? now)
    }

    private func period(_ unit: Calendar.Component, containing date: Date) -> DateRange? {
        calendar.dateInterval(of: unit, for: date).map { DateRange(start: $0.start, end: $0.end) }
    }

    private func day(_ date: Date) -> DateRange? { period(.day, containing: date) }

    /// The N units up to and including today: from the day after "now minus N units".
    private func rolling(_ n: Int, _ unit: Calendar.Component) -> DateRange? {
        guard let today = day(now), let back = shifted(unit, -n),
              let startDay = day(back)?.start, let start = calendar.date(byAdding: .day, value: 1, to: startDay)
        else { return nil }
        return DateRange(start: start, end: today.end)
    }

    private func day(year: Int, month: Int, day d: Int) -> DateRange? {
        var c = DateComponents()
        c.year = year; c.month = month; c.day = d
        guard let date = calendar.date(from: c), calendar.component(.day, from: date) == d,
              calendar.component(.month, from: date) == month else { return nil }
        return day(date)
    }

    private func monthRange(year: Int, month: Int) -> DateRange? {
        var c = DateComponents()
        c.year = year; c.month = month; c.day = 1
        return calendar.date(from: c).flatMap { period(.month, containing: $0) }
    }

    private func yearRange(_ year: Int) -> DateRange? {
        var c = DateComponents()
        c.year = year; c.month = 1; c.day = 1
        return calendar.date(from: c).flatMap { period(.year, containing: $0) }
    }

    private var currentYear: Int { calendar.component(.year, from: now) }

    /// The most recent month of this name that has begun (this year's, else last year's).
    private func mostRecentMonth(_ month: Int) -> DateRange? {
        let thisMonth = calendar.component(.month, from: now)
        return monthRange(year: month <= thisMonth ? currentYear : currentYear - 1, month: month)
    }

    private func mostRecentDay(month: Int, day d: Int) -> DateRange? {
        if let candidate = day(year: currentYear, month: month, day: d), let start = candidate.start, start <= now {
            return candidate
        }
        return day(year: currentYear - 1, month: month, day: d)
    }

    private func mostRecent(weekday: Int, includingToday: Bool) -> DateRange? {
        let today = calendar.component(.weekday, from: now)
        var back = (today - weekday + 7) % 7
        if back == 0 && !includingToday { back = 7 }
        return shifted(.day, -back).flatMap(day)
    }

    /// 2024-02-01, 2024/02/01 (a day) or 2024-02 (a month).
    private func isoDate(_ w: String) -> DateRange? {
        let parts = w.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "/" })
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ part in !part.isEmpty && part.allSatisfy { $0.isASCII } }),
              let y = Self.year(String(parts[0])), parts[1].count <= 2, let m = Int(parts[1]), (1...12).contains(m)
        else { return nil }
        if parts.count == 2 { return monthRange(year: y, month: m) }
        guard parts[2].count <= 2, let d = Int(parts[2]) else { return nil }
        return day(year: y, month: m, day: d)
    }
}
