import Foundation

/// Turns one complete response (from `ResponseFramer`) into an `IMAPResponse`. Throws on
/// malformed input; `IMAPResponseParser` turns that into `.unknown`.
enum ResponseGrammar {
    static func parse(_ bytes: [UInt8]) throws(ResponseSyntaxError) -> IMAPResponse {
        var cursor = ByteCursor(bytes)
        if cursor.consume(IMAPSyntax.plus) {
            cursor.skipSpaces()
            return .continuation(cursor.rest())
        }
        if cursor.consume(IMAPSyntax.star) {
            try cursor.expectSpace()
            return try untagged(&cursor)
        }
        return try tagged(&cursor)
    }

    // MARK: tagged

    private static func tagged(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> IMAPResponse {
        let tag = cursor.take { IMAPSyntax.isAStringChar($0) && $0 != IMAPSyntax.plus }
        guard !tag.isEmpty else { throw cursor.fail("expected a tag") }
        try cursor.expectSpace()
        let state: CompletionState
        if cursor.consumeKeyword("OK") { state = .ok }
        else if cursor.consumeKeyword("NO") { state = .no }
        else if cursor.consumeKeyword("BAD") { state = .bad }
        else { throw cursor.fail("expected OK, NO or BAD") }
        let text = responseText(&cursor)
        return .tagged(TaggedStatus(tag: String(decoding: tag, as: UTF8.self), state: state, code: text.code, text: text.text))
    }

    /// `[SP] ["[" code "]" SP] text`. Never fails: a code it cannot read becomes `.other`.
    static func responseText(_ cursor: inout ByteCursor) -> ResponseText {
        cursor.skipSpaces()
        var code: ResponseCode?
        if cursor.peek == IMAPSyntax.openBracket,
           let close = cursor.bytes[cursor.index...].firstIndex(of: IMAPSyntax.closeBracket) {
            let inner = Array(cursor.bytes[(cursor.index + 1)..<close])
            code = responseCode(inner)
            cursor.index = close + 1
            cursor.skipSpaces()
        }
        return ResponseText(code: code, text: cursor.rest())
    }

    static func responseCode(_ bytes: [UInt8]) -> ResponseCode {
        var cursor = ByteCursor(bytes)
        let name = String(decoding: cursor.take { $0 != IMAPSyntax.space }, as: UTF8.self).uppercased()
        cursor.skipSpaces()
        let argumentStart = cursor.index
        let argumentText = argumentStart < bytes.count ? ByteCursor.text(Array(bytes[argumentStart...])) : nil
        func typed() throws(ResponseSyntaxError) -> ResponseCode? {
            switch name {
            case "ALERT": return .alert
            case "CAPABILITY": return .capability(capabilityList(&cursor))
            case "UIDVALIDITY": return .uidValidity(try cursor.number32())
            case "UIDNEXT": return .uidNext(try cursor.number32())
            case "UNSEEN": return .unseen(try cursor.number32())
            case "HIGHESTMODSEQ": return .highestModSeq(try cursor.number())
            case "NOMODSEQ": return .noModSeq
            case "PERMANENTFLAGS": return .permanentFlags(try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) in try c.flag() })
            case "READ-ONLY": return .readOnly
            case "READ-WRITE": return .readWrite
            case "TRYCREATE": return .tryCreate
            case "APPENDUID":
                let validity = try cursor.number32()
                try cursor.expectSpace()
                return .appendUID(uidValidity: validity, uids: try cursor.sequenceSet())
            case "COPYUID":
                let validity = try cursor.number32()
                try cursor.expectSpace()
                let source = try cursor.sequenceSet()
                try cursor.expectSpace()
                return .copyUID(uidValidity: validity, source: source, destination: try cursor.sequenceSet())
            case "MODIFIED": return .modified(try cursor.sequenceSet())
            case "CLOSED": return .closed
            case "AUTHENTICATIONFAILED": return .authenticationFailed
            case "AUTHORIZATIONFAILED": return .authorizationFailed
            case "EXPIRED": return .expired
            case "UNAVAILABLE": return .unavailable
            case "SERVERBUG": return .serverBug
            case "CLIENTBUG": return .clientBug
            case "LIMIT": return .limit
            default: return nil
            }
        }
        if let code = try? typed() { return code }
        return .other(name: name, text: argumentText)
    }

    static func capabilityList(_ cursor: inout ByteCursor) -> Capabilities {
        var out: [Capability] = []
        while true {
            cursor.skipSpaces()
            let word = cursor.take { $0 != IMAPSyntax.space && $0 != IMAPSyntax.closeBracket }
            if word.isEmpty { break }
            out.append(Capability(String(decoding: word, as: UTF8.self)))
        }
        return Capabilities(out)
    }

    // MARK: untagged

    private static func untagged(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> IMAPResponse {
        if let first = cursor.peek, first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
            let number = try cursor.int()
            try cursor.expectSpace()
            if cursor.consumeKeyword("EXISTS") { return .exists(number) }
            if cursor.consumeKeyword("RECENT") { return .recent(number) }
            if cursor.consumeKeyword("EXPUNGE") { return .expunge(number) }
            if cursor.consumeKeyword("FETCH") {
                try cursor.expectSpace()
                let items = try FetchGrammar.items(&cursor)
                return .fetch(sequence: number, items: items)
            }
            throw cursor.fail("unknown numbered response")
        }
        let keyword = (try cursor.atom()).uppercased()
        switch keyword {
        case "OK": return .ok(responseText(&cursor))
        case "NO": return .no(responseText(&cursor))
        case "BAD": return .bad(responseText(&cursor))
        case "BYE": return .bye(responseText(&cursor))
        case "PREAUTH": return .preauth(responseText(&cursor))
        case "CAPABILITY": return .capability(capabilityList(&cursor))
        case "ENABLED": return .enabled(Array(capabilityList(&cursor).all).sorted { $0.rawValue < $1.rawValue })
        case "FLAGS":
            try cursor.expectSpace()
            return .flags(try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) in try c.flag() })
        case "LIST", "LSUB", "XLIST":
            try cursor.expectSpace()
            return .list(try listItem(&cursor))
        case "STATUS":
            try cursor.expectSpace()
            return try status(&cursor)
        case "SEARCH": return try search(&cursor)
        case "ESEARCH": return .esearch(try esearch(&cursor))
        case "VANISHED":
            try cursor.expectSpace()
            var earlier = false
            if cursor.peek == IMAPSyntax.openParen {
                try cursor.expect(IMAPSyntax.openParen)
                guard cursor.consumeKeyword("EARLIER") else { throw cursor.fail("expected EARLIER") }
                try cursor.expect(IMAPSyntax.closeParen)
                try cursor.expectSpace()
                earlier = true
            }
            return .vanished(earlier: earlier, uids: try cursor.sequenceSet())
        case "ID":
            try cursor.expectSpace()
            if cursor.consumeKeyword("NIL") { return .id(nil) }
            try cursor.expect(IMAPSyntax.openParen)
            var fields: [IDField] = []
            while true {
                cursor.skipSpaces()
                if cursor.consume(IMAPSyntax.closeParen) { break }
                let key = try cursor.string()
                try cursor.expectSpace()
                fields.append(IDField(key, try cursor.nstring()))
            }
            return .id(fields)
        default:
            throw cursor.fail("unknown untagged response \(keyword)")
        }
    }

    private static func listItem(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> MailboxListItem {
        let attributes = try cursor.parenthesized { (c: inout ByteCursor) throws(ResponseSyntaxError) -> MailboxAttribute in
            let backslash = c.consume(IMAPSyntax.backslash)
            return MailboxAttribute((backslash ? "\\" : "") + (try c.atom()))
        }
        try cursor.expectSpace()
        var delimiter: Character?
        if !cursor.consumeKeyword("NIL") {
            let bytes = try cursor.quotedBytes()
            guard bytes.count == 1 else { throw cursor.fail("delimiter must be one character") }
            delimiter = Character(Unicode.Scalar(bytes[0]))
        }
        try cursor.expectSpace()
        let name = try cursor.astring()
        // LIST-EXTENDED data (CHILDINFO, OLDNAME) follows; not needed.
        return MailboxListItem(attributes: MailboxAttributes(attributes), delimiter: delimiter, name: MailboxName(wire: name))
    }

    private static func status(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> IMAPResponse {
        let name = try cursor.astring()
        cursor.skipSpaces()
        try cursor.expect(IMAPSyntax.openParen)
        var status = MailboxStatus()
        while true {
            cursor.skipSpaces()
            if cursor.consume(IMAPSyntax.closeParen) { break }
            let attribute = (try cursor.atom()).uppercased()
            try cursor.expectSpace()
            let value = try cursor.number()
            switch attribute {
            case "MESSAGES": status.messages = Int(exactly: value)
            case "RECENT": status.recent = Int(exactly: value)
            case "UIDNEXT": status.uidNext = UInt32(exactly: value)
            case "UIDVALIDITY": status.uidValidity = UInt32(exactly: value)
            case "UNSEEN": status.unseen = Int(exactly: value)
            case "HIGHESTMODSEQ": status.highestModSeq = value
            case "SIZE": status.size = value
            case "DELETED": status.deleted = Int(exactly: value)
            default: break
            }
        }
        return .status(MailboxName(wire: name), status)
    }

    private static func search(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> IMAPResponse {
        var numbers: [UInt32] = []
        var modSeq: UInt64?
        while cursor.skipSpaces() || !cursor.atEnd {
            if cursor.atEnd { break }
            if cursor.consume(IMAPSyntax.openParen) {
                guard cursor.consumeKeyword("MODSEQ") else { throw cursor.fail("expected MODSEQ") }
                try cursor.expectSpace()
                modSeq = try cursor.number()
                try cursor.expect(IMAPSyntax.closeParen)
                continue
            }
            numbers.append(try cursor.number32())
        }
        return .search(numbers: numbers, modSeq: modSeq)
    }

    private static func esearch(_ cursor: inout ByteCursor) throws(ResponseSyntaxError) -> ESearchResponse {
        var result = ESearchResponse()
        cursor.skipSpaces()
        if cursor.consume(IMAPSyntax.openParen) {
            guard cursor.consumeKeyword("TAG") else { throw cursor.fail("expected TAG") }
            try cursor.expectSpace()
            result.tag = try cursor.string()
            try cursor.expect(IMAPSyntax.closeParen)
        }
        cursor.skipSpaces()
        if cursor.consumeKeyword("UID") { result.uid = true }
        while cursor.skipSpaces(), !cursor.atEnd {
            let name = (try cursor.atom()).uppercased()
            try cursor.expectSpace()
            switch name {
            case "MIN": result.min = try cursor.number32()
            case "MAX": result.max = try cursor.number32()
            case "COUNT": result.count = try cursor.int()
            case "ALL": result.all = try cursor.sequenceSet()
            case "MODSEQ": result.modSeq = try cursor.number()
            default: try cursor.skipValue()
            }
        }
        return result
    }
}
