import Foundation
import HearthCore

/// A `TextEmbedder` whose model is loaded on the first `embed` call, not when it is created.
///
/// Why: loading all-MiniLM-L6-v2 through llama.cpp costs tens of milliseconds and ~50 MB, and
/// most searches never need it — filter-only and very short queries (E-02/E-03), and every
/// query while no vector of the model is stored yet (E-04). `SearchEngine` reads only
/// `modelIdentifier` and `dimensions` to decide; the model is opened only when a query vector
/// is really needed. The loaded embedder is kept for the life of this value (a server loads
/// once). A load that fails is remembered too, so a broken model file is not re-read on every
/// keystroke; `embed` then throws and search degrades to keyword-only.
public final class DeferredEmbedder: TextEmbedder, @unchecked Sendable {
    public let modelIdentifier: String
    public let dimensions: Int
    private let load: @Sendable () async throws -> any TextEmbedder

    // Guarded by `lock`.
    private let lock = NSLock()
    private var loading: Task<any TextEmbedder, any Error>?

    /// `modelIdentifier` and `dimensions` must be what the loaded embedder reports: they name
    /// the stored vectors before the model is opened. A mismatch is an error at load time.
    public init(modelIdentifier: String, dimensions: Int, load: @escaping @Sendable () async throws -> any TextEmbedder) {
        self.modelIdentifier = modelIdentifier
        self.dimensions = dimensions
        self.load = load
    }

    /// True once the model has been asked for (loaded, loading, or failed to load).
    public var hasStartedLoading: Bool { lock.withLock { loading != nil } }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        try await loaded().embed(texts)
    }

    public func embedBulk(_ texts: [String], encoders: Int) async -> BulkEmbedding {
        let embedder: any TextEmbedder
        do { embedder = try await loaded() } catch {
            return BulkEmbedding(vectors: Array(repeating: nil, count: texts.count), failure: error)
        }
        return await embedder.embedBulk(texts, encoders: encoders)
    }

    /// The real embedder, opened on the first call; later calls share it.
    public func loaded() async throws -> any TextEmbedder {
        let task = lock.withLock { () -> Task<any TextEmbedder, any Error> in
            if let loading { return loading }
            let identifier = modelIdentifier, width = dimensions, open = load
            let started = Task<any TextEmbedder, any Error> {
                let embedder = try await open()
                guard embedder.modelIdentifier == identifier, embedder.dimensions == width else {
                    throw DeferredEmbedderMismatch(expected: "\(identifier) (\(width)-d)",
                                                   got: "\(embedder.modelIdentifier) (\(embedder.dimensions)-d)")
                }
                return embedder
            }
            loading = started
            return started
        }
        return try await task.value
    }
}

/// The loaded model is not the one its vectors were announced under: comparing them would mix
/// two models' vector spaces, so the semantic side is refused.
public struct DeferredEmbedderMismatch: Error, CustomStringConvertible, Sendable {
    public let expected: String
    public let got: String
    public var description: String { "the embedding model loaded is \(got), expected \(expected)" }
}
