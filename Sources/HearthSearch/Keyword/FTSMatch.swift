/// Builds FTS5 MATCH expressions from untrusted text. Every term becomes a double-quoted FTS5
/// string (inner quotes doubled), so operators typed by the user (`AND`, `OR`, `NOT`, `NEAR(`,
/// `*`, `^`, `:`, parentheses) are plain text and can never make the query invalid (E-08).
enum FTSMatch {
    /// Terms beyond this are ignored: a 10 KB paste must not become a 2,000-clause query.
    static let maxTerms = 32
    /// Characters of one term kept.
    static let maxTermLength = 256

    /// A last word needs this many token characters to become a prefix (`"mi"*`). One letter
    /// would expand to most of the vocabulary: "m" matched 61K of 63K linux-mips messages and
    /// cost seconds; nobody means "every word starting with m".
    static let minimumPrefixCharacters = 2

    /// The keyword side of a query: the all-words expression and, for when it finds nothing,
    /// the relaxed one (any n−1 of the n terms).
    struct Plan: Sendable, Hashable {
        /// `"a" "b c" "d"*`: every term must match (FTS5's implicit AND).
        var all: String
        /// `("a" "b c") OR ("a" "d"*) OR ("b c" "d"*)`: every term but one. Nil for one term.
        var relaxed: String?
        /// The terms that were matched, as FTS5 strings (for tests and diagnostics).
        var terms: [String]
    }

    /// The plan for `terms`, or nil when nothing is left to match: no term has a character the
    /// tokenizer indexes (only punctuation, emoji…), or the only term is one letter still being
    /// typed. Stop words are dropped unless every bare word is one (`StopWords`); phrases are
    /// kept whole. With `prefixLast` (search-as-you-type, FR-SEARCH-06) the last bare word is a
    /// prefix when it has at least `minimumPrefixCharacters`; a shorter one is dropped while
    /// other terms remain (the user is mid-word).
    static func plan(_ terms: [SearchTerm], prefixLast: Bool) -> Plan? {
        var usable = terms.compactMap { term -> (text: String, isWord: Bool)? in
            switch term {
            case .word(let w): hasTokenCharacters(w) ? (w, true) : nil
            case .phrase(let p): hasTokenCharacters(p) ? (p, false) : nil
            }
        }
        let meaningful = usable.filter { !$0.isWord || !StopWords.contains($0.text) }
        if !meaningful.isEmpty { usable = meaningful }   // stop words go only when something remains
        var prefixLastWord = false
        if prefixLast, let last = usable.last, last.isWord {
            if tokenCharacterCount(last.text) >= minimumPrefixCharacters {
                prefixLastWord = true
            } else {
                usable.removeLast()
            }
        }
        let clipped = Array(usable.prefix(maxTerms))
        if clipped.count < usable.count { prefixLastWord = false }
        guard !clipped.isEmpty else { return nil }
        let parts = clipped.enumerated().map { index, term in
            quoted(term.text) + (prefixLastWord && index == clipped.count - 1 ? "*" : "")
        }
        return Plan(all: parts.joined(separator: " "), relaxed: relaxedExpression(parts), terms: parts)
    }

    /// Terms beyond this are not relaxed one by one (n groups of n−1 terms); the relaxed query
    /// of a longer paste is any of its first `maxRelaxedTerms` terms.
    static let maxRelaxedTerms = 8

    /// Any n−1 of the n parts; for two parts, either one.
    static func relaxedExpression(_ parts: [String]) -> String? {
        guard parts.count >= 2 else { return nil }
        guard parts.count <= maxRelaxedTerms else { return parts.prefix(maxRelaxedTerms).joined(separator: " OR ") }
        let groups = parts.indices.map { left in
            "(" + parts.enumerated().filter { $0.offset != left }.map(\.element).joined(separator: " ") + ")"
        }
        return groups.joined(separator: " OR ")
    }

    /// The all-words expression (see `plan`).
    static func expression(_ terms: [SearchTerm], prefixLast: Bool) -> String? {
        plan(terms, prefixLast: prefixLast)?.all
    }

    /// `{sender_name sender_email} : "john"*`: a word-prefix match on the sender's name or
    /// address (so `john` finds "John Smith" and john.doe@example.org).
    static func sender(_ text: String) -> String? {
        guard hasTokenCharacters(text) else { return nil }
        return "{sender_name sender_email} : " + quoted(text) + "*"
    }

    /// `expression` ANDed with each sender filter's match; nil when a sender has nothing to
    /// match (then nothing can match).
    static func withSenders(_ expression: String, _ senders: [String]) -> String? {
        var parts = ["(" + expression + ")"]
        for name in senders {
            guard let match = sender(name) else { return nil }
            parts.append("(" + match + ")")
        }
        return parts.joined(separator: " AND ")
    }

    /// The longest prefix the keyword index has a prefix index for (migration
    /// `v10-search-prefix`: `prefix = '2 3'`). A longer prefix is answered by merging the
    /// doclists of every word it begins.
    static let longestIndexedPrefix = 3

    /// Whether a prefix term of the expression is longer than `longestIndexedPrefix` (its last
    /// token, in letters and digits): `"mips"*` yes, `"mi"*` and `"mip"*` no. A `*` inside an
    /// FTS5 string is text; a doubled quote continues the string.
    static func hasUnindexedPrefixTerm(_ expression: String) -> Bool {
        var inString = false
        var justClosed = false
        var text = String.UnicodeScalarView()
        for scalar in expression.unicodeScalars {
            if scalar == "\"" {
                if inString {
                    inString = false
                    justClosed = true
                } else {
                    inString = true
                    if justClosed { text.append(scalar) } else { text = String.UnicodeScalarView() }
                    justClosed = false
                }
                continue
            }
            if inString {
                text.append(scalar)
                continue
            }
            if scalar == "*" && justClosed && lastTokenLength(text) > longestIndexedPrefix { return true }
            justClosed = false
        }
        return false
    }

    /// Letters and digits of the last token of `text` (trailing separators skipped).
    private static func lastTokenLength(_ text: String.UnicodeScalarView) -> Int {
        var count = 0
        for scalar in text.reversed() {
            if isTokenCharacter(scalar) { count += 1 } else if count > 0 { break }
        }
        return count
    }

    /// The expression with every prefix term made a whole word (`"mips"*` → `"mips"`): it
    /// matches a subset of what the expression matches (AND, OR and column filters only ever
    /// combine terms monotonically), and counting it needs no merge of the doclists of every
    /// word the prefix begins. Inside an FTS5 string a `*` is text, and a doubled quote toggles
    /// the string state twice, so tracking quotes is enough.
    static func withoutPrefixes(_ expression: String) -> String {
        var inString = false
        var kept = String.UnicodeScalarView()
        for scalar in expression.unicodeScalars {
            if scalar == "\"" { inString.toggle() }
            if scalar == "*" && !inString { continue }
            kept.append(scalar)
        }
        return String(kept)
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
        text.unicodeScalars.contains(where: isTokenCharacter)
    }

    /// Letters and digits of `text` (what unicode61 keeps).
    static func tokenCharacterCount(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + (isTokenCharacter($1) ? 1 : 0) }
    }

    static func isTokenCharacter(_ s: Unicode.Scalar) -> Bool {
        switch s.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .privateUse: true
        default: false
        }
    }
}
