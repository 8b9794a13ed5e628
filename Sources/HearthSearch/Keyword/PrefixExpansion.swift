/// A page's long prefixes spelled out as the words its own messages have: `"cache"*` becomes
/// `("cache" OR "cached" OR "caches")` for a page whose messages use those three.
///
/// Highlighting a page needs FTS5 to read each of its ~20 messages with the expression. With
/// whole words it seeks to each message in the index (≈ 1 ms for a page at 60K); a prefix
/// longer than the prefix indexes makes it merge the doclists of every word the prefix begins
/// in the whole mailbox first ("cache"* 7 ms, "interrupt"* through `PageIndex` 9 ms, of a
/// 60K search process). Over the page's messages the spelled-out expression matches what the
/// prefix matches and marks the same words, as long as the words are found as FTS5's
/// tokenizer finds them: ASCII case is folded here, other folding (diacritics, non-ASCII
/// case) is not, so a message whose text is not plain ASCII (`readsExactly`) and that the
/// spelled-out words miss goes the merging way (`KeywordSearcher.highlights`).
struct PrefixExpansion {
    /// The expression with each long prefix spelled out.
    var expression: String
    /// For each phrase of `expression`, the phrase of the original it stands for (`0 0 0` for
    /// the three words of `"cache"*`): `hearth_snippet` scores a fragment by the phrases it
    /// holds, so the words of one prefix count as the one phrase they spell out, and it
    /// chooses the fragment FTS5 chooses for the prefix.
    var phraseGroups: [Int]

    /// Past this many different words for one prefix the expression is not spelled out.
    static let mostWords = 48

    /// Nil when the match has no long prefix, one is not plain ASCII, or one begins more than
    /// `mostWords` words in the page or a word longer than `FTSMatch.maxTermLength` (a run of
    /// hex or base64 in a body would otherwise become a term of the query as long as itself).
    /// `texts` are each message's indexed columns.
    init?(_ match: String, texts: [Int64: [String]]) {
        var spelledCount: [Int: Int] = [:]   // phrase of the original → words it became
        let rewritten = LongPrefixTerms.rewrite(match) { term in
            guard LongPrefixTerms.isPlainASCII(term.token) else { return nil }
            let prefix = Array(String(String.UnicodeScalarView(term.token)).lowercased().utf8)
            var words = Set<String>()
            for column in texts.values.joined() {
                Self.collectWords(beginning: prefix, in: column, into: &words)
                guard words.count <= Self.mostWords else { return nil }
            }
            guard words.allSatisfy({ $0.utf8.count <= FTSMatch.maxTermLength }) else { return nil }
            // No message of the page has such a word: the word itself, which matches none of them.
            let spelled = words.isEmpty ? [String(String.UnicodeScalarView(term.token))] : words.sorted()
            let head = String(term.head)
            spelledCount[term.phrase] = spelled.count
            return "(" + spelled.map { "\"" + head + $0 + "\"" }.joined(separator: " OR ") + ")"
        }
        guard let rewritten else { return nil }
        expression = rewritten.expression
        phraseGroups = (0..<rewritten.phrases).flatMap { phrase in Array(repeating: phrase, count: spelledCount[phrase] ?? 1) }
    }

    /// Whether the byte scan reads a message's columns exactly as FTS5's tokenizer does: plain
    /// ASCII, where folding is ASCII case alone. A message with other text may hold a word the
    /// spelled-out expression misses ("MIPSÉ" for `"mipse"*`).
    static func readsExactly(_ columns: [String]) -> Bool {
        columns.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// Adds the words of `text` beginning with `prefix` (lowercase ASCII), lowercased: a word
    /// starts after a byte that is not part of a token and runs while letters and digits
    /// (any script) follow, as unicode61 reads them.
    static func collectWords(beginning prefix: [UInt8], in text: String, into words: inout Set<String>) {
        guard let first = prefix.first else { return }
        var text = text
        text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            while index + prefix.count <= count {
                defer { index += 1 }
                guard lowered(bytes[index]) == first, startsWord(bytes, at: index) else { continue }
                var matched = 1
                while matched < prefix.count && lowered(bytes[index + matched]) == prefix[matched] { matched += 1 }
                guard matched == prefix.count else { continue }
                var end = index + prefix.count
                while end < count, let length = tokenLength(bytes, at: end) { end += length }
                words.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self).lowercased())
                index = end - 1
            }
        }
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// The byte length of the token character at `index`, or nil when it is a separator.
    private static func tokenLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let byte = bytes[index]
        if byte < 0x80 {
            let isAlnum = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            return isAlnum ? 1 : nil
        }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard index + length <= bytes.count else { return nil }
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator), FTSMatch.isTokenCharacter(scalar) else { return nil }
        return length
    }

    /// Whether `index` begins a token: the character before it is not a token character.
    private static func startsWord(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index > 0 else { return true }
        var start = index - 1
        while start > 0 && index - start < 4 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return tokenLength(bytes, at: start) == nil
    }
}
