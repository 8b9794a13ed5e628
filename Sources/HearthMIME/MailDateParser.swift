import Foundation

/// Dates of RFC 5322 §3.3 and the forms real mail uses instead.
///
/// Rather than one strict grammar, the value is split into tokens and each token is classified
/// (weekday, month name, time, zone, number), so the usual breakage needs no special case:
/// missing weekday or seconds, two- and three-digit years (RFC 5322 §4.3), named and military
/// zones (§4.3: military zones are treated as -0000 since RFC 822 had their signs backwards),
/// "." instead of ":", comments and junk after the zone, asctime ("Wed Jun 30 21:49:08 1993"),
/// month-before-day ("Jun 30 1993"). ISO 8601 ("2003-07-01T10:52:37+02:00") is tried first.
/// A missing zone is taken as UTC. Returns nil when no day, month and year can be found, or the
/// values are out of range.
public enum MailDateParser {
    public static func parse(_ text: String) -> Date? {
        guard let c = components(text) else { return nil }
        return c.date
    }

    /// Broken-down date, exposed for comparison with other parsers.
    public struct Components: Sendable, Hashable {
        public var year, month, day, hour, minute, second: Int
        /// Offset east of UTC in seconds.
        public var zoneOffset: Int

        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, zoneOffset: Int) {
            self.year = year; self.month = month; self.day = day
            self.hour = hour; self.minute = minute; self.second = second; self.zoneOffset = zoneOffset
        }
        public var date: Date? {
            guard (1...12).contains(month), day >= 1, day <= MailDateParser.daysIn(month: month, year: year),
                  (0...24).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
            let days = MailDateParser.daysFromCivil(year: year, month: month, day: day)
            let secs = days * 86_400 + hour * 3_600 + minute * 60 + min(second, 59) - zoneOffset
            return Date(timeIntervalSince1970: TimeInterval(secs))
        }
    }

    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    static let weekdays: Set<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    /// Named zones in hours east of UTC.
    static let zones: [String: Int] = [
        "ut": 0, "utc": 0, "gmt": 0, "z": 0, "wet": 0, "bst": 60, "ist": 330, "cet": 60, "met": 60, "mez": 60,
        "cest": 120, "mest": 120, "mesz": 120, "eet": 120, "eest": 180, "msk": 180, "msd": 240, "jst": 540,
        "kst": 540, "hkt": 480, "sgt": 480, "awst": 480, "acst": 570, "aest": 600, "aedt": 660, "nzst": 720, "nzdt": 780,
        "est": -300, "edt": -240, "cst": -360, "cdt": -300, "mst": -420, "mdt": -360, "pst": -480, "pdt": -420,
        "akst": -540, "akdt": -480, "hst": -600, "ast": -240, "adt": -180, "nst": -210, "ndt": -150, "cat": 120, "eat": 180,
    ]

    public static func components(_ text: String) -> Components? {
        // Received-style values carry the date after the last ";".
        let afterSemicolon = text.lastIndex(of: ";").map { text[text.index(after: $0)...] } ?? Substring(text)
        let b = Array(afterSemicolon.utf8.prefix(256))
        if let iso = iso8601(b) { return iso }
        // Tokenise, dropping comments.
        enum Tok { case num(Int, digits: Int), word(String), time(Int, Int, Int), zone(Int) }
        var toks: [Tok] = []
        var i = 0
        let n = b.count
        var depth = 0
        while i < n {
            let c = b[i]
            if c == 0x28 { depth += 1; i += 1; continue }
            if c == 0x29 { depth = max(0, depth - 1); i += 1; continue }
            if depth > 0 { i += 1; continue }
            if ASCII.isDigit(c) {
                var j = i
                while j < n && ASCII.isDigit(b[j]) { j += 1 }
                // Time: h:mm[:ss] or h.mm[.ss]
                if j < n, b[j] == ASCII.colon || b[j] == 0x2E, j + 1 < n, ASCII.isDigit(b[j + 1]), j - i <= 2 {
                    var parts = [Int(String(decoding: b[i..<j], as: UTF8.self)) ?? 0]
                    var k = j
                    while k < n, parts.count < 3, b[k] == ASCII.colon || b[k] == 0x2E, k + 1 < n, ASCII.isDigit(b[k + 1]) {
                        var m = k + 1
                        while m < n && ASCII.isDigit(b[m]) && m - k <= 2 { m += 1 }
                        parts.append(Int(String(decoding: b[(k + 1)..<m], as: UTF8.self)) ?? 0)
                        k = m
                    }
                    // Fractional seconds are ignored.
                    if k < n, b[k] == 0x2E || b[k] == 0x2C, parts.count == 3 {
                        k += 1
                        while k < n && ASCII.isDigit(b[k]) { k += 1 }
                    }
                    if parts.count >= 2 {
                        toks.append(.time(parts[0], parts[1], parts.count > 2 ? parts[2] : 0))
                        i = k
                        continue
                    }
                }
                if j - i <= 9 { toks.append(.num(Int(String(decoding: b[i..<j], as: UTF8.self)) ?? 0, digits: j - i)) }
                i = j
                continue
            }
            if (c == 0x2B || c == 0x2D), i + 1 < n, ASCII.isDigit(b[i + 1]) {
                var j = i + 1
                while j < n && ASCII.isDigit(b[j]) { j += 1 }
                var digits = Array(b[(i + 1)..<j])
                // "+05:30"
                if digits.count <= 2, j + 2 < n, b[j] == ASCII.colon, ASCII.isDigit(b[j + 1]), ASCII.isDigit(b[j + 2]) {
                    digits += b[(j + 1)...(j + 2)]
                    j += 3
                }
                if digits.count == 4 || digits.count == 2 || digits.count == 3 {
                    let v = Int(String(decoding: digits, as: UTF8.self)) ?? 0
                    let (h, m) = digits.count == 2 ? (v, 0) : (v / 100, v % 100)
                    if h <= 14 && m < 60 {
                        let sign = c == 0x2D ? -1 : 1
                        toks.append(.zone(sign * (h * 3600 + m * 60)))
                        i = j
                        continue
                    }
                }
                i += 1 // not a zone ("21-Nov-97", "Jul-2003"): the digits are a number
                continue
            }
            if ASCII.isAlpha(c) {
                var j = i
                while j < n && ASCII.isAlpha(b[j]) { j += 1 }
                toks.append(.word(String(decoding: b[i..<j], as: UTF8.self).lowercased()))
                i = j
                continue
            }
            i += 1
        }

        var day: Int?, month: Int?, year: Int?, time: (Int, Int, Int)?, zone: Int?
        var numbers: [(Int, Int)] = []
        for t in toks {
            switch t {
            case .time(let h, let m, let s): if time == nil { time = (h, m, s) }
            case .zone(let z): if zone == nil, time != nil || year != nil || numbers.count >= 2 { zone = z }
            case .num(let v, let d): numbers.append((v, d))
            case .word(let w):
                if month == nil, w.count >= 3, let idx = months.firstIndex(of: String(w.prefix(3))) {
                    // Accept full names ("June") and abbreviations, not words that merely start alike.
                    let full = ["january", "february", "march", "april", "may", "june", "july", "august",
                                "september", "october", "november", "december"][idx]
                    if w.count == 3 || full.hasPrefix(w) || (w == "sept") { month = idx + 1; continue }
                }
                if weekdays.contains(String(w.prefix(3))) { continue }
                if zone == nil, time != nil, let z = zones[w] { zone = z * 60; continue }
                if zone == nil, time != nil, w.count == 1, w != "j" { zone = 0; continue } // military: -0000
            }
        }
        // Assign numbers: a 3-4 digit number (or a value > 31) is the year, the first other ≤ 31 is the day.
        for (v, d) in numbers {
            if year == nil && (d >= 3 || v > 31) { year = v; continue }
            if day == nil && v >= 1 && v <= 31 { day = v; continue }
            if year == nil { year = v }
        }
        // Numeric dates without a month name: "2003/07/01" or "07/01/2003" are too ambiguous
        // beyond the ISO order; handle only year-first.
        if month == nil, numbers.count >= 3 {
            if numbers[0].1 == 4 {
                year = numbers[0].0; month = numbers[1].0; day = numbers[2].0
            } else if numbers[1].0 <= 12 {
                // "20 11 79": RFC 5322 order (day month year) with a numeric month.
                day = numbers[0].0; month = numbers[1].0; year = numbers[2].0
            }
        }
        guard var y = year, let mo = month, let d = day else { return nil }
        if y < 50 { y += 2000 } else if y < 1000 { y += 1900 }
        let (h, mi, s) = time ?? (0, 0, 0)
        let c = Components(year: y, month: mo, day: d, hour: h, minute: mi, second: s, zoneOffset: zone ?? 0)
        return c.date == nil ? nil : c
    }

    /// "YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH[:]MM]".
    static func iso8601(_ b: [UInt8]) -> Components? {
        var i = 0
        while i < b.count && ASCII.isSpaceOrNewline(b[i]) { i += 1 }
        func num(_ len: Int) -> Int? {
            guard i + len <= b.count, b[i..<(i + len)].allSatisfy(ASCII.isDigit) else { return nil }
            defer { i += len }
            return Int(String(decoding: b[i..<(i + len)], as: UTF8.self))
        }
        func expect(_ c: UInt8) -> Bool { if i < b.count && b[i] == c { i += 1; return true }; return false }
        guard let y = num(4), expect(0x2D), let mo = num(2), expect(0x2D), let d = num(2) else { return nil }
        var h = 0, mi = 0, s = 0, zone = 0
        if i < b.count, b[i] == 0x54 || b[i] == 0x74 || b[i] == ASCII.space {
            i += 1
            guard let hh = num(2), expect(ASCII.colon), let mm = num(2) else { return nil }
            h = hh; mi = mm
            if expect(ASCII.colon), let ss = num(2) { s = ss }
            if expect(0x2E) || expect(0x2C) { while i < b.count && ASCII.isDigit(b[i]) { i += 1 } }
            while i < b.count && b[i] == ASCII.space { i += 1 }
            if i < b.count {
                if b[i] == 0x5A || b[i] == 0x7A { zone = 0 } else if b[i] == 0x2B || b[i] == 0x2D {
                    let sign = b[i] == 0x2D ? -1 : 1
                    i += 1
                    if let zh = num(2) {
                        _ = expect(ASCII.colon)
                        let zm = num(2) ?? 0
                        zone = sign * (zh * 3600 + zm * 60)
                    }
                } else {
                    // Named zone after an ISO time ("2003-07-01 10:52:37 GMT").
                    var j = i
                    while j < b.count && ASCII.isAlpha(b[j]) { j += 1 }
                    if let z = zones[String(decoding: b[i..<j], as: UTF8.self).lowercased()] { zone = z * 60 }
                }
            }
        }
        return Components(year: y, month: mo, day: d, hour: h, minute: mi, second: s, zoneOffset: zone)
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
