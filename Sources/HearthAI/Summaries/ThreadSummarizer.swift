import Foundation
import HearthCore

/// One message as the summariser reads it.
public struct ThreadMessageText: Sendable, Hashable {
    public var sender: String
    public var date: Date
    public var text: String
    /// The sender's address, lower-cased (nil when unknown).
    public var senderAddress: String?
    /// The To and Cc addresses, lower-cased; empty when unknown. Who "you" is in the text: the
    /// other writer only when it went to them (a post to a list speaks to every reader).
    public var recipients: [String]
    /// It answers an earlier message (In-Reply-To or References), which may be outside the thread
    /// as stored (a list's thread that began before the user subscribed).
    public var isReply: Bool

    public init(sender: String, date: Date, text: String, senderAddress: String? = nil, recipients: [String] = [], isReply: Bool = false) {
        self.sender = sender; self.date = date; self.text = text
        self.senderAddress = senderAddress?.lowercased(); self.recipients = recipients.map { $0.lowercased() }
        self.isReply = isReply
    }

    public init(email: Email) {
        let body = email.bodyPlain ?? email.bodyHTML.map(MailTextTrimmer.plainText(fromHTML:)) ?? email.snippet
        self.init(sender: email.from?.name ?? email.from?.address ?? "unknown", date: email.sortDate, text: body,
                  senderAddress: email.from?.address, recipients: (email.to + email.cc).map(\.address),
                  isReply: email.inReplyTo != nil || !email.references.isEmpty)
    }
}

/// Thread summaries (spec §5.6.4, issue 15): 2–4 sentences on decisions, action items and the
/// latest status, grounded in the thread. The model reads an extractive digest
/// (`SalientSentences`: the sentences that carry decisions, requests, dates and the newest
/// status, each in the third person under its writer's name), and its answer must pass
/// `SummaryValidator` (no invented names, dates or numbers, no prompt text, no echo of the
/// thread or subject). A rejected answer is retried once with a stricter prompt naming the
/// people allowed; after a second rejection the thread's own key sentences stand in
/// (`SalientSentences.extractiveSummary`, grounded by construction), and when even those fail
/// the checks nothing is shown (`AIError.unusableOutput`) rather than a wrong summary.
public struct ThreadSummarizer: Sendable {
    public var generator: any TextGenerator
    public var timeoutSeconds: Double
    public var maxNewTokens: Int
    /// When the model runs out of time, show the thread's own key sentences instead of nothing
    /// (someone is waiting for this summary). The background queue turns it off: a timeout there
    /// is a failure it backs off from, and the next run tries the model again.
    public var extractiveOnTimeout: Bool

    /// Decoding stops after the second sentence (24–43 tokens measured; the third took it to
    /// 40–55); 60 is a ceiling for an answer that rambles, whose unfinished last sentence is
    /// then dropped. Each generated token costs 40–70 ms with a 0.5B model on these 2 cores,
    /// so output length is most of a summary's time.
    public init(generator: any TextGenerator, timeoutSeconds: Double = 20, maxNewTokens: Int = 60, extractiveOnTimeout: Bool = true) {
        self.generator = generator; self.timeoutSeconds = timeoutSeconds; self.maxNewTokens = maxNewTokens
        self.extractiveOnTimeout = extractiveOnTimeout
    }

    /// The output's token counts and times add up every attempt — a rejected answer and its
    /// retry included — so the CLI and the benchmark show what the summary cost (session 8: the
    /// benchmark's median summary was a retry, 1–3 s above the accepted answer's own figures).
    public func summarize(subject: String, messages: [ThreadMessageText]) async throws -> GenerationOutput {
        try await summarizeListingRejections(subject: subject, messages: messages).output
    }

