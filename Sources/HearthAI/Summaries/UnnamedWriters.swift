import Foundation

/// The answer a summary left out (issue 15: "who did what kept straight"). The 0.5B model
/// summarises what it read first and most of, the question that opened the thread; on the
/// judged set (session 16) four of eight accepted summaries named only the one who asked and
/// never said what the others answered ("John is getting weird characters on the console …
/// John: Seems OK now." without Paul's fix). When a writer of an earlier message is not named
/// at all, their worthiest sentence from the digest (already in the third person) is added
/// under their name, between the answer and the newest message's status, grounded by
/// construction; the whole stays within 4 sentences and `LatestStatus.maxWords`, and must pass
/// the same validator, else the summary is shown as it was.
enum UnnamedWriters {
    /// Writers added at most: one answer is what a 2–4 sentence summary has room for.
    static let maxAdded = 1
    /// A longer sentence is a paragraph the reader would rather open the thread for.
    static let maxSentenceWords = 30
    /// Below this a sentence carries no decision, request, date or number worth a place.
    static let minimumWorth = 1.0

    /// `summary` is `answer` followed by what `LatestStatus` appended; the writer's sentence goes
    /// between the two, so the summary reads in the thread's order.
    static func inserted(into summary: String, answer: String, excerpts: [SalientSentences.Excerpt],
                         validator: SummaryValidator) -> String {
        guard excerpts.count >= 2, let newest = excerpts.last, summary.hasPrefix(answer),
              ThreadSummarizer.sentences(summary).count < 4 else { return summary }
        let status = String(summary.dropFirst(answer.count))
        let named = Set(Grounding.words(summary).map(ThreadPeople.plain))
        var candidates: [(excerptIndex: Int, sentence: String, worth: Double, speaker: String)] = []
        for (index, excerpt) in excerpts.enumerated().dropLast()
        where isPerson(excerpt.speaker) && excerpt.speaker != newest.speaker && !isNamed(excerpt.speaker, in: named) {
            for (offset, sentence) in excerpt.sentences.enumerated() {
                let worth = excerpt.worth(sentence, position: offset)
                // A question is what they asked, not what they answered (the demo added Jonas's
                // "do we still show the server fields …?" next to the decision it led to).
                guard worth >= minimumWorth, !SalientSentences.isFragment(sentence), !sentence.hasSuffix("?"),
                      LatestStatus.words(sentence) <= maxSentenceWords, !validator.copiesALongRun(sentence) else { continue }
                candidates.append((index, sentence, worth, excerpt.speaker))
            }
        }
        // The worthiest first; of equals, the later message: it is nearer the outcome.
        candidates.sort { $0.worth == $1.worth ? $0.excerptIndex > $1.excerptIndex : $0.worth > $1.worth }
        var added: Set<String> = []
        var text = summary
        for candidate in candidates where added.count < maxAdded && !added.contains(candidate.speaker) {
            let line = SalientSentences.named(candidate.sentence, speaker: candidate.speaker)
            let trial = answer + " " + line + status
            guard LatestStatus.words(trial) <= LatestStatus.maxWords, ThreadSummarizer.sentences(trial).count <= 4,
                  let validated = try? validator.validated(trial) else { continue }
            added.insert(candidate.speaker)
            text = validated
        }
        return text
    }

    /// A writer's name that reads as a person's: capitalised, not an address's local part
    /// ("yyyycc", "noreply"), which is no way to name anyone in a sentence.
    static func isPerson(_ speaker: String) -> Bool {
        speaker != "Someone" && speaker.first?.isUppercase == true
    }

    /// Any of the writer's name words (two letters or more) stands in the summary.
    static func isNamed(_ speaker: String, in words: Set<String>) -> Bool {
        ThreadPeople.nameWords(speaker).contains { words.contains($0) }
    }
}
