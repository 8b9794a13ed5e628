import CLlama
import Foundation

/// A decoder context of a generative model: greedy sampling, KV-cache prefix reuse (a prompt
/// that starts like the previous one only evaluates the new tail), and a hard limit checked by
/// llama.cpp itself between graph nodes. Confined to the inference queue.
final class LlamaGenerationContext: @unchecked Sendable {
    let model: LlamaModel
    let contextTokens: Int
    private let context: OpaquePointer
    private let sampler: UnsafeMutablePointer<llama_sampler>
    private let batchSize: Int
    /// Read by llama.cpp's abort callback; written here and by `cancel()` from any thread.
    private let limit: UnsafeMutablePointer<hearth_llama_limit>
    /// The tokens the KV cache holds (all of them decoded), for prefix reuse.
    private var cachedTokens: [llama_token] = []
    private let maxThreads: Int32
    /// The token-embedding table's bytes in the model file, when the model has its own output
    /// matrix (so a request reads only one row of the table per distinct token); nil when the
    /// table doubles as the output matrix and every token reads all of it.
    private let tokenEmbeddingBytes: Range<Int>?

    init(model: LlamaModel, contextTokens: Int, threads: Int32, batchSize: Int = 256) throws(AIError) {
        self.model = model
        self.maxThreads = threads
        var params = llama_context_default_params()
        params.n_ctx = UInt32(contextTokens)
        params.n_batch = UInt32(batchSize)
        params.n_ubatch = UInt32(batchSize)
        params.n_threads = threads
        params.n_threads_batch = threads
        params.no_perf = true
        guard let context = llama_init_from_model(model.pointer, params) else { throw .contextCreationFailed }
        self.context = context
        self.contextTokens = Int(llama_n_ctx(context))
        self.batchSize = batchSize
        sampler = llama_sampler_chain_init(llama_sampler_chain_default_params())
        llama_sampler_chain_add(sampler, llama_sampler_init_greedy())
        limit = .allocate(capacity: 1)
        limit.initialize(to: hearth_llama_limit())
        hearth_llama_limit_set(limit, 0)
        hearth_llama_install_limit(context, limit)
        let tensors = MappedWeights.tensorBytes(named: ["output.weight", "token_embd.weight"], inFile: model.path)
        tokenEmbeddingBytes = tensors["output.weight"] == nil ? nil : tensors["token_embd.weight"]
    }

    /// Drops the token-embedding rows a request read from memory. Reading one 616-byte row
    /// faults in its whole neighbourhood (the kernel maps up to 64 KB around a fault), so over
    /// a session the 94 MB table of Qwen2.5 0.5B crept into memory row by row (55 MB more file
    /// pages after the judged set than after one request); dropped after each request, only
    /// the current request's rows are resident. The page cache keeps the file: a row read
    /// again is a minor fault, not a disk read.
    private func releaseTokenEmbeddingRows() {
        if let tokenEmbeddingBytes { MappedWeights.releaseResidentPages(of: model.path, fileRange: tokenEmbeddingBytes) }
    }

    deinit {
        llama_sampler_free(sampler)
        llama_free(context)
        limit.deallocate()
    }

    /// Aborts the running request (safe from any thread).
    func cancel() { hearth_llama_limit_cancel(limit) }

