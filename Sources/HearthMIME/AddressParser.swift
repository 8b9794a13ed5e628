import HearthCore

/// Address lists (RFC 5322 §3.4 plus the obsolete syntax of §4.4 and common breakage).
///
/// Never throws: a piece that cannot be read as a mailbox is skipped and reported. Groups are
/// flattened (their names are dropped, their members kept). Accepted: quoted names with commas
/// and escapes, comments (used as the name when there is no phrase: `a@b (Name)`), route
/// addresses (`<@route:a@b>` → `a@b`), a missing closing ">", addresses separated by spaces
/// instead of commas, and RFC 2047 encoded words in names, including inside quoted strings.
public enum AddressParser {
    public static func parseList(_ text: String) -> [EmailAddress] {
        var ignored: [ParseDefect] = []
        return parseList(text, defects: &ignored)
    }

    /// Parses one mailbox (the first of a list).
    public static func parseMailbox(_ text: String) -> EmailAddress? { parseList(text).first }

    public static func parseList(_ text: String, defects: inout [ParseDefect]) -> [EmailAddress] {
        parseList(bytes: Array(text.utf8), defects: &defects)
    }

    /// Parses unfolded raw header bytes: 8-bit bytes inside encoded words keep their declared
    /// charset, others are sniffed (RFC 6532 UTF-8, else Windows-1252).
    public static func parseList(bytes: [UInt8], defects: inout [ParseDefect]) -> [EmailAddress] {
        let parsed = parseTokens(bytes, defects: &defects)
        // A mailbox encoded whole ("=?utf-8?q?Luc=C3=ADa_=3Clucia=40example=2Ees=3E?="), as a
        // script that sets a non-ASCII From as one string sends it (Python's legacy header
        // policy): RFC 2047 forbids an address inside an encoded word, so the "address" read is
        // the encoded word itself. Read mail programs decode the field first; so does this.
        guard parsed.contains(where: { $0.address.hasPrefix("=?") }), RFC2047.containsMarker(bytes) else { return parsed }
        var ignored: [ParseDefect] = []
        let decoded = Array(RFC2047.decode(bytes: bytes, defects: &ignored).utf8)
        var repairedDefects: [ParseDefect] = []
        let repaired = parseTokens(decoded, defects: &repairedDefects)
        guard !repaired.isEmpty, repaired.allSatisfy({ !$0.address.hasPrefix("=?") && $0.address.contains("@") }) else { return parsed }
        defects.append(ParseDefect(.invalidAddress, "address inside an encoded word, decoded before reading"))
        defects.append(contentsOf: repairedDefects)
        return repaired
    }

    static func parseTokens(_ bytes: [UInt8], defects: inout [ParseDefect]) -> [EmailAddress] {
        let tokens = tokenize(bytes)
        var result: [EmailAddress] = []
        var current: [Token] = []

        func finishMailbox() {
            defer { current.removeAll(keepingCapacity: true) }
            guard !current.isEmpty else { return }
            let boxes = mailboxes(from: current)
            if boxes.isEmpty {
                let text = HeaderText.string(render(current, forAddress: false))
                if !text.isEmpty { defects.append(ParseDefect(.invalidAddress, "no address in \"\(text.prefix(80))\"")) }
            }
            result.append(contentsOf: boxes)
        }

        for token in tokens {
            switch token.kind {
            case .special(ASCII.colon) where !current.contains(where: { $0.kind == .special(0x40) || $0.isAngle }):
                current.removeAll() // group name
            case .special(0x2C):  // ","
                finishMailbox()
            case .special(ASCII.semicolon):
                finishMailbox()
            default:
                current.append(token)
            }
        }
        finishMailbox()
        return result
    }

    // MARK: - Tokens

    struct Token: Equatable {
        enum Kind: Equatable { case word, quoted, comment, angle, special(UInt8) }
        var kind: Kind
        var text: [UInt8]
        /// Whitespace (or a comment) preceded the token: names are rebuilt with single spaces.
        var spaceBefore: Bool
        var isAngle: Bool { kind == .angle }
    }