    /// The summary and the model's answers the validator refused, each with the reason ("…" —
    /// why): a summary shown from the thread's own sentences then says what the model wrote
    /// instead, and the benchmark prints both (as the replies' "dropped" lines).
    public func summarizeListingRejections(subject: String, messages: [ThreadMessageText]) async throws -> (output: GenerationOutput, rejected: [String]) {
        var rejected: [String] = []
        let validator = SummaryValidator(subject: subject, messages: messages, instructions: Self.instructionTexts)
        var lastError: AIError = .unusableOutput("no summary")
        var spent = GenerationOutput(text: "")
        let started = Date()
        for attempt in 0..<2 {
            let remaining = timeoutSeconds - Date().timeIntervalSince(started)
            guard remaining > 1 else { break }
            let (prompt, openings) = try await fittedPrompt(subject: subject, messages: messages, strict: attempt > 0)
            var output: GenerationOutput
            do {
                output = try await generator.generate(prompt, options: GenerationOptions(
                    maxTokens: maxNewTokens, timeoutSeconds: remaining, stopSequences: ["\n\n", "<|im_end|>"],
                    stopAfterSentences: Self.sentenceLimit, openingChoices: openings, stablePrefixMessages: 1 + Self.example.count))
                output.text = Self.withoutAsidesOrQuestions(Self.withoutDigestHead(Self.droppingUnfinishedTail(output.text), messages: messages))
            } catch let error as AIError {
                guard case .timedOut = error, extractiveOnTimeout else { throw error }
                lastError = error
                break
            }
            spent.addCosts(of: output)
            do {
                let answer = try validator.validated(RequestClaims.repaired(output.text, messages: messages))
                let excerpts = SalientSentences.select(messages, perMessage: 3)
                let withStatus = LatestStatus.appended(to: answer, excerpts: excerpts, validator: validator)
                spent.text = SalientSentences.withoutRepeatedHeads(SalientSentences.withoutNearRepeats(
                    UnnamedWriters.inserted(into: withStatus, answer: answer, excerpts: excerpts, validator: validator)))
                return (spent, rejected)
            } catch let error as AIError {
                lastError = error
                rejected.append("\(output.text) — \(error)")
            }
        }
        // Both answers rejected (or no time left): the thread's own key sentences, if they make
        // a summary that passes the same checks; else nothing.
        // Three a message, so the newest keeps four: a list of three decisions and a request.
        // Four sentences in a row of one message are a verbatim run the validator refuses as an
        // echo (24+ words); then fewer, the least worth dropped first, break the run. A tail of a
        // wrapped line ("domains (iedr.com and others).") is no sentence to show.
        var excerpts = SalientSentences.select(messages, perMessage: 3)
        for index in excerpts.indices {
            excerpts[index].sentences.removeAll { validator.copiesALongRun($0) || SalientSentences.isFragment($0) }
        }
        for sentences in stride(from: 4, through: 2, by: -1) {
            if let fallback = SalientSentences.extractiveSummary(excerpts, maxSentences: sentences),
               let text = try? validator.validated(fallback) {
                spent.text = text
                return (spent, rejected)
            }
        }
        throw lastError
    }

    /// Sentences a summary stops after. Two, not three (session 7, judged set): the third cost
    /// ~19 tokens (~0.8 s) and was the one that copied the thread verbatim or added a side
    /// detail; with two the rubric went 0.72 -> 0.82 (no refusal, length 1.0), still within
    /// the spec's 2-4 sentences.
    static let sentenceLimit = 2

    /// Builds the prompt, keeping fewer sentences per message until it fits the context, and
    /// the names the answer may open with (`openingChoices(for:)`).
    func fittedPrompt(subject: String, messages: [ThreadMessageText], strict: Bool) async throws -> (prompt: [ChatMessage], openings: [String]) {
        let budget = max(256, generator.contextTokens - maxNewTokens - 64)
        var perMessage = strict ? 2 : 3
        var characters = 1_400
        while true {
            let excerpts = SalientSentences.select(messages, perMessage: perMessage, totalCharacters: characters)
            let prompt = Self.prompt(subject: subject, excerpts: excerpts, strict: strict)
            let tokens = try await generator.tokenCount(prompt.map(\.content).joined(separator: "\n"))
            if tokens + 48 <= budget || characters <= 300 { return (prompt, Self.openingChoices(for: excerpts)) }
            perMessage = max(1, perMessage - 1)
            characters = characters * 2 / 3
        }
    }

    static let systemPrompt = """
        You summarise e-mail threads for the reader. Write two or three short sentences in plain prose: what was \
        decided, who will do what, and how things stand now. The latest message replaces earlier plans. Use only names, dates and facts from the messages; never add anything. No preamble, no headings.
        """

