import HearthCore

/// What can make a search or an index operation fail. A query string never does (any text is a
/// valid query), and a missing or failing embedder never does (search falls back to keywords);
/// only the store itself can fail, or an explicit indexing run whose embedder fails.
public enum SearchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The mail store failed (disk full, unreadable file…): what the user must fix is in it.
    case store(StoreError)
    /// The embedder refused a batch while indexing; `indexed` vectors were stored before it.
    case embedder(reason: String, indexed: Int)
    /// The embedder returned vectors of another length than it announced.
    case dimensionMismatch(expected: Int, got: Int)

    public var description: String {
        switch self {
        case .store(let e): e.description
        case .embedder(let reason, let indexed):
            "the embedding model failed after \(indexed) emails were indexed: \(reason)"
        case .dimensionMismatch(let expected, let got):
            "the embedding model returned \(got)-dimensional vectors, announced \(expected)"
        }
    }
}