    static func needsQuoting(_ c: UInt8) -> Bool { c == ASCII.space || c == ASCII.quote || c == 0x2C || c == 0x40 }

    static let specials: Set<UInt8> = Set("()<>[]:;@\\,.\"".utf8)

    static func tokenize(_ b: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        let n = b.count
        var space = false
        while i < n {
            let c = b[i]
            if ASCII.isSpaceOrNewline(c) { space = true; i += 1; continue }
            switch c {
            case ASCII.quote:
                let (v, next, _) = RFC2231.readQuoted(b, from: i + 1)
                tokens.append(Token(kind: .quoted, text: v, spaceBefore: space))
                i = next
            case 0x28: // "("
                let end = RFC2231.skipComment(b, i)
                var inner = b[(i + 1)..<max(i + 1, end)]
                if inner.last == 0x29 { inner = inner.dropLast() }
                tokens.append(Token(kind: .comment, text: unescape(inner), spaceBefore: space))
                i = end
                space = true
                continue
            case 0x3C: // "<"
                var j = i + 1
                var inQuote = false
                while j < n {
                    if b[j] == ASCII.quote { inQuote.toggle() } else if !inQuote && b[j] == 0x3E { break }
                    j += 1
                }
                var end = j
                if j >= n {
                    // Missing ">": the address runs to the next "," (or the end).
                    end = b[(i + 1)...].firstIndex(of: 0x2C) ?? n
                    j = end - 1
                }
                tokens.append(Token(kind: .angle, text: cleanAngle(b[(i + 1)..<end]), spaceBefore: space))
                i = j + 1
            case 0x5B: // domain literal
                let end = b[i...].firstIndex(of: 0x5D).map { $0 + 1 } ?? n
                tokens.append(Token(kind: .word, text: Array(b[i..<end]), spaceBefore: space))
                i = end
            case 0x3E, ASCII.backslash: // stray ">" or "\": ignore
                i += 1
            case _ where specials.contains(c):
                tokens.append(Token(kind: .special(c), text: [c], spaceBefore: space))
                i += 1
            default:
                // An encoded word is one token even if it contains specials ("=?utf-8?q?J.Doe?=").
                if c == ASCII.equals, i + 1 < n, b[i + 1] == ASCII.question, let word = RFC2047.parseWord(b, at: i) {
                    tokens.append(Token(kind: .word, text: Array(b[i..<word.end]), spaceBefore: space))
                    i = word.end
                } else {
                    let start = i
                    while i < n && !ASCII.isSpaceOrNewline(b[i]) && !specials.contains(b[i]) {
                        if b[i] == ASCII.equals, i + 1 < n, b[i + 1] == ASCII.question, i > start, RFC2047.parseWord(b, at: i) != nil { break }
                        i += 1
                    }
                    tokens.append(Token(kind: .word, text: Array(b[start..<i]), spaceBefore: space))
                }
            }
            space = false
        }
        return tokens
    }

