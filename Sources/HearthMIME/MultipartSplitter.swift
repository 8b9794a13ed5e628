/// Splits a multipart body at its boundary lines (RFC 2046 §5.1.1).
///
/// A delimiter is a line starting with "--" + boundary, optionally followed by "--" (the close
/// delimiter). Text after whitespace on the line is ignored: RFC 2046 §5.1.1 says an exact match
/// of the whole line is not required, which also covers transport padding. The line break before
/// a delimiter belongs to the delimiter. Preamble and epilogue are dropped. The scan is linear
/// (memchr per line), whatever the input.
struct MultipartSplitter {
    struct Result {
        var parts: [Range<Int>] = []
        var foundDelimiter = false
        var closed = false
        var truncated = false
    }

    static func split(_ buf: UnsafeBufferPointer<UInt8>, range: Range<Int>, boundary: String, maxParts: Int) -> Result {
        var delimiter: [UInt8] = [ASCII.hyphen, ASCII.hyphen]
        delimiter.append(contentsOf: boundary.utf8)
        return delimiter.withUnsafeBufferPointer { scan(buf, range: range, delimiter: $0, maxParts: maxParts) }
    }

    private static func scan(_ buf: UnsafeBufferPointer<UInt8>, range: Range<Int>, delimiter: UnsafeBufferPointer<UInt8>,
                             maxParts: Int) -> Result {
        var result = Result()
        let end = range.upperBound
        var lineStart = range.lowerBound
        var partStart: Int?
        while lineStart < end {
            let lf = buf.firstIndex(of: ASCII.lf, from: lineStart, to: end)
            let lineEnd = lf ?? end
            if buf[lineStart] == ASCII.hyphen, lineEnd - lineStart >= delimiter.count, buf.matches(delimiter, at: lineStart) {
                let k = lineStart + delimiter.count
                let isClose = k + 2 <= lineEnd && buf[k] == ASCII.hyphen && buf[k + 1] == ASCII.hyphen
                let after = isClose ? k + 2 : k
                // The delimiter must end at whitespace or the line end: a longer boundary that
                // merely starts with this one ("==_" vs "==_.REL", as Eudora nests) is not it.
                if after >= lineEnd || ASCII.isSpaceOrNewline(buf[after]) {
                    if let s = partStart {
                        var partEnd = lineStart
                        if partEnd > s && buf[partEnd - 1] == ASCII.lf {
                            partEnd -= 1
                            if partEnd > s && buf[partEnd - 1] == ASCII.cr { partEnd -= 1 }
                        }
                        result.parts.append(s..<max(s, partEnd))
                    }
                    result.foundDelimiter = true
                    if isClose { result.closed = true; return result }
                    if result.parts.count >= maxParts { result.truncated = true; return result }
                    partStart = min(lineEnd + 1, end)
                }
            }
            guard let lf else { break }
            lineStart = lf + 1
        }
        if let s = partStart { result.parts.append(s..<end) }
        return result
    }
}
