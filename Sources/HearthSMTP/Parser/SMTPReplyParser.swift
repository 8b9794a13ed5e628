/// Turns the server's bytes, cut anywhere, into complete replies (RFC 5321 §4.2).
///
/// Lines end in CRLF (a bare LF is accepted). `250-…` lines continue a reply, `250 …` (or a
/// bare `250`) ends it. An enhanced status code (RFC 2034/3463) at the start of a line's
/// text is taken out of the text when its class matches the reply code. Anything that is not
/// a reply line is a protocol error: a client must not guess what a garbled server meant.
public struct SMTPReplyParser: Sendable {
    public enum ParseError: Error, Hashable, Sendable {
        case malformedLine(String)
        case lineTooLong(Int)
        case tooManyLines(Int)
        /// A continuation line carried a different code than the first line.
        case inconsistentCode(Int, Int)
    }

    public static let maxLineLength = 16 * 1024
    public static let maxLines = 1000

    private var buffer: [UInt8] = []
    private var pending: (code: Int, enhanced: EnhancedStatusCode?, lines: [String])?

    public init() {}

    /// True while a partial line or reply is buffered.
    public var hasBufferedInput: Bool { !buffer.isEmpty || pending != nil }

    /// Adds bytes and returns every reply they complete.
    public mutating func feed(_ bytes: some Collection<UInt8>) throws(ParseError) -> [SMTPReply] {
        buffer.append(contentsOf: bytes)
        var replies: [SMTPReply] = []
        var start = 0
        while let lf = buffer[start...].firstIndex(of: 0x0A) {
            var end = lf
            if end > start && buffer[end - 1] == 0x0D { end -= 1 }
            let line = buffer[start..<end]
            start = lf + 1
            if let reply = try consume(line) { replies.append(reply) }
        }
        buffer.removeFirst(start)
        if buffer.count > Self.maxLineLength { throw .lineTooLong(buffer.count) }
        return replies
    }

    private mutating func consume(_ line: ArraySlice<UInt8>) throws(ParseError) -> SMTPReply? {
        guard line.count <= Self.maxLineLength else { throw .lineTooLong(line.count) }
        let text = String(decoding: line, as: UTF8.self)
        let bytes = Array(line)
        guard bytes.count >= 3, bytes[0..<3].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              bytes.count == 3 || bytes[3] == 0x20 || bytes[3] == 0x2D,
              let code = Int(String(decoding: bytes[0..<3], as: UTF8.self)), (200...599).contains(code)
        else { throw .malformedLine(String(text.prefix(200))) }
        let isLast = bytes.count == 3 || bytes[3] == 0x20
        var rest = bytes.count > 4 ? Substring(String(decoding: bytes[4...], as: UTF8.self)) : ""
        var enhanced: EnhancedStatusCode?
        let firstWord = rest.prefix { $0 != " " }
        if let candidate = EnhancedStatusCode(firstWord), candidate.statusClass == code / 100 {
            enhanced = candidate
            rest = rest.dropFirst(firstWord.count).drop { $0 == " " }
        }
        if var current = pending {
            guard current.code == code else { throw .inconsistentCode(current.code, code) }
            current.lines.append(String(rest))
            guard current.lines.count <= Self.maxLines else { throw .tooManyLines(current.lines.count) }
            pending = current
        } else {
            pending = (code, enhanced, [String(rest)])
        }
        guard isLast, let done = pending else { return nil }
        pending = nil
        return SMTPReply(code: done.code, enhanced: done.enhanced, lines: done.lines)
    }
}
