import Foundation

/// A request in the digest as a summary reports it: Maya's "Alex, can you update the spec page by
/// Monday?" is "Maya asked Alex to update the spec page by Monday." (issue 15, session 19). Left
/// as a question, the request reached the summary word for word — the demo's summary opened
/// "Could you walk the team through the new onboarding flow on Thursday?", which says neither
/// who asked nor whom — and the small model, copying the digest, asked it again.
///
/// Who was asked: the name the request opens with, else the one person the message greets
/// ("Hi Alex,"), else the thread's other writer when only two write (`SalientSentences.addressee`).
/// Nobody known: the sentence stays a question.
enum ReportedRequests {
    /// "Alex, can you …?", "Hi Anna - could you please …?", "So could you …?": an optional opener
    /// or greeting, an optional name, then can/could/would/will you and the verb asked for.
    private static let request = try? NSRegularExpression(
        pattern: #"^(?:(?:[Hh]i|[Hh]ey|[Hh]ello|So|And|Also|Ok|Okay|Oh),?\s+)?(?:([A-Z][a-z]+),?\s+(?:[-–]\s*)?)?([Cc]an|[Cc]ould|[Ww]ould|[Ww]ill)\s+you\s+(?:please\s+)?(?:also\s+)?([a-z]+)\b(.*)\?$"#)

    /// "Bob, please have staging up by Monday noon.": a polite imperative to a person named. A
    /// "Please …" naming nobody is as often said to every reader ("Please review the attached",
    /// a list post's "Please contact me directly") and stays as it is.
    private static let imperative = try? NSRegularExpression(
        pattern: #"^([A-Z][a-z]+),?\s+[Pp]lease\s+(?:also\s+)?([a-z]+)\b(.*?)[.!]?$"#)

    /// Verbs after "please" that point the reader at something rather than ask for an act.
    static let notAskedAfterPlease: Set<String> = ["note", "find", "see", "ignore", "disregard", "feel", "be", "accept", "excuse", "forgive"]

    /// Verbs after "can you" that ask for an opinion or say something, not for an act ("Can you
    /// believe it?", "Would you like…", "Would you mind…").
    static let notAnAct: Set<String> = [
        "believe", "imagine", "guess", "like", "love", "mind", "prefer", "rather", "think", "tell", "see", "hear", "say",
        "be", "have", "not", "still", "really", "possibly", "just", "even",
    ]

    /// The request reported ("ASKER asked ASKED to VERB …."), with the name of who was asked (the
    /// caller reads the sentence's remaining "you"/"your" as them); nil when the sentence is no
    /// request of a known person.
    /// A request read from one sentence: the name it opens with (nil: "you" unnamed), the verb
    /// asked for and the rest of the sentence ("the spec page by Monday").
    struct Request: Equatable {
        var named: String?
        var verb: String
        var rest: String
    }

    /// The request a sentence makes, if it makes one of an act (`notAnAct`, `notAskedAfterPlease`;
    /// `anyVerb` keeps those too: `RequestClaims` repairs "Anna can tell Sam" as well).
    static func request(in sentence: String, anyVerb: Bool = false) -> Request? {
        let range = NSRange(sentence.startIndex..., in: sentence)
        let question = request?.firstMatch(in: sentence, range: range)
        guard let match = question ?? imperative?.firstMatch(in: sentence, range: range) else { return nil }
        let (nameGroup, verbGroup, restGroup) = question != nil ? (1, 3, 4) : (1, 2, 3)
        guard let verbRange = Range(match.range(at: verbGroup), in: sentence), let restRange = Range(match.range(at: restGroup), in: sentence) else { return nil }
        let named = Range(match.range(at: nameGroup), in: sentence).map { String(sentence[$0]) }
        if let named, SalientSentences.notAGivenName.contains(named.lowercased()) || ["Hi", "Hey", "Hello", "Please", "Thanks", "So", "And", "Also", "Ok", "Okay", "Oh"].contains(named) { return nil }
        let verb = String(sentence[verbRange])
        guard anyVerb || !(question != nil ? notAnAct : notAskedAfterPlease).contains(verb) else { return nil }
        let rest = String(sentence[restRange])
            .replacingOccurrences(of: #",?\s+please$"#, with: "", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
        return Request(named: named, verb: verb, rest: rest)
    }

    static func reported(_ sentence: String, asker: String, addressee: String?) -> (text: String, asked: String)? {
        guard let request = request(in: sentence), let asked = request.named ?? addressee, asked != asker else { return nil }
        let tail = request.rest.isEmpty || request.rest.first == "," ? request.rest : " " + request.rest
        return ("\(asker) asked \(asked) to \(request.verb)\(tail).", asked)
    }

    /// The one person a message greets by name on its first line ("Hi Alex,", "Dear Ms. Ito,"
    /// keeps "Ms. Ito"); nil for a group ("Hi all", "Hi Alex and Jonas") or no greeting.
    static func greetedName(in text: String) -> String? {
        guard let line = text.split(separator: "\n", omittingEmptySubsequences: true).first?.trimmingCharacters(in: .whitespaces),
              line.count <= 40,
              let greeting = line.range(of: #"^(?:Hi|Hello|Hey|Dear|Morning|Good morning)\s+"#, options: .regularExpression) else { return nil }
        let name = line[greeting.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: " ,!:;"))
        let words = name.split(separator: " ")
        guard (1...3).contains(words.count), !name.contains(" and "), !name.contains("&"),
              words.allSatisfy({ $0.first?.isUppercase == true }),
              let first = words.first, !SalientSentences.notAGivenName.contains(first.lowercased().trimmingCharacters(in: .punctuationCharacters)) || words.count > 1,
              !["All", "Everyone", "Everybody", "Team", "Folks", "Guys", "There", "Both"].contains(String(first)) else { return nil }
        return name
    }
}
