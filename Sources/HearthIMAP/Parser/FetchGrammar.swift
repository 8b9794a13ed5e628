import Foundation

/// FETCH `msg-att` items, ENVELOPE and BODYSTRUCTURE (RFC 3501 §9 `msg-att`, `envelope`, `body`).
enum FetchGrammar {
    static func items(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> [FetchItem] {
        try cursor.expect(IMAPSyntax.openParen)
        var items: [FetchItem] = []
        while true {
            cursor.skipSpaces()
            if cursor.consume(IMAPSyntax.closeParen) { return items }
            guard !cursor.atEnd else { throw cursor.fail("unterminated FETCH") }
            items.append(try item(&cursor))
        }
    }

    private static func item(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> FetchItem {
        let name = String(decoding: cursor.take {
            $0 != IMAPSyntax.space && $0 != IMAPSyntax.openBracket && $0 != IMAPSyntax.openParen && $0 != IMAPSyntax.closeParen
        }, as: UTF8.self).uppercased()
        guard !name.isEmpty else { throw cursor.fail("expected a FETCH item") }
        var sectionText: String?
        if cursor.consume(IMAPSyntax.openBracket) {
            let inner = cursor.take { $0 != IMAPSyntax.closeBracket }
            try cursor.expect(IMAPSyntax.closeBracket)
            sectionText = String(decoding: inner, as: UTF8.self)
        }
        var origin: Int?
        if cursor.consume(IMAPSyntax.lessThan) {
            origin = try cursor.int()
            try cursor.expect(IMAPSyntax.greaterThan)
        }
        try cursor.expectSpace()
        switch name {
        case "UID": return .uid(try cursor.number32())
        case "FLAGS": return .flags(try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) in try c.flag() })
        case "INTERNALDATE":
            let raw = try cursor.string()
            return .internalDate(raw: raw, date: IMAPDateTime.parse(raw))
        case "RFC822.SIZE": return .rfc822Size(try cursor.int())
        case "ENVELOPE": return .envelope(try envelope(&cursor))
        case "BODYSTRUCTURE": return .bodyStructure(try body(&cursor, depth: 0))
        case "BODY":
            guard let sectionText else { return .bodyStructure(try body(&cursor, depth: 0)) }
            guard let section = BodySection(parsing: sectionText) else { throw cursor.fail("bad section") }
            return .body(section: section, origin: origin, data: try cursor.nstringBytes().map { Data($0) })
        case "BINARY":
            let part = (sectionText ?? "").split(separator: ".").compactMap { Int($0) }
            return .binary(section: part, data: try cursor.nstringBytes().map { Data($0) })
        case "RFC822": return .body(section: .complete, origin: nil, data: try cursor.nstringBytes().map { Data($0) })
        case "RFC822.HEADER": return .body(section: .header, origin: nil, data: try cursor.nstringBytes().map { Data($0) })
        case "RFC822.TEXT": return .body(section: .text, origin: nil, data: try cursor.nstringBytes().map { Data($0) })
        case "MODSEQ":
            try cursor.expect(IMAPSyntax.openParen)
            let value = try cursor.number()
            try cursor.expect(IMAPSyntax.closeParen)
            return .modSeq(value)
        case "X-GM-MSGID": return .gmailMessageID(try cursor.number())
        case "X-GM-THRID": return .gmailThreadID(try cursor.number())
        case "X-GM-LABELS":
            return .gmailLabels(try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) -> String in
                if c.consume(IMAPSyntax.backslash) { return "\\" + (try c.atom()) }
                return try c.astring()
            })
        default:
            try cursor.skipValue()
            return .other(name: name)
        }
    }

    // MARK: envelope

    static func envelope(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> Envelope {
        try cursor.expect(IMAPSyntax.openParen)
        var envelope = Envelope()
        envelope.date = try cursor.nstring()
        try cursor.expectSpace()
        envelope.subject = try cursor.nstring()
        try cursor.expectSpace()
        envelope.from = try addresses(&cursor)
        try cursor.expectSpace()
        envelope.sender = try addresses(&cursor)
        try cursor.expectSpace()
        envelope.replyTo = try addresses(&cursor)
        try cursor.expectSpace()
        envelope.to = try addresses(&cursor)
        try cursor.expectSpace()
        envelope.cc = try addresses(&cursor)
        try cursor.expectSpace()
        envelope.bcc = try addresses(&cursor)
        try cursor.expectSpace()
        envelope.inReplyTo = try cursor.nstring()
        try cursor.expectSpace()
        envelope.messageID = try cursor.nstring()
        cursor.skipSpaces()
        try cursor.expect(IMAPSyntax.closeParen)
        return envelope
    }

    private static func addresses(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> [EnvelopeAddress] {
        if cursor.consumeKeyword("NIL") { return [] }
        return try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) -> EnvelopeAddress in
            try c.expect(IMAPSyntax.openParen)
            let name = try c.nstring()
            try c.expectSpace()
            let adl = try c.nstring()
            try c.expectSpace()
            let mailbox = try c.nstring()
            try c.expectSpace()
            let host = try c.nstring()
            try c.expect(IMAPSyntax.closeParen)
            return EnvelopeAddress(name: name, adl: adl, mailbox: mailbox, host: host)
        }
    }

    // MARK: body structure

    static func body(_ cursor: inout ByteCursor, depth: Int) throws(ResponseSyntaxError) -> BodyStructure {
        guard depth < 32 else { throw cursor.fail("body structure nested too deep") }
        try cursor.expect(IMAPSyntax.openParen)
        cursor.skipSpaces()
        if cursor.peek == IMAPSyntax.openParen {
            return .multipart(try multipart(&cursor, depth: depth))
        }
        return .single(try singlePart(&cursor, depth: depth))
    }

    private static func multipart(_ cursor: inout ByteCursor, depth: Int) throws(ResponseSyntaxError) -> MultiPart {
        var parts: [BodyStructure] = []
        while cursor.peek == IMAPSyntax.openParen {
            parts.append(try body(&cursor, depth: depth + 1))
            cursor.skipSpaces()
        }
        let subtype = (try cursor.string()).lowercased()
        var multi = MultiPart(parts: parts, subtype: subtype)
        // Extension data: params, disposition, language, location, then anything.
        if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
            multi.parameters = try parameters(&cursor)
            if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
                multi.disposition = try disposition(&cursor)
                if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
                    multi.language = try language(&cursor)
                    if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
                        multi.location = try cursor.nstring()
                    }
                }
            }
        }
        try skipRemainingExtensions(&cursor)
        return multi
    }

    private static func singlePart(_ cursor: inout ByteCursor, depth: Int) throws(ResponseSyntaxError) -> SinglePart {
        let type = (try cursor.string()).lowercased()
        try cursor.expectSpace()
        let subtype = (try cursor.string()).lowercased()
        try cursor.expectSpace()
        let params = try parameters(&cursor)
        try cursor.expectSpace()
        let id = try cursor.nstring()
        try cursor.expectSpace()
        let description = try cursor.nstring()
        try cursor.expectSpace()
        let encoding = (try cursor.nstring() ?? "7bit").lowercased()
        try cursor.expectSpace()
        let size = try cursor.int()
        var part = SinglePart(type: type, subtype: subtype, parameters: params, id: id,
                              description: description, encoding: encoding, size: size)
        if type == "message" && (subtype == "rfc822" || subtype == "global") && cursor.peek == IMAPSyntax.space {
            try cursor.expectSpace()
            part.embeddedEnvelope = try envelope(&cursor)
            try cursor.expectSpace()
            part.embeddedBody = try body(&cursor, depth: depth + 1)
            try cursor.expectSpace()
            part.lines = try cursor.int()
        } else if type == "text" {
            try cursor.expectSpace()
            part.lines = try cursor.int()
        }
        // Extension data: md5, disposition, language, location, then anything.
        if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
            part.md5 = try cursor.nstring()
            if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
                part.disposition = try disposition(&cursor)
                if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
                    part.language = try language(&cursor)
                    if cursor.skipSpaces(), cursor.peek != IMAPSyntax.closeParen {
                        part.location = try cursor.nstring()
                    }
                }
            }
        }
        try skipRemainingExtensions(&cursor)
        return part
    }

    private static func skipRemainingExtensions(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) {
        while true {
            cursor.skipSpaces()
            if cursor.consume(IMAPSyntax.closeParen) { return }
            guard !cursor.atEnd else { throw cursor.fail("unterminated body") }
            try cursor.skipValue()
        }
    }

    /// `("name" "value" ...)` or NIL; names lower-cased.
    private static func parameters(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> [String: String] {
        if cursor.consumeKeyword("NIL") { return [:] }
        let strings = try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) -> String in
            try c.nstring() ?? ""
        }
        var out: [String: String] = [:]
        var index = 0
        while index + 1 < strings.count {
            out[strings[index].lowercased()] = strings[index + 1]
            index += 2
        }
        return out
    }

    private static func disposition(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> ContentDisposition? {
        if cursor.consumeKeyword("NIL") { return nil }
        try cursor.expect(IMAPSyntax.openParen)
        let kind = (try cursor.string()).lowercased()
        cursor.skipSpaces()
        let params = cursor.peek == IMAPSyntax.closeParen ? [:] : try parameters(&cursor)
        cursor.skipSpaces()
        try cursor.expect(IMAPSyntax.closeParen)
        return ContentDisposition(kind: kind, parameters: params)
    }

    private static func language(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> [String]? {
        if cursor.peek == IMAPSyntax.openParen {
            return try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) -> String in try c.string() }
        }
        return try cursor.nstring().map { [$0] }
    }
}