    /// Generates a continuation of `prompt` (already chat-formatted). When `stablePrefix` (the
    /// formatted constant beginning of the prompt) is given with a `stateDirectory`, that
    /// beginning's KV state is read from disk when the cache does not hold it, or saved there
    /// once evaluated (`PromptState`).
    func generate(prompt: String, stablePrefix: String? = nil, stateDirectory: URL? = nil,
                  options: GenerationOptions) throws(AIError) -> GenerationOutput {
        defer { releaseTokenEmbeddingRows() }
        let started = LlamaRuntime.monotonicSeconds()
        hearth_llama_limit_set(limit, started + options.timeoutSeconds)
        var tokens = try model.tokenize(prompt, addSpecial: true, parseSpecial: true)
        guard tokens.count + options.maxTokens <= contextTokens else {
            throw .unusableOutput("prompt of \(tokens.count) tokens does not fit the \(contextTokens)-token context")
        }
        var stable = 0
        if let stablePrefix, stateDirectory != nil, prompt.hasPrefix(stablePrefix) {
            let prefix = try model.tokenize(stablePrefix, addSpecial: true, parseSpecial: true)
            if prefix.count < tokens.count, tokens.starts(with: prefix) { stable = prefix.count }
        }
        var evaluated = try evaluate(tokens, stable: stable, stateDirectory: stateDirectory, options: options)
        // A constrained opening: the likeliest choice's tokens are decoded as if sampled.
        var opening = ""
        if let choice = try likeliestChoice(options.openingChoices) {
            opening = choice.text
            tokens += choice.tokens
            evaluated += try evaluate(tokens, options: options)
        }
        let promptDone = LlamaRuntime.monotonicSeconds()
        llama_sampler_reset(sampler)
        var answer = AnswerText(options: options)
        var decoded = tokens
        while !answer.finished {
            var token = llama_sampler_sample(sampler, context, -1)
            guard answer.append(token, model: model) else { break }
            let rc = llama_decode(context, llama_batch_get_one(&token, 1))
            if rc != 0 { cachedTokens = []; throw failure(rc, options: options) }
            decoded.append(token)
        }
        let (text, generated) = (opening + answer.text, answer.generated)
        // Only what went through llama_decode is in the cache (the last token sampled is not).
        cachedTokens = decoded
        let finished = LlamaRuntime.monotonicSeconds()
        return GenerationOutput(text: text, promptTokens: tokens.count, evaluatedPromptTokens: evaluated,
                                generatedTokens: generated, promptSeconds: promptDone - started,
                                generationSeconds: finished - promptDone)
    }

    /// The choice whose first token the model finds likeliest after what was just evaluated
    /// (the first listed wins a tie), with its tokens; nil without choices.
    private func likeliestChoice(_ choices: [String]) throws(AIError) -> (text: String, tokens: [llama_token])? {
        guard !choices.isEmpty else { return nil }
        guard let logits = llama_get_logits_ith(context, -1) else { throw .inferenceFailed(code: -1) }
        var best: (text: String, tokens: [llama_token], score: Float)?
        for choice in choices {
            let tokens = try model.tokenize(choice, addSpecial: false, parseSpecial: false)
            guard let first = tokens.first else { continue }
            let score = logits[Int(first)]
            if best == nil || score > (best?.score ?? 0) { best = (choice, tokens, score) }
        }
        return best.map { ($0.text, $0.tokens) }
    }

    /// Probabilities of each choice's first token as the next token after `prompt`.
    func rankChoices(prompt: String, choices: [String], timeoutSeconds: Double) throws(AIError) -> [Double] {
        defer { releaseTokenEmbeddingRows() }
        hearth_llama_limit_set(limit, LlamaRuntime.monotonicSeconds() + timeoutSeconds)
        let tokens = try model.tokenize(prompt, addSpecial: true, parseSpecial: true)
        let firstTokens = try choices.map { choice throws(AIError) -> llama_token in
            guard let first = try model.tokenize(choice, addSpecial: false, parseSpecial: false).first else {
                throw .tokenizationFailed
            }
            return first
        }
        _ = try evaluate(tokens, options: GenerationOptions(maxTokens: 0, timeoutSeconds: timeoutSeconds))
        guard let logits = llama_get_logits_ith(context, -1) else { throw .inferenceFailed(code: -1) }
        let scores = firstTokens.map { Double(logits[Int($0)]) }
        let top = scores.max() ?? 0
        let weights = scores.map { exp($0 - top) }
        let sum = weights.reduce(0, +)
        return weights.map { $0 / max(sum, .leastNonzeroMagnitude) }
    }

    func tokenCount(_ text: String) throws(AIError) -> Int {
        try model.tokenize(text, addSpecial: false, parseSpecial: false).count
    }

