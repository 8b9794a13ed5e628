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
        var cut: [String] = []
        let expression = LongPrefixTerms.rewrite(match) { term in
            guard LongPrefixTerms.isPlainASCII(term.token) else { return nil }
            let kept = String(String.UnicodeScalarView(term.token.prefix(FTSMatch.longestIndexedPrefix)))
            cut.append("\"" + kept + "\"*")
            return "\"" + String(term.head) + kept + "\"*"
        }
        guard let expression else { return nil }
        self.expression = expression.expression
        terms = cut
    }
}
