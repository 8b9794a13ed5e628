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
}
