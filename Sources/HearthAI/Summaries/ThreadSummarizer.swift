import Foundation
import HearthCore

/// One message as the summariser reads it.
public struct ThreadMessageText: Sendable, Hashable {
    public var sender: String
    public var date: Date
    public var text: String
    public init(sender: String, date: Date, text: String) { self.sender = sender; self.date = date; self.text = text }

    public init(email: Email) {
        let body = email.bodyPlain ?? email.bodyHTML.map(MailTextTrimmer.plainText(fromHTML:)) ?? email.snippet
        self.init(sender: email.from?.name ?? email.from?.address ?? "unknown", date: email.sortDate, text: body)
    }
}

/// Thread summaries (spec §5.6.4): 2–4 sentences on decisions, action items and the latest
/// status, written by the local chat model with its own chat template. Inputs are trimmed
/// (quotes, signatures) and cut to fit the context: the first message and the newest ones are
/// kept, the middle shortened first. The answer is validated (not empty, not the prompt, at
/// most 4 sentences).
public struct ThreadSummarizer: Sendable {
    public var generator: any TextGenerator
    public var timeoutSeconds: Double
    public var maxNewTokens: Int

    /// The prompt asks for 2 or 3 short sentences and decoding stops after the third (40–55
    /// tokens measured); 100 is only a ceiling. Each generated token costs 40–70 ms with the
    /// 0.5B model on these 2 cores, so output length is most of a summary's time.
    public init(generator: any TextGenerator, timeoutSeconds: Double = 20, maxNewTokens: Int = 100) {
        self.generator = generator; self.timeoutSeconds = timeoutSeconds; self.maxNewTokens = maxNewTokens
    }

    public func summarize(subject: String, messages: [ThreadMessageText]) async throws -> GenerationOutput {
        let prompt = try await fittedPrompt(subject: subject, messages: messages)
        var output = try await generator.generate(prompt, options: GenerationOptions(
            maxTokens: maxNewTokens, timeoutSeconds: timeoutSeconds, stopSequences: ["\n\n\n", "<|im_end|>"],
            stopAfterSentences: 3))
        output.text = try Self.validated(output.text, prompt: prompt)
        return output
    }

    /// Builds the prompt, shortening per-message text until it fits the context.
    func fittedPrompt(subject: String, messages: [ThreadMessageText]) async throws -> [ChatMessage] {
        let budget = max(256, generator.contextTokens - maxNewTokens - 64)
        var perMessage = 700
        while true {
            let prompt = Self.prompt(subject: subject, messages: messages, perMessage: perMessage)
            let tokens = try await generator.tokenCount(prompt.map(\.content).joined(separator: "\n"))
            if tokens + 48 <= budget || perMessage <= 80 { return prompt }
            perMessage = perMessage * 2 / 3
        }
    }

    static func prompt(subject: String, messages: [ThreadMessageText], perMessage: Int) -> [ChatMessage] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE d MMM"
        // Long threads: the first two and the last six messages carry the question and the outcome.
        let shown: [ThreadMessageText] = messages.count > 8 ? Array(messages.prefix(2)) + Array(messages.suffix(6)) : messages
        let body = shown.enumerated().map { index, message in
            "[\(index + 1)] \(message.sender), \(formatter.string(from: message.date)):\n\(MailTextTrimmer.trim(message.text, maxCharacters: perMessage))"
        }.joined(separator: "\n\n")
        return [
            ChatMessage(.system, """
                You summarise e-mail conversations. Write 2 or 3 short plain sentences: the decisions made, the action \
                items (who does what, by when) and the latest status. Name the people involved. No lists, no preamble.
                """),
            ChatMessage(.user, "Subject: \(subject)\n\n\(body)\n\nSummary:"),
        ]
    }

    /// Removes preambles and markup, caps at 4 sentences, rejects empty or echoed text.
    static func validated(_ raw: String, prompt: [ChatMessage]) throws -> String {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        for prefix in ["Summary:", "**Summary:**", "Here is a summary of the conversation:", "Here is a summary:", "Here's a summary:"] {
            if text.lowercased().hasPrefix(prefix.lowercased()) { text = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespacesAndNewlines) }
        }
        // A leading list bullet ("- The team…") and bullets on later lines become plain prose.
        text = text.replacingOccurrences(of: "^[-*•]\\s+", with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: "\\s*\\n+\\s*[-*•]?\\s*", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "**", with: "")
        let sentences = Self.sentences(text)
        guard !sentences.isEmpty, text.count >= 20 else { throw AIError.unusableOutput("empty summary") }
        let user = prompt.last?.content ?? ""
        if user.contains(text) { throw AIError.unusableOutput("the summary repeats the thread verbatim") }
        return sentences.prefix(4).joined(separator: " ")
    }

    /// Sentences end at ".", "!" or "?" followed by whitespace or the end ("configure.in" stays whole).
    static func sentences(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            current.append(character)
            let atBoundary = index + 1 == characters.count || characters[index + 1].isWhitespace
            if ".!?".contains(character) && atBoundary {
                let trimmed = current.trimmingCharacters(in: .whitespaces)
                if trimmed.count > 3 { result.append(trimmed); current = "" }
            }
        }
        let rest = current.trimmingCharacters(in: .whitespaces)
        if rest.count > 15 { result.append(rest.hasSuffix(".") ? rest : rest + ".") }
        return result
    }
}

/// Summaries as the app uses them: cached per thread, regenerated when the thread grew
/// (message count or newest email changed), automatic for threads of 3+ messages.
public struct ThreadSummaryService: Sendable {
    public var summarizer: ThreadSummarizer?
    public var emails: any EmailRepository
    public var threads: any ThreadRepository
    public var store: any AIRepository
    /// Threads with at least this many messages are summarised without being asked (spec §5.6.4).
    public static let automaticThreshold = 3

    public init(summarizer: ThreadSummarizer?, emails: any EmailRepository, threads: any ThreadRepository, store: any AIRepository) {
        self.summarizer = summarizer; self.emails = emails; self.threads = threads; self.store = store
    }

    public struct Result: Sendable, Hashable {
        public var text: String
        public var cached: Bool
        public var modelIdentifier: String
        public var output: GenerationOutput?
    }

    /// The thread's summary: the cached one while still valid, else a new one (then cached).
    /// Throws `AIError.modelNotInstalled` when no model is available and nothing valid is cached.
    public func summary(of id: ThreadID, refresh: Bool = false) async throws -> Result {
        guard let thread = try threads.thread(id) else { throw StoreError.notFound("thread \(id)") }
        let messages = try emails.emails(inThread: id)
        let newest = messages.last?.id
        if !refresh, let cached = try store.threadSummary(id), cached.messageCount == messages.count, cached.lastEmailID == newest {
            return Result(text: cached.text, cached: true, modelIdentifier: cached.modelIdentifier, output: nil)
        }
        guard let summarizer else { throw AIError.modelNotInstalled("chat model") }
        let output = try await summarizer.summarize(subject: thread.subject, messages: messages.map(ThreadMessageText.init(email:)))
        try store.saveThreadSummary(StoredThreadSummary(
            threadID: id, messageCount: messages.count, lastEmailID: newest, text: output.text,
            modelIdentifier: summarizer.generator.modelIdentifier, createdAt: Date()))
        return Result(text: output.text, cached: false, modelIdentifier: summarizer.generator.modelIdentifier, output: output)
    }
}
