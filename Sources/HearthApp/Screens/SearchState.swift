import Foundation

/// Search as a screen binds it: the query as typed, results for the query they belong to, and
/// the recent searches shown while the field is empty. Results of an older query that arrive
/// late (typing is faster than searching) are dropped.
public struct SearchState<Hit: Sendable & Equatable>: Sendable, Equatable {
    public var text = ""
    public var results: [Hit] = []
    /// The query `results` answer.
    public var resultsFor: String?
    public var recent: [String] = []
    public var isSearching = false

    public init() {}

    public enum Action: Sendable, Equatable {
        case type(String)
        case answered(query: String, [Hit])
        case recent([String])
    }

    /// What to search for now (nil: nothing; show the recent searches).
    public var pendingQuery: String? {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return query.isEmpty || query == resultsFor ? nil : query
    }

    public mutating func reduce(_ action: Action) {
        switch action {
        case .type(let value):
            text = value
            isSearching = pendingQuery != nil
            if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { results = []; resultsFor = nil }
        case .answered(let query, let found):
            // Only the answer to what the field says now.
            guard query == text.trimmingCharacters(in: .whitespacesAndNewlines) else { return }
            results = found; resultsFor = query; isSearching = false
        case .recent(let list):
            recent = list
        }
    }
}
