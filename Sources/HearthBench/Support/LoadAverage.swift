import Foundation

/// The machine's load averages (/proc/loadavg). Every benchmark prints them next to its figures:
/// the box is shared and noisy, and a rate means little without how busy it was.
enum LoadAverage {
    /// "1.23 0.98 0.75" (the 1-, 5- and 15-minute figures), or "?" where /proc has none.
    static func text() -> String { fields().map { $0.prefix(3).joined(separator: " ") } ?? "?" }

    /// The one-minute figure.
    static func oneMinute() -> Double? { fields()?.first.flatMap { Double($0) } }

    private static func fields() -> [String]? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").map(String.init)
    }
}
