import Foundation
import HearthCore

/// Writes header field values the way RFC 5322 and RFC 2047 want them: 7-bit, folded at
/// whitespace to ~78 columns, non-ASCII words as `=?utf-8?B?…?=` encoded words.
///
/// Folding only ever happens at a single space, because a reader (ours included) turns a fold
/// and the whitespace around it into one space: folding inside a run of spaces would change the
/// text. Control characters (CR, LF, NUL…) are replaced by spaces before anything else, so a
/// subject or name can never inject a header line.
enum HeaderEncoder {
    static let softLimit = 78
    /// An encoded word may be at most 75 characters (RFC 2047 §2).
    static let encodedWordLimit = 75

    /// `Name: value` for unstructured text (Subject), folded, CRLF-terminated.
    static func unstructured(_ name: String, _ text: String) -> String {
        fold(name: name, tokens: tokens(of: sanitized(text)))
    }

    /// `Name: a, b, c` for an address list, folded between addresses.
    static func addressList(_ name: String, _ addresses: [EmailAddress]) -> String {
        var tokens: [String] = []
        for (i, address) in addresses.enumerated() {
            var parts = mailboxTokens(address)
            if i < addresses.count - 1 { parts[parts.count - 1] += "," }
            tokens += parts
        }
        return fold(name: name, tokens: tokens)
    }

    /// `Name: <id1> <id2>` for Message-ID, In-Reply-To, References.
    static func messageIDs(_ name: String, _ ids: [String]) -> String {
        fold(name: name, tokens: ids.map { "<\(sanitizedID($0))>" })
    }

    /// Any value already in wire form (dates, MIME fields): folded at spaces if long.
    static func raw(_ name: String, _ value: String) -> String {
        fold(name: name, tokens: value.split(separator: " ", omittingEmptySubsequences: false).map(String.init))
    }

    // MARK: tokens

    /// Words of `text` (split at single spaces, other whitespace kept inside tokens), with runs
    /// of words that need encoding turned into encoded words.
    static func tokens(of text: String) -> [String] {
        let words = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var result: [String] = []
        var run: [String] = []
        func flush() {
            guard !run.isEmpty else { return }
            result += encodedWords(run.joined(separator: " "))
            run.removeAll()
        }
        for word in words {
            if needsEncoding(word) { run.append(word) } else { flush(); result.append(word) }
        }
        flush()
        return result
    }

    /// A word must be encoded when it is not 7-bit printable, could be mistaken for an encoded
    /// word, or is too long to fit a line.
    static func needsEncoding(_ word: String) -> Bool {
        word.utf8.contains { $0 >= 0x7F || ($0 < 0x20 && $0 != 0x09) } || word.contains("=?") || word.utf8.count > 900
    }

    /// `text` as B-encoded UTF-8 words of at most 75 characters, never splitting a character.
    static func encodedWords(_ text: String) -> [String] {
        let prefix = "=?utf-8?B?", suffix = "?="
        // 75 - 12 = 63 characters of base64 → 45 bytes of UTF-8 per word at most.
        let maxBytes = (encodedWordLimit - prefix.count - suffix.count) / 4 * 3
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in text {
            let bytes = Array(String(character).utf8)
            if chunk.count + bytes.count > maxBytes, !chunk.isEmpty {
                words.append(prefix + Data(chunk).base64EncodedString() + suffix)
                chunk.removeAll()
            }
            chunk += bytes
        }
        if !chunk.isEmpty || words.isEmpty { words.append(prefix + Data(chunk).base64EncodedString() + suffix) }
        return words
    }

    /// A mailbox as tokens: `[phrase words…, <addr>]` or `[addr]`.
    static func mailboxTokens(_ address: EmailAddress) -> [String] {
        let spec = addrSpec(address.address)
        guard let name = address.name.map(sanitized), !name.isEmpty else { return [spec] }
        return phrase(name) + ["<\(spec)>"]
    }

    /// A display name: atoms as they are, a quoted string when it has specials, encoded
    /// words when it is not ASCII.
    static func phrase(_ name: String) -> [String] {
        if name.utf8.contains(where: { $0 >= 0x80 }) || name.contains("=?") {
            return encodedWords(name)
        }
        let atext = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~ ")
        if name.unicodeScalars.allSatisfy(atext.contains), !name.hasPrefix(" "), !name.hasSuffix(" "), !name.contains("  ") {
            return name.split(separator: " ").map(String.init)
        }
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        // A quoted string is one token: folding inside it would change it.
        return ["\"\(escaped)\""]
    }

    /// The addr-spec, with the local part quoted when it is not a dot-atom.
    static func addrSpec(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return sanitizedID(address) }
        let local = String(address[..<at]), domain = String(address[address.index(after: at)...])
        let atext = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~")
        let isDotAtom = !local.isEmpty && !local.hasPrefix(".") && !local.hasSuffix(".") && !local.contains("..")
            && local.unicodeScalars.allSatisfy { atext.contains($0) || $0 == "." || $0.value >= 0x80 }
        let quotedLocal = isDotAtom ? local
            : "\"" + local.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        return quotedLocal + "@" + domain
    }

    // MARK: folding

    /// Joins tokens with single spaces, breaking the line before a token when it would pass 78
    /// columns (a token longer than that gets a line of its own).
    static func fold(name: String, tokens: [String]) -> String {
        var out = name + ":"
        var column = out.utf8.count
        var previousEmpty = false
        for token in tokens {
            let width = token.utf8.count
            // Never fold next to an empty token: that is a run of spaces a reader would collapse.
            let mayFold = !token.isEmpty && !previousEmpty
            previousEmpty = token.isEmpty
            if mayFold, column + 1 + width > softLimit, column > name.utf8.count + 1 {
                out += "\r\n "
                column = 1
            } else {
                out += " "
                column += 1
            }
            out += token
            column += width
        }
        return out + "\r\n"
    }

    /// Replaces control characters (CR and LF above all) with spaces: header values are one line.
    static func sanitized(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F ? " " : scalar
        }))
    }

    /// Message-IDs and addresses must be single tokens: whitespace, controls, angle brackets out.
    static func sanitizedID(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { scalar in
            scalar.value > 0x20 && scalar.value != 0x7F && scalar != "<" && scalar != ">"
        }))
    }
}
