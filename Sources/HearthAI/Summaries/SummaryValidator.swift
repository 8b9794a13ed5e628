import Foundation

/// Decides whether a generated summary may be shown (issue 15). It cleans the text (preambles,
/// markdown, bullets), then rejects it when it
/// - names a person, place, date or number the thread does not contain (`Grounding`),
/// - says what a person *is* when the thread never says it of them (`IdentityClaims`: "Hannah
///   Ito is the local model for summaries."),
/// - gives one person's action to another (`ActionClaims`: "Justin Mason is preparing a small
///   patch." when Klaus wrote "I am preparing a small patch"),
/// - repeats the prompt ("Who does what, by when Latest status" leaked before),
/// - echoes the thread (a long verbatim run) or the subject (twice, or as a whole sentence),
/// - repeats itself, or is empty or outside 1–4 sentences.
/// Rejection is an `AIError.unusableOutput` carrying the reason, so the summariser can retry.
public struct SummaryValidator: Sendable {
    let subject: String
    let grounding: Grounding
    let instructions: Grounding
    let identities: IdentityClaims
    let actions: ActionClaims

    public init(subject: String, messages: [ThreadMessageText], instructions: [String]) {
        self.subject = subject
        let people = ThreadPeople(messages: messages)
        identities = IdentityClaims(people: people)
        actions = ActionClaims(people: people)
        let sources = [subject] + messages.flatMap { [$0.sender, $0.text] }
            + messages.map { SalientSentences.speakerName($0.sender) } + Self.dateWords(messages.map(\.date))
        grounding = Grounding(sources: sources)
        self.instructions = Grounding(sources: instructions)
    }

    public func validated(_ raw: String) throws -> String {
        let text = Self.cleaned(raw)
        let sentences = ThreadSummarizer.sentences(text)
        guard text.count >= 20, !sentences.isEmpty else { throw AIError.unusableOutput("empty summary") }
        let kept = Array(sentences.prefix(4))
        let summary = kept.joined(separator: " ")
        let claims = grounding.unsupportedClaims(in: summary)
        if !claims.isEmpty {
            throw AIError.unusableOutput("the summary names what the thread does not: \(claims.prefix(3).joined(separator: ", "))")
        }
        if let sentence = identities.unsupported(in: summary) {
            throw AIError.unusableOutput("the summary says of a person what the thread does not (\"\(sentence)\")")
        }
        if let sentence = actions.misattributed(in: summary) {
            throw AIError.unusableOutput("the summary gives one person's action to another (\"\(sentence)\")")
        }
        // Four words in a row from the prompt that the thread does not have: prompt text leaked.
        let leak = Self.sharedRuns(summary, instructions: instructions, source: grounding, length: 4)
            ?? Self.metaPhrases.first { summary.lowercased().contains($0) }
        if let leak { throw AIError.unusableOutput("the summary repeats the prompt (\"\(leak)\")") }
        // The digest's line heads ("Carla Diaz, Wed 15 Nov: …", "Latest:"): since summaries open
        // with a name (session 9), a model could go on the way the digest's lines do.
        if summary.range(of: "(?i),\\s" + ThreadSummarizer.lineDate + #":|\b(Latest|Earlier):"#, options: .regularExpression) != nil {
            throw AIError.unusableOutput("the summary repeats the digest's line heads")
        }
        // Written to the people rather than about them ("Alex Morgan, Priya Raman, this is
        // really useful, thanks."): names each followed by a comma, then a lowercase word that
        // does not go on with the sentence ("and", "who"…), is a salutation, and what follows
        // is a message copied in its writer's voice. "Alice, Bob, and Carla agreed" and "Bob,
        // who found the cause, …" are summaries and pass.
        let name = #"\p{Lu}[\p{L}'’-]+(\s\p{Lu}[\p{L}'’-]+)*"#
        if summary.range(of: #"^\#(name)(,\s\#(name))*,\s(?!(and|or|who|whose|which|with|together)\b)\p{Ll}"#,
                         options: .regularExpression) != nil {
            throw AIError.unusableOutput("the summary addresses the people instead of summarising")
        }
        // One person twice in a list of names ("Alex Morgan, Priya Raman, and Priya Raman will
        // have a sixth session", session 11, the demo): the model lost track of who did what.
        if let twice = Self.personListedTwice(summary) {
            throw AIError.unusableOutput("the summary names \(twice) twice in one list")
        }
        // Copying one extracted sentence is grounded; a summary that is mostly a verbatim run is an echo.
        let copied = grounding.longestCopiedRun(in: summary)
        if copied >= Self.echoRun || Double(copied) >= 0.8 * Double(Grounding.words(summary).count) {
            throw AIError.unusableOutput("the summary copies the thread verbatim")
        }
        let subjectWords = Grounding.words(subject)
        if subjectWords.count >= 3 {
            let lowerSummary = Grounding.words(summary).joined(separator: " ")
            let phrase = subjectWords.joined(separator: " ")
            if lowerSummary.components(separatedBy: phrase).count > 2
                || kept.contains(where: { Grounding.words($0).joined(separator: " ") == phrase }) {
                throw AIError.unusableOutput("the summary repeats the subject")
            }
        }
        let normalised = kept.map { Grounding.words($0).joined(separator: " ") }
        if Set(normalised).count < normalised.count { throw AIError.unusableOutput("the summary repeats a sentence") }
        return summary
    }

