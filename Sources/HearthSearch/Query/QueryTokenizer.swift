/// Splits a raw query into words, quoted phrases and `key:value` operators. Total: every input
/// yields a token list (an unbalanced quote runs to the end of the input).
struct QueryToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case word, quoted }
    var kind: Kind
    /// The word, the phrase without its quotes, or an operator's value.
    var text: String
    /// The operator's key, lower-cased (`from` in `from:john`); nil for plain words and phrases.
    var key: String?
    /// What the user wrote, for falling back to free text when an operator makes no sense.
    var original: String

    /// The word lower-cased with surrounding punctuation removed ("Yesterday," → "yesterday");
    /// nil for phrases and operators, which never match natural-language patterns.
    var plain: String? {
        guard kind == .word, key == nil else { return nil }
        let trimmed = text.lowercased().trimmingCharacters(in: Self.edgePunctuation)
        return trimmed.isEmpty ? nil : trimmed
    }

    static let edgePunctuation = Set<Character>(".,;!?()[]{}'`")
}

extension String {
    func trimmingCharacters(in set: Set<Character>) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

enum QueryTokenizer {
    /// Operator keys understood in `key:value` form. Anything else with a colon (a URL, `re:`)
    /// stays free text.
    static let operatorKeys: Set<String> = [
        "from", "to", "in", "folder", "label", "account", "category", "is", "has",
        "before", "after", "since", "on", "date", "until",
    ]

    static func isQuote(_ c: Character) -> Bool { c == "\"" || c == "“" || c == "”" }

    static func tokenize(_ raw: String) -> [QueryToken] {
        let chars = Array(raw)
        var tokens: [QueryToken] = []
        var i = 0
        func readQuoted() -> String {
            // chars[i] is the opening quote.
            i += 1
            let start = i
            while i < chars.count, !isQuote(chars[i]) { i += 1 }
            let text = String(chars[start..<min(i, chars.count)])
            if i < chars.count { i += 1 }
            return text
        }
        while i < chars.count {
            let c = chars[i]
            if c.isWhitespace { i += 1; continue }
            if isQuote(c) {
                let text = readQuoted()
                tokens.append(QueryToken(kind: .quoted, text: text, key: nil, original: "\"\(text)\""))
                continue
            }
            let start = i
            while i < chars.count, !chars[i].isWhitespace, !isQuote(chars[i]) { i += 1 }
            let word = String(chars[start..<i])
            if let colon = word.firstIndex(of: ":") {
                let key = word[..<colon].lowercased()
                let value = String(word[word.index(after: colon)...])
                if operatorKeys.contains(key) {
                    if !value.isEmpty {
                        tokens.append(QueryToken(kind: .word, text: value, key: key, original: word))
                        continue
                    }
                    if i < chars.count, isQuote(chars[i]) {
                        let text = readQuoted()
                        tokens.append(QueryToken(kind: .quoted, text: text, key: key, original: "\(word)\"\(text)\""))
                        continue
                    }
                }
            }
            tokens.append(QueryToken(kind: .word, text: word, key: nil, original: word))
        }
        return tokens
    }
}
