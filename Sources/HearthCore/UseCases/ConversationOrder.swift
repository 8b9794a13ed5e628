import Foundation

/// The order of a conversation's messages, oldest first: by date; within the same second (Date
/// headers have one-second precision, and a quick reply or an automated answer often shares its
/// parent's second) a reply comes after the message it answers; then by arrival.
///
/// Why it matters: the last message of this order is "the latest" everywhere — the thread's
/// snippet, the message a conversation view expands, the one a reply quotes, the one smart
/// replies answer. Ordering same-second messages by row id alone put a reply before its parent
/// whenever the reply was stored first (sync fetches newest first).
public enum ConversationOrder {
    /// What the order looks at, for callers that hold something other than `Email` rows.
    public struct Entry: Sendable {
        public var date: Date
        /// When the message arrived (IMAP INTERNALDATE, a Maildir file's delivery time).
        public var received: Date?
        /// The store's row id: the order of storing, the last tie-break.
        public var rowID: Int64
        public var messageID: String?
        /// In-Reply-To and References: the messages this one answers.
        public var parents: [String]

        public init(date: Date, received: Date?, rowID: Int64, messageID: String?, parents: [String]) {
            self.date = date; self.received = received; self.rowID = rowID
            self.messageID = messageID; self.parents = parents
        }

        public init(_ email: Email) {
            self.init(date: email.sortDate, received: email.dateReceived, rowID: email.id?.rawValue ?? 0,
                      messageID: email.messageID, parents: [email.inReplyTo].compactMap { $0 } + email.references)
        }

        var second: Int64 { Int64((date.timeIntervalSince1970).rounded(.down)) }
    }

    /// A conversation's emails in reading order (oldest first).
    public static func sorted(_ emails: [Email]) -> [Email] {
        sorted(emails) { Entry($0) }
    }

    /// Any items in reading order, described by `entry`.
    public static func sorted<Item>(_ items: [Item], by entry: (Item) -> Entry) -> [Item] {
        let entries = items.map(entry)
        let base = entries.indices.sorted { a, b in
            let x = entries[a], y = entries[b]
            if x.second != y.second { return x.second < y.second }
            if x.date != y.date { return x.date < y.date }
            let rx = x.received ?? .distantPast, ry = y.received ?? .distantPast
            if rx != ry { return rx < ry }
            return x.rowID < y.rowID
        }
        var ordered: [Item] = []
        ordered.reserveCapacity(items.count)
        var start = 0
        while start < base.count {
            var end = start + 1
            while end < base.count && entries[base[end]].second == entries[base[start]].second { end += 1 }
            for index in repliesAfterParents(Array(base[start..<end]), entries) { ordered.append(items[index]) }
            start = end
        }
        return ordered
    }

    /// One second's messages (indices in base order): repeatedly the first one whose parents in
    /// the group are all placed. A cycle (broken headers) falls back to the base order.
    static func repliesAfterParents(_ group: [Int], _ entries: [Entry]) -> [Int] {
        guard group.count > 1 else { return group }
        var indexByID: [String: Int] = [:]
        for index in group { if let id = entries[index].messageID, indexByID[id] == nil { indexByID[id] = index } }
        let parents: [Int: Set<Int>] = Dictionary(uniqueKeysWithValues: group.map { index in
            (index, Set(entries[index].parents.compactMap { indexByID[$0] }.filter { $0 != index }))
        })
        var remaining = group
        var placed = Set<Int>()
        var result: [Int] = []
        while !remaining.isEmpty {
            let next = remaining.firstIndex { parents[$0, default: []].isSubset(of: placed) } ?? remaining.startIndex
            let index = remaining.remove(at: next)
            placed.insert(index)
            result.append(index)
        }
        return result
    }
}
