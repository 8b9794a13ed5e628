/// Splits the byte stream into complete responses: a line, or a line ending in a literal
/// announcement `{n}` / `{n+}` / `~{n}` followed by n bytes and more line. Works on input cut at
/// any byte and never rescans what it has seen, so large literals cost linear time.
struct ResponseFramer: Sendable {
    /// A complete response (without the final CRLF), or a note that one was skipped.
    enum Frame: Equatable, Sendable {
        case response([UInt8])
        case skipped(String)
    }

    let limits: ParserLimits
    private var frame: [UInt8] = []
    /// Where in `frame` the current line segment (after the last literal) starts.
    private var segmentStart = 0
    private var literalRemaining = 0
    /// Set once the response went over a limit: keep consuming it, but do not keep its bytes.
    private var skipReason: String?
    /// The last bytes of the current line while skipping, to still see a literal announcement.
    private var skipTail: [UInt8] = []
    private var skipPrefix = ""

    init(limits: ParserLimits) { self.limits = limits }

    /// True when part of a response is buffered (used to detect data injected after STARTTLS).
    var hasPartialResponse: Bool { !frame.isEmpty || literalRemaining > 0 || skipReason != nil || !skipTail.isEmpty }

    mutating func feed(_ input: UnsafeRawBufferPointer, into out: inout [Frame]) {
        var index = 0
        let end = input.count
        while index < end {
            if literalRemaining > 0 {
                let take = min(literalRemaining, end - index)
                if skipReason == nil { frame.append(contentsOf: input[index..<(index + take)]) }
                literalRemaining -= take
                index += take
                if literalRemaining == 0 { segmentStart = frame.count; skipTail.removeAll() }
                continue
            }
            var lineEnd = index
            while lineEnd < end && input[lineEnd] != IMAPSyntax.lf { lineEnd += 1 }
            appendLineBytes(input[index..<lineEnd])
            if lineEnd == end { return }
            index = lineEnd + 1
            finishLine(into: &out)
        }
    }

    private mutating func appendLineBytes(_ bytes: Slice<UnsafeRawBufferPointer>) {
        if skipReason == nil && frame.count - segmentStart + bytes.count > limits.maxLineLength {
            skipReason = "line longer than \(limits.maxLineLength) bytes"
            skipPrefix = ResponseFramer.prefixText(frame)
            frame.removeAll(keepingCapacity: false)
            segmentStart = 0
        }
        if skipReason == nil {
            frame.append(contentsOf: bytes)
        } else {
            skipTail.append(contentsOf: bytes.suffix(32))
            if skipTail.count > 32 { skipTail.removeFirst(skipTail.count - 32) }
        }
    }

    /// At LF: either a literal follows, or the response is complete.
    private mutating func finishLine(into out: inout [Frame]) {
        if skipReason == nil {
            if frame.last == IMAPSyntax.cr { frame.removeLast() }
            if let size = ResponseFramer.literalAnnouncement(in: frame, from: segmentStart) {
                if size > limits.maxLiteralSize {
                    skipReason = "literal of \(size) bytes over the \(limits.maxLiteralSize) limit"
                    skipPrefix = ResponseFramer.prefixText(frame)
                    frame.removeAll(keepingCapacity: false)
                    segmentStart = 0
                } else {
                    frame.append(IMAPSyntax.cr); frame.append(IMAPSyntax.lf)
                    frame.reserveCapacity(frame.count + size)
                    segmentStart = frame.count
                }
                literalRemaining = size
                return
            }
            out.append(.response(frame))
            frame = []
            segmentStart = 0
            return
        }
        if skipTail.last == IMAPSyntax.cr { skipTail.removeLast() }
        if let size = ResponseFramer.literalAnnouncement(in: skipTail, from: 0) {
            literalRemaining = size
            skipTail.removeAll()
            return
        }
        out.append(.skipped("\(skipPrefix)… (skipped: \(skipReason ?? "over limit"))"))
        skipReason = nil
        skipTail.removeAll()
        skipPrefix = ""
        frame = []
        segmentStart = 0
    }

    /// `{123}`, `{123+}` or `~{123}` at the end of the line segment → 123.
    static func literalAnnouncement(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= 3, bytes.last == IMAPSyntax.closeBrace else { return nil }
        var index = bytes.count - 2
        if bytes[index] == IMAPSyntax.plus { index -= 1 }
        var value = 0
        var multiplier = 1
        var digits = 0
        while index >= start, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            guard digits < 12 else { return nil }
            value += Int(bytes[index] - UInt8(ascii: "0")) * multiplier
            multiplier *= 10
            digits += 1
            index -= 1
        }
        guard digits > 0, index >= start, bytes[index] == IMAPSyntax.openBrace else { return nil }
        return value
    }

    /// The start of a response for messages about it: up to 80 bytes, never past a literal (so a
    /// skipped message body never reaches a log).
    static func prefixText(_ bytes: [UInt8]) -> String {
        var prefix = bytes.prefix(80)
        if let brace = prefix.firstIndex(of: IMAPSyntax.openBrace) { prefix = prefix[..<brace] }
        return String(decoding: prefix, as: UTF8.self)
    }
}
