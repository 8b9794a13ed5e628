import Foundation

/// Parses the date of an mbox "From " line: asctime-like (`Fri Feb 22 17:06:23 2008`) as
/// written by MTAs and MUAs, tolerating what real files contain — extra spaces (`Feb  2`), no
/// weekday, no seconds, a zone before or after the year (`17:06:23 PST 2008`,
/// `17:06:23 2008 +0100`), RFC 5322-style day-month order (`Fri, 22 Feb 2008 17:06:23 +0100`),
/// and trailing words such as UUCP's `remote from host`.
///
/// A date without a zone is taken as UTC: the classic From_ line carries the delivering host's
/// local time with no zone, which cannot be recovered; UTC at least makes results reproducible.
enum EnvelopeDate {
    /// The date the tokens start with, or nil when they do not start with a date.
    static func parse<S: StringProtocol>(_ tokens: ArraySlice<S>) -> Date? {
        var i = tokens.startIndex
        func token(_ k: Int) -> Substring? {
            k < tokens.endIndex ? Substring(tokens[k]) : nil
        }
        if let t = token(i), weekday(t) { i += 1 }
        let month: Int
        let day: Int
        if let t = token(i), let m = monthNumber(t), let d = token(i + 1).flatMap(dayNumber) {
            month = m; day = d; i += 2
        } else if let d = token(i).flatMap(dayNumber), let m = token(i + 1).flatMap(monthNumber) {
            day = d; month = m; i += 2
        } else {
            return nil
        }
        var time: (Int, Int, Int)?
        var year: Int?
        var zone: Int?
        // Time, year and zone follow in any order; stop at the first other word.
        while let t = token(i), time == nil || year == nil || zone == nil {
            if time == nil, let parsed = clock(t) { time = parsed }
            else if year == nil, let parsed = yearNumber(t) { year = parsed }
            else if zone == nil, time != nil, let parsed = zoneOffset(t) { zone = parsed }
            else { break }
            i += 1
        }
        guard let (hour, minute, second) = time, let year else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(zone ?? 0)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun",
                                 "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func letters(_ t: Substring) -> String {
        String(t.trimmingCharacters(in: CharacterSet(charactersIn: ",."))).lowercased()
    }

    private static func weekday(_ t: Substring) -> Bool {
        let word = letters(t)
        return word.count >= 3 && weekdays.contains(String(word.prefix(3)))
            && word.allSatisfy(\.isLetter)
    }

    private static func monthNumber(_ t: Substring) -> Int? {
        let word = letters(t)
        guard word.count >= 3, word.allSatisfy(\.isLetter),
              let index = months.firstIndex(of: String(word.prefix(3))) else { return nil }
        return index + 1
    }

    private static func dayNumber(_ t: Substring) -> Int? {
        guard let d = Int(t.trimmingCharacters(in: CharacterSet(charactersIn: ","))), (1...31).contains(d) else { return nil }
        return d
    }

    private static func clock(_ t: Substring) -> (Int, Int, Int)? {
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        let numbers = parts.compactMap { $0.count <= 2 ? Int($0) : nil }
        guard numbers.count == parts.count else { return nil }
        let (h, m, s) = (numbers[0], numbers[1], numbers.count == 3 ? numbers[2] : 0)
        guard h < 24, m < 60, s <= 60 else { return nil }
        return (h, m, s)
    }

    private static func yearNumber(_ t: Substring) -> Int? {
        guard t.allSatisfy(\.isASCII), let y = Int(t), y >= 0 else { return nil }
        switch t.count {
        case 4: return y
        case 2: return y < 70 ? 2000 + y : 1900 + y
        default: return nil
        }
    }

    private static let namedZones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0,
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        "CET": 1, "CEST": 2, "MET": 1, "MEST": 2, "BST": 1, "EET": 2, "EEST": 3, "JST": 9,
    ]

    /// Seconds east of UTC. An unknown alphabetic zone is accepted as UTC rather than making the
    /// whole line fail to be a separator.
    private static func zoneOffset(_ t: Substring) -> Int? {
        if let sign = t.first, sign == "+" || sign == "-" {
            let digits = t.dropFirst()
            guard digits.count == 4, let value = Int(digits) else { return nil }
            let seconds = (value / 100) * 3600 + (value % 100) * 60
            return sign == "-" ? -seconds : seconds
        }
        guard (1...5).contains(t.count), t.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return (namedZones[t.uppercased()] ?? 0) * 3600
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the civil-from-days inverse).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
