/// Turns texts into fixed-size vectors for semantic search (search spec FR-SEARCH-05).
///
/// The port between search (which stores and queries vectors) and on-device AI (which computes
/// them with llama.cpp). Search works without any embedder — keyword-only — so callers treat a
/// missing embedder, or one that throws, as "no semantic results", never as a failed search.
public protocol TextEmbedder: Sendable {
    /// Length of every vector `embed` returns (384 for all-MiniLM-L6-v2).
    var dimensions: Int { get }
    /// Names the model and its version; vectors made by different models are never compared.
    var modelIdentifier: String { get }
    /// One L2-normalised vector per text, in order.
    func embed(_ texts: [String]) async throws -> [[Float]]
    /// For a bulk backfill: embeds `texts` with up to `encoders` encoders side by side (one
    /// core each), so a backlog uses every core without the waste of several threads inside
    /// one encoder. Never throws: a part that failed leaves its texts without a vector and
    /// says why, so what the other encoder made is still stored. The default runs `embed`.
    func embedBulk(_ texts: [String], encoders: Int) async -> BulkEmbedding
}

/// What `TextEmbedder.embedBulk` made: a vector per text in order, nil where the part it was
/// in failed (`failure` says why; the text is simply embedded again by the next pass).
public struct BulkEmbedding: Sendable {
    public var vectors: [[Float]?]
    public var failure: (any Error)?

    public init(vectors: [[Float]?], failure: (any Error)? = nil) {
        self.vectors = vectors
        self.failure = failure
    }
}

extension TextEmbedder {
    /// One encoder: all texts or, when `embed` throws, none.
    public func embedBulk(_ texts: [String], encoders: Int) async -> BulkEmbedding {
        do {
            let vectors = try await embed(texts)
            guard vectors.count == texts.count else {
                return BulkEmbedding(vectors: Array(repeating: nil, count: texts.count),
                                     failure: BulkEmbeddingCountMismatch(expected: texts.count, got: vectors.count))
            }
            return BulkEmbedding(vectors: vectors)
        } catch {
            return BulkEmbedding(vectors: Array(repeating: nil, count: texts.count), failure: error)
        }
    }
}

/// An embedder returned a different number of vectors than it was given texts.
public struct BulkEmbeddingCountMismatch: Error, CustomStringConvertible, Sendable {
    public let expected: Int
    public let got: Int
    public var description: String { "returned \(got) vectors for \(expected) texts" }
}