    /// Words in a row of the thread that make a summary an echo, however short the rest.
    static let echoRun = 24

    /// A sentence of the thread that holds an echo on its own: no summary holding it can pass,
    /// so the extractive steps leave it out instead of failing on it (session 12: the judged
    /// release thread's newest message is three sentences of 24–45 words; the fallback kept one
    /// at every length and was refused, so nothing was shown).
    func copiesALongRun(_ sentence: String) -> Bool {
        grounding.longestCopiedRun(in: sentence) >= Self.echoRun
    }

    /// A name that a list of names ("A, B and C", "A and B") holds twice, or nil.
    static func personListedTwice(_ summary: String) -> String? {
        // A name may hold an initial ("Stephen D. Williams", session 17: "…, Stephen D. Williams,
        // and Geege Schuman" passed with Geege listed twice).
        let name = #"\p{Lu}[\p{L}'’-]+(?:\s\p{Lu}(?:[\p{L}'’-]+|\.))*"#
        let joint = #"(?:,\s(?:and\s)?|\sand\s)"#
        guard let pattern = try? NSRegularExpression(pattern: #"\b(\#(name))\#(joint)(?:\#(name)\#(joint))*\1\b"#),
              let match = pattern.firstMatch(in: summary, range: NSRange(summary.startIndex..., in: summary)),
              let range = Range(match.range(at: 1), in: summary) else { return nil }
        return String(summary[range])
    }

    /// Talk about the task instead of the thread.
    static let metaPhrases = ["people in this thread", "may be named", "in this thread are", "the messages above", "this summary",
                              "the e-mail thread", "the email thread", "the thread is about"]

    /// The first run of `length` words shared by `text` and the instructions but absent from the thread.
    static func sharedRuns(_ text: String, instructions: Grounding, source: Grounding, length: Int) -> String? {
        let words = Grounding.words(text)
        guard words.count >= length else { return nil }
        let sourceText = " " + source.sourceSequence.joined(separator: " ") + " "
        let instructionText = " " + instructions.sourceSequence.joined(separator: " ") + " "
        for start in 0...(words.count - length) {
            let run = " " + words[start..<(start + length)].joined(separator: " ") + " "
            if instructionText.contains(run) && !sourceText.contains(run) { return run.trimmingCharacters(in: .whitespaces) }
        }
        return nil
    }

    /// Removes preambles, markdown and list bullets; joins lines into prose.
    static func cleaned(_ raw: String) -> String {
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        let preambles = ["summary:", "**summary:**", "here is a summary of the conversation:", "here is a summary of the thread:",
                         "here is a summary:", "here's a summary:", "in summary,", "in summary:", "to summarize,", "sure!", "sure,"]
        var changed = true
        while changed {
            changed = false
            for prefix in preambles where text.lowercased().hasPrefix(prefix) {
                text = String(text.dropFirst(prefix.count)).trimmingCharacters(in: .whitespacesAndNewlines)
                changed = true
            }
        }
        text = text.replacingOccurrences(of: #"^[-*•]\s+"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"\s*\n+\s*[-*•]?\s*"#, with: " ", options: .regularExpression)
            .replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "__", with: "")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Weekday and month names of the messages' dates: a summary may say "on Tuesday" of a
    /// message sent on a Tuesday.
    static func dateWords(_ dates: [Date]) -> [String] {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        var words: [String] = []
        for format in ["EEEE d MMMM yyyy", "EEE d MMM"] {   // the prompt shows "Wed 5 Jun"
            formatter.dateFormat = format
            words += dates.map { formatter.string(from: $0) }
        }
        return words
    }
}