    /// Decodes `tokens` into the KV cache, keeping the longest prefix shared with the previous
    /// request; the first `stable` tokens (a constant beginning) come from, or go to, a state
    /// file in `stateDirectory` when the cache does not hold them. Returns how many tokens were
    /// evaluated.
    private func evaluate(_ tokens: [llama_token], stable: Int = 0, stateDirectory: URL? = nil,
                          options: GenerationOptions) throws(AIError) -> Int {
        let threads = LlamaRuntime.threadsForCurrentLoad(maximum: maxThreads)
        llama_set_n_threads(context, threads, threads)
        let memory = llama_get_memory(context)
        var keep = 0
        let limitKeep = min(cachedTokens.count, tokens.count - 1)
        while keep < limitKeep && cachedTokens[keep] == tokens[keep] { keep += 1 }
        var saveStableTo: URL?
        if stable > keep, let stateDirectory {
            let file = PromptState.file(in: stateDirectory, model: model, tokens: tokens.prefix(stable))
            switch PromptState.load(file, into: context, tokens: Array(tokens.prefix(stable))) {
            case .loaded: keep = stable
            case .absent: saveStableTo = file
            case .rejected: keep = 0; saveStableTo = file   // the attempt emptied the cache
            }
        }
        if keep == 0 { llama_memory_clear(memory, true) } else { _ = llama_memory_seq_rm(memory, 0, Int32(keep), -1) }
        cachedTokens = Array(tokens.prefix(keep))
        var input = tokens
        var index = keep
        while index < input.count {
            // Stop once at the end of the stable beginning, to save its state alone.
            let end = saveStableTo != nil && index < stable ? stable : input.count
            let count = min(batchSize, end - index)
            let start = index
            let rc = input.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return llama_decode(context, llama_batch_get_one(base + start, Int32(count)))
            }
            if rc != 0 { cachedTokens = []; throw failure(rc, options: options) }
            index += count
            cachedTokens = Array(tokens.prefix(index))
            if index == stable, let file = saveStableTo {
                PromptState.save(context, to: file, tokens: cachedTokens)
                saveStableTo = nil
            }
        }
        return tokens.count - keep
    }

    /// llama_decode returns 2 when the abort callback stopped it.
    private func failure(_ rc: Int32, options: GenerationOptions) -> AIError {
        guard rc == 2 else { return .inferenceFailed(code: rc) }
        llama_memory_clear(llama_get_memory(context), true)
        return hearth_llama_limit_reached(limit) && limit.pointee.deadline > 0
            && LlamaRuntime.monotonicSeconds() > limit.pointee.deadline ? .timedOut(seconds: options.timeoutSeconds) : .cancelled
    }

    /// llama.cpp's own speed for this model, without any of HearthAI's layers: `promptTokens`
    /// decoded in batches, then `generatedTokens` single-token decodes (as llama-bench's pp/tg).
    func rawThroughput(promptTokens: Int, generatedTokens: Int) throws(AIError) -> (prompt: Double, generation: Double) {
        hearth_llama_limit_set(limit, 0)
        let threads = LlamaRuntime.threadsForCurrentLoad(maximum: maxThreads)
        llama_set_n_threads(context, threads, threads)
        llama_memory_clear(llama_get_memory(context), true)
        cachedTokens = []
        let vocabSize = Int(llama_vocab_n_tokens(model.vocab))
        var tokens = (0..<promptTokens).map { llama_token(($0 * 7919 + 13) % max(vocabSize, 1)) }
        let t0 = LlamaRuntime.monotonicSeconds()
        var index = 0
        while index < tokens.count {
            let count = min(batchSize, tokens.count - index)
            let start = index
            let rc = tokens.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let base = buffer.baseAddress else { return -1 }
                return llama_decode(context, llama_batch_get_one(base + start, Int32(count)))
            }
            guard rc == 0 else { throw .inferenceFailed(code: rc) }
            index += count
        }
        let t1 = LlamaRuntime.monotonicSeconds()
        var token = llama_token(42 % max(vocabSize, 1))
        for _ in 0..<generatedTokens {
            let rc = llama_decode(context, llama_batch_get_one(&token, 1))
            guard rc == 0 else { throw .inferenceFailed(code: rc) }
        }
        let t2 = LlamaRuntime.monotonicSeconds()
        llama_memory_clear(llama_get_memory(context), true)
        return (Double(promptTokens) / max(t1 - t0, 1e-9), Double(generatedTokens) / max(t2 - t1, 1e-9))
    }
}
