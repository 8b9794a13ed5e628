import Foundation
import HearthCore

/// How `EmbeddingText` tells the sender's own prose from the rest, line by line: quotes and
/// attributions, greetings, sign-offs, signatures, list footers, patches — and long links cut
/// to their host. Each token the model reads costs time (issue 16), and each of these lines
/// pulls a message's mean-pooled vector towards what every other message also says ("Hi all,",
/// "Thanks,", "Sent from my iPhone", an unsubscribe line) instead of what this one is about.
enum EmbeddingTextLines {
    /// A signature, a list footer, a sign-off or the start of a patch: what follows is not the
    /// sender's own prose (quoted and forwarded messages' separators: `QuotedMessageHeader`).
    static func isEndOfText(line: Substring, stripped: String) -> Bool {
        if line == "-- " || stripped == "--" || stripped.hasPrefix("diff --git ")
            || stripped.hasPrefix("Index: ") || stripped.hasPrefix("--- a/")
            || (stripped.count >= 10 && stripped.allSatisfy { $0 == "-" || $0 == "=" || $0 == "_" }) {
            return true
        }
        let lower = stripped.lowercased()
        return footerOpenings.contains { lower.hasPrefix($0) } || MailAppSignature.isSignatureLine(lower) || isSignOff(lower)
    }

    /// Quoted text ("> ", "| ", and ": " of older newsreaders) and reply attributions.
    static func isQuoteOrAttribution(_ line: String) -> Bool {
        if line.hasPrefix(">") || line.hasPrefix("|") || line.hasPrefix(": ") || line.hasPrefix(":>") || line == ":" {
            return true
        }
        let lower = line.lowercased()
        guard lower.count < 200 else { return false }
        return (lower.hasPrefix("on ") && (lower.hasSuffix("wrote:") || lower.hasSuffix("wrote :")))
            || lower.hasSuffix(" writes:") || lower.hasSuffix(" wrote:")
    }

    /// "Hi all,", "Hello Ralf,", "Dear Sir or Madam," — the opening salutation, a short line.
    static func isGreeting(_ line: String) -> Bool {
        let lower = line.lowercased()
        guard lower.count <= 40, lower.split(separator: " ").count <= 5 else { return false }
        guard let first = lower.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "!" }).first else { return false }
        let opening = String(first)
        if greetingWords.contains(opening) {
            // "Hi," / "Hello all!" / "Dear Mr Smith," — not "Hi-fi amplifier for sale".
            return lower.hasSuffix(",") || lower.hasSuffix("!") || lower.split(separator: " ").count <= 3
        }
        return lower.hasPrefix("good morning") || lower.hasPrefix("good afternoon") || lower.hasPrefix("good evening")
    }

    /// "Thanks,", "Best regards", "Cheers, Matt", "Thanks in advance!" — a sign-off alone on its
    /// line (a sentence that merely starts with "thanks" goes on).
    static func isSignOff(_ lower: String) -> Bool {
        guard lower.count <= 40 else { return false }
        let words = lower.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "!" || $0 == "." })
        guard !words.isEmpty else { return false }
        for phrase in signOffs {
            let phraseWords = phrase.split(separator: " ")
            guard words.count >= phraseWords.count, words.prefix(phraseWords.count).elementsEqual(phraseWords) else { continue }
            // The phrase alone, or followed by a name ("Thanks, Barry"): at most two more words.
            let rest = words.count - phraseWords.count
            return rest == 0 || (rest <= 2 && lower.dropFirst(phrase.count).first.map { $0 == "," || $0 == "!" || $0 == "." } == true)
        }
        return false
    }

    /// Links cut to their host ("https://www.example.org/a/b?c=d" → "example.org"): the path
    /// and query are many word pieces of nothing a reader searches for.
    static func shorteningLinks(_ text: String) -> String {
        guard text.contains("://") || text.contains("www.") else { return text }
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> Substring in
            guard let host = host(ofLink: word) else { return word }
            return Substring(host)
        }.joined(separator: " ")
    }

    static func host(ofLink word: Substring) -> String? {
        var rest = word.drop { $0 == "<" || $0 == "(" || $0 == "\"" }
        if let scheme = rest.range(of: "://") {
            guard rest[..<scheme.lowerBound].allSatisfy({ $0.isLetter }) else { return nil }
            rest = rest[scheme.upperBound...]
        } else if !rest.lowercased().hasPrefix("www.") {
            return nil
        }
        var host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ">" && $0 != ")" && $0 != "\"" }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.lowercased().hasPrefix("www.") { host = host.dropFirst(4) }
        host = host.prefix { $0 != ":" }
        guard host.contains("."), !host.hasSuffix(".") else { return nil }
        return String(host)
    }

    static let greetingWords: Set<String> = ["hi", "hello", "hey", "dear", "greetings", "hallo", "hola", "bonjour", "howdy", "yo"]
    static let signOffs = ["thanks in advance", "thank you", "many thanks", "thanks", "thx", "best regards", "kind regards",
                           "warm regards", "regards", "best wishes", "best", "cheers", "sincerely", "yours sincerely",
                           "yours truly", "all the best", "ta"]
    /// Lines that open a list's or a service's footer (a mail app's signature: `MailAppSignature`).
    static let footerOpenings = ["to unsubscribe", "unsubscribe:", "you received this message because",
                                 "you are receiving this", "this email and any attachments", "this e-mail and any attachments",
                                 "confidentiality notice"]
}
