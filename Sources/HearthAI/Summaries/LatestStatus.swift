import Foundation

/// The newest message's own words after a model summary that leaves them out (issue 15: a
/// summary names "the latest status"). The 0.5B model summarises what it read first and most
/// of: on the judged set (session 12) none of the six answers it got accepted covered the
/// newest message ("Which didn't help. … time for bed", "Tim since got rid of bayes.ini",
/// "Seems OK now"), and one did not name its writer. The newest message's sentences worth a
/// summary (the digest's selection, already in the third person) that the answer does not
/// cover are added under their writer's name ("John: Seems OK now."), grounded by
/// construction; the whole stays within 4 sentences and `maxWords` and must pass the same
/// validator, else the answer is shown alone.
enum LatestStatus {
    /// Words of a summary that the rubric's length criterion and a reader's glance allow.
    static let maxWords = 80
    /// Sentences added at most.
    static let maxAdded = 2

    /// `answer` (validated) followed by the newest excerpt's uncovered sentences, or `answer`
    /// when nothing is missing or the addition does not pass `validator`.
    static func appended(to answer: String, excerpts: [SalientSentences.Excerpt], validator: SummaryValidator) -> String {
        guard excerpts.count >= 2, let newest = excerpts.last else { return answer }
        let answerSentences = ThreadSummarizer.sentences(answer).count
        let room = min(maxAdded, 4 - answerSentences)
        guard room > 0 else { return answer }
        let answerStems = Set(contentStems(answer, speaker: newest.speaker))
        var missing: [Candidate] = []
        for (offset, sentence) in newest.sentences.enumerated() {
            let worth = newest.worth(sentence, position: offset)
            guard worth > 0, !SalientSentences.isFragment(sentence) else { continue }
            if !covered(sentence, by: answerStems, speaker: newest.speaker) && !validator.copiesALongRun(sentence) {
                missing.append(Candidate(offset: offset, sentence: sentence, worth: worth))
            }
        }
        missing.sort { $0.worth == $1.worth ? $0.offset < $1.offset : $0.worth > $1.worth }
        // The worthiest first, each kept only when the whole still passes the validator and the
        // word budget: one sentence it refuses (an odd word it reads as a name) costs only itself.
        var chosen: [Candidate] = []
        var text = answer
        for candidate in missing where chosen.count < room {
            let trial = (chosen + [candidate]).sorted { $0.offset < $1.offset }.map(\.sentence)
            let addition = ([SalientSentences.named(trial[0], speaker: newest.speaker)] + trial.dropFirst()).joined(separator: " ")
            guard words(addition) <= maxWords - words(answer), let validated = try? validator.validated(answer + " " + addition) else { continue }
            chosen.append(candidate)
            text = validated
        }
        return text
    }

    /// A sentence of the newest message that the answer leaves out, with its place and worth.
    struct Candidate {
        var offset: Int
        var sentence: String
        var worth: Double
    }

    /// A sentence is covered when the answer holds at least half of its content words
    /// (compared by stem), or it has none worth adding.
    static func covered(_ sentence: String, by answerStems: Set<String>, speaker: String) -> Bool {
        let stems = Set(contentStems(sentence, speaker: speaker))
        guard !stems.isEmpty else { return true }
        return Double(stems.intersection(answerStems).count) >= Double(stems.count) / 2
    }

    /// Stems of the words that carry content: four letters or more, not the speaker's name,
    /// not a function word or mail small talk.
    static func contentStems(_ text: String, speaker: String) -> [String] {
        let names = Set(Grounding.words(speaker))
        return Grounding.words(text)
            .filter { $0.count >= 4 && !names.contains($0) && !SmartReplyValidator.smallTalk.contains($0) }
            .map(SmartReplyValidator.stem)
    }

    static func words(_ text: String) -> Int { text.split(whereSeparator: \.isWhitespace).count }
}
