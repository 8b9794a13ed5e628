import Foundation
import HearthCore

/// `TextEmbedder` over llama.cpp with all-MiniLM-L6-v2 (GGUF): mean-pooled, L2-normalised
/// 384-d vectors that agree with sentence-transformers (cosine ≥ 0.999, tested), computed in
/// packed batches on the shared `InferenceHost`.
public struct LlamaTextEmbedder: TextEmbedder {
    public let modelPath: String
    public let dimensions: Int
    public let modelIdentifier: String
    private let host: InferenceHost

    /// Loads the model once to read its width (and to fail early on a bad file). A catalog
    /// model's faster variant for this machine, when installed, is what gets loaded
    /// (`ModelManager.fastestFile`: all-MiniLM-L6-v2 in bf16 on AVX-512 BF16 processors); it
    /// makes the same vectors, so `modelIdentifier` does not change with it.
    public static func open(modelPath: String, modelIdentifier: String? = nil,
                            host: InferenceHost = .shared) async throws -> LlamaTextEmbedder {
        guard FileManager.default.fileExists(atPath: modelPath) else {
            throw AIError.modelNotInstalled(URL(fileURLWithPath: modelPath).lastPathComponent)
        }
        let manager = ModelManager(directory: URL(fileURLWithPath: modelPath).deletingLastPathComponent())
        let (file, width) = try await host.run { host throws(AIError) in
            let file = manager.fastestFile(forModelAt: modelPath, supports: LlamaRuntime.computes)
            return (file, try host.embeddingContext(path: file).dimensions)
        }
        return LlamaTextEmbedder(modelPath: file, dimensions: width,
                                 modelIdentifier: modelIdentifier ?? URL(fileURLWithPath: modelPath).lastPathComponent,
                                 host: host)
    }

    public init(modelPath: String, dimensions: Int, modelIdentifier: String, host: InferenceHost = .shared) {
        self.modelPath = modelPath; self.dimensions = dimensions
        self.modelIdentifier = modelIdentifier; self.host = host
    }

    public func embed(_ texts: [String]) async throws -> [[Float]] {
        guard !texts.isEmpty else { return [] }
        let path = modelPath
        return try await host.run { host throws(AIError) in
            try host.embeddingContext(path: path).embed(texts)
        }
    }

    /// Up to `encoders` one-thread encoders side by side (at most one per core), for a backlog:
    /// `BulkEncoders`. One encoder is the ordinary `embed`, whose threads follow the load.
    public func embedBulk(_ texts: [String], encoders: Int) async -> BulkEmbedding {
        let count = min(max(1, encoders), Int(LlamaRuntime.defaultThreads))
        guard count > 1, texts.count > 1 else {
            do { return BulkEmbedding(vectors: try await embed(texts)) } catch {
                return BulkEmbedding(vectors: Array(repeating: nil, count: texts.count), failure: error)
            }
        }
        let path = modelPath
        do {
            return try await host.run { host throws(AIError) in
                BulkEncoders.embed(texts, contexts: try host.embeddingContexts(path: path, count: count))
            }
        } catch {
            return BulkEmbedding(vectors: Array(repeating: nil, count: texts.count), failure: error)
        }
    }
}
