import Foundation
import HearthCore

/// Escaping and URLs for what the views build outside templates (templates escape `{{value}}`
/// themselves). Message bodies never pass here: they live in sandboxed frames.
enum HTML {
    /// Text content: `& < >` and quotes, so it is also safe in a double- or single-quoted attribute.
    static func escape(_ text: String) -> String { HTMLEscape.text(text) }

    /// A URL path + query we build ourselves, escaped for an attribute.
    static func href(_ path: String, _ query: [(String, String?)] = []) -> String {
        escape(url(path, query))
    }

    static func url(_ path: String, _ query: [(String, String?)] = []) -> String {
        let pairs = query.compactMap { key, value in value.map { "\(key)=\(FormDecoding.encode($0))" } }
        return pairs.isEmpty ? path : path + "?" + pairs.joined(separator: "&")
    }

}

/// How dates, sizes and people are shown.
enum Display {
    /// Today: time; this year: day and month; else the full date. Stable and locale-neutral
    /// (the server renders, the browser's locale is unknown).
    static func shortDate(_ date: Date, now: Date = Date(), calendar: Calendar = .current) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = calendar.timeZone
        if calendar.isDate(date, inSameDayAs: now) {
            f.dateFormat = "HH:mm"
        } else if calendar.component(.year, from: date) == calendar.component(.year, from: now) {
            f.dateFormat = "d MMM"
        } else {
            f.dateFormat = "d MMM yyyy"
        }
        return f.string(from: date)
    }

    static func longDate(_ date: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "EEE d MMM yyyy, HH:mm"
        return f.string(from: date)
    }

    static func isoDate(_ date: Date) -> String { ISO8601DateFormatter().string(from: date) }

    /// Decimal units, as storage is shown to users.
    static func bytes(_ count: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(count)
        var unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(count) B" : String(format: value < 10 ? "%.1f %@" : "%.0f %@", value, units[unit])
    }

    /// Up to two letters for an avatar: initials of the name, else of the address.
    static func initials<Address: EmailAddressLike>(_ address: Address) -> String {
        let source = address.name?.isEmpty == false ? address.name! : address.address
        let words = source.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).prefix(2)
        let letters = words.compactMap(\.first).map { String($0).uppercased() }.joined()
        return letters.isEmpty ? "?" : letters
    }

    /// A stable colour slot (0–7) per address, so one person keeps one avatar colour.
    static func avatarSlot(_ address: String) -> Int {
        var hash: UInt32 = 2166136261
        for byte in address.lowercased().utf8 { hash = (hash ^ UInt32(byte)) &* 16777619 }
        return Int(hash % 8)
    }
}

/// The two fields of an address the display code needs (lets it take Core's `EmailAddress`
/// and search results alike).
protocol EmailAddressLike {
    var name: String? { get }
    var address: String { get }
}
