import Foundation

/// A request the model turned into an ability: Carol's "Anna, can you send the agenda next
/// week?" came out "Anna can send the agenda next week." (session 18, the web app's demo
/// thread) — a statement nobody made, and the action item's asker lost. A summary sentence
/// that says a person *can* or *could* do what another writer asked them by name to do is
/// rewritten to say who asked: "Carol asked Anna to send the agenda next week." "Anna will
/// send …" is left alone: Anna may have said so, and `ActionClaims` reads who did what.
enum RequestClaims {
    struct Request: Equatable {
        /// Who asked (the writer's call name) and who was asked (the name they addressed).
        var asker: String
        var asked: String
        /// The verb asked for, lower-cased ("send").
        var verb: String
    }

    /// The requests each message makes of a person it names ("Anna, can you send …?", read by
    /// `ReportedRequests`, the digest's reader of requests).
    static func requests(in messages: [ThreadMessageText]) -> [Request] {
        var found: [Request] = []
        for message in messages {
            let asker = SalientSentences.callName(SalientSentences.speakerName(message.sender))
            let text = MailTextTrimmer.trim(message.text, namedQuotes: true)
            for sentence in ThreadSummarizer.sentences(text) where sentence.hasSuffix("?") {
                guard let request = ReportedRequests.request(in: sentence, anyVerb: true), let asked = request.named,
                      asked != asker, !SalientSentences.notAGivenName.contains(asked.lowercased()) else { continue }
                found.append(Request(asker: asker, asked: asked, verb: request.verb))
            }
        }
        return found
    }

    /// `summary` with each "ASKED [Surname] can|could VERB" of a request made by name turned
    /// into "ASKER asked ASKED to VERB"; unchanged when there is none.
    static func repaired(_ summary: String, messages: [ThreadMessageText]) -> String {
        var result = summary
        for request in requests(in: messages) {
            let pattern = "\\b" + NSRegularExpression.escapedPattern(for: request.asked) + #"(?: [A-Z][a-z]+)? (?:can|could) "#
                + NSRegularExpression.escapedPattern(for: request.verb) + "\\b"
            guard let range = result.range(of: pattern, options: .regularExpression) else { continue }
            result.replaceSubrange(range, with: "\(request.asker) asked \(request.asked) to \(request.verb)")
        }
        return result
    }
}
