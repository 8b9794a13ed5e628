import Foundation

/// What a thread says of each of its people, read once for the checks on a summary's claims
/// about them (`IdentityClaims`: what a person is; `ActionClaims`: who did what).
struct ThreadPeople: Sendable {
    struct Person: Sendable {
        /// Name words, lower-cased ("klaus", "heinz").
        let names: [String]
        /// The words of the sentences they wrote about themselves (in the first person) and of
        /// anyone's sentences that name them.
        let context: Set<String>
        /// Their own first-person sentences, each as its set of words ("i", "am", "preparing", …).
        let ownSentences: [Set<String>]
    }

    let people: [Person]

    init(messages: [ThreadMessageText]) {
        var context: [String: Set<String>] = [:]
        var own: [String: [Set<String>]] = [:]
        let speakers = Set(messages.map { SalientSentences.speakerName($0.sender) }).filter { $0 != "Someone" }
        let nameWords = Dictionary(uniqueKeysWithValues: speakers.map { ($0, Self.nameWords($0)) })
        for message in messages {
            let speaker = SalientSentences.speakerName(message.sender)
            let text = MailTextTrimmer.trim(message.text, maxCharacters: 4_000, namedQuotes: true)
            for sentence in ThreadSummarizer.sentences(text) {
                let words = Set(Grounding.words(sentence).map(Self.plain))
                // The writer's sentences about themselves ("I'm the release manager").
                if nameWords[speaker] != nil && !words.isDisjoint(with: Self.firstPerson) {
                    context[speaker, default: []].formUnion(words)
                    own[speaker, default: []].append(words)
                }
                // Sentences of anyone that name the person speak of them too, but for a name
                // that only addresses them ("James, last week I noticed …" says nothing of James).
                for (person, names) in nameWords where person != speaker && !words.isDisjoint(with: names)
                    && !Self.onlyAddresses(sentence, names: names) {
                    context[person, default: []].formUnion(words)
                }
            }
        }
        people = speakers.sorted().map { Person(names: nameWords[$0] ?? [], context: context[$0] ?? [], ownSentences: own[$0] ?? []) }
    }

    /// The sentence names the person only to address them: it opens with their name and a
    /// comma ("James, …", "Hi James, …") and does not name them again.
    static func onlyAddresses(_ sentence: String, names: [String]) -> Bool {
        let lower = sentence.lowercased().replacingOccurrences(of: #"^(hi|hello|hey|dear)\s+"#, with: "", options: .regularExpression)
        guard let comma = lower.firstIndex(of: ","), lower.distance(from: lower.startIndex, to: comma) <= 40 else { return false }
        let opening = Grounding.words(String(lower[..<comma]))
        guard !opening.isEmpty, opening.allSatisfy(names.contains) else { return false }
        let rest = Set(Grounding.words(String(lower[comma...])).map(plain))
        return rest.isDisjoint(with: names)
    }

    /// The person one of whose name words `word` is.
    func person(named word: String) -> Person? {
        people.first { $0.names.contains(word) }
    }

    /// `word`, or a word sharing its stem ("manager" / "managing", "preparing" / "prepared"),
    /// is among `words`.
    static func mentions(_ words: Set<String>, _ word: String) -> Bool {
        if words.contains(word) { return true }
        let stem = String(word.prefix(max(4, word.count - 3)))
        return words.contains { $0.hasPrefix(stem) }
    }

    static func nameWords(_ name: String) -> [String] {
        Grounding.words(name).map(plain).filter { $0.count >= 2 }
    }

    /// A word without a possessive ending.
    static func plain(_ word: String) -> String {
        word.hasSuffix("'s") || word.hasSuffix("’s") ? String(word.dropLast(2)) : word
    }

    static let firstPerson: Set<String> = ["i", "i'm", "i've", "i'd", "i'll", "i’m", "i’ve", "i’d", "i’ll", "my", "myself"]
}
