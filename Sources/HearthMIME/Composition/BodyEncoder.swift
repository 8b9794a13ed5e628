import Foundation

/// Content-Transfer-Encoding for what we write. Output is always 7-bit clean, so a message
/// passes any SMTP server (8BITMIME or not) and any later relay unchanged.
enum BodyEncoder {
    /// The encoding chosen for a part and the encoded bytes (CRLF line ends).
    struct Encoded {
        var transferEncoding: String
        var bytes: [UInt8]
    }

    /// Text: 7bit when it is ASCII with short lines, quoted-printable when it is mostly ASCII
    /// (readable raw, small), base64 otherwise (CJK, Cyrillic: QP would triple it).
    static func text(_ text: String) -> Encoded {
        let bytes = Array(normalizedLineEnds(text).utf8)
        let nonASCII = bytes.reduce(0) { $0 + ($1 >= 0x80 ? 1 : 0) }
        if nonASCII == 0, maxLineLength(bytes) <= 998, !bytes.contains(where: { $0 == 0 || ($0 < 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A) }) {
            return Encoded(transferEncoding: "7bit", bytes: bytes)
        }
        if nonASCII * 6 < bytes.count {
            return Encoded(transferEncoding: "quoted-printable", bytes: quotedPrintable(bytes))
        }
        return Encoded(transferEncoding: "base64", bytes: base64(bytes))
    }

    /// Every line end as CRLF (the composer may hand us LF or CR).
    static func normalizedLineEnds(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + text.utf8.count / 40)
        var lastWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" {
                out += "\r\n"; lastWasCR = true; continue
            }
            if scalar == "\n" {
                if !lastWasCR { out += "\r\n" }
                lastWasCR = false; continue
            }
            lastWasCR = false
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    static func maxLineLength(_ bytes: [UInt8]) -> Int {
        var longest = 0, current = 0
        for b in bytes {
            if b == 0x0A { longest = max(longest, current); current = 0 } else if b != 0x0D { current += 1 }
        }
        return max(longest, current)
    }

    /// Base64 in 76-character lines, CRLF after each (RFC 2045 §6.8).
    static func base64(_ bytes: some Collection<UInt8>) -> [UInt8] {
        var encoded = Array(Data(bytes).base64EncodedData(options: [.lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed]))
        if !encoded.isEmpty { encoded += [0x0D, 0x0A] }
        return encoded
    }

    /// RFC 2045 §6.7 quoted-printable of CRLF text: lines of at most 76 characters with soft
    /// breaks, `=` and non-ASCII as `=XX`, whitespace before a line end encoded, and a leading
    /// `.` or `From ` encoded too (so no relay or mbox writer ever alters the line).
    static func quotedPrintable(_ bytes: [UInt8]) -> [UInt8] {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 11 / 10)
        var lineStart = 0
        var index = 0
        let n = bytes.count
        while index <= n {
            // Find the end of this line (CRLF or end of input).
            var end = index
            while end < n && !(bytes[end] == 0x0D && end + 1 < n && bytes[end + 1] == 0x0A) { end += 1 }
            var column = 0
            lineStart = index
            var i = lineStart
            while i < end {
                let b = bytes[i]
                let atLineEnd = i == end - 1
                let isFirst = i == lineStart
                var literal = (b >= 0x21 && b <= 0x7E && b != 0x3D) || ((b == 0x20 || b == 0x09) && !atLineEnd)
                if isFirst && b == 0x2E { literal = false }
                if isFirst && b == 0x46 && end - i >= 5 && Array(bytes[i..<(i + 5)]) == Array("From ".utf8) { literal = false }
                let width = literal ? 1 : 3
                // Keep room for the "=" of a soft break (76 columns in all).
                if column + width > 75 {
                    out += [0x3D, 0x0D, 0x0A]
                    column = 0
                }
                if literal {
                    out.append(b)
                } else {
                    out += [0x3D, hex[Int(b >> 4)], hex[Int(b & 0x0F)]]
                }
                column += width
                i += 1
            }
            if end >= n { break }
            out += [0x0D, 0x0A]
            index = end + 2
            if index == n { break }
        }
        if !(out.count >= 2 && out[out.count - 2] == 0x0D && out[out.count - 1] == 0x0A) { out += [0x0D, 0x0A] }
        return out
    }
}
