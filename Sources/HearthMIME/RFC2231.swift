import Foundation

/// Header parameters ("; name=value") as in Content-Type and Content-Disposition, with RFC 2231
/// extensions: continuations (`name*0=`, `name*1*=`), charset and language (`name*=utf-8'en'%E2%82%AC`).
///
/// Tolerated breakage: quoted strings with backslash escapes and a missing closing quote,
/// unquoted values with spaces (read up to the next ";"), comments after values, spaces around
/// "=", RFC 2047 encoded words inside plain values (RFC 2047 §5 forbids them, yet Outlook and
/// many webmails write `filename="=?utf-8?B?...?="`), and duplicate parameters (the first wins).
public enum RFC2231 {
    /// One parameter as written, before continuation assembly.
    struct RawParameter { var name: String; var value: String }

    /// Parses the parameter list that follows the first ";" of a header value. Names are
    /// lowercased; values are fully decoded.
    public static func parseParameters(_ text: Substring) -> [String: String] {
        assemble(splitParameters(Array(text.utf8)))
    }

    /// Splits "a=1; b="two"; c=x y" into raw name/value pairs.
    static func splitParameters(_ b: [UInt8]) -> [RawParameter] {
        var result: [RawParameter] = []
        let n = b.count
        var i = 0
        while i < n {
            while i < n && (ASCII.isSpaceOrNewline(b[i]) || b[i] == ASCII.semicolon) { i += 1 }
            if i >= n { break }
            if b[i] == 0x28 { i = skipComment(b, i); continue }
            // Name: up to "=" or ";".
            let nameStart = i
            while i < n && b[i] != ASCII.equals && b[i] != ASCII.semicolon { i += 1 }
            let name = String(decoding: Bytes.trimmed(b[nameStart..<i]), as: UTF8.self).lowercased()
            guard i < n, b[i] == ASCII.equals else { continue } // attribute without value: ignored
            i += 1
            while i < n && ASCII.isSpaceOrNewline(b[i]) { i += 1 }
            var value: [UInt8] = []
            let wasQuoted = i < n && b[i] == ASCII.quote
            if wasQuoted {
                let (v, next, closed) = readQuoted(b, from: i + 1)
                if closed {
                    value = v
                    i = next
                    // Anything between the closing quote and the next ";" is junk.
                    while i < n && b[i] != ASCII.semicolon { i += 1 }
                } else {
                    // Missing closing quote: take up to the next ";" so later parameters survive.
                    var j = i + 1
                    while j < n && b[j] != ASCII.semicolon { j += 1 }
                    value = Array(Bytes.trimmed(b[(i + 1)..<j]))
                    i = j
                }
            } else {
                let start = i
                while i < n && b[i] != ASCII.semicolon {
                    // A forgotten ";": whitespace then "token=" starts the next parameter. Other
                    // spaces stay in the value (unquoted "name=my file.pdf" from broken mailers).
                    if ASCII.isSpaceOrNewline(b[i]), startsParameter(b, i + 1) { break }
                    i += 1
                }
                var v = Bytes.trimmed(b[start..<i])
                // A trailing "(comment)" after whitespace is a comment, not part of the value.
                if v.last == 0x29, let open = v.lastIndex(of: 0x28), open > v.startIndex, ASCII.isSpaceOrNewline(v[open - 1]) {
                    v = Bytes.trimmed(v[v.startIndex..<open])
                }
                value = Array(v)
            }
            if !name.isEmpty && !(value.isEmpty && !wasQuoted) { result.append(RawParameter(name: name, value: String(decoding: value, as: UTF8.self))) }
        }
        return result
    }

    /// Whether "token=" starts at `start` (after optional whitespace).
    static func startsParameter(_ b: [UInt8], _ start: Int) -> Bool {
        var i = start
        while i < b.count && ASCII.isSpaceOrNewline(b[i]) { i += 1 }
        let tokenStart = i
        while i < b.count, ASCII.isAlpha(b[i]) || ASCII.isDigit(b[i]) || b[i] == ASCII.hyphen || b[i] == 0x2A || b[i] == 0x5F { i += 1 }
        return i > tokenStart && i < b.count && b[i] == ASCII.equals
    }

