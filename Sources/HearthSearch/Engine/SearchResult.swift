import Foundation
import HearthCore

/// Text with the ranges that matched the query (FR-SEARCH-01 highlighting).
public struct HighlightedText: Sendable, Hashable {
    public var text: String
    public var ranges: [Range<String.Index>]

    public init(text: String, ranges: [Range<String.Index>] = []) { self.text = text; self.ranges = ranges }

    /// Parses FTS5 `highlight()`/`snippet()` output whose matches are wrapped in `open`/`close`
    /// markers. Unbalanced markers (the markers in the mail itself) are dropped, never trusted.
    static func parse(_ marked: String, open: Unicode.Scalar, close: Unicode.Scalar) -> HighlightedText {
        var scalars = String.UnicodeScalarView()
        var utf16 = 0
        var spans: [(Int, Int)] = []
        var openedAt: Int?
        for scalar in marked.unicodeScalars {
            if scalar == open {
                openedAt = utf16
            } else if scalar == close {
                if let start = openedAt, start < utf16 { spans.append((start, utf16)) }
                openedAt = nil
            } else {
                scalars.append(scalar)
                utf16 += scalar.utf16.count
            }
        }
        let text = String(scalars)
        let ranges = spans.map { String.Index(utf16Offset: $0.0, in: text)..<String.Index(utf16Offset: $0.1, in: text) }
        return HighlightedText(text: text, ranges: ranges)
    }

    /// The ranges as UTF-16 offsets `[start, end)` (what JSON and JavaScript use).
    public var utf16Ranges: [[Int]] {
        ranges.map { [$0.lowerBound.utf16Offset(in: text), $0.upperBound.utf16Offset(in: text)] }
    }

    /// The text with each match wrapped in `before`/`after` (terminal bold, HTML marks…).
    public func marked(before: String, after: String) -> String {
        var out = ""
        var position = text.startIndex
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
            out += text[position..<range.lowerBound]
            out += before + text[range] + after
            position = range.upperBound
        }
        out += text[position...]
        return out
    }
}

/// One conversation in the results (spec §6.4): the thread, its best-matching message, where the
/// match came from, and display data. Results are grouped by thread: one per conversation.
public struct SearchResult: Sendable, Hashable, Identifiable {
    public var id: ThreadID { threadID }
    public var threadID: ThreadID
    /// The best-matching message of the thread.
    public var emailID: EmailID
    public var accountID: AccountID
    /// The account's address: the badge of a multi-account result list (E-09).
    public var accountEmail: String
    public var subject: HighlightedText
    public var senderName: String?
    public var senderEmail: String?
    public var date: Date
    public var snippet: HighlightedText
    public var hasAttachment: Bool
    /// The fused (RRF) score of the best message; 0 for filter-only searches.
    public var score: Double
    public var matchSource: MatchSource
    /// Messages of this thread that matched.
    public var matchedMessages: Int
    public var threadMessageCount: Int
}

/// What a search returns: the parsed query (for filter chips), the results, and how they were
/// obtained.
public struct SearchResponse: Sendable {
    public var query: SearchQuery
    public var results: [SearchResult]
    /// False when semantic search was skipped: no embedder, no vectors yet, a query too short
    /// (E-02), only filters (E-03), or the embedder failed (E-04, silently).
    public var usedSemantic: Bool
    public var keywordHits: Int
    public var semanticHits: Int
    /// Emails without a vector of the current model (0 without an embedder).
    public var pendingEmbeddings: Int
    public var seconds: Double
    /// Set when this search found the keyword index damaged and rebuilt it first (E-05).
    public var keywordIndexRepair: KeywordIndexRepair? = nil
    /// How the keyword matches are ordered (nil: no keyword search ran).
    public var keywordOrder: KeywordOrder? = nil
    /// True when no email had every word and the keyword results have all but one of them.
    public var relaxed = false
    /// True when nothing was searched because the query is one letter being typed (and has
    /// no filter): search-as-you-type starts at `SearchEngine.minimumTypeAheadCharacters`.
    public var tooShort = false
}
