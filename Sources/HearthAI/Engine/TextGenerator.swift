import Foundation

/// One turn of a chat prompt. The engine formats turns with the model's own chat template.
public struct ChatMessage: Sendable, Hashable {
    public enum Role: String, Sendable { case system, user, assistant }
    public var role: Role
    public var content: String
    public init(_ role: Role, _ content: String) { self.role = role; self.content = content }
}

/// Limits of one generation request.
public struct GenerationOptions: Sendable, Hashable {
    /// At most this many new tokens.
    public var maxTokens: Int
    /// Hard wall-clock limit for the whole request, prompt included; llama.cpp is aborted past it.
    public var timeoutSeconds: Double
    /// Generation stops as soon as the text contains one of these (it is cut before it).
    public var stopSequences: [String]
    /// Generation stops once the text holds this many complete sentences (nil: no such stop).
    /// Summaries keep at most 4 sentences, so decoding a fifth only costs time (~70 ms a token
    /// on 2 cores).
    public var stopAfterSentences: Int?
    /// Words the answer starts with, written for the model (after the assistant turn opens) so
    /// it continues them; the output's text is the continuation only. Small models follow a
    /// started sentence far better than an instruction about how to start one.
    public var answerPrefix: String
    /// When not empty, the answer (after `answerPrefix`) starts with whichever of these the model
    /// finds likeliest as its first token, and the output's text includes it: a constrained
    /// opening the model still chooses (a summary starts with the name of a person in the
    /// thread, never with a copy of the newest message's first words).
    public var openingChoices: [String]
    /// How many leading messages never change between requests of a feature (a system prompt
    /// and a worked example). A runtime may keep their evaluated state across processes, so
    /// the first request of a process does not pay for them (`PromptState`). 0: none.
    public var stablePrefixMessages: Int

    public init(maxTokens: Int = 128, timeoutSeconds: Double = 20, stopSequences: [String] = [], stopAfterSentences: Int? = nil,
                answerPrefix: String = "", openingChoices: [String] = [], stablePrefixMessages: Int = 0) {
        self.maxTokens = maxTokens; self.timeoutSeconds = timeoutSeconds; self.stopSequences = stopSequences
        self.stopAfterSentences = stopAfterSentences; self.answerPrefix = answerPrefix; self.openingChoices = openingChoices
        self.stablePrefixMessages = stablePrefixMessages
    }
}

/// What came back, with the counts and times the benchmark reports.
public struct GenerationOutput: Sendable, Hashable {
    public var text: String
    public var promptTokens: Int
    /// Prompt tokens actually evaluated: fewer than `promptTokens` when a cached prefix was reused.
    public var evaluatedPromptTokens: Int
    public var generatedTokens: Int
    public var promptSeconds: Double
    public var generationSeconds: Double

    public init(text: String, promptTokens: Int = 0, evaluatedPromptTokens: Int = 0, generatedTokens: Int = 0,
                promptSeconds: Double = 0, generationSeconds: Double = 0) {
        self.text = text; self.promptTokens = promptTokens; self.evaluatedPromptTokens = evaluatedPromptTokens
        self.generatedTokens = generatedTokens; self.promptSeconds = promptSeconds
        self.generationSeconds = generationSeconds
    }

    /// Adds another generation's token counts and times (not its text): what a feature that
    /// asks the model several times (three reply intents, a summary and its retry) cost in all.
    public mutating func addCosts(of other: GenerationOutput) {
        promptTokens += other.promptTokens; evaluatedPromptTokens += other.evaluatedPromptTokens
        generatedTokens += other.generatedTokens
        promptSeconds += other.promptSeconds; generationSeconds += other.generationSeconds
    }
}

/// A local generative language model: the protocol the AI features use, so the runtime
/// (llama.cpp today) can be swapped (spec §5.6.1) and tests can run a deterministic fake.
public protocol TextGenerator: Sendable {
    /// Names the model; caches (summaries) remember which model wrote them.
    var modelIdentifier: String { get }
    /// The context window the features must fit their prompts into, in tokens.
    var contextTokens: Int { get }
    /// Continues the chat as the assistant (greedy decoding: the same input gives the same text).
    func generate(_ messages: [ChatMessage], options: GenerationOptions) async throws -> GenerationOutput
    /// How likely the model is to start its answer with each choice (probabilities summing to 1),
    /// from one forward pass: a constrained classifier that cannot answer off-list.
    func rankChoices(_ messages: [ChatMessage], choices: [String], timeoutSeconds: Double) async throws -> [Double]
    /// The number of tokens `text` takes, for trimming inputs to the context.
    func tokenCount(_ text: String) async throws -> Int
}

/// Counts finished sentences in generated text, to stop decoding once enough are written.
enum SentenceCounter {
    /// Sentences finished and followed by whitespace, by `SentenceBoundary`'s rule (the one the
    /// summary's validator counts by: "John P. Looney …" is not a sentence ended at "P.").
    static func completeSentences(in text: String) -> Int {
        SentenceBoundary.split(text).sentences.filter(\.followedByWhitespace).count
    }

    /// Whether `text` ends on the end of a sentence that `completeSentences` does not count yet
    /// (it waits for the whitespace after the mark). Stopping on the mark itself saves one
    /// forward pass per answer — the token after a reply's only sentence, or after a summary's
    /// last one. "!" and "?" end a sentence; "." does after a word of three or more characters
    /// that is not an abbreviation ("Jan.", "Inc."), never after a bare number ("version 2." may
    /// go on as "2.5"), a short word ("Mr.", "e.g.") or another dot ("...").
    static func endsOnASentence(_ text: String) -> Bool {
        guard let last = text.last, ".!?".contains(last) else { return false }
        let body = text.dropLast()
        let sentenceStart = body.lastIndex { ".!?".contains($0) }.map { body.index(after: $0) } ?? body.startIndex
        guard body[sentenceStart...].trimmingCharacters(in: .whitespaces).count >= 3 else { return false }
        guard last == "." else { return true }
        let word = body.reversed().prefix { $0.isLetter || $0.isNumber }
        guard word.count >= 3, word.contains(where: \.isLetter) else { return false }
        let lower = String(word.reversed()).lowercased()
        return !abbreviations.contains(lower) && !SentenceBoundary.abbreviations.contains(lower)
    }

    /// Abbreviations of three letters or more after which the decoder waits for the next token
    /// before calling a sentence finished (besides `SentenceBoundary.abbreviations`).
    static let abbreviations: Set<String> = [
        "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
        "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
        "inc", "ltd", "corp", "dept", "approx", "est", "fig", "mrs", "min", "max", "ref", "tel", "ext",
    ]
}