    /// Reads a quoted string body starting after the opening quote; returns the unescaped bytes,
    /// the index after the closing quote, and whether it was closed.
    static func readQuoted(_ b: [UInt8], from start: Int) -> ([UInt8], Int, Bool) {
        var out: [UInt8] = []
        var i = start
        while i < b.count {
            let c = b[i]
            if c == ASCII.backslash, i + 1 < b.count { out.append(b[i + 1]); i += 2; continue }
            if c == ASCII.quote { return (out, i + 1, true) }
            out.append(c)
            i += 1
        }
        return (out, i, false)
    }

    /// The index just past the comment that opens at `start` (nested comments and quoted pairs
    /// honoured), never past the end of `b`, even when the comment is cut off.
    static func skipComment(_ b: [UInt8], _ start: Int) -> Int {
        var depth = 0
        var i = start
        while i < b.count {
            switch b[i] {
            case 0x28: depth += 1
            case 0x29: depth -= 1; if depth == 0 { return i + 1 }
            case ASCII.backslash: i += 1
            default: break
            }
            i += 1
        }
        // A trailing backslash steps one past the end: callers slice up to the result.
        return min(i, b.count)
    }

    /// Joins RFC 2231 continuations and decodes charsets. The RFC 2231 form of a parameter wins
    /// over a plain one of the same name (senders add the plain one for old readers).
    static func assemble(_ raw: [RawParameter]) -> [String: String] {
        var plain: [String: String] = [:]
        var sections: [String: [(index: Int, extended: Bool, value: String)]] = [:]
        for p in raw {
            guard let star = p.name.firstIndex(of: "*") else {
                if plain[p.name] == nil { plain[p.name] = p.value }
                continue
            }
            let base = String(p.name[..<star])
            var rest = p.name[p.name.index(after: star)...]
            var extended = false
            if rest.hasSuffix("*") { extended = true; rest = rest.dropLast() }
            let index: Int
            if rest.isEmpty { index = 0; extended = true } // "name*=" is extended, single section
            else if let k = Int(rest), k >= 0, k < 10_000 { index = k } else { continue }
            if sections[base]?.contains(where: { $0.index == index }) == true { continue }
            sections[base, default: []].append((index, extended, p.value))
        }
        var result: [String: String] = [:]
        for (name, value) in plain {
            result[name] = value.contains("=?") ? RFC2047.decode(value) : value
        }
        for (name, parts) in sections {
            let ordered = parts.sorted { $0.index < $1.index }
            var charset: String?
            var bytes: [UInt8] = []
            for (k, part) in ordered.enumerated() {
                var value = Substring(part.value)
                if part.extended {
                    if k == 0 {
                        // charset'language'value; both may be empty; the quotes may be missing.
                        let quotes = value.indices.filter { value[$0] == "'" }
                        if quotes.count >= 2 {
                            let cs = value[..<quotes[0]]
                            if !cs.isEmpty { charset = String(cs) }
                            value = value[value.index(after: quotes[1])...]
                        }
                    }
                    bytes.append(contentsOf: percentDecode(value))
                } else {
                    bytes.append(contentsOf: value.utf8)
                }
            }
            var text = Charsets.decode(bytes, charset: charset ?? "utf-8").text
            if text.contains("=?") { text = RFC2047.decode(text) }
            result[name] = text
        }
        return result
    }

    /// "%XX" → byte; a "%" that starts no valid escape is kept.
    static func percentDecode(_ s: Substring) -> [UInt8] {
        let b = Array(s.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == 0x25, i + 2 < b.count, let hi = ASCII.hexValue(b[i + 1]), let lo = ASCII.hexValue(b[i + 2]) {
                out.append(hi << 4 | lo); i += 3
            } else {
                out.append(b[i]); i += 1
            }
        }
        return out
    }
}
