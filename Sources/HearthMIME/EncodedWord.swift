import HearthCore

/// RFC 2047 encoded words ("=?charset?B|Q?text?=") in header text.
///
/// Real mail breaks the RFC in predictable ways, all accepted here:
/// - encoded words glued to surrounding text or inside quoted strings (decoded anyway);
/// - lowercase `b`/`q`, RFC 2231 language suffixes (`=?us-ascii*en?q?...?=`);
/// - spaces inside the encoded text (some mailers do not encode them);
/// - a multibyte character split across adjacent words: adjacent words of the same charset are
///   joined as bytes *before* charset decoding;
/// - unknown charsets: decoded as UTF-8-or-Windows-1252 and reported as a defect.
/// Whitespace between two adjacent encoded words is dropped (RFC 2047 §6.2).
public enum RFC2047 {
    /// Decodes every encoded word in `text`.
    public static func decode(_ text: String) -> String {
        var ignored: [ParseDefect] = []
        return decode(text, defects: &ignored)
    }

    /// Decodes every encoded word in `text`, recording unknown charsets in `defects`.
    public static func decode(_ text: String, defects: inout [ParseDefect]) -> String {
        let bytes = Array(text.utf8)
        guard containsMarker(bytes) else { return text }
        return decode(bytes: bytes, defects: &defects)
    }

    /// Decodes raw header bytes. Working on bytes matters when 8-bit bytes sit inside an encoded
    /// word (`=?iso-8859-1?Q?Fr\u{F6}sche?=` written raw): they belong to the word's charset,
    /// while 8-bit bytes outside encoded words are sniffed (UTF-8, else Windows-1252).
    public static func decode(bytes: [UInt8], defects: inout [ParseDefect]) -> String {
        guard containsMarker(bytes) else { return HeaderText.string(bytes) }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count)
        var literalStart = 0          // start of text not yet copied
        var pending: (charset: String, bytes: [UInt8])?
        var i = 0
        let n = bytes.count

        func flushPending() {
            guard let p = pending else { return }
            let decoded = Charsets.decode(p.bytes, charset: p.charset)
            if !decoded.charsetRecognized {
                defects.append(ParseDefect(.unknownCharset, "encoded word charset \"\(p.charset)\""))
            }
            out.append(contentsOf: decoded.text.utf8)
            pending = nil
        }
        func appendLiteral(_ slice: ArraySlice<UInt8>) {
            if slice.allSatisfy({ $0 < 0x80 }) { out.append(contentsOf: slice) } else { out.append(contentsOf: HeaderText.string(Array(slice)).utf8) }
        }

        while i + 1 < n {
            guard bytes[i] == ASCII.equals, bytes[i + 1] == ASCII.question, let word = parseWord(bytes, at: i) else {
                i += 1
                continue
            }
            let gap = bytes[literalStart..<i]
            let gapIsWhitespace = gap.allSatisfy(ASCII.isSpaceOrNewline)
            if let p = pending, gapIsWhitespace {
                if p.charset.caseInsensitiveCompare(word.charset) == .orderedSame {
                    pending?.bytes.append(contentsOf: word.payload)
                } else {
                    flushPending()
                    pending = (word.charset, word.payload)
                }
            } else {
                flushPending()
                appendLiteral(gap)
                pending = (word.charset, word.payload)
            }
            i = word.end
            literalStart = word.end
        }
        flushPending()
        if literalStart < n { appendLiteral(bytes[literalStart...]) }
        return String(decoding: out, as: UTF8.self)
    }

    static func containsMarker(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == ASCII.equals && bytes[i + 1] == ASCII.question { return true }
            i += 1
        }
        return false
    }

    /// A parsed encoded word: charset (language stripped), decoded payload bytes, end index.
    struct Word { var charset: String; var payload: [UInt8]; var end: Int }

    /// Parses an encoded word at `start` ("=?"). The encoded text ends at the first "?": both
    /// encodings exclude "?" from it, which keeps the scan linear on hostile input.
    static func parseWord(_ b: [UInt8], at start: Int) -> Word? {
        let n = b.count
        var i = start + 2
        let charsetStart = i
        while i < n && b[i] != ASCII.question {
            if ASCII.isSpaceOrNewline(b[i]) || i - charsetStart > 64 { return nil }
            i += 1
        }
        guard i < n, i > charsetStart, i + 2 < n, b[i + 2] == ASCII.question else { return nil }
        let encoding = ASCII.lower(b[i + 1])
        guard encoding == 0x62 || encoding == 0x71 else { return nil } // b or q
        var charset = String(decoding: b[charsetStart..<i], as: UTF8.self)
        if let star = charset.firstIndex(of: "*") { charset = String(charset[..<star]) }
        let textStart = i + 3
        var j = textStart
        while j < n && b[j] != ASCII.question { j += 1 }
        guard j + 1 < n, b[j + 1] == ASCII.equals else { return nil }
        let text = b[textStart..<j]
        let payload: [UInt8]
        if encoding == 0x62 {
            payload = text.withUnsafeBufferPointer { TransferDecoding.decodeBase64($0) }
        } else {
            payload = decodeQ(text)
        }
        return Word(charset: charset, payload: payload, end: j + 2)
    }

    /// The "Q" encoding: quoted-printable with "_" for space; invalid escapes kept literally.
    static func decodeQ(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(text.count)
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == 0x5F { out.append(ASCII.space); i += 1; continue }
            if c == ASCII.equals, i + 2 < text.endIndex,
               let hi = ASCII.hexValue(text[i + 1]), let lo = ASCII.hexValue(text[i + 2]) {
                out.append(hi << 4 | lo)
                i += 3
                continue
            }
            out.append(c)
            i += 1
        }
        return out
    }
}
