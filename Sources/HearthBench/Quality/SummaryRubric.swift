import Foundation
import HearthAI

/// The rubric of one judged thread (issue 15: correctness, decisions, action items, latest
/// status, length) and the automatic part of scoring a summary against it. docs/ai.md
/// ("Rubric scoring") says what each criterion means and which parts only a reader can judge.
///
/// Five criteria, each 0…1; a summary's score is their mean:
/// - **grounded** (the automatic part of correctness): 1 when the summary names no person,
///   place, date or number the thread lacks (`Grounding`, sentence starts included) and does
///   not copy 24+ words verbatim; else 0. Right names in the wrong roles pass: not automatic.
/// - **content** (decisions and action items, the "what"): the share of the rubric's fact
///   groups met; a group is met when one of its alternatives occurs (case-insensitive).
/// - **people** (action items, the "who"): the share of the people the rubric requires that
///   the summary names (first names count).
/// - **latest status**: 1 when one of the status alternatives occurs, else 0.
/// - **length**: 1 for 2–4 sentences of at most 90 words; 0.5 for one sentence or up to 120
///   words; else 0.
/// A summary the app refused to show (validator, timeout) scores 0 on every criterion and is
/// counted as refused: showing nothing is safe but carries no information.
struct SummaryRubric: Sendable, Hashable {
    var people: [String]
    /// Groups of alternatives.
    var facts: [[String]]
    var latestStatus: [String]

    struct Score: Sendable, Hashable, Encodable {
        var grounded: Double
        var content: Double
        var people: Double
        var latestStatus: Double
        var length: Double
        /// What an automatic check found wrong, for the reader ("invented: Dublin").
        var notes: [String]
        var total: Double { (grounded + content + people + latestStatus + length) / 5 }

        static let refused = Score(grounded: 0, content: 0, people: 0, latestStatus: 0, length: 0, notes: ["no summary shown"])
    }

    func score(_ summary: String, thread: [ThreadMessageText], subject: String) -> Score {
        let lower = summary.lowercased()
        var notes: [String] = []
        let grounding = Grounding(sources: [subject] + thread.flatMap { [$0.sender, $0.text] })
        let invented = grounding.unsupportedClaims(in: summary)
        let copied = grounding.longestCopiedRun(in: summary)
        if !invented.isEmpty { notes.append("not in the thread: " + invented.prefix(4).joined(separator: ", ")) }
        if copied >= 24 { notes.append("copies \(copied) words verbatim") }
        let grounded: Double = invented.isEmpty && copied < 24 ? 1 : 0

        let met = facts.filter { group in group.contains { lower.contains($0.lowercased()) } }.count
        let content = facts.isEmpty ? 1 : Double(met) / Double(facts.count)
        if met < facts.count { notes.append("facts met \(met)/\(facts.count)") }

        let named = people.filter { Self.names($0, in: summary) }
        let peopleScore = people.isEmpty ? 1 : Double(named.count) / Double(people.count)
        if named.count < people.count { notes.append("missing: " + people.filter { !named.contains($0) }.joined(separator: ", ")) }

        let status: Double = latestStatus.isEmpty || latestStatus.contains { lower.contains($0.lowercased()) } ? 1 : 0
        if status == 0 { notes.append("latest status not stated") }

        let sentences = ThreadSummarizer.sentences(summary).count
        let words = summary.split { $0.isWhitespace }.count
        let length: Double = (2...4).contains(sentences) && words <= 90 ? 1 : (sentences >= 1 && sentences <= 4 && words <= 120 ? 0.5 : 0)
        if length < 1 { notes.append("\(sentences) sentence(s), \(words) words") }
        return Score(grounded: grounded, content: content, people: peopleScore, latestStatus: status, length: length, notes: notes)
    }

    /// The person is named: the full name or its first word, as a whole word.
    static func names(_ person: String, in text: String) -> Bool {
        let first = person.split(separator: " ").first.map(String.init) ?? person
        return [person, first].contains { name in
            text.range(of: "\\b" + NSRegularExpression.escapedPattern(for: name) + "\\b", options: [.regularExpression, .caseInsensitive]) != nil
        }
    }
}

/// The automatic part of judging a set of smart replies to a thread's last message (issue 15:
/// three short, distinct replies in the user's voice, addressed to the sender, never echoing
/// the sender, each a complete sentence; fewer rather than a bad one).
///
/// A reply **passes** when it is one or more complete sentences (capital start, end mark) of
/// 3–30 words, shares no run of 6+ words with the message, names nobody and no number the
/// message lacks (`Grounding`, sentence starts lenient: "Sure", "Sorry"), and — when it opens
/// with a name — opens with the sender's first name; and it is not the same line (names aside)
/// the model wrote for another thread of the set. The set's score is passing replies / 3,
/// counting only distinct intents. Whether a reply answers what was asked (relevance) is only
/// approximated (session 11): a judged message may list the topics a relevant reply talks about
/// (written after reading it, before running the model), and a reply naming none of them counts
/// as off topic; the bench prints the replies for a reader.
enum ReplyRubric {
    struct Score: Sendable, Hashable, Encodable {
        var offered: Int
        var passing: Int
        /// Offered replies naming one of the message's topics; nil when the message has none.
        var relevant: Int?
        var notes: [String]
        var total: Double { Double(passing) / 3 }
    }

