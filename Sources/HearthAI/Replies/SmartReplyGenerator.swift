import Foundation

/// The three reply intents spec §5.6.3 asks to vary over.
public enum ReplyIntent: String, Sendable, Codable, CaseIterable {
    case accept, decline, question
}

public struct SmartReply: Sendable, Hashable, Codable {
    public var intent: ReplyIntent
    public var text: String
    /// Always true: every suggestion is the model's (the fixed templates of issue 7 are gone —
    /// fewer suggestions rather than a canned one). Kept for the JSON the front ends read.
    public var fromModel: Bool
}

/// Up to three short replies (yes / no / a question) generated on demand in the user's voice,
/// addressed to the sender, never cached. One generation writes all three (one line each); each
/// line must pass `SmartReplyValidator` — a complete sentence or two, short, not repeating the
/// sender's words, no invented names, distinct from the others. Lines that fail are dropped:
/// the composer shows fewer suggestions rather than a bad one, and none without a model.
public struct SmartReplyGenerator: Sendable {
    public var generator: any TextGenerator
    public var timeoutSeconds: Double

    public init(generator: any TextGenerator, timeoutSeconds: Double = 20) {   // a ceiling for a loaded box; idle: ~2 s
        self.generator = generator; self.timeoutSeconds = timeoutSeconds
    }

    public func replies(to message: ThreadMessageText, subject: String) async throws -> (replies: [SmartReply], output: GenerationOutput) {
        let text = MailTextTrimmer.trim(message.text, maxCharacters: 700)
        let sender = SalientSentences.speakerName(message.sender)
        let prompt = Self.prompt(sender: sender, subject: subject, text: text)
        let output = try await generator.generate(prompt, options: GenerationOptions(
            maxTokens: 80, timeoutSeconds: timeoutSeconds, stopSequences: ["\n\n", "<|im_end|>"]))
        let validator = SmartReplyValidator(original: text, subject: subject, sender: sender,
                                            instructions: Self.instructionTexts)
        return (validator.replies(from: output.text), output)
    }

    static let systemPrompt = """
        You draft e-mail replies for the user. Write three different replies the user could send back to the \
        sender: line 1 says yes, line 2 politely says no, line 3 asks one short question. Each reply is one \
        complete sentence of at most 15 words, speaks to the sender by first name, and uses the user's own \
        words instead of repeating the message. Write only the three lines.
        """

    /// A worked example (a constant prefix the KV cache keeps between calls).
    static let example: [ChatMessage] = [
        ChatMessage(.user, "From: Priya Natarajan\nSubject: Review on Friday?\n\nHi, could you review the budget draft before Friday's meeting? It's only four pages."),
        ChatMessage(.assistant, """
            Sure Priya, I'll read it and send you my notes before Friday.
            Sorry Priya, I'm fully booked this week and can't review it in time.
            Priya, which parts of the draft should I focus on?
            """),
    ]

    /// The instruction the model must not repeat. The example's replies are not in it: phrases
    /// like "fully booked this week" are fine in a reply of the user's own.
    static var instructionTexts: [String] { [systemPrompt] }

    static func prompt(sender: String, subject: String, text: String) -> [ChatMessage] {
        [ChatMessage(.system, systemPrompt)] + example
            + [ChatMessage(.user, "From: \(sender)\nSubject: \(subject)\n\n\(text)")]
    }
}

/// Turns the model's lines into acceptable replies (issue 15): each a complete sentence (or
/// two) of 3–30 words, no placeholder ("[Your Name]"), no line of the original and no run of
/// six of its words, no name or number the message does not contain, no prompt text, and
/// distinct from the replies kept before it. The intent is read from the reply itself (a
/// question, a refusal, else an acceptance) and each intent is kept once.
struct SmartReplyValidator {
    let original: String
    let grounding: Grounding
    let instructions: Grounding
    let sender: String

    init(original: String, subject: String, sender: String, instructions: [String]) {
        self.original = original
        self.sender = sender
        grounding = Grounding(sources: [original, subject, sender])
        self.instructions = Grounding(sources: instructions)
    }

    func replies(from raw: String) -> [SmartReply] {
        var kept: [SmartReply] = []
        for line in raw.split(whereSeparator: \.isNewline) {
            let text = Self.clean(line)
            guard acceptable(text, after: kept.map(\.text)) else { continue }
            let intent = Self.intent(of: text)
            guard !kept.contains(where: { $0.intent == intent }) else { continue }
            kept.append(SmartReply(intent: intent, text: text, fromModel: true))
            if kept.count == 3 { break }
        }
        return ReplyIntent.allCases.compactMap { intent in kept.first { $0.intent == intent } }
    }

    func acceptable(_ text: String, after used: [String]) -> Bool {
        let words = Grounding.words(text)
        guard (3...30).contains(words.count), text.count <= 220 else { return false }
        // A complete sentence: starts with a capital (or a name) and ends with . ! or ?
        guard let first = text.first, first.isUppercase || first.isNumber, let last = text.last, ".!?".contains(last) else { return false }
        let lower = text.lowercased()
        if ["[", "]", "<", ">", "{", "}", "your name", "subject:", "from:", "line 1", "line 2", "line 3", "reply 1"]
            .contains(where: { lower.contains($0) }) { return false }
        if grounding.longestCopiedRun(in: text) >= 6 { return false }                       // echo of the sender
        if !grounding.unsupportedClaims(in: text, lenientSentenceStarts: true).isEmpty { return false }                   // invented name or figure
        if SummaryValidator.sharedRuns(text, instructions: instructions, source: grounding, length: 5) != nil { return false }
        let set = Set(words)
        for other in used {
            let otherSet = Set(Grounding.words(other))
            let overlap = Double(set.intersection(otherSet).count) / Double(max(1, set.union(otherSet).count))
            if overlap > 0.6 { return false }
        }
        return true
    }

    static func intent(of text: String) -> ReplyIntent {
        if text.contains("?") { return .question }
        let lower = text.lowercased()
        let refusals = ["can't", "cannot", "can not", "won't", "unable", "not able", "unfortunately", "sorry", "no,", "no.",
                        "decline", "pass on", "not possible", "not be able", "afraid", "i don't think", "won’t", "can’t"]
        return refusals.contains { lower.contains($0) } ? .decline : .accept
    }

    static func clean(_ line: Substring) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        text = text.replacingOccurrences(of: #"^(\d+[.):]|[-*•]|(reply|option|line) \d+:?)\s*"#, with: "",
                                         options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: #"^(yes|no|question|accept|decline|agree)\s*[:–-]\s*"#, with: "",
                                         options: [.regularExpression, .caseInsensitive])
        return text.trimmingCharacters(in: CharacterSet(charactersIn: "\"“”' ")).replacingOccurrences(of: "**", with: "")
    }
}
