import CLlama
import Foundation

/// An encoder context for sentence embeddings with the pooling stored in the GGUF (mean pooling
/// for all-MiniLM-L6-v2), L2-normalised like sentence-transformers' `normalize_embeddings=True`.
/// Several texts are packed into one batch (one sequence id each) up to `tokenBudget` tokens:
/// measured fastest at 256–512 on 2 cores. Confined to the inference queue (a bulk backfill
/// hands a second context of the same model to a helper thread within one request: `BulkEncoders`).
final class LlamaEmbeddingContext: @unchecked Sendable {
    let model: LlamaModel
    let tokenBudget: Int
    let maxSequences: Int
    /// sentence-transformers truncates all-MiniLM-L6-v2 input at 256 tokens ([CLS] and [SEP] included).
    let maxTokensPerText: Int
    private let context: OpaquePointer
    private let maxThreads: Int32

    init(model: LlamaModel, threads: Int32, tokenBudget: Int = 512, maxSequences: Int = 32,
         maxTokensPerText: Int = 256) throws(AIError) {
        self.model = model
        self.maxThreads = threads
        self.tokenBudget = tokenBudget
        self.maxSequences = maxSequences
        self.maxTokensPerText = min(maxTokensPerText, tokenBudget)
        var params = llama_context_default_params()
        params.embeddings = true
        params.n_ctx = UInt32(tokenBudget)
        params.n_batch = UInt32(tokenBudget)
        params.n_ubatch = UInt32(tokenBudget)   // a non-causal model needs the whole batch in one ubatch
        params.n_seq_max = UInt32(maxSequences)
        params.kv_unified = true
        params.n_threads = threads
        params.n_threads_batch = threads
        params.no_perf = true
        guard let context = llama_init_from_model(model.pointer, params) else { throw .contextCreationFailed }
        self.context = context
    }

    deinit { llama_free(context) }

    var dimensions: Int { model.embeddingSize }

    /// Tokens of one text with [CLS] … [SEP], cut to `maxTokensPerText` keeping the final [SEP].
    func tokens(for text: String) throws(AIError) -> [llama_token] {
        var tokens = try model.tokenize(text, addSpecial: true, parseSpecial: false)
        if tokens.count > maxTokensPerText, let last = tokens.last {
            tokens = Array(tokens.prefix(maxTokensPerText - 1)) + [last]
        }
        return tokens
    }

    func embed(_ texts: [String]) throws(AIError) -> [[Float]] {
        let threads = LlamaRuntime.threadsForCurrentLoad(maximum: maxThreads)
        let tokenLists = try texts.map { text throws(AIError) in try tokens(for: text) }
        var result = [[Float]](repeating: [], count: texts.count)
        for group in packedGroups(tokenLists) {
            let vectors = try encode(tokenLists[group], threads: threads)
            for (offset, vector) in vectors.enumerated() { result[group.lowerBound + offset] = vector }
        }
        return result
    }

    /// Consecutive runs of texts that fill one batch: at most `maxSequences` texts and
    /// `tokenBudget` tokens each (a text is never longer than the budget: `tokens(for:)`).
    func packedGroups(_ tokenLists: [[llama_token]]) -> [Range<Int>] {
        var groups: [Range<Int>] = []
        var start = 0
        while start < tokenLists.count {
            var end = start
            var used = 0
            while end < tokenLists.count && end - start < maxSequences && used + tokenLists[end].count <= tokenBudget {
                used += tokenLists[end].count
                end += 1
            }
            groups.append(start..<end)
            start = end
        }
        return groups
    }

    /// One batch through the encoder with `threads` threads: a normalised vector per text.
    func encode(_ group: ArraySlice<[llama_token]>, threads: Int32) throws(AIError) -> [[Float]] {
        llama_set_n_threads(context, threads, threads)
        var batch = llama_batch_init(Int32(tokenBudget), 0, 1)
        defer { llama_batch_free(batch) }
        for (sequence, tokens) in group.enumerated() {
            for (position, token) in tokens.enumerated() {
                let k = Int(batch.n_tokens)
                batch.token[k] = token
                batch.pos[k] = llama_pos(position)
                batch.n_seq_id[k] = 1
                batch.seq_id[k]?[0] = llama_seq_id(sequence)
                batch.logits[k] = 1
                batch.n_tokens += 1
            }
        }
        llama_memory_clear(llama_get_memory(context), true)
        let rc = llama_encode(context, batch)
        guard rc == 0 else { throw .inferenceFailed(code: rc) }
        let width = dimensions
        var vectors: [[Float]] = []
        vectors.reserveCapacity(group.count)
        for sequence in 0..<group.count {
            guard let pointer = llama_get_embeddings_seq(context, llama_seq_id(sequence)) else {
                throw .inferenceFailed(code: -1)
            }
            vectors.append(Self.normalised(Array(UnsafeBufferPointer(start: pointer, count: width))))
        }
        return vectors
    }

    static func normalised(_ vector: [Float]) -> [Float] {
        let norm = vector.reduce(Float(0)) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? vector.map { $0 / norm } : vector
    }
}
