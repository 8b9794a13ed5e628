import Foundation

/// Minimal RFC 2047 decoding for subjects: `=?charset?Q|B?text?=` words become text, and white
/// space between two adjacent encoded words disappears. Charsets beyond UTF-8, US-ASCII and the
/// ISO-8859/Windows Latin ones fall back to ISO-8859-1, which keeps tests deterministic; the
/// production MIME decoder is elsewhere.
enum EncodedWords {
    static func decode(_ value: String) -> String {
        var output = ""
        var rest = Substring(value)
        var pendingSpace = ""
        var previousWasEncoded = false
        while !rest.isEmpty {
            if rest.hasPrefix("=?"), let (decoded, length) = decodeWord(rest) {
                if !previousWasEncoded { output += pendingSpace }
                output += decoded
                pendingSpace = ""
                previousWasEncoded = true
                rest = rest.dropFirst(length)
                continue
            }
            guard let character = rest.first else { break }
            rest = rest.dropFirst()
            if character == " " || character == "\t" {
                pendingSpace.append(character)
                continue
            }
            output += pendingSpace
            pendingSpace = ""
            output.append(character)
            previousWasEncoded = false
        }
        return output + pendingSpace
    }

    /// Decodes the encoded word at the start of `text`: its text and its length in characters.
    private static func decodeWord(_ text: Substring) -> (String, Int)? {
        let parts = text.dropFirst(2).split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[3].hasPrefix("="), parts[1].count == 1 else { return nil }
        let charset = parts[0].split(separator: "*").first.map { $0.lowercased() } ?? ""
        let payload = parts[2]
        guard !payload.contains(" ") else { return nil }
        let bytes: [UInt8]
        switch parts[1].lowercased() {
        case "q": bytes = quotedPrintable(payload)
        case "b":
            var base64 = String(payload)
            while base64.count % 4 != 0 { base64 += "=" }
            guard let data = Data(base64Encoded: base64) else { return nil }
            bytes = [UInt8](data)
        default: return nil
        }
        let length = 2 + parts[0].count + 1 + 1 + 1 + payload.count + 2
        return (string(bytes, charset: charset), length)
    }

    private static func quotedPrintable(_ payload: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = Array(payload.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "_"): bytes.append(0x20)
            case UInt8(ascii: "="):
                guard let high = iterator.next(), let low = iterator.next(),
                      let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { continue }
                bytes.append(value)
            default: bytes.append(byte)
            }
        }
        return bytes
    }

    private static func string(_ bytes: [UInt8], charset: String) -> String {
        let encoding: String.Encoding
        switch charset {
        case "utf-8", "utf8": encoding = .utf8
        case "us-ascii", "ascii": encoding = .ascii
        case "windows-1252", "cp1252": encoding = .windowsCP1252
        case "iso-8859-2": encoding = .isoLatin2
        default: encoding = .isoLatin1
        }
        return String(bytes: bytes, encoding: encoding) ?? String(bytes: bytes, encoding: .isoLatin1) ?? ""
    }
}
