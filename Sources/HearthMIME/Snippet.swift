import HearthCore

/// The short preview shown in message lists: the first words the sender actually wrote.
///
/// Quoted lines (">"), reply attributions ("On <date>, <person> wrote:" — possibly wrapped over
/// two lines — and a few common translations), a quoted or forwarded message's separator and
/// header block (`QuotedMessageHeader`: a quoted original ends the preview once the sender's own
/// words have begun, a forward shows its text) and everything after a signature separator ("-- ")
/// are left out, as are lines drawn with symbols
/// ("=====" under a title); whitespace is collapsed. The
/// result is cut at a word boundary to at most `maxLength` characters (a single over-long word is
/// cut hard), without an ellipsis: the UI decides how to show truncation.
public enum Snippet {
    public static func make(fromText text: String, maxLength: Int = 100) -> String {
        var words: [Substring] = []
        var length = 0
        var pendingLine: Substring?   // a line that may be the first half of an attribution
        let budget = maxLength + 1

        func take(_ line: Substring) {
            for w in line.split(whereSeparator: { $0.isWhitespace }) {
                words.append(w)
                length += w.count + 1
                if length > budget { return }
            }
        }

        var rest = Substring(text)
        var quotedHeader = QuotedMessageHeader.Reader()
        scan: while !rest.isEmpty && length <= budget {
            // "\r\n" is one Character in Swift, so a CRLF text's lines end at any newline.
            let lineEnd = rest.firstIndex(where: \.isNewline) ?? rest.endIndex
            let raw = rest[..<lineEnd]
            rest = lineEnd == rest.endIndex ? rest[rest.endIndex...] : rest[rest.index(after: lineEnd)...]
            let line = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if raw == "-- " || raw == "--" { break scan }
            if line.hasPrefix(">") { continue }
            let next = rest.prefix { !$0.isNewline }
            switch quotedHeader.read(line, hasText: !words.isEmpty || pendingLine != nil, next: next.isEmpty ? nil : next) {
            case .skip: continue scan
            case .end: break scan
            case .other: break
            }
            if isRule(line) { continue }
            if isAttribution(line) { pendingLine = nil; continue }
            if let pending = pendingLine {
                // "On Mon, 1 Jan 2024, Somebody <a@b>\n wrote:" wraps often.
                if isAttribution(pending + " " + line) { pendingLine = nil; continue }
                take(pending[...])
                pendingLine = nil
            }
            if line.hasPrefix("On ") || line.hasPrefix("Le ") || line.hasPrefix("Am ") || line.hasPrefix("El ") {
                pendingLine = Substring(line)
                continue
            }
            take(Substring(line))
        }
        if let pending = pendingLine, length <= budget { take(pending) }
        return cut(words, maxLength)
    }

    static func isAttribution(_ line: String) -> Bool {
        let l = line.lowercased()
        return l.hasSuffix("wrote:") || l.hasSuffix("a écrit :") || l.hasSuffix("a écrit:") || l.hasSuffix("schrieb:")
            || l.hasSuffix("escribió:") || l.hasSuffix("scritto:") || l.hasSuffix("geschreven:")
    }

    /// A line drawn with symbols: the "=====" under a plain-text newsletter's title, "* * *"
    /// between sections. It says nothing, and a list row has room for a few words only.
    static func isRule(_ line: String) -> Bool {
        let drawn = line.filter { !$0.isWhitespace }
        return drawn.count >= 3 && drawn.allSatisfy { "=-_*~#+·•–—".contains($0) }
    }

    static func cut(_ words: [Substring], _ maxLength: Int) -> String {
        var out = ""
        for w in words {
            let extra = out.isEmpty ? w.count : w.count + 1
            if out.count + extra > maxLength {
                if out.isEmpty { out = String(w.prefix(maxLength)) }
                break
            }
            if !out.isEmpty { out.append(" ") }
            out.append(contentsOf: w)
        }
        return out
    }
}
