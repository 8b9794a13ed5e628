import Foundation
import HearthCore

/// A user's search after parsing (FR-SEARCH-04): free text plus structured filters, ANDed.
/// Built only by `SearchQueryParser`, which never fails: any string is a valid query.
public struct SearchQuery: Sendable, Hashable {
    /// What the user typed.
    public var raw: String
    /// The free text left after filters were taken out, in order.
    public var terms: [SearchTerm]
    public var filters: SearchFilters
    /// Whether the user typed something after the last bare word (a filter: "patch before
    /// March 2000"; or a space): it is finished, so search-as-you-type does not read it as a
    /// prefix.
    public var lastWordIsComplete: Bool

    public init(raw: String, terms: [SearchTerm] = [], filters: SearchFilters = SearchFilters(),
                lastWordIsComplete: Bool = false) {
        self.raw = raw; self.terms = terms; self.filters = filters; self.lastWordIsComplete = lastWordIsComplete
    }

    /// The free text as one string (what the semantic side embeds).
    public var freeText: String {
        terms.map { term in
            switch term {
            case .word(let w): w
            case .phrase(let p): p
            }
        }.joined(separator: " ")
    }

    /// True when there is no free text to rank by (E-03: filters only).
    public var hasFreeText: Bool { !terms.isEmpty }
}

/// One piece of free text: a bare word, or a phrase the user quoted (matched as a whole).
public enum SearchTerm: Sendable, Hashable {
    case word(String)
    case phrase(String)
}

/// Structured filters (FR-SEARCH-02). Every non-nil / non-empty field narrows the result (AND).
public struct SearchFilters: Sendable, Hashable {
    /// Each must match the sender's name or address (a word-prefix match).
    public var senders: [String]
    /// Each must appear among the To/Cc addresses or names.
    public var recipients: [String]
    /// Messages whose date (sent, else received) falls in the range.
    public var dateRange: DateRange?
    public var hasAttachment: Bool?
    public var folder: FolderFilter?
    /// An account's address, display name or id, as the user wrote it.
    public var account: String?
    public var category: AICategory?
    public var isRead: Bool?
    public var isStarred: Bool?

    public init(senders: [String] = [], recipients: [String] = [], dateRange: DateRange? = nil,
                hasAttachment: Bool? = nil, folder: FolderFilter? = nil, account: String? = nil,
                category: AICategory? = nil, isRead: Bool? = nil, isStarred: Bool? = nil) {
        self.senders = senders; self.recipients = recipients; self.dateRange = dateRange
        self.hasAttachment = hasAttachment; self.folder = folder; self.account = account
        self.category = category; self.isRead = isRead; self.isStarred = isStarred
    }

    public var isEmpty: Bool { self == SearchFilters() }
}

/// A half-open date interval `[start, end)`; a nil bound is open.
public struct DateRange: Sendable, Hashable, CustomStringConvertible {
    public var start: Date?
    public var end: Date?

    public init(start: Date? = nil, end: Date? = nil) { self.start = start; self.end = end }

    /// Both conditions at once (several date words in one query are ANDed).
    public func intersection(_ other: DateRange) -> DateRange {
        let s: Date? = switch (start, other.start) {
        case let (a?, b?): max(a, b)
        case let (a, b): a ?? b
        }
        let e: Date? = switch (end, other.end) {
        case let (a?, b?): min(a, b)
        case let (a, b): a ?? b
        }
        return DateRange(start: s, end: e)
    }

    public func contains(_ date: Date) -> Bool {
        if let start, date < start { return false }
        if let end, date >= end { return false }
        return true
    }

    public var description: String {
        let f = ISO8601DateFormatter()
        return "[\(start.map(f.string(from:)) ?? "…"), \(end.map(f.string(from:)) ?? "…"))"
    }
}

/// A folder filter: a role ("in:sent") or a folder's name or IMAP path ("in:\"Receipts 2024\"").
public enum FolderFilter: Sendable, Hashable {
    case type(FolderType)
    case named(String)
}

/// Where to search (FR-SEARCH-03). Folder scope is applied outside the keyword index, by joining
/// the email's folder associations, so moving mail never touches the index.
public enum SearchScope: Sendable, Hashable {
    case allMail
    case folder(FolderID)
}
