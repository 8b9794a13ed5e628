/// Minimal HTML → text conversion, only for snippets and for searching: not a renderer and not
/// a sanitiser. Linear single pass over the bytes, no recursion and no DOM, so deeply nested or
/// huge HTML cannot blow the stack. Scripts, styles, the head, comments and (optionally) quoted
/// blocks are dropped; block elements become line breaks; entities are decoded.
public enum HTMLText {
    static let skippedElements: Set<String> = ["script", "style", "head", "title", "noscript", "template", "svg", "xml"]
    static let blockElements: Set<String> = [
        "br", "p", "div", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
        "blockquote", "pre", "section", "article", "header", "footer", "dd", "dt", "td", "th",
    ]

    /// - Parameters:
    ///   - dropQuotes: leave out `<blockquote>` content (quoted replies), for snippets.
    ///   - maxOutput: stop after this many output bytes.
    public static func plainText(fromHTML html: String, dropQuotes: Bool = false, maxOutput: Int = .max) -> String {
        let b = Array(html.utf8)
        let n = b.count
        var out = [UInt8]()
        out.reserveCapacity(min(n, maxOutput) + 16)
        var i = 0
        var quoteDepth = 0
        while i < n && out.count < maxOutput {
            let c = b[i]
            if c == 0x3C { // "<"
                if i + 3 < n, b[i + 1] == 0x21, b[i + 2] == 0x2D, b[i + 3] == 0x2D { // <!--
                    i = find(b, "-->", from: i + 4).map { $0 + 3 } ?? n
                    continue
                }
                var j = i + 1
                var closing = false
                if j < n && b[j] == 0x2F { closing = true; j += 1 }
                let nameStart = j
                while j < n && (ASCII.isAlpha(b[j]) || ASCII.isDigit(b[j])) { j += 1 }
                if j == nameStart {
                    // Not a tag ("a < b", "<!DOCTYPE", "<?xml"): skip declarations, keep a bare "<".
                    if j < n, b[j] == 0x21 || b[j] == 0x3F {
                        i = (b[j...].firstIndex(of: 0x3E) ?? (n - 1)) + 1
                        continue
                    }
                    if quoteDepth == 0 { out.append(c) }
                    i += 1
                    continue
                }
                let name = String(decoding: b[nameStart..<j].map(ASCII.lower), as: UTF8.self)
                let tagEnd = tagEndIndex(b, from: j)
                i = tagEnd
                if !closing && skippedElements.contains(name) {
                    // Skip to the matching close tag.
                    var k = i
                    var closed = false
                    while let lt = find(b, "</", from: k) {
                        let s = lt + 2
                        let e = s + name.utf8.count
                        if e <= n, String(decoding: b[s..<e].map(ASCII.lower), as: UTF8.self) == name {
                            i = tagEndIndex(b, from: e)
                            closed = true
                            break
                        }
                        k = lt + 2
                    }
                    if !closed { i = n }
                    continue
                }
                if name == "blockquote" && dropQuotes {
                    quoteDepth = closing ? max(0, quoteDepth - 1) : quoteDepth + 1
                }
                if blockElements.contains(name) && out.last != ASCII.lf { out.append(ASCII.lf) }
                continue
            }
            if quoteDepth > 0 { i += 1; continue }
            if c == 0x26, let (scalars, next) = entity(b, at: i) { // "&"
                for s in scalars { Charsets.appendUTF8(s, to: &out) }
                i = next
                continue
            }
            out.append(c)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Index after the ">" that closes a tag, honouring quoted attribute values.
    static func tagEndIndex(_ b: [UInt8], from start: Int) -> Int {
        var i = start
        var quote: UInt8 = 0
        while i < b.count {
            let c = b[i]
            if quote != 0 { if c == quote { quote = 0 } } else if c == 0x22 || c == 0x27 { quote = c } else if c == 0x3E { return i + 1 }
            // An unterminated quote would swallow the document: give up on quotes at a line break.
            if quote != 0 && c == ASCII.lf { quote = 0 }
            i += 1
        }
        return b.count
    }

    static func find(_ b: [UInt8], _ pattern: String, from: Int) -> Int? {
        let p = Array(pattern.utf8)
        guard let first = p.first, from < b.count else { return nil }
        var i = from
        while i + p.count <= b.count {
            if b[i] == first && b[i..<(i + p.count)].elementsEqual(p) { return i }
            i += 1
        }
        return nil
    }

    static let named: [String: [UInt32]] = [
        "amp": [0x26], "lt": [0x3C], "gt": [0x3E], "quot": [0x22], "apos": [0x27], "nbsp": [0x20], "copy": [0xA9],
        "reg": [0xAE], "trade": [0x2122], "hellip": [0x2026], "mdash": [0x2014], "ndash": [0x2013], "lsquo": [0x2018],
        "rsquo": [0x2019], "ldquo": [0x201C], "rdquo": [0x201D], "laquo": [0xAB], "raquo": [0xBB], "euro": [0x20AC],
        "pound": [0xA3], "yen": [0xA5], "cent": [0xA2], "sect": [0xA7], "deg": [0xB0], "middot": [0xB7], "bull": [0x2022],
        "times": [0xD7], "divide": [0xF7], "shy": [], "zwnj": [], "zwj": [], "thinsp": [0x20], "ensp": [0x20], "emsp": [0x20],
        "eacute": [0xE9], "egrave": [0xE8], "ecirc": [0xEA], "aacute": [0xE1], "agrave": [0xE0], "acirc": [0xE2],
        "auml": [0xE4], "ouml": [0xF6], "uuml": [0xFC], "Auml": [0xC4], "Ouml": [0xD6], "Uuml": [0xDC], "szlig": [0xDF],
        "ccedil": [0xE7], "ntilde": [0xF1], "oacute": [0xF3], "iacute": [0xED], "uacute": [0xFA], "Eacute": [0xC9],
        "aring": [0xE5], "oslash": [0xF8], "aelig": [0xE6],
    ]

    /// Decodes "&name;", "&#123;", "&#x1F600;" at `start`.
    static func entity(_ b: [UInt8], at start: Int) -> ([UInt32], Int)? {
        var j = start + 1
        guard j < b.count else { return nil }
        if b[j] == 0x23 { // "#"
            j += 1
            var hex = false
            if j < b.count, b[j] == 0x78 || b[j] == 0x58 { hex = true; j += 1 }
            var v: UInt32 = 0
            let digitsStart = j
            while j < b.count, j - digitsStart < 8 {
                if hex, let h = ASCII.hexValue(b[j]) { v = v * 16 + UInt32(h) } else if !hex, ASCII.isDigit(b[j]) { v = v * 10 + UInt32(b[j] - 0x30) } else { break }
                j += 1
            }
            guard j > digitsStart else { return nil }
            if j < b.count && b[j] == ASCII.semicolon { j += 1 }
            let valid = v != 0 && v <= 0x10FFFF && !(0xD800...0xDFFF).contains(v)
            return ([valid ? (v == 0xA0 ? 0x20 : v) : 0xFFFD], j)
        }
        let nameStart = j
        while j < b.count, j - nameStart < 10, ASCII.isAlpha(b[j]) || ASCII.isDigit(b[j]) { j += 1 }
        guard j < b.count, b[j] == ASCII.semicolon, j > nameStart else { return nil }
        guard let value = named[String(decoding: b[nameStart..<j], as: UTF8.self)] else { return nil }
        return (value, j + 1)
    }
}
