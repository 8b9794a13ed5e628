import Foundation

/// What a message asks its reader to do, as a yes takes it up: Maya's "Alex, can you update the
/// spec page by Monday?" is answered "I'll update it …" (issue 15, session 19). Left to choose
/// its first verb among many, the model answered the demo's request with "I'll review the server
/// settings and AI model download options for Thursday." — a promise to do something else. The
/// yes now opens with the verb asked for and the object as a pronoun, so the model writes only
/// the rest ("… by Monday."), and the request's own words are not handed back.
///
/// Whose request: one that names the reader ("Alex, can you …?"), or one naming nobody in a
/// message to the reader alone or greeting the reader ("Hi Alex, could you …?"). A request to
/// someone else on a shared message is not the reader's to take up.
struct RequestOfReader: Equatable {
    var verb: String
    /// "it" or "them", for the object asked about.
    var pronoun: String

    /// The yes's words after "I'll": "update it".
    var commitment: String { "\(verb) \(pronoun)" }

    /// `recipients`: the message's To and Cc addresses; `reader`: the user's address, when known.
    static func find(in text: String, recipients: [String], reader: String?) -> RequestOfReader? {
        let readerName = reader.flatMap(PersonalMail.firstNameToken(of:))
        let greeted = ReportedRequests.greetedName(in: text)?.lowercased()
        for sentence in SalientSentences.sentences(in: text) {
            guard let request = ReportedRequests.request(in: sentence) else { continue }
            let toReader: Bool
            if let named = request.named?.lowercased() {
                toReader = readerName.map { $0 == named } ?? (recipients.count <= 1)
            } else {
                toReader = recipients.count <= 1 || greeted.map { name in readerName.map { name.hasPrefix($0) } ?? true } ?? false
            }
            guard toReader, let pronoun = pronoun(forObjectOf: request.rest) else { continue }
            return RequestOfReader(verb: request.verb, pronoun: pronoun)
        }
        return nil
    }

    /// "it" for "the spec page by Monday", "them" for "the slides before the call" or "those
    /// files"; nil when what follows the verb is no object a pronoun can stand for ("me up at
    /// 9", "over the weekend", "to the meeting").
    static func pronoun(forObjectOf rest: String) -> String? {
        let words = rest.lowercased().split { !$0.isLetter && $0 != "'" && $0 != "-" }.map(String.init)
        guard let determiner = words.first, determiners.contains(determiner) else { return nil }
        if ["these", "those"].contains(determiner) { return "them" }
        let phrase = words.dropFirst().prefix { !IdentityClaims.phraseEnds.contains($0) && !objectEnds.contains($0) }
        guard let head = phrase.last else { return nil }
        let plural = head.count > 3 && head.hasSuffix("s") && !["ss", "us", "is"].contains(where: head.hasSuffix)
        return plural ? "them" : "it"
    }

    static let determiners: Set<String> = ["the", "a", "an", "this", "that", "these", "those", "my", "our", "your", "his", "her", "their"]
    /// Words that end the object though they are no preposition ("the draft before Friday", "the
    /// report today").
    static let objectEnds: Set<String> = ["before", "after", "until", "today", "tomorrow", "tonight", "asap", "soon", "again", "too", "please"]

}