    /// `templates`: replies (as `templateKey`) that came back for two or more different threads
    /// of the set — a canned line, not an answer to this message (issue 15's complaint).
    static func score(_ replies: [(intent: ReplyIntent, text: String)], to message: ThreadMessageText,
                      templates: Set<String> = [], topics: [String] = [], subject: String = "") -> Score {
        // The subject is part of what the user read: a reply may name "CVS" from it (session 11).
        let grounding = Grounding(sources: [message.sender, message.text, subject])
        // The sender's name as the app greets them: "eryq@host" is "eryq", not the whole
        // address; "Starovoitov Igor" <igor@…> is Igor (session 12).
        let speaker = SmartReplyGenerator.addressName(of: message)
        let firstName = speaker.split(separator: " ").first.map(String.init) ?? speaker
        var notes: [String] = []
        var passing = 0
        var intents: Set<ReplyIntent> = []
        for reply in replies {
            var problems = problems(reply.text, grounding: grounding, firstName: firstName)
            if templates.contains(templateKey(reply.text, sender: message.sender)) { problems.append("the same line for other threads") }
            if !intents.insert(reply.intent).inserted { notes.append("\(reply.intent.rawValue) twice"); continue }
            if problems.isEmpty { passing += 1 } else { notes.append("\(reply.intent.rawValue): " + problems.joined(separator: "; ")) }
        }
        if replies.count < 3 { notes.append("\(replies.count) of 3 offered") }
        var relevant: Int?
        if !topics.isEmpty {
            let onTopic = replies.filter { isRelevant($0.text, topics: topics) }
            relevant = onTopic.count
            for reply in replies where !isRelevant(reply.text, topics: topics) { notes.append("\(reply.intent.rawValue): off topic") }
        }
        return Score(offered: replies.count, passing: passing, relevant: relevant, notes: notes)
    }

    /// The reply talks about one of the topics (case-insensitive, at a word's start: "earring"
    /// matches "earrings", "ini" does not match "finish").
    static func isRelevant(_ text: String, topics: [String]) -> Bool {
        topics.contains { topic in
            text.range(of: "\\b" + NSRegularExpression.escapedPattern(for: topic), options: [.regularExpression, .caseInsensitive]) != nil
        }
    }

    static func problems(_ text: String, grounding: Grounding, firstName: String) -> [String] {
        var problems: [String] = []
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let words = trimmed.split { $0.isWhitespace }.count
        if !(trimmed.first?.isUppercase ?? false) || !(trimmed.last.map { ".!?".contains($0) } ?? false) { problems.append("not a complete sentence") }
        if !(3...30).contains(words) { problems.append("\(words) words") }
        let copied = grounding.longestCopiedRun(in: trimmed)
        if copied >= 6 { problems.append("echoes \(copied) words of the message") }
        let invented = grounding.unsupportedClaims(in: trimmed, lenientSentenceStarts: true)
        if !invented.isEmpty { problems.append("not in the message: " + invented.prefix(3).joined(separator: ", ")) }
        if let addressee = addressee(trimmed), addressee.caseInsensitiveCompare(firstName) != .orderedSame {
            problems.append("addressed to \(addressee), not \(firstName)")
        }
        return problems
    }

    /// A reply with the addressee's names taken out, lower-cased: equal keys for different
    /// threads mean the same canned line.
    static func templateKey(_ reply: String, sender: String) -> String {
        let names = Set(sender.lowercased().split(separator: " ").map(String.init))
        return reply.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" }.map(String.init).filter { !names.contains($0) }.joined(separator: " ")
    }

    /// Keys of replies that occur for two or more threads.
    static func templates(_ sets: [(replies: [String], sender: String)]) -> Set<String> {
        var threadsPerKey: [String: Int] = [:]
        for set in sets {
            for key in Set(set.replies.map { templateKey($0, sender: set.sender) }) { threadsPerKey[key, default: 0] += 1 }
        }
        return Set(threadsPerKey.filter { $0.value >= 2 }.keys)
    }

    /// The name a reply opens with ("Sure Alice, …", "Carla, which …"): a capitalised word in
    /// the opening clause (before the first comma, at most three words) that is not an opener.
    static func addressee(_ reply: String) -> String? {
        guard let comma = reply.firstIndex(of: ",") else { return nil }
        let clause = reply[..<comma].split(separator: " ").map(String.init)
        guard clause.count <= 3 else { return nil }
        return clause.first { word in
            word.first?.isUppercase == true && !openers.contains(word.lowercased())
        }
    }

    static let openers: Set<String> = [
        "sure", "sorry", "thanks", "thank", "yes", "no", "hi", "hello", "hey", "dear", "absolutely", "unfortunately",
        "great", "ok", "okay", "of", "course", "i", "happy", "sounds", "good", "fine", "alright", "certainly", "well",
    ]
}
