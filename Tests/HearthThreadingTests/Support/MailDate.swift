import Foundation

/// Lenient date parsing for RFC 5322 `Date:` values ("Fri, 22 Feb 2008 22:00:10 +0200", obsolete
/// zone names, two-digit years) and mbox separator dates ("Fri Feb 22 17:06:23 2008 [+0200]",
/// the asctime layout). Tokens are recognised by shape, so both layouts go through one parser.
/// Unknown zone names count as UTC, as RFC 5322 §4.3 says; anything unreadable gives nil.
enum MailDate {
    static func parse(_ text: String) -> Date? {
        var day: Int?, month: Int?, year: Int?
        var time: (Int, Int, Int)?
        var offset = 0
        var numbers: [Substring] = []
        for token in withoutComments(text).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
            if let index = months.firstIndex(of: token.prefix(3).lowercased()), token.count >= 3,
               token.allSatisfy(\.isLetter), month == nil {
                month = index + 1
            } else if token.contains(":") {
                let parts = token.split(separator: ":").map { Int($0) }
                guard parts.count >= 2, parts.count <= 3, let hour = parts[0], let minute = parts[1] else { continue }
                time = (hour, minute, parts.count == 3 ? parts[2] ?? 0 : 0)
            } else if (token.first == "+" || token.first == "-"), token.count == 5, let value = Int(token.dropFirst()) {
                offset = (token.first == "-" ? -1 : 1) * ((value / 100) * 3600 + (value % 100) * 60)
            } else if token.allSatisfy(\.isNumber) {
                numbers.append(token)
            } else if let zone = zones[token.uppercased()] {
                offset = zone * 3600
            }
        }
        if let fourDigit = numbers.firstIndex(where: { $0.count >= 3 }) {
            year = Int(numbers[fourDigit])
            day = numbers.enumerated().first { $0.offset != fourDigit }.flatMap { Int($0.element) }
        } else if numbers.count >= 2 {
            day = Int(numbers[0])
            year = Int(numbers[1])
        }
        guard let d = day, let m = month, var y = year, let (hour, minute, second) = time,
              (1...31).contains(d), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        if y < 50 { y += 2000 } else if y < 1000 { y += 1900 }
        let days = daysSinceEpoch(year: y, month: m, day: d)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let zones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5,
        "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
    ]

    private static func withoutComments(_ text: String) -> String {
        var depth = 0
        var out = ""
        for character in text {
            if character == "(" { depth += 1; continue }
            if character == ")" { depth = max(0, depth - 1); continue }
            if depth == 0 { out.append(character) }
        }
        return out
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the civil-from-days inverse, by eras of
    /// 400 years so leap rules fall out of the arithmetic).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
