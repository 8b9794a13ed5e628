import Foundation

/// Finds sentences that give one person's action to another — the judged release thread's
/// "Justin Mason is preparing a small patch." when Klaus Heinz wrote "I am preparing a small
/// patch" (session 13). `Grounding` lets it through, since both names are in the thread, and
/// `IdentityClaims` reads only what a person *is*.
///
/// A claim is a thread person's name, an optional auxiliary ("is", "will", "has" …) and
/// adverb, a verb, and the clause's head word ("… preparing a small patch for …" → "patch").
/// It is refused only when the thread holds the opposite evidence: another person wrote, in
/// one first-person sentence, both that verb (or its stem) and that head word, while nothing
/// the thread says of the named person has the verb. Verbs of saying ("suggested", "asked",
/// "agreed" …) are what every writer does in their own message and are never read, and an
/// action two people both claim passes: a good summary must not be refused.
struct ActionClaims: Sendable {
    let thread: ThreadPeople

    init(people: ThreadPeople) { thread = people }

    /// The first sentence of `summary` that gives a person an action the thread gives someone
    /// else, or nil.
    func misattributed(in summary: String) -> String? {
        for sentence in ThreadSummarizer.sentences(summary) {
            let raw = Grounding.words(sentence)
            let words = raw.map(ThreadPeople.plain)
            for index in words.indices {
                // "Anders's issue" names whose issue, not who acted.
                guard raw[index] == words[index], let person = thread.person(named: words[index]),
                      !(index > 0 && person.names.contains(words[index - 1])),
                      let claim = Self.claim(words, after: index, skippingNamesOf: person.names) else { continue }
                if ThreadPeople.mentions(person.context, claim.verb) { continue }
                let doers = thread.people.filter { other in
                    other.names != person.names && other.ownSentences.contains {
                        ThreadPeople.mentions($0, claim.verb) && ThreadPeople.mentions($0, claim.head)
                    }
                }
                // "Klaus and Justin are preparing a patch" names the one who is: not refused.
                if !doers.isEmpty && !doers.contains(where: { !Set($0.names).isDisjoint(with: words) }) { return sentence }
            }
        }
        return nil
    }

    /// The verb and the head word of "NAME [SURNAME] [aux] [adverb] VERB … HEAD" at `index`;
    /// nil when the words there are not such a claim.
    static func claim(_ words: [String], after index: Int, skippingNamesOf names: [String]) -> (verb: String, head: String)? {
        var at = index + 1
        while at < words.count && names.contains(words[at]) { at += 1 }
        let auxiliary = at < words.count && auxiliaries.contains(words[at])
        if auxiliary { at += 1 }
        if at < words.count && words[at] == "going" && at + 1 < words.count && words[at + 1] == "to" { at += 2 }
        while at < words.count && adverbs.contains(words[at]) { at += 1 }
        guard at < words.count else { return nil }
        let verb = words[at]
        // Without an auxiliary a verb after a name is inflected ("fixed", "fixes"); a bare word
        // there is more likely a noun ("Anders issue …").
        guard auxiliary || verb.hasSuffix("ed") || verb.hasSuffix("s") else { return nil }
        // After an auxiliary a three-letter word is a verb too ("Jonas will fix the design file",
        // which Alex said he would do: the demo, session 19).
        guard verb.count >= (auxiliary ? 3 : 4), verb.allSatisfy(\.isLetter), !sayingVerbs.contains(verb),
              !IdentityClaims.copulas.contains(verb), !IdentityClaims.determiners.contains(verb) else { return nil }
        var phrase: [String] = []
        at += 1
        // "noticed that ns0 and banba were out of synch": the clause's subject is the head
        // (session 16, judged ie-dns thread: "James noticed that …", which John wrote of himself).
        let clause = at < words.count && words[at] == "that"
        if clause { at += 1 }
        while at < words.count && !IdentityClaims.phraseEnds.contains(words[at]) && !(clause && auxiliaries.contains(words[at])) {
            phrase.append(words[at]); at += 1
        }
        guard let head = phrase.last, head.count >= 3, !IdentityClaims.vagueHeads.contains(head) else { return nil }
        return (verb, head)
    }

    static let auxiliaries: Set<String> = ["is", "was", "are", "were", "will", "would", "has", "have", "had", "can", "could",
                                           "should", "may", "might", "must", "did", "does"]
    static let adverbs: Set<String> = ["also", "already", "just", "now", "then", "still", "soon", "later", "not", "never", "finally"]
    /// What a writer does by writing: a summary says these of each writer in their own words.
    static let sayingVerbs: Set<String> = [
        "said", "says", "asked", "asks", "asking", "agreed", "agrees", "replied", "replies", "wrote", "writes", "suggested",
        "suggests", "suggesting", "proposed", "proposes", "proposing", "mentioned", "mentions", "noted", "notes", "explained",
        "explains", "reported", "reports", "confirmed", "confirms", "thinks", "thought", "believes", "wants", "wanted", "needs",
        "needed", "likes", "liked", "prefers", "preferred", "pointed", "points", "responded", "answered", "shared", "recommended",
        "recommends", "feels", "felt", "argued", "argues", "disagreed", "disagrees", "wondered", "wonders", "hopes", "hoped",
        "thanked", "thanks", "requested", "requests", "offered", "offers", "announced", "announces", "questioned", "claimed",
        "claims", "added", "adds", "warned", "warns", "reminded", "reminds", "welcomed", "expressed", "expresses", "seems", "seemed",
    ]
}
