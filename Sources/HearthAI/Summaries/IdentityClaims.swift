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
    /// Each person's name words (full name, lower-cased) and the lower-cased words the thread
    /// says of them.
    let people: [(names: [String], context: Set<String>)]

    init(messages: [ThreadMessageText]) {
        var byPerson: [String: Set<String>] = [:]
        let speakers = Set(messages.map { SalientSentences.speakerName($0.sender) }).filter { $0 != "Someone" }
        let nameWords = Dictionary(uniqueKeysWithValues: speakers.map { ($0, Self.nameWords($0)) })
        for message in messages {
            let speaker = SalientSentences.speakerName(message.sender)
            let text = MailTextTrimmer.trim(message.text, maxCharacters: 4_000, namedQuotes: true)
            for sentence in ThreadSummarizer.sentences(text) {
                let words = Set(Grounding.words(sentence).map(Self.plain))
                // The writer's sentences about themselves ("I'm the release manager").
                if nameWords[speaker] != nil && !words.isDisjoint(with: Self.firstPerson) { byPerson[speaker, default: []].formUnion(words) }
                // Sentences of anyone that name the person speak of them too.
                for (person, names) in nameWords where person != speaker && !words.isDisjoint(with: names) {
                    byPerson[person, default: []].formUnion(words)
                }
            }
        }
        people = speakers.sorted().map { (nameWords[$0] ?? [], byPerson[$0] ?? []) }
    }

    /// The first sentence of `summary` that makes a claim of identity the thread does not
    /// support, or nil.
    func unsupported(in summary: String) -> String? {
        for sentence in ThreadSummarizer.sentences(summary) {
            let words = Grounding.words(sentence).map(Self.plain)
            for index in words.indices {
                guard let person = people.first(where: { $0.names.contains(words[index]) }),
                      let phrase = Self.predicate(words, after: index, skippingNamesOf: person.names),
                      let head = phrase.last else { continue }
                if !Self.mentions(person.context, head) { return sentence }
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

    /// The head noun, or a word sharing its stem ("manager" / "managing"), is among the words.
    static func mentions(_ context: Set<String>, _ head: String) -> Bool {
        if context.contains(head) { return true }
        let stem = String(head.prefix(max(4, head.count - 3)))
        return context.contains { $0.hasPrefix(stem) }
    }

    static func nameWords(_ name: String) -> [String] {
        Grounding.words(name).map(plain).filter { $0.count >= 2 }
    }

    /// A word without a possessive ending.
    static func plain(_ word: String) -> String {
        word.hasSuffix("'s") || word.hasSuffix("’s") ? String(word.dropLast(2)) : word
    }

    static let firstPerson: Set<String> = ["i", "i'm", "i've", "i'd", "i'll", "i’m", "i’ve", "i’d", "i’ll", "my", "myself"]
    static let copulas = ["is", "was", "are", "were", "will be", "would be", "remains", "remained", "became", "becomes", "has been", "is now", "was now"]
    static let determiners = ["one of the", "the", "a", "an", "our", "their", "his", "her", "its"]
    static let phraseEnds: Set<String> = [
        "for", "of", "in", "on", "at", "with", "to", "from", "by", "about", "and", "or", "but", "who", "which", "that",
        "because", "since", "as", "so", "while", "when", "if", "than",
    ]
    static let vagueHeads: Set<String> = ["one", "first", "last", "only", "same", "other", "person", "people", "case", "way", "thing"]
}
