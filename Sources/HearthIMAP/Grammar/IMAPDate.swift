import Foundation

/// A calendar date as IMAP SEARCH uses it (`1-Jan-2024`, RFC 3501 `date`). SEARCH SINCE/BEFORE
/// compare dates without time or zone, so this is deliberately not a `Date`.
public struct IMAPDate: Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init(year: Int, month: Int, day: Int) {
        self.year = year; self.month = month; self.day = day
    }

    /// The calendar day of `date` in `timeZone` (default UTC).
    public init(_ date: Date, timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.init(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public var description: String {
        let name = IMAPDate.monthNames[max(0, min(11, month - 1))]
        return "\(day)-\(name)-\(year)"
    }
}

/// Conversions of IMAP `date-time` (`"17-Jul-1996 02:44:25 -0700"`), as in INTERNALDATE and the
/// APPEND date. Hand-written instead of `DateFormatter`: fixed grammar, no locale surprises.
public enum IMAPDateTime {
    /// Parses a `date-time`; nil when malformed. The day may be space-padded (`" 1-Jan-..."`).
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: " ")
        guard parts.count == 3 else { return nil }
        let dateParts = parts[0].split(separator: "-")
        let timeParts = parts[1].split(separator: ":")
        guard dateParts.count == 3, timeParts.count == 3,
              let day = Int(dateParts[0]), let year = Int(dateParts[2]),
              let monthIndex = IMAPDate.monthNames.firstIndex(where: { $0.caseInsensitiveCompare(dateParts[1]) == .orderedSame }),
              let hour = Int(timeParts[0]), let minute = Int(timeParts[1]), let second = Int(timeParts[2])
        else { return nil }
        let zone = parts[2]
        guard zone.count == 5, let sign = zone.first, sign == "+" || sign == "-",
              let zoneValue = Int(zone.dropFirst()) else { return nil }
        let offsetSeconds = ((zoneValue / 100) * 3600 + (zoneValue % 100) * 60) * (sign == "-" ? -1 : 1)
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(year: year, month: monthIndex + 1, day: day,
                                        hour: hour, minute: minute, second: second)
        guard let local = calendar.date(from: components) else { return nil }
        return local.addingTimeInterval(TimeInterval(-offsetSeconds))
    }

    /// Formats in UTC: `"05-Mar-2024 14:07:09 +0000"`.
    public static func format(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { let v = n ?? 0; return v < 10 ? "0\(v)" : String(v) }
        let month = IMAPDate.monthNames[max(0, min(11, (c.month ?? 1) - 1))]
        return "\(two(c.day))-\(month)-\(c.year ?? 1970) \(two(c.hour)):\(two(c.minute)):\(two(c.second)) +0000"
    }
}
