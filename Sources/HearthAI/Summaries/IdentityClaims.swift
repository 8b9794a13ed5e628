import Foundation

/// Finds sentences that say what a person *is* when the thread never says it of them — the
/// fluent "Hannah Ito is the local model for summaries." (session 10, a demo list thread whose
/// subject was "Which local model for summaries?"). `Grounding` lets it through: every word is
/// in the thread, only the join is invented. A 0.5B model writes it by gluing a name it must
/// open with to the subject.
///
/// A claim is a thread person's name followed by a copula and a determiner ("is the", "was a",
/// "will be the", "is one of the") and a noun phrase; the phrase's head noun ("model") must
/// occur in what the thread says of that person: the sentences they wrote about themselves
/// (in the first person), or sentences of anyone that name them. Another sentence of theirs
/// ("the bigger models were not worth it") is about something else, not about them. "Bob is the release manager" passes when Bob wrote "I'm the release
/// manager this time" or Alice wrote "Bob is managing the release"; it is refused when only the
/// subject or someone else's sentence about something else holds "manager". Summaries made of
/// actions ("Raj reported …", "Lena will order …") are not claims of this kind and are never
/// read here: the check is narrow on purpose, so good summaries are not refused.
struct IdentityClaims: Sendable {
    let thread: ThreadPeople

    init(people: ThreadPeople) { thread = people }

    /// The first sentence of `summary` that makes a claim of identity the thread does not
    /// support, or nil.
    func unsupported(in summary: String) -> String? {
        for sentence in ThreadSummarizer.sentences(summary) {
            let words = Grounding.words(sentence).map(ThreadPeople.plain)
            for index in words.indices {
                guard let person = thread.person(named: words[index]),
                      let phrase = Self.predicate(words, after: index, skippingNamesOf: person.names),
                      let head = phrase.last else { continue }
                if !ThreadPeople.mentions(person.context, head) { return sentence }
            }
        }
        return nil
    }

    /// The noun phrase of "NAME [SURNAME] is the …" starting at `index` (the name's first word),
    /// cut at the first preposition, conjunction or relative word; nil when the words there are
    /// not such a claim.
    static func predicate(_ words: [String], after index: Int, skippingNamesOf names: [String]) -> [String]? {
        var at = index + 1
        while at < words.count && names.contains(words[at]) { at += 1 }
        var copula = false
        for form in copulas {
            let parts = form.split(separator: " ").map(String.init)
            if at + parts.count <= words.count && Array(words[at..<(at + parts.count)]) == parts { at += parts.count; copula = true; break }
        }
        guard copula else { return nil }
        var determined = false
        for form in determiners {
            let parts = form.split(separator: " ").map(String.init)
            if at + parts.count <= words.count && Array(words[at..<(at + parts.count)]) == parts { at += parts.count; determined = true; break }
        }
        guard determined else { return nil }
        var phrase: [String] = []
        while at < words.count && !phraseEnds.contains(words[at]) { phrase.append(words[at]); at += 1 }
        // "the one who …", "the first to …": no noun to check.
        guard let head = phrase.last, !vagueHeads.contains(head), head.count >= 3 else { return nil }
        return phrase
    }

    static let copulas = ["is", "was", "are", "were", "will be", "would be", "remains", "remained", "became", "becomes", "has been", "is now", "was now"]
    static let determiners = ["one of the", "the", "a", "an", "our", "their", "his", "her", "its"]
    static let phraseEnds: Set<String> = [
        "for", "of", "in", "on", "at", "with", "to", "from", "by", "about", "and", "or", "but", "who", "which", "that",
        "because", "since", "as", "so", "while", "when", "if", "than",
    ]
    static let vagueHeads: Set<String> = ["one", "first", "last", "only", "same", "other", "person", "people", "case", "way", "thing"]
}
