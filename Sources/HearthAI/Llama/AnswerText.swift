import CLlama

/// One answer as it is decoded, with its request's stop rules: the model's end of turn, a stop
/// sequence (the text is cut before it), enough finished sentences, or the token limit. The
/// token that completes an answer is never decoded, so the KV cache holds exactly the tokens
/// it lists (a prefix the next request may reuse) and a stop costs no forward pass.
struct AnswerText {
    let options: GenerationOptions
    private var bytes: [UInt8] = []
    private(set) var text = ""
    private(set) var generated = 0
    private(set) var finished: Bool

    init(options: GenerationOptions) {
        self.options = options
        finished = options.maxTokens <= 0
    }

    /// Adds a sampled token. Returns true when the answer goes on, i.e. the token must be decoded
    /// so the next one can be sampled; false when the answer is complete (the token is then
    /// never decoded: a stop costs no extra forward pass).
    mutating func append(_ token: llama_token, model: LlamaModel) -> Bool {
        guard !finished else { return false }
        if model.isEndOfGeneration(token) { finished = true; return false }
        bytes += model.piece(token)
        generated += 1
        // A token may hold half a UTF-8 character; decoding the whole answer each time keeps it right.
        text = String(decoding: bytes, as: UTF8.self)
        if let stop = options.stopSequences.compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            text = String(text[..<stop.lowerBound])
            finished = true
        } else if let enough = options.stopAfterSentences,
                  SentenceCounter.completeSentences(in: text) + (SentenceCounter.endsOnASentence(text) ? 1 : 0) >= enough {
            finished = true
        } else if generated >= options.maxTokens {
            finished = true
        }
        return !finished
    }
}
