import Dispatch
import Foundation

/// Where all llama.cpp work of the process happens: one serial queue (so inference never runs
/// on Swift's small cooperative pool and never in parallel with itself, which on 2 cores would
/// only thrash), and ONE model resident at a time (spec: "one model loaded at a time"): loading
/// the chat model frees the embedder and loading the embedder frees the chat model, so the
/// process never holds both (the 0.5B chat model alone is ~540 MB resident; MiniLM and its
/// context add ~100 MB). A model is unloaded after `idleUnloadSeconds` without use. Swapping
/// costs a reload (MiniLM ~0.1 s, the chat model ~0.5 s from the page cache), which the
/// background pipeline keeps rare by running its stages one after the other.
///
/// State is confined to `queue`; that confinement is why the class is `@unchecked Sendable`.
public final class InferenceHost: @unchecked Sendable {
    /// The host the app uses; tests may make their own with a shorter idle time.
    public static let shared = InferenceHost()

    public let idleUnloadSeconds: Double
    public let threads: Int32
    private let queue = DispatchQueue(label: "hearth.ai.inference", qos: .utility)

    private var generator: (path: String, contextTokens: Int, context: LlamaGenerationContext)?
    /// `extras`: the further one-thread contexts of the same model a bulk backfill encodes with
    /// (`embeddingContexts`), freed with the model.
    private var embedder: (path: String, context: LlamaEmbeddingContext, extras: [LlamaEmbeddingContext])?
    private var lastUse: [String: Double] = [:]
    /// Models the request running now used (queue-confined).
    private var usedInRequest: Set<String> = []
    private var loads = 0

    public init(idleUnloadSeconds: Double = 120, threads: Int32? = nil) {
        self.idleUnloadSeconds = idleUnloadSeconds
        self.threads = threads ?? LlamaRuntime.defaultThreads
    }

    /// Runs `body` on the inference queue. Cancelling the calling task aborts the running decode
    /// through llama.cpp's abort callback.
    func run<T: Sendable>(_ body: @escaping @Sendable (InferenceHost) throws(AIError) -> T) async throws -> T {
        try Task.checkCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                queue.async {
                    // The process is exiting: llama.cpp may be torn down under this request.
                    guard LlamaWork.process.begin() else {
                        continuation.resume(throwing: AIError.runtimeMissing(reason: "the process is exiting"))
                        return
                    }
                    // Idle time counts from the end of a request: a decode longer than
                    // `idleUnloadSeconds` (a loaded machine) must not unload the model it just used.
                    // Then the work ends, naming the models it used (`LlamaWork`'s exit handler).
                    defer { LlamaWork.process.end(models: self.endRequest()) }
                    do throws(AIError) { continuation.resume(returning: try body(self)) } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        } onCancel: {
            // Read without the queue: a race only means a cancel lands on the next request's
            // context, which resets its limit before use.
            self.generatorForCancel?.cancel()
        }
    }

    private var generatorForCancel: LlamaGenerationContext? { generator?.context }

    /// The generation context for `path`, loading it (and unloading any other generative model) if needed.
    func generationContext(path: String, contextTokens: Int) throws(AIError) -> LlamaGenerationContext {
        dispatchPrecondition(condition: .onQueue(queue))
        if let current = generator, current.path == path, current.contextTokens == contextTokens {
            touch(path)
            return current.context
        }
        // One model at a time: free whatever is resident before loading.
        generator = nil
        embedder = nil
        let model = try LlamaModel(path: path)
        // The load no longer populates the file (CLazyMapping); where that control is missing
        // (not Linux), whatever the loader made resident is dropped here, and only what
        // decoding touches comes back. Before the context is made, so its KV cache and buffers
        // never add to that moment.
        MappedWeights.releaseResidentPages(of: path)
        let context = try LlamaGenerationContext(model: model, contextTokens: contextTokens, threads: threads)
        generator = (path, contextTokens, context)
        loads += 1
        touch(path)
        return context
    }

    func embeddingContext(path: String) throws(AIError) -> LlamaEmbeddingContext {
        dispatchPrecondition(condition: .onQueue(queue))
        if let current = embedder, current.path == path {
            touch(path)
            return current.context
        }
        // One model at a time: free whatever is resident before loading.
        generator = nil
        embedder = nil
        let model = try LlamaModel(path: path)
        let context = try LlamaEmbeddingContext(model: model, threads: threads)
        embedder = (path, context, [])
        loads += 1
        touch(path)
        return context
    }

    /// `count` contexts of the embedding model at `path` (the usual one first, then one-thread
    /// contexts made on first use and kept with the model): what `BulkEncoders` works with.
    /// Each further context costs its compute buffers only, the weights are shared.
    func embeddingContexts(path: String, count: Int) throws(AIError) -> [LlamaEmbeddingContext] {
        let first = try embeddingContext(path: path)
        guard var current = embedder, current.path == path else { return [first] }
        while current.extras.count < count - 1 {
            current.extras.append(try LlamaEmbeddingContext(model: first.model, threads: 1))
            embedder = current
        }
        return [first] + current.extras.prefix(max(0, count - 1))
    }

    /// Paths of the models resident now (for tests, the benchmark and a status screen).
    public func residentModels() async -> [String] {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: [self.generator?.path, self.embedder?.path].compactMap { $0 }) }
        }
    }

    /// How many model loads happened so far.
    public func loadCount() async -> Int {
        await withCheckedContinuation { continuation in queue.async { continuation.resume(returning: self.loads) } }
    }

    /// Frees every resident model now (e.g. under memory pressure, or before deleting a model file).
    public func unloadAll() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            queue.async {
                if LlamaWork.process.begin() {
                    self.generator = nil
                    self.embedder = nil
                    LlamaWork.process.end()
                }
                continuation.resume()
            }
        }
    }

    private func touch(_ path: String) {
        usedInRequest.insert(path)
        scheduleIdleCheck(path)
    }

    private func scheduleIdleCheck(_ path: String) {
        lastUse[path] = LlamaRuntime.monotonicSeconds()
        queue.asyncAfter(deadline: .now() + idleUnloadSeconds) { [weak self] in self?.unloadIfIdle(path) }
    }

    /// Schedules the idle checks of the models the request used, and returns them.
    private func endRequest() -> Set<String> {
        let used = usedInRequest
        for path in used { scheduleIdleCheck(path) }
        usedInRequest.removeAll()
        return used
    }

    private func unloadIfIdle(_ path: String) {
        guard let last = lastUse[path], LlamaRuntime.monotonicSeconds() - last >= idleUnloadSeconds - 0.01,
              LlamaWork.process.begin() else { return }
        defer { LlamaWork.process.end() }
        if generator?.path == path { generator = nil }
        if embedder?.path == path { embedder = nil }
        lastUse[path] = nil
    }
}
