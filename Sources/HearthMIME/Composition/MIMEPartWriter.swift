import Foundation

/// The MIME tree of an outgoing message and its serialisation.
enum MIMEPartWriter {
    indirect enum Part {
        /// Header lines (each CRLF-terminated) and an encoded body ending in CRLF.
        case leaf(headers: [String], body: [UInt8])
        case multipart(String, [Part])
    }

    /// Appends `part` (its header fields, the blank line, its body) to `out`.
    static func write(_ part: Part, into out: inout [UInt8]) {
        switch part {
        case .leaf(let headers, let body):
            for line in headers { out += Array(line.utf8) }
            out += [0x0D, 0x0A]
            out += body
        case .multipart(let subtype, let children):
            let boundary = Self.boundary(avoiding: children)
            out += Array(HeaderEncoder.fold(name: "Content-Type", tokens: ["multipart/\(subtype);", "boundary=\"\(boundary)\""]).utf8)
            out += [0x0D, 0x0A]
            let delimiter = Array("--\(boundary)".utf8)
            out += delimiter + [0x0D, 0x0A]
            for (index, child) in children.enumerated() {
                write(child, into: &out)
                if !(out.count >= 2 && out[out.count - 2] == 0x0D && out[out.count - 1] == 0x0A) { out += [0x0D, 0x0A] }
                // The CRLF before a delimiter belongs to the delimiter (RFC 2046 §5.1.1), so the
                // part keeps its own last line end.
                out += [0x0D, 0x0A] + delimiter
                out += index == children.count - 1 ? Array("--\r\n".utf8) : [0x0D, 0x0A]
            }
        }
    }

    /// A random boundary that no 7bit/8bit leaf contains (base64 and quoted-printable output
    /// can never contain "=_", so only verbatim parts need checking).
    static func boundary(avoiding children: [Part]) -> String {
        while true {
            let candidate = "=_hearth_" + randomHex(12)
            let needle = Array(candidate.utf8)
            if !children.contains(where: { contains($0, needle) }) { return candidate }
        }
    }

    private static func contains(_ part: Part, _ needle: [UInt8]) -> Bool {
        switch part {
        case .leaf(_, let body): body.count >= needle.count && body.firstRange(of: needle) != nil
        case .multipart(_, let children): children.contains { contains($0, needle) }
        }
    }

    static func randomHex(_ bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}

/// RFC 2231 parameters: a quoted ASCII value when it fits, else `name*0*=utf-8''…` continuations
/// of percent-encoded UTF-8, each short enough to keep header lines under 78 columns.
enum ParameterEncoder {
    static func tokens(_ name: String, _ value: String) -> [String] {
        let isPlain = value.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } && value.utf8.count <= 60
        if isPlain {
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return ["\(name)=\"\(escaped)\""]
        }
        let attributeChars = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&+-.^_`|~".utf8)
        var pieces: [String] = []
        var current = "utf-8''"
        for character in value {
            var encoded = ""
            for b in String(character).utf8 {
                encoded += attributeChars.contains(b) ? String(UnicodeScalar(b)) : String(format: "%%%02X", b)
            }
            if current.count + encoded.count > 54, !current.isEmpty, current != "utf-8''" {
                pieces.append(current)
                current = ""
            }
            current += encoded
        }
        pieces.append(current)
        if pieces.count == 1 { return ["\(name)*=\(pieces[0])"] }
        return pieces.enumerated().map { i, piece in
            "\(name)*\(i)*=\(piece)" + (i < pieces.count - 1 ? ";" : "")
        }
    }
}
