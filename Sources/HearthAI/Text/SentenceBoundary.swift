import Foundation

/// Where a sentence ends: one rule for the digest, the validator and the decoder's stop
/// (`SentenceCounter`), so that a summary the decoder let finish at two sentences is two
/// sentences to the validator too. A sentence ends at ".", "!" or "?" followed by whitespace or
/// the text's end ("configure.in" stays whole) and is longer than 3 characters, but not
///
/// - at an initial or a title's abbreviation ("John P. Looney", "Dr. Ito", "e.g. on Monday");
///   session 16: "John P." counted as a sentence, so a summary naming him was one too long;
/// - inside parentheses that close within 200 characters ("(how hard can it be? not very)").
enum SentenceBoundary {
    /// One finished sentence, and whether whitespace followed its mark (a sentence ended by the
    /// text's end may still go on as the decoder writes).
    struct Sentence {
        var text: String
        var followedByWhitespace: Bool
    }

    /// The finished sentences of `text`, trimmed, and what follows the last of them.
    static func split(_ text: String) -> (sentences: [Sentence], rest: String) {
        var result: [Sentence] = []
        var current = ""
        let characters = Array(text)
        var openParentheses = 0
        for (index, character) in characters.enumerated() {
            current.append(character)
            if character == "(" { openParentheses += 1 } else if character == ")" { openParentheses = max(0, openParentheses - 1) }
            let atEnd = index + 1 == characters.count
            guard ".!?".contains(character), atEnd || characters[index + 1].isWhitespace else { continue }
            if character == ".", !atEnd, endsWithAbbreviation(current) { continue }
            // An unclosed parenthesis (a smiley's) does not hold the rest of the text.
            if openParentheses > 0, characters[(index + 1)...].prefix(200).contains(")") { continue }
            let trimmed = current.trimmingCharacters(in: .whitespaces)
            if trimmed.count > 3 { result.append(Sentence(text: trimmed, followedByWhitespace: !atEnd)); current = "" }
        }
        return (result, current.trimmingCharacters(in: .whitespaces))
    }

    /// Whether `text` (ending in ".") ends with an initial ("John P.": a capital after a
    /// capitalised word; "plan B." ends its sentence) or a title or Latin abbreviation ("Dr.",
    /// "e.g."). Reads only the last two words, from the end.
    static func endsWithAbbreviation(_ text: String) -> Bool {
        let body = text.dropLast()
        let wordStart = body.lastIndex(where: \.isWhitespace).map { body.index(after: $0) } ?? body.startIndex
        let bare = String(body[wordStart...]).trimmingCharacters(in: CharacterSet(charactersIn: "(\"'“"))
        if bare.count == 1, bare.first?.isUppercase == true {
            let before = body[..<wordStart].trimmingCharacters(in: .whitespaces)
            let previousStart = before.lastIndex(where: \.isWhitespace).map { before.index(after: $0) } ?? before.startIndex
            return before[previousStart...].first?.isUppercase == true
        }
        return abbreviations.contains(bare.lowercased())
    }

    /// Titles and Latin abbreviations a dot does not end a sentence after.
    static let abbreviations: Set<String> = ["mr", "mrs", "ms", "dr", "prof", "st", "jr", "sr", "vs", "e.g", "i.e", "cf", "approx"]
}
