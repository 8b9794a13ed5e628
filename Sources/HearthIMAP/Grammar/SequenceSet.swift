/// One end of a sequence range: a message number / UID, or `*` (the largest in use).
public enum SequenceNumber: Hashable, Sendable {
    case number(UInt32)
    /// `*`: the largest number in use in the mailbox (or, for UIDs, the highest UID).
    case last

    var wireText: String {
        switch self {
        case .number(let n): String(n)
        case .last: "*"
        }
    }

    /// For ordering and membership tests `*` counts as the largest possible value.
    var ordinal: UInt32 {
        switch self {
        case .number(let n): n
        case .last: UInt32.max
        }
    }
}

/// A contiguous range `a:b` (or a single number when both ends are equal). Order of the ends is
/// irrelevant in IMAP (`5:1` is `1:5`), so the range normalises them.
public struct SequenceRange: Hashable, Sendable {
    public let lower: SequenceNumber
    public let upper: SequenceNumber

    public init(_ a: SequenceNumber, _ b: SequenceNumber) {
        if a.ordinal <= b.ordinal { lower = a; upper = b } else { lower = b; upper = a }
    }

    public init(_ n: UInt32) { self.init(.number(n), .number(n)) }
    public init(_ range: ClosedRange<UInt32>) { self.init(.number(range.lowerBound), .number(range.upperBound)) }

    public func contains(_ n: UInt32) -> Bool { lower.ordinal <= n && n <= upper.ordinal }

    var wireText: String { lower == upper ? lower.wireText : "\(lower.wireText):\(upper.wireText)" }
}

/// An IMAP sequence set (RFC 3501 `sequence-set`), used for message numbers and UIDs alike.
/// Built from a list of numbers it encodes compactly (`1:5,7,9:12`), which matters when the sync
/// engine asks for thousands of UIDs: the command line stays short.
public struct SequenceSet: Hashable, Sendable, CustomStringConvertible {
    public var ranges: [SequenceRange]

    public init(ranges: [SequenceRange]) { self.ranges = ranges }
    public init(_ range: ClosedRange<UInt32>) { ranges = [SequenceRange(range)] }
    public init(_ single: UInt32) { ranges = [SequenceRange(single)] }

    /// The compact set of the given numbers: sorted, de-duplicated, runs merged into ranges.
    public init(_ numbers: some Sequence<UInt32>) {
        var sorted = Array(numbers).sorted()
        sorted.removeDuplicatesInSortedArray()
        var out: [SequenceRange] = []
        var index = 0
        while index < sorted.count {
            let start = sorted[index]
            var end = start
            while index + 1 < sorted.count, sorted[index + 1] == end &+ 1, end != UInt32.max {
                index += 1
                end = sorted[index]
            }
            out.append(SequenceRange(start...end))
            index += 1
        }
        ranges = out
    }

    /// `1:*`: every message.
    public static let all = SequenceSet(ranges: [SequenceRange(.number(1), .last)])

    /// `n:*`: everything from `n` on (e.g. UIDs from UIDNEXT on, for new mail).
    public static func from(_ n: UInt32) -> SequenceSet { SequenceSet(ranges: [SequenceRange(.number(n), .last)]) }

    public var isEmpty: Bool { ranges.isEmpty }

    public func contains(_ n: UInt32) -> Bool { ranges.contains { $0.contains(n) } }

    /// How many numbers the set names, or nil when it contains `*` (unknown without the mailbox).
    public var count: Int? {
        var total = 0
        for range in ranges {
            guard case .number(let a) = range.lower, case .number(let b) = range.upper else { return nil }
            total += Int(b - a) + 1
        }
        return total
    }

    /// The numbers in the set in ascending order, without duplicates. `*` ends are left out, as is
    /// anything past `limit` numbers (protection against a hostile `1:4294967295`).
    public func numbers(limit: Int = 10_000_000) -> [UInt32] {
        var out: [UInt32] = []
        for range in ranges {
            guard case .number(let a) = range.lower else { continue }
            let b: UInt32
            switch range.upper {
            case .number(let n): b = n
            case .last: b = a
            }
            var n = a
            while true {
                if out.count >= limit { break }
                out.append(n)
                if n == b { break }
                n += 1
            }
        }
        var sorted = out.sorted()
        sorted.removeDuplicatesInSortedArray()
        return sorted
    }

    /// The wire form, e.g. `1:5,7,9:*`.
    public var description: String { ranges.map(\.wireText).joined(separator: ",") }

    /// Parses the wire form; nil when it is not a valid sequence set.
    public init?(parsing text: String) {
        var out: [SequenceRange] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: ":", omittingEmptySubsequences: false)
            guard ends.count == 1 || ends.count == 2 else { return nil }
            var parsed: [SequenceNumber] = []
            for end in ends {
                if end == "*" { parsed.append(.last) }
                else if let n = UInt32(end), n > 0 { parsed.append(.number(n)) }
                else { return nil }
            }
            out.append(SequenceRange(parsed[0], parsed.count == 2 ? parsed[1] : parsed[0]))
        }
        guard !out.isEmpty else { return nil }
        ranges = out
    }
}

extension Array where Element: Equatable {
    mutating func removeDuplicatesInSortedArray() {
        guard count > 1 else { return }
        var write = 1
        for read in 1..<count where self[read] != self[write - 1] {
            self[write] = self[read]
            write += 1
        }
        removeLast(count - write)
    }
}
