/// Message-ID, In-Reply-To and References values (RFC 5322 §3.6.4), without angle brackets.
///
/// Tolerant by design because threading depends on it: junk between ids (In-Reply-To often
/// carries `<id> (Joe's message of Monday)` or a quoted date), comments, missing brackets
/// (`malformed@id.example`), and ids with internal whitespace. Empty ids (`<>`) are skipped.
public enum MessageIDParser {
    public static func parse(_ text: String) -> [String] {
        let b = Array(text.utf8)
        var ids: [String] = []
        var i = 0
        var sawBracket = false
        while i < b.count {
            if b[i] == 0x3C {
                sawBracket = true
                guard let close = b[(i + 1)...].firstIndex(where: { $0 == 0x3E || $0 == 0x3C }) else {
                    // Unterminated "<id": take the rest of the word.
                    let rest = b[(i + 1)...].prefix { !ASCII.isSpaceOrNewline($0) && $0 != 0x2C }
                    if !rest.isEmpty { ids.append(String(decoding: rest, as: UTF8.self)) }
                    break
                }
                if b[close] == 0x3C { i = close; continue } // "<<id>" or a stray "<"
                let inner = Bytes.trimmed(b[(i + 1)..<close])
                if !inner.isEmpty { ids.append(String(decoding: inner, as: UTF8.self)) }
                i = close + 1
                continue
            }
            i += 1
        }
        if sawBracket { return ids }
        // No brackets at all: ids that merely lost their brackets ("id@host", "a@x b@y") are
        // kept; prose ("ralf@host's message of Monday") yields nothing, because taking a word
        // out of a sentence links unrelated conversations (seen on the linux-mips archive).
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "," })
            .map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("(") }
        let looksLikeIDs = words.allSatisfy { word in
            word.contains("@") && !word.contains(where: { $0 == "'" || $0 == "\"" || $0 == ";" || $0 == ":" })
        }
        if looksLikeIDs { return words }
        return words.count == 1 ? words : []
    }
}
