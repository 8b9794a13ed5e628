import Foundation

/// Why a response could not be parsed; the response becomes `.unknown`.
struct ResponseSyntaxError: Error, Sendable {
    let reason: String
    let offset: Int
}

/// A read position in one complete response with the token readers of the IMAP grammar.
/// Lenient where real servers differ (missing spaces between list items, lower-case keywords).
struct ByteCursor {
    let bytes: [UInt8]
    var index: Int = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index >= bytes.count }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    func fail(_ reason: String) -> ResponseSyntaxError { ResponseSyntaxError(reason: reason, offset: index) }

    mutating func expect(_ byte: UInt8) throws(ResponseSyntaxError) {
        guard peek == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    mutating func expectSpace() throws(ResponseSyntaxError) { try expect(IMAPSyntax.space) }

    /// Skips any spaces; returns whether there was at least one.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = index
        while peek == IMAPSyntax.space { index += 1 }
        return index > start
    }

    /// Case-insensitive keyword match followed by a non-atom byte; consumes it when it matches.
    mutating func consumeKeyword(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count else { return false }
        for (offset, byte) in utf8.enumerated() where ByteCursor.upper(bytes[index + offset]) != ByteCursor.upper(byte) {
            return false
        }
        let after = index + utf8.count
        if after < bytes.count && IMAPSyntax.isAtomChar(bytes[after]) && bytes[after] != IMAPSyntax.openBracket { return false }
        index = after
        return true
    }

    static func upper(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }

    /// Bytes while `predicate` holds.
    mutating func take(while predicate: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count && predicate(bytes[index]) { index += 1 }
        return bytes[start..<index]
    }

    /// An atom (1*ATOM-CHAR), as text.
    mutating func atom() throws(ResponseSyntaxError) -> String {
        let slice = take(while: IMAPSyntax.isAtomChar)
        guard !slice.isEmpty else { throw fail("expected an atom") }
        return String(decoding: slice, as: UTF8.self)
    }

    mutating func number() throws(ResponseSyntaxError) -> UInt64 {
        let digits = take { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, digits.count <= 20, let value = UInt64(String(decoding: digits, as: UTF8.self)) else {
            throw fail("expected a number")
        }
        return value
    }

    mutating func number32() throws(ResponseSyntaxError) -> UInt32 {
        let value = try number()
        guard let narrowed = UInt32(exactly: value) else { throw fail("number out of range") }
        return narrowed
    }

    mutating func int() throws(ResponseSyntaxError) -> Int {
        let value = try number()
        guard let narrowed = Int(exactly: value) else { throw fail("number out of range") }
        return narrowed
    }

    /// A quoted string's bytes (escapes `\"` and `\\` resolved).
    mutating func quotedBytes() throws(ResponseSyntaxError) -> [UInt8] {
        try expect(IMAPSyntax.quote)
        var out: [UInt8] = []
        while let byte = peek {
            index += 1
            if byte == IMAPSyntax.quote { return out }
            if byte == IMAPSyntax.backslash, let next = peek {
                index += 1
                out.append(next)
            } else {
                out.append(byte)
            }
        }
        throw fail("unterminated quoted string")
    }

    /// A literal `{n}` / `{n+}` / `~{n}` CRLF and its n bytes (the framer guarantees they are there).
    mutating func literalBytes() throws(ResponseSyntaxError) -> ArraySlice<UInt8> {
        _ = consume(IMAPSyntax.tilde)
        try expect(IMAPSyntax.openBrace)
        let size = try int()
        _ = consume(IMAPSyntax.plus)
        try expect(IMAPSyntax.closeBrace)
        _ = consume(IMAPSyntax.cr)
        try expect(IMAPSyntax.lf)
        guard index + size <= bytes.count else { throw fail("literal runs past the response") }
        defer { index += size }
        return bytes[index..<(index + size)]
    }

    var atLiteral: Bool {
        peek == IMAPSyntax.openBrace || (peek == IMAPSyntax.tilde && index + 1 < bytes.count && bytes[index + 1] == IMAPSyntax.openBrace)
    }

    /// `nstring` as bytes: NIL → nil.
    mutating func nstringBytes() throws(ResponseSyntaxError) -> [UInt8]? {
        if peek == IMAPSyntax.quote { return try quotedBytes() }
        if atLiteral { return Array(try literalBytes()) }
        if consumeKeyword("NIL") { return nil }
        throw fail("expected a string or NIL")
    }

    mutating func nstring() throws(ResponseSyntaxError) -> String? {
        try nstringBytes().map(ByteCursor.text)
    }

    mutating func string() throws(ResponseSyntaxError) -> String {
        guard let value = try nstring() else { throw fail("unexpected NIL") }
        return value
    }

    /// `astring`: atom (ASTRING-CHARs; lenient: also `%` and `*`, as some servers send them in
    /// mailbox names) or string.
    mutating func astring() throws(ResponseSyntaxError) -> String {
        if peek == IMAPSyntax.quote || atLiteral { return try string() }
        let slice = take { IMAPSyntax.isAStringChar($0) || $0 == UInt8(ascii: "%") || $0 == IMAPSyntax.star || $0 >= 0x80 }
        guard !slice.isEmpty else { throw fail("expected an astring") }
        return ByteCursor.text(Array(slice))
    }

    /// The rest of the response as text.
    mutating func rest() -> String {
        defer { index = bytes.count }
        return ByteCursor.text(Array(bytes[min(index, bytes.count)...]))
    }

    /// UTF-8 when valid (IMAP servers often pass 8-bit header bytes through), else Latin-1 so
    /// no byte is lost.
    static func text(_ bytes: [UInt8]) -> String {
        if let utf8 = String(validating: bytes, as: UTF8.self) { return utf8 }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// Skips one value of any shape (atom, number, string, literal, NIL, parenthesised list),
    /// for extension data the client does not use.
    mutating func skipValue(depth: Int = 0) throws(ResponseSyntaxError) {
        guard depth < 64 else { throw fail("nesting too deep") }
        if peek == IMAPSyntax.openParen {
            index += 1
            while true {
                skipSpaces()
                if consume(IMAPSyntax.closeParen) { return }
                guard !atEnd else { throw fail("unterminated list") }
                try skipValue(depth: depth + 1)
            }
        }
        if peek == IMAPSyntax.quote { _ = try quotedBytes(); return }
        if atLiteral { _ = try literalBytes(); return }
        let slice = take { $0 != IMAPSyntax.space && $0 != IMAPSyntax.closeParen && $0 != IMAPSyntax.openParen }
        guard !slice.isEmpty else { throw fail("expected a value") }
    }

    /// `(` items separated by spaces `)`; each item parsed by `item`.
    mutating func parenthesized<T>(_ item: (inout ByteCursor) throws(ResponseSyntaxError) -> T) throws(ResponseSyntaxError) -> [T] {
        try expect(IMAPSyntax.openParen)
        var out: [T] = []
        while true {
            skipSpaces()
            if consume(IMAPSyntax.closeParen) { return out }
            guard !atEnd else { throw fail("unterminated list") }
            out.append(try item(&self))
        }
    }

    /// A sequence set token (`1:5,7,*`).
    mutating func sequenceSet() throws(ResponseSyntaxError) -> SequenceSet {
        let slice = take { ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ",") || $0 == IMAPSyntax.star }
        guard let set = SequenceSet(parsing: String(decoding: slice, as: UTF8.self)) else { throw fail("expected a sequence set") }
        return set
    }

    /// A flag: `\Seen`, `\*`, or a keyword atom.
    mutating func flag() throws(ResponseSyntaxError) -> Flag {
        if consume(IMAPSyntax.backslash) {
            if consume(IMAPSyntax.star) { return .mayCreate }
            return Flag("\\" + (try atom()))
        }
        return Flag(try atom())
    }
}