    static func unescape(_ s: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == ASCII.backslash, i + 1 < s.endIndex { out.append(s[i + 1]); i += 2 } else { out.append(s[i]); i += 1 }
        }
        return out
    }

    /// The addr-spec inside "<...>": comments and whitespace removed (obsolete CFWS), route dropped.
    static func cleanAngle(_ s: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = s.startIndex
        var inQuote = false
        while i < s.endIndex {
            let c = s[i]
            if c == ASCII.quote { inQuote.toggle(); out.append(c); i += 1; continue }
            if !inQuote && c == 0x28 {
                let rel = RFC2231.skipComment(Array(s[i...]), 0)
                i += max(rel, 1)
                continue
            }
            if !inQuote && ASCII.isSpaceOrNewline(c) { i += 1; continue }
            out.append(c)
            i += 1
        }
        // Obsolete route: "@a,@b:user@host" → "user@host".
        if out.first == 0x40, let colon = out.lastIndex(of: ASCII.colon) { out = Array(out[(colon + 1)...]) }
        return out
    }

    // MARK: - Mailboxes

    /// Turns the tokens between two separators into mailboxes (usually one).
    static func mailboxes(from tokens: [Token]) -> [EmailAddress] {
        var ignored: [ParseDefect] = []
        func decodeName(_ bytes: [UInt8]) -> String { RFC2047.decode(bytes: bytes, defects: &ignored) }
        let comments = tokens.filter { $0.kind == .comment && !$0.text.isEmpty }.map(\.text)
        if let angleIndex = tokens.firstIndex(where: \.isAngle) {
            let address = HeaderText.string(tokens[angleIndex].text)
            guard !address.isEmpty else { return [] }
            var phrase = Array(tokens[..<angleIndex]).filter { $0.kind != .comment }
            if phrase.isEmpty { phrase = Array(tokens[(angleIndex + 1)...]).filter { $0.kind != .comment && !$0.isAngle } }
            var name = decodeName(render(phrase, forAddress: false))
            if name.isEmpty, let c = comments.first { name = decodeName(c) }
            return [EmailAddress(name: name, address: address)]
        }
        let content = tokens.filter { $0.kind != .comment }
        guard !content.isEmpty else { return [] }
        let name = comments.isEmpty ? nil : decodeName(Array(comments.joined(separator: [ASCII.space])))
        let atCount = content.filter { $0.kind == .special(0x40) }.count
        if atCount == 0 {
            // A single bare word is a local address ("root"); a phrase with no address is not.
            if content.count == 1, content[0].kind == .word { return [EmailAddress(name: name, address: HeaderText.string(content[0].text))] }
            return []
        }
        if atCount > 1 {
            // "a@b c@d": commas forgotten. Split at whitespace between complete addresses.
            var groups: [[Token]] = [[]]
            for t in content {
                if t.spaceBefore, let last = groups.last, last.contains(where: { $0.kind == .special(0x40) }),
                   last.last?.kind != .special(0x40), last.last?.kind != .special(0x2E),
                   t.kind != .special(0x40), t.kind != .special(0x2E) {
                    groups.append([])
                }
                groups[groups.count - 1].append(t)
            }
            if groups.count > 1 {
                return groups.compactMap { g in
                    let a = HeaderText.string(render(g, forAddress: true))
                    return a.contains("@") ? EmailAddress(address: a) : nil
                }
            }
        }
        // "Big Bug bb@bug.com": words before the addr-spec, separated by whitespace, are a name
        // whose angle brackets were forgotten.
        var addrTokens = content
        var phraseName: String?
        if atCount == 1, let at = content.firstIndex(where: { $0.kind == .special(0x40) }) {
            var start = at
            while start > 0 && !content[start].spaceBefore { start -= 1 }
            let startsWithWord = content[start].kind == .word || content[start].kind == .quoted
            if start > 0 && start < at && content[start].spaceBefore && startsWithWord {
                phraseName = decodeName(render(Array(content[..<start]), forAddress: false))
                addrTokens = Array(content[start...])
            }
        }
        let address = HeaderText.string(render(addrTokens, forAddress: true))
        guard address.contains("@"), address.count > 1 else { return [] }
        return [EmailAddress(name: phraseName ?? name, address: address)]
    }

    /// Rebuilds text from tokens. Names keep single spaces where the source had whitespace;
    /// addresses drop whitespace (obsolete CFWS around "." and "@") and keep quoted local parts quoted.
    static func render(_ tokens: [Token], forAddress: Bool) -> [UInt8] {
        var out: [UInt8] = []
        for t in tokens where t.kind != .comment {
            if !forAddress && t.spaceBefore && !out.isEmpty { out.append(ASCII.space) }
            if t.kind == .quoted && forAddress && t.text.contains(where: Self.needsQuoting) {
                out.append(ASCII.quote)
                out.append(contentsOf: t.text)
                out.append(ASCII.quote)
            } else {
                out.append(contentsOf: t.text)
            }
        }
        if forAddress { return out }
        return Array(Bytes.trimmed(out[...]))
    }
}
