import Foundation
import HearthCore

/// Natural-language query parsing (FR-SEARCH-04): takes filters out of what the user typed and
/// leaves the rest as free text. Pure and total: no I/O, no throwing, any string is a query;
/// dates are relative to the injected `now` and `calendar` (time zone included; nil: the
/// user's current calendar, looked up only when the query has a date).
///
/// Understood (case-insensitive; `docs/search.md` has the full table):
/// - sender: `from john`, `from john@example.com`, `from "John Smith"`, `from:john`
/// - recipient: `to:bob`, `to bob@example.com`, `sent to bob`
/// - dates: `yesterday`, `last week`, `past 3 days`, `in January`, `before March`,
///   `since 2024-02-01`, `after:2024`, `on monday` (see `DateExpressions`)
/// - attachments: `with attachments`, `has attachment`, `with files`, `has:attachment`, `without attachments`
/// - category: `promotions`, `social emails`, `category:updates`
/// - read state: `unread`, `read emails`, `is:read`, `is:unread`, `starred`, `is:starred`
/// - folder: `in inbox`, `in:sent`, `folder:"Receipts"`; account: `account:me@example.org`
/// - `"quoted phrases"` are matched as a whole; an unbalanced quote runs to the end.
public struct SearchQueryParser: Sendable {
    public var now: Date
    public var calendar: Calendar?
    /// Who "from NAME" may name. Nil: any name that is not a stop word (the parser alone, in
    /// tests). The engine passes the store's senders and contacts, so "dinner invitation from a
    /// politician" keeps "from a politician" as words instead of filtering on a sender "a".
    public var knownSenders: (any KnownSenders)?

    public init(now: Date = Date(), calendar: Calendar? = nil, knownSenders: (any KnownSenders)? = nil) {
        self.now = now
        self.calendar = calendar
        self.knownSenders = knownSenders
    }