    /// A worked example before the real thread: small models copy its shape (names as subjects,
    /// one clause per person). It is a constant prefix, so the KV cache keeps it between calls.
    static let example: [ChatMessage] = [
        ChatMessage(.user, """
            Subject: Printer on floor 3

            Latest: Lena Fischer, Fri 7 Feb: Lena confirmed the printer works again. Lena will order two spare toners next week.
            Earlier:
            Raj Patel, Wed 5 Feb: Raj reported that the printer on floor 3 prints blank pages. Raj asked Lena to check it.
            Lena Fischer, Thu 6 Feb: Lena replaced the toner and asked Raj to test a page.
            """),
        ChatMessage(.assistant, "Raj reported blank pages from the floor 3 printer and Lena replaced the toner. The printer works again, and Lena will order two spare toners next week."),
    ]

    /// What the answer may open with: the name of one of the thread's people as the digest
    /// writes it, whichever the model finds likeliest — as the worked example's answer opens
    /// ("Raj reported …"). Session 8: the benchmark's median summary opened with the newest
    /// message's first words and copied it verbatim ("Agreed: demo Tuesday 10am …"), was refused
    /// as an echo and cost a second answer. Session 9, tried first: forcing the first name of
    /// whoever started the thread fixed that, but on the judged set it chose names the model
    /// did not lead with and one answer copied the digest's line format; rubric 0.82 -> 0.63.
    /// The newest message's writer comes first (it wins a tie, as in the digest's order). Only
    /// names that read as a person's (capitalised): an address's local part ("noreply", "jm")
    /// is no way to open a sentence, and with none left the answer opens freely.
    static func openingChoices(for excerpts: [SalientSentences.Excerpt]) -> [String] {
        var names: [String] = []
        for speaker in excerpts.reversed().map(\.speaker)
        where speaker != "Someone" && speaker.first?.isUppercase == true && !names.contains(speaker) {
            names.append(speaker)
        }
        return names
    }

    /// Texts of the prompt the model must never repeat (the validator's prompt-leak check).
    static var instructionTexts: [String] { [systemPrompt, strictNote] + example.map(\.content) }

    static let strictNote = "(Only PEOPLE may be named.)"

    /// A digest line's day as the prompt writes it ("Sun 9 Sep", `dateFormat` "EEE d MMM"): the
    /// validator and `withoutDigestHead` recognise the line heads by it.
    static let lineDate = #"(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s\d{1,2}\s[A-Z][a-z]{2}"#

