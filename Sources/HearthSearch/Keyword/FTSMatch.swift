/// Builds FTS5 MATCH expressions from untrusted text. Every term becomes a double-quoted FTS5
/// string (inner quotes doubled), so operators typed by the user (`AND`, `OR`, `NOT`, `NEAR(`,
/// `*`, `^`, `:`, parentheses) are plain text and can never make the query invalid (E-08).
enum FTSMatch {
    /// Terms beyond this are ignored: a 10 KB paste must not become a 2,000-clause query.
    static let maxTerms = 32
    /// Characters of one term kept.
    static let maxTermLength = 256

    /// `"a" "b c" "d"*`: every term must match (FTS5's implicit AND); the last bare word is a
    /// prefix when `prefixLast` (search-as-you-type, FR-SEARCH-06). Nil when no term has a
    /// character the tokenizer indexes (only punctuation, emoji…): there is nothing to match.
    static func expression(_ terms: [SearchTerm], prefixLast: Bool) -> String? {
        var parts: [String] = []
        let usable = terms.compactMap { term -> (String, Bool)? in
            switch term {
            case .word(let w): hasTokenCharacters(w) ? (w, true) : nil
            case .phrase(let p): hasTokenCharacters(p) ? (p, false) : nil
            }
        }.prefix(maxTerms)
        for (index, (text, isWord)) in usable.enumerated() {
            let prefix = prefixLast && isWord && index == usable.count - 1
            parts.append(quoted(text) + (prefix ? "*" : ""))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// `{sender_name sender_email} : "john"*`: a word-prefix match on the sender's name or
    /// address (so `john` finds "John Smith" and john.doe@example.org).
    static func sender(_ text: String) -> String? {
        guard hasTokenCharacters(text) else { return nil }
        return "{sender_name sender_email} : " + quoted(text) + "*"
    }

    /// The text as one FTS5 string. Control characters become spaces: SQLite reads the
    /// expression as a C string, so a NUL would end it inside the quotes ("unterminated
    /// string"); found by the parser's property test.
    static func quoted(_ text: String) -> String {
        let clipped = text.count > maxTermLength ? String(text.prefix(maxTermLength)) : text
        var cleaned = String.UnicodeScalarView()
        for scalar in clipped.unicodeScalars {
            if scalar == "\"" {
                cleaned.append(contentsOf: "\"\"".unicodeScalars)
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                cleaned.append(" ")
            } else {
                cleaned.append(scalar)
            }
        }
        return "\"" + String(cleaned) + "\""
    }

    /// Whether unicode61 would find a token in `text` (letters and digits; everything else
    /// separates tokens). An FTS5 string without tokens would match nothing and empty an AND.
    static func hasTokenCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { s in
            switch s.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse: true
            default: false
            }
        }
    }
}
