import Foundation

/// The three reply intents spec §5.6.3 asks to vary over.
public enum ReplyIntent: String, Sendable, Codable, CaseIterable {
    case accept, decline, question
}

public struct SmartReply: Sendable, Hashable, Codable {
    public var intent: ReplyIntent
    public var text: String
    /// False when the model's line was unusable and a neutral template was used instead.
    public var fromModel: Bool
}

/// Up to three short replies with different intents (yes / no / question), generated on demand,
/// never cached. The model's lines are validated: one per intent, distinct, not an echo of the
/// email, the question really a question, short; any intent that fails gets a neutral template,
/// so the composer always has three suggestions, and with no model at all the caller shows none.
public struct SmartReplyGenerator: Sendable {
    public var generator: any TextGenerator
    public var timeoutSeconds: Double

    public init(generator: any TextGenerator, timeoutSeconds: Double = 10) {
        self.generator = generator; self.timeoutSeconds = timeoutSeconds
    }

    public func replies(to message: ThreadMessageText, subject: String) async throws -> (replies: [SmartReply], output: GenerationOutput) {
        let text = MailTextTrimmer.trim(message.text, maxCharacters: 900)
        let prompt = [
            ChatMessage(.system, """
                You suggest short e-mail replies. Write exactly three replies to the message, one per line, each \
                under 25 words, in the message's language: line 1 says yes or agrees, line 2 politely declines \
                or says no, line 3 asks one clarifying question. Output only the three lines.
                """),
            ChatMessage(.user, "From: \(message.sender)\nSubject: \(subject)\n\n\(text)"),
        ]
        let output = try await generator.generate(prompt, options: GenerationOptions(maxTokens: 90, timeoutSeconds: timeoutSeconds))
        return (Self.validated(output.text, original: text, subject: subject), output)
    }

    /// Turns the model's text into exactly one reply per intent.
    static func validated(_ raw: String, original: String, subject: String) -> [SmartReply] {
        let lines = raw.split(whereSeparator: \.isNewline).map(clean).filter { !$0.isEmpty }
        var used: [String] = []
        var result: [SmartReply] = []
        for (position, intent) in ReplyIntent.allCases.enumerated() {
            let candidate = position < lines.count ? lines[position] : nil
            if let candidate, acceptable(candidate, intent: intent, original: original, used: used) {
                result.append(SmartReply(intent: intent, text: candidate, fromModel: true))
                used.append(candidate)
            } else {
                let fallback = fallbackText(intent, subject: subject)
                result.append(SmartReply(intent: intent, text: fallback, fromModel: false))
                used.append(fallback)
            }
        }
        return result
    }

    static func clean(_ line: Substring) -> String {
        var text = line.trimmingCharacters(in: .whitespaces)
        text = text.replacingOccurrences(of: "^(\\d+[.):]|[-*•]|reply \\d+:?|option \\d+:?)\\s*", with: "",
                                         options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "^(yes|no|question|accept|decline|agree)\\s*[:–-]\\s*", with: "",
                                         options: [.regularExpression, .caseInsensitive])
        return text.trimmingCharacters(in: CharacterSet(charactersIn: "\"“”' ")).replacingOccurrences(of: "**", with: "")
    }

    static func acceptable(_ text: String, intent: ReplyIntent, original: String, used: [String]) -> Bool {
        let words = wordSet(text)
        guard text.count >= 4, text.count <= 240, words.count >= 2 else { return false }
        if intent == .question && !text.contains("?") { return false }
        if original.range(of: text, options: .caseInsensitive) != nil { return false }   // echo
        let lower = text.lowercased()
        if lower.hasPrefix("from:") || lower.hasPrefix("subject:") { return false }
        for other in used {
            let otherWords = wordSet(other)
            let overlap = Double(words.intersection(otherWords).count) / Double(max(1, words.union(otherWords).count))
            if overlap > 0.6 { return false }
        }
        return true
    }

    static func wordSet(_ text: String) -> Set<String> {
        Set(text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init))
    }

    static func fallbackText(_ intent: ReplyIntent, subject: String) -> String {
        switch intent {
        case .accept: "Sounds good, thank you. That works for me."
        case .decline: "Thanks for asking, but I won't be able to do that."
        case .question: subject.isEmpty ? "Thanks. Could you tell me a bit more about it?"
            : "Thanks. Could you tell me a bit more about \"\(subject.prefix(60))\"?"
        }
    }
}
