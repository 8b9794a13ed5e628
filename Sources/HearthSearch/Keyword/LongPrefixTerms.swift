/// One prefix term of an FTS5 expression that is longer than the keyword index's prefix
/// indexes (`"mips"*`, `"page fault"*`): what `LongPrefixTerms.rewrite` hands a rewriter.
struct LongPrefixTerm {
    /// The string's content before the prefix token, as written (a phrase's earlier words:
    /// `page ` in `"page fault"*`; doubled quotes stay doubled).
    var head: String.UnicodeScalarView
    /// The prefix token itself, letters and digits (`fault`).
    var token: [Unicode.Scalar]
    /// Which of the expression's strings this is (FTS5 numbers its phrases so, from 0).
    var phrase: Int
}

/// Finds an expression's long prefix terms and rewrites each one, copying the rest of the
/// expression as it is: `PrefixCuts` cuts them to the indexed length, `PrefixExpansion` spells
/// them out as the words a page of messages has. A `*` inside an FTS5 string is text and a
/// doubled quote continues the string, as FTS5 reads them.
enum LongPrefixTerms {
    /// `expression` with each long prefix term (quotes and star included) replaced by
    /// `replace(term)`; nil when there is none, or when `replace` gives nil for one. FTS5 ANDs
    /// neighbouring phrases without an operator but not a phrase and a parenthesised group
    /// (`"a" ("b" OR "c")` is a syntax error), so a replacement in parentheses gets an explicit
    /// AND towards a phrase or group on either side. `phrases`: how many strings the
    /// expression has.
    static func rewrite(_ expression: String, _ replace: (LongPrefixTerm) -> String?) -> (expression: String, phrases: Int)? {
        let scalars = Array(expression.unicodeScalars)
        var output = String.UnicodeScalarView()
        var rewritten = false
        var phrases = 0
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "\"" else {
                output.append(scalars[index])
                index += 1
                continue
            }
            // The string up to its closing quote (a doubled quote is a quote inside it).
            var end = index + 1
            while end < scalars.count {
                if scalars[end] == "\"" {
                    if end + 1 < scalars.count && scalars[end + 1] == "\"" { end += 2; continue }
                    break
                }
                end += 1
            }
            let content = Array(scalars[(index + 1)..<min(end, scalars.count)])
            phrases += 1
            let starred = end + 1 < scalars.count && scalars[end + 1] == "*"
            var tokenEnd = content.count
            while tokenEnd > 0 && !FTSMatch.isTokenCharacter(content[tokenEnd - 1]) { tokenEnd -= 1 }
            var tokenStart = tokenEnd
            while tokenStart > 0 && FTSMatch.isTokenCharacter(content[tokenStart - 1]) { tokenStart -= 1 }
            guard starred, tokenEnd - tokenStart > FTSMatch.longestIndexedPrefix else {
                output.append(contentsOf: scalars[index..<min(end + 1, scalars.count)])
                index = end + 1
                continue
            }
            var head = String.UnicodeScalarView()
            head.append(contentsOf: content[..<tokenStart])
            let term = LongPrefixTerm(head: head, token: Array(content[tokenStart..<tokenEnd]), phrase: phrases - 1)
            guard let replacement = replace(term) else {
                return nil
            }
            let grouped = replacement.unicodeScalars.first == "("
            if grouped, let before = output.last(where: { $0 != " " }), before == "\"" || before == "*" || before == ")" {
                output.append(contentsOf: (output.last == " " ? "AND " : " AND ").unicodeScalars)
            }
            output.append(contentsOf: replacement.unicodeScalars)
            rewritten = true
            index = end + 2
            if grouped, let after = scalars[min(index, scalars.count)...].first(where: { $0 != " " }), after == "\"" || after == "(" {
                output.append(contentsOf: " AND".unicodeScalars)
            }
        }
        return rewritten ? (String(output), phrases) : nil
    }

    /// Whether every scalar is an ASCII letter or digit: then the token's first letters as
    /// FTS5 folds them (case, diacritics) are simply its first characters, lowercased.
    static func isPlainASCII(_ token: [Unicode.Scalar]) -> Bool {
        token.allSatisfy { scalar in
            switch scalar.value {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
            default: false
            }
        }
    }
}