    static func prompt(subject: String, excerpts: [SalientSentences.Excerpt], strict: Bool) -> [ChatMessage] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE d MMM"
        // The newest message first, marked: small models weigh what they read first, and the
        // newest message holds the current plan (a role swapped later must win).
        // Every line carries its day, as in the worked example (session 8: naming a same-day
        // thread's day once saved 6 tokens a line, and the model, reading lines unlike the
        // example's, had 3 of the 6 judged summaries rejected twice: rubric 0.82 -> 0.72).
        let lines = excerpts.map { "\($0.speaker), \(formatter.string(from: $0.date)): \($0.sentences.joined(separator: " "))" }
        let ordered = lines.count > 1 ? ["Latest: " + (lines.last ?? ""), "Earlier:"] + lines.dropLast() : lines
        var user = "Subject: \(subject)\n\n" + ordered.joined(separator: "\n")
        if strict {
            let people = Array(Set(excerpts.map(\.speaker))).sorted().joined(separator: ", ")
            user += "\n\n" + strictNote.replacingOccurrences(of: "PEOPLE", with: people)
        }
        return [ChatMessage(.system, systemPrompt)] + example + [ChatMessage(.user, user)]
    }

    /// The answer without the digest's line head it opened with ("Chris Garrigues, Sun 9 Sep:
    /// Chris has now stabilized everything …"): the model went on the way the digest's lines do.
    /// Session 16, 20 threads of easy_ham: 15 of 21 refused answers were refused for that alone,
    /// and the retry, with the same digest, wrote the same line. What follows the head is the
    /// digest's sentence in the third person; it stays, under its writer's name unless it names
    /// them. Whose sentence it is comes from the thread, not from the head: the model put one
    /// writer's head on another's sentence ("Alex: The header text is dark grey …", which Jonas
    /// wrote; the demo). The message sharing the longest run of words with the sentence (four
    /// or more) names its writer; else a head naming one person does, and a head naming several
    /// loses the names.
    static func withoutDigestHead(_ answer: String, messages: [ThreadMessageText] = []) -> String {
        // A line's date written into a sentence ("Gregory Bolcer, Sun 9 Sep, has a good article") goes.
        let answer = answer.replacingOccurrences(of: ",\\s" + lineDate + ",", with: "", options: .regularExpression)
        let marker = #"^(?:(?:Latest|Earlier):\s*)"#
        guard let head = answer.range(of: marker + "?(.{1,120}?),\\s" + lineDate + #":\s*"#, options: .regularExpression) else {
            return answer.replacingOccurrences(of: marker, with: "", options: .regularExpression)
        }
        let names = String(answer[head]).replacingOccurrences(of: marker, with: "", options: .regularExpression)
            .replacingOccurrences(of: ",\\s" + lineDate + #":\s*$"#, with: "", options: .regularExpression)
        let rest = String(answer[head.upperBound...])
        guard !rest.isEmpty else { return answer }
        // The rest names its own writer ("Tony Nugent: Tony would like …"): no second head
        // before it (session 17: "Brent Welch: Tony Nugent: …", Brent having quoted Tony).
        if rest.range(of: #"^\p{Lu}[^:.!?]{0,40}:\s"#, options: .regularExpression) != nil { return rest }
        if let writer = writer(of: sentences(rest).first ?? rest, in: messages) { return SalientSentences.named(rest, speaker: writer) }
        return names.contains(",") ? rest : SalientSentences.named(rest, speaker: names)
    }

    /// The writer of the message `sentence` shares the longest run of words with, four or more.
    static func writer(of sentence: String, in messages: [ThreadMessageText]) -> String? {
        let runs = messages.map { message in
            (SalientSentences.speakerName(message.sender),
             Grounding(sources: [MailTextTrimmer.trim(message.text, maxCharacters: 4_000, namedQuotes: true)]).longestCopiedRun(in: sentence))
        }
        guard let best = runs.max(by: { $0.1 < $1.1 }), best.1 >= 4 else { return nil }
        return best.0
    }

    /// The answer without the questions and thanks it copied from the digest, when a sentence
    /// is left: a summary tells; it asks nothing and thanks nobody. The demo's answers read "Maya
    /// asked Alex to update the spec page by Monday. The latest Figma link is still the one from
    /// last week, right?" (a question the thread had moved past) and "This is really useful,
    /// thanks." (session 19). Nothing is dropped when nothing else would be left: the
    /// validator then judges the answer as it came.
    static func withoutAsidesOrQuestions(_ text: String) -> String {
        let parts = sentences(text)
        let kept = parts.filter { sentence in
            let lower = sentence.lowercased()
            let thanks = lower.range(of: #"\b(thanks|thank you)\b"#, options: .regularExpression) != nil
                && Grounding.words(sentence).count <= 7
            return !sentence.hasSuffix("?") && !thanks
        }
        return kept.isEmpty || kept.count == parts.count ? text : kept.joined(separator: " ")
    }

    /// The answer without an unfinished last sentence (cut by the token cap, or the model's end
    /// of turn mid-sentence) when a finished one comes before it: the validator would otherwise
    /// close the fragment with a full stop ("John is getting wierd stuff like:.").
    static func droppingUnfinishedTail(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let last = trimmed.last, !".!?".contains(last) else { return trimmed }
        let boundary = trimmed.indices.last { index in
            let next = trimmed.index(after: index)
            return ".!?".contains(trimmed[index]) && next < trimmed.endIndex && trimmed[next].isWhitespace
        }
        return boundary.map { String(trimmed[...$0]) } ?? trimmed
    }

    /// The sentences of `text` by `SentenceBoundary`'s rule; a last one without its mark is
    /// kept (with a full stop) when longer than 15 characters.
    public static func sentences(_ text: String) -> [String] {
        let (finished, rest) = SentenceBoundary.split(text)
        var last = rest
        if last.hasSuffix(":") || last.hasSuffix(",") || last.hasSuffix(";") { last.removeLast() }   // "…snapshots of irssi:" ends a text, not a list
        return finished.map(\.text) + (last.count > 15 ? [last.hasSuffix(".") ? last : last + "."] : [])
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
