import CLlama
import Foundation
import HearthCore

/// Several one-thread encoder contexts of one model working through one backlog side by side.
///
/// Why not simply more llama.cpp threads: its worker threads meet at a barrier after every
/// operation and spin there, so on this 2-core box shared with other work the second thread
/// burnt 3.7× the CPU per email; two independent one-thread encoders wasted none (23 emails per
/// CPU-second at load 7–8, docs/benchmarks.md). The texts are packed into batches as one
/// context packs them; each encoder takes the next batch when it is free (so a core that other
/// processes slow down takes fewer), which keeps the newest-first order of the backlog to
/// within a batch or two.
///
/// Runs inside one `InferenceHost` request: the first context on the inference queue's thread,
/// the others on threads of their own, joined before the request ends, so the host still never
/// runs two requests at once.
enum BulkEncoders {
    /// Embeds `texts` with `contexts` (one thread each). An encoder whose batch fails stops,
    /// leaving that batch's texts nil and reporting the first failure; the other encoders take
    /// over the batches left.
    static func embed(_ texts: [String], contexts: [LlamaEmbeddingContext]) -> BulkEmbedding {
        guard let first = contexts.first else {
            return BulkEmbedding(vectors: Array(repeating: nil, count: texts.count), failure: AIError.contextCreationFailed)
        }
        // Tokenised here, once, on the queue's thread: the vocabulary is the model's, shared.
        let tokenLists: [[llama_token]]
        do { tokenLists = try texts.map { text throws(AIError) in try first.tokens(for: text) } } catch {
            return BulkEmbedding(vectors: Array(repeating: nil, count: texts.count), failure: error)
        }
        var encoders: [Encoder] = []
        for context in contexts {
            encoders.append { group in try context.encode(tokenLists[group], threads: 1) }
        }
        return run(groups: first.packedGroups(tokenLists), count: texts.count, encoders: encoders)
    }

    /// Encodes the texts of one batch (a range of the texts) into their vectors.
    typealias Encoder = @Sendable (Range<Int>) throws -> [[Float]]

    /// One encoder function per worker, `encode(group)` giving the vectors of the texts in
    /// `group` (the model-free core of `embed`, driven by tests with failing encoders).
    static func run(groups: [Range<Int>], count: Int,
                    encoders: [Encoder]) -> BulkEmbedding {
        let work = SharedWork(groups: groups, count: count)
        guard let first = encoders.first else {
            return BulkEmbedding(vectors: Array(repeating: nil, count: count), failure: AIError.contextCreationFailed)
        }
        let helpers = DispatchGroup()
        for encode in encoders.dropFirst() {
            helpers.enter()
            let thread = Thread {
                work.drain(encode)
                helpers.leave()
            }
            thread.name = "hearth.ai.encoder"
            thread.start()
        }
        work.drain(first)
        helpers.wait()
        return work.result
    }

    /// The batches still to encode and what was made (lock-guarded; shared by the encoders).
    private final class SharedWork: @unchecked Sendable {
        private let lock = NSLock()
        private let groups: [Range<Int>]
        private var next = 0
        private var vectors: [[Float]?]
        private var failure: (any Error)?

        init(groups: [Range<Int>], count: Int) {
            self.groups = groups
            self.vectors = Array(repeating: nil, count: count)
        }

        var result: BulkEmbedding { lock.withLock { BulkEmbedding(vectors: vectors, failure: failure) } }

        /// Encodes batches with `encode` until none is left or one fails.
        func drain(_ encode: Encoder) {
            while let group = take() {
                do {
                    let made = try encode(group)
                    guard made.count == group.count else { throw AIError.inferenceFailed(code: -1) }
                    lock.withLock { for (offset, vector) in made.enumerated() { vectors[group.lowerBound + offset] = vector } }
                } catch {
                    lock.withLock { if failure == nil { failure = error } }
                    return
                }
            }
        }

        private func take() -> Range<Int>? {
            lock.withLock {
                guard next < groups.count else { return nil }
                defer { next += 1 }
                return groups[next]
            }
        }
    }
}
