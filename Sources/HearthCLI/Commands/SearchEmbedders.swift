import Foundation
import HearthAI
import HearthCore
import HearthSearch

/// Where search gets its embedding model: the installed one (ModelManager), wrapped so that it
/// is opened on first use only. A `hearth search` for a keyword, a filter, or while no vector
/// of the model is stored never loads llama.cpp's model (process latency, docs/search.md).
enum SearchEmbedders {
    /// Vector width of the catalog's embedding models, known before opening them: it names the
    /// stored vectors the search compares against. A model not listed here is not used for
    /// search (rather than guessing its width).
    static let dimensions: [String: Int] = ["minilm": 384]

    /// The installed embedding model, not yet loaded; nil when none is installed (keyword-only).
    static func installed(manager: ModelManager = ModelManager()) -> DeferredEmbedder? {
        guard let model = manager.installedModel(for: .embedding), let width = dimensions[model.entry.id] else { return nil }
        let path = model.path, id = model.entry.id
        return DeferredEmbedder(modelIdentifier: id, dimensions: width) {
            try await LlamaTextEmbedder.open(modelPath: path, modelIdentifier: id)
        }
    }

    /// For `hearth serve` (`WebServices.embedder`): the installed model, loaded once on the first
    /// semantic search and kept for the server's life. Installation is re-checked on each call
    /// (a stat of the model file) so a model installed or deleted while the server runs is seen.
    static func forServer(manager: ModelManager = ModelManager()) -> @Sendable () async -> (any TextEmbedder)? {
        let cache = ServerEmbedderCache()
        return { cache.current(manager: manager) }
    }
}

/// The server's one deferred embedder per installed model.
private final class ServerEmbedderCache: @unchecked Sendable {
    private let lock = NSLock()
    private var embedder: DeferredEmbedder?

    func current(manager: ModelManager) -> DeferredEmbedder? {
        guard let model = manager.installedModel(for: .embedding) else {
            lock.withLock { embedder = nil }
            return nil
        }
        return lock.withLock {
            if let embedder, embedder.modelIdentifier == model.entry.id { return embedder }
            embedder = SearchEmbedders.installed(manager: manager)
            return embedder
        }
    }
}