    public init(now: Date, timeZone: TimeZone, knownSenders: (any KnownSenders)? = nil) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.init(now: now, calendar: calendar, knownSenders: knownSenders)
    }

    /// Whether `name`, written after "from" / "sent by" without an operator, names a sender.
    /// An address always does; a stop word or a single letter never does.
    func isSender(_ name: String) -> Bool {
        if name.contains("@") { return true }
        guard FTSMatch.tokenCharacterCount(name) >= 2, !StopWords.contains(name),
              !Self.leadingNoise.contains(name.lowercased()) else { return false }
        return knownSenders?.isKnownSender(name) ?? true
    }

    static let nouns: Set<String> = ["emails", "email", "messages", "message", "mail", "mails", "conversations", "threads"]
    static let leadingNoise: Set<String> = ["show", "me", "find", "search", "get", "list", "all", "any", "my", "the"]
    static let topicWords: Set<String> = ["about", "regarding", "mentioning", "concerning"]
    static let attachmentWords: Set<String> = ["attachment", "attachments", "file", "files"]
    static let filterStarts: Set<String> = [
        "from", "to", "sent", "with", "without", "has", "have", "having", "containing", "in", "since", "before",
        "after", "on", "until", "about", "regarding", "last", "this", "past", "yesterday", "today", "unread",
    ]
    static let folderWords: [String: FolderType] = [
        "inbox": .inbox, "sent": .sent, "drafts": .drafts, "draft": .drafts, "trash": .trash, "spam": .spam,
        "junk": .spam, "archive": .archive, "archived": .archive,
    ]
    static let categoryWords: [String: AICategory] = [
        "primary": .primary, "social": .social, "promotions": .promotions, "promotion": .promotions,
        "promotional": .promotions, "updates": .updates, "update": .updates, "forums": .forums, "forum": .forums,
    ]

    public func parse(_ raw: String) -> SearchQuery {
        let tokens = QueryTokenizer.tokenize(raw)
        let words = tokens.map(\.plain)
        let dates = DateExpressions(calendar: calendar, now: now)
        var query = SearchQuery(raw: raw)
        var i = 0
        var lastWasStructure = false

        // "show me all emails from …": a leading request phrase is not what the user looks for.
        while i < tokens.count - 1, let w = words[i], Self.leadingNoise.contains(w) { i += 1 }
        if let w = words[safe: i], Self.nouns.contains(w), let n = words[safe: i + 1], Self.filterStarts.contains(n) { i += 1 }
        if i > 0 { lastWasStructure = true }

        func addDate(_ range: DateRange) { query.filters.add(range) }
        var lastWordToken = -1
        func freeText(_ token: QueryToken) {
            switch token.kind {
            case .quoted:
                let phrase = token.text.trimmingCharacters(in: .whitespaces)
                if !phrase.isEmpty { query.terms.append(.phrase(phrase)) }
            case .word:
                query.terms.append(.word(token.key == nil ? token.text : token.original))
                lastWordToken = i
            }
        }
        /// The value after a keyword: a word as written, or a quoted phrase.
        func value(at index: Int) -> String? {
            guard index < tokens.count, tokens[index].key == nil else { return nil }
            let text = tokens[index].kind == .word
                ? tokens[index].text.trimmingCharacters(in: QueryToken.edgePunctuation)
                : tokens[index].text.trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : text
        }

        while i < tokens.count {
            let token = tokens[i]
            if let key = token.key {
                if applyOperator(key, token.text, to: &query, dates: dates) {
                    lastWasStructure = true
                } else {
                    freeText(token)
                    lastWasStructure = false
                }
                i += 1
                continue
            }
            guard let w = words[i] else {
                freeText(token)
                lastWasStructure = false
                i += 1
                continue
            }
            let next = i + 1 < words.count ? words[i + 1] : nil
            var consumed = 0

            switch w {
            case "from":
                // "from last year" is that year, not "since": the bounded range the user named.
                if let n = next, DateExpressions.startsBareExpression(n) || DateExpressions.months[n] != nil,
                   let (range, used) = dates.expression(words, at: i + 1, allowYear: true) {
                    addDate(range); consumed = 1 + used
                } else if let sender = value(at: i + 1), isSender(sender) {
                    query.filters.senders.append(sender); consumed = 2
                }
            case "to":
                if let recipient = value(at: i + 1), recipient.contains("@") {
                    query.filters.recipients.append(recipient); consumed = 2
                }
            case "sent":
                if next == "to", let recipient = value(at: i + 2) {
                    query.filters.recipients.append(recipient); consumed = 3
                } else if next == "by", let sender = value(at: i + 2), isSender(sender) {
                    query.filters.senders.append(sender); consumed = 3
                }
            case "with", "has", "have", "having", "containing", "without", "no":
                var j = i + 1
                if let a = words[safe: j], ["a", "an", "any"].contains(a) { j += 1 }
                if let a = words[safe: j], Self.attachmentWords.contains(a) {
                    query.filters.hasAttachment = !(w == "without" || w == "no"); consumed = j - i + 1
                }
            case "unread":
                query.filters.isRead = false; consumed = 1
            case "read":
                if let n = next, Self.nouns.contains(n) { query.filters.isRead = true; consumed = 2 }
            case "starred":
                query.filters.isStarred = true; consumed = 1
            case "in", "on", "before", "after", "since", "until":
                var j = i + 1
                if w == "in", let a = words[safe: j], a == "my" || a == "the" { j += 1 }
                if w == "in", let f = words[safe: j], let type = Self.folderWords[f] {
                    query.filters.folder = .type(type); consumed = j - i + 1
                } else if let (range, used) = dates.expression(words, at: i + 1, allowYear: true) {
                    switch w {
                    case "before": addDate(DateRange(start: nil, end: range.start))
                    case "after": addDate(DateRange(start: range.end, end: dates.endOfToday))
                    case "since": addDate(DateRange(start: range.start, end: dates.endOfToday))
                    case "until": addDate(DateRange(start: nil, end: range.end))
                    default: addDate(range)
                    }
                    consumed = 1 + used
                }
            default:
                if let category = Self.categoryWords[w] {
                    if let n = next, Self.nouns.contains(n) {
                        query.filters.category = category; consumed = 2
                    } else if category == .promotions {
                        query.filters.category = category; consumed = 1
                    }
                } else if let (range, used) = dates.bare(words, at: i) {
                    addDate(range); consumed = used
                } else if lastWasStructure, Self.nouns.contains(w) || Self.topicWords.contains(w) {
                    consumed = 1
                } else if Self.nouns.contains(w), let n = next, Self.filterStarts.contains(n) {
                    consumed = 1
                }
            }

            if consumed > 0 {
                lastWasStructure = true
                i += consumed
            } else {
                freeText(token)
                lastWasStructure = false
                i += 1
            }
        }
        // Something typed after the last word (a filter, a space) means the word is finished.
        if case .word = query.terms.last {
            query.lastWordIsComplete = lastWordToken < tokens.count - 1
                || raw.unicodeScalars.last.map(CharacterSet.whitespacesAndNewlines.contains) == true
        }
        return query
    }

    /// `key:value` operators. False when the value makes no sense for the key (then the token is
    /// free text, e.g. `before:someday`).
    private func applyOperator(_ key: String, _ value: String, to query: inout SearchQuery,
                               dates: DateExpressions) -> Bool {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return false }
        let lower = trimmed.lowercased()
        switch key {
        case "from": query.filters.senders.append(trimmed)
        case "to": query.filters.recipients.append(trimmed)
        case "account": query.filters.account = trimmed
        case "in", "folder", "label":
            query.filters.folder = Self.folderWords[lower].map(FolderFilter.type) ?? .named(trimmed)
        case "category":
            guard let category = Self.categoryWords[lower] ?? AICategory(rawValue: lower) else { return false }
            query.filters.category = category
        case "is":
            switch lower {
            case "unread": query.filters.isRead = false
            case "read": query.filters.isRead = true
            case "starred", "flagged": query.filters.isStarred = true
            default: return false
            }
        case "has":
            guard Self.attachmentWords.contains(lower) || lower == "attached" else { return false }
            query.filters.hasAttachment = true
        case "before", "after", "since", "on", "date", "until":
            guard let range = dates.value(lower) else { return false }
            switch key {
            case "before": query.filters.add(DateRange(start: nil, end: range.start))
            case "after": query.filters.add(DateRange(start: range.end, end: dates.endOfToday))
            case "since": query.filters.add(DateRange(start: range.start, end: dates.endOfToday))
            case "until": query.filters.add(DateRange(start: nil, end: range.end))
            default: query.filters.add(range)
            }
        default: return false
        }
        return true
    }
}

/// The senders a mailbox knows: "from NAME" is a sender filter only for a name found here.
public protocol KnownSenders: Sendable {
    /// True when a sender or contact has `name` as a word of their name or as their address
    /// (or its part before the @).
    func isKnownSender(_ name: String) -> Bool
}

extension Array where Element == String? {
    subscript(safe index: Int) -> String? { index >= 0 && index < count ? self[index] : nil }
}

extension SearchFilters {
    /// ANDs a date condition with those already there.
    mutating func add(_ range: DateRange) {
        dateRange = dateRange.map { $0.intersection(range) } ?? range
    }
}
