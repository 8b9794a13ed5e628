/// An expression's prefix terms that are longer than the keyword index's prefix indexes, cut
/// to the longest indexed length: `"mips"*` → `"mip"*`, `"page fault"*` → `"page fau"*`.
///
/// A cut prefix matches every message the long one does (a word beginning "mips" begins "mip";
/// AND, OR and column filters combine terms monotonically), and FTS5 reads it as one doclist of
/// the prefix index — seekable, cheap to count — where the long prefix makes it merge the
/// doclists of every word it begins, whole.
struct PrefixCuts: Sendable, Equatable {
    /// The whole expression with each long prefix cut (a superset of its matches).
    var expression: String
    /// Each cut prefix on its own (`"mip"*`): how many messages it is in bounds the merge.
    var terms: [String]

    init(expression: String, terms: [String]) {
        self.expression = expression
        self.terms = terms
    }

    /// Nil when the expression has no prefix longer than the prefix indexes, or when one of
    /// them is not plain ASCII letters and digits (then its first letters as FTS5 folds them —
    /// case, diacritics — are not simply its first characters; such a term is left to FTS5).
    init?(_ match: String) {
        let scalars = Array(match.unicodeScalars)
        let length = FTSMatch.longestIndexedPrefix
        var output = String.UnicodeScalarView()
        var cut: [String] = []
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
            let starred = end + 1 < scalars.count && scalars[end + 1] == "*"
            var tokenEnd = content.count
            while tokenEnd > 0 && !FTSMatch.isTokenCharacter(content[tokenEnd - 1]) { tokenEnd -= 1 }
            var tokenStart = tokenEnd
            while tokenStart > 0 && FTSMatch.isTokenCharacter(content[tokenStart - 1]) { tokenStart -= 1 }
            guard starred, tokenEnd - tokenStart > length else {
                output.append(contentsOf: scalars[index..<min(end + 1, scalars.count)])
                index = end + 1
                continue
            }
            let token = content[tokenStart..<tokenEnd]
            guard token.allSatisfy(Self.isPlainASCII) else { return nil }
            let kept = token.prefix(length)
            var shortened = String.UnicodeScalarView()
            shortened.append("\"")
            shortened.append(contentsOf: content[..<tokenStart])
            shortened.append(contentsOf: kept)
            shortened.append(contentsOf: "\"*".unicodeScalars)
            output.append(contentsOf: shortened)
            cut.append("\"" + String(String.UnicodeScalarView(kept)) + "\"*")
            index = end + 2
        }
        guard !cut.isEmpty else { return nil }
        expression = String(output)
        terms = cut
    }

    private static func isPlainASCII(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        default: false
        }
    }
}
