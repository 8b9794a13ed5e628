/// Character classes of the IMAP grammar (RFC 3501 §9), shared by the parser and encoder.
enum IMAPSyntax {
    static let space = UInt8(ascii: " ")
    static let cr = UInt8(ascii: "\r")
    static let lf = UInt8(ascii: "\n")
    static let quote = UInt8(ascii: "\"")
    static let backslash = UInt8(ascii: "\\")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let tilde = UInt8(ascii: "~")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let star = UInt8(ascii: "*")
    static let lessThan = UInt8(ascii: "<")
    static let greaterThan = UInt8(ascii: ">")

    /// ATOM-CHAR: any CHAR except atom-specials ( ) { SP CTL % * " \ ].
    static func isAtomChar(_ byte: UInt8) -> Bool {
        guard byte > 0x20 && byte < 0x7F else { return false }
        switch byte {
        case openParen, closeParen, openBrace, quote, backslash, closeBracket,
             UInt8(ascii: "%"), star: return false
        default: return true
        }
    }

    /// ASTRING-CHAR: ATOM-CHAR or `]`.
    static func isAStringChar(_ byte: UInt8) -> Bool { isAtomChar(byte) || byte == closeBracket }

    /// May appear inside a quoted string (7-bit, no CR/LF/NUL); `"` and `\` need escaping.
    static func isQuotable(_ byte: UInt8) -> Bool { byte >= 0x01 && byte <= 0x7F && byte != cr && byte != lf }
}
