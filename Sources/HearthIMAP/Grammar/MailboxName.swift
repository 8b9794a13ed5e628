/// A mailbox name as the server sends it (`wire`, modified UTF-7 per RFC 3501 §5.1.3) and as a
/// person reads it (`displayName`). Keeping both avoids lossy round trips: commands always use the
/// exact wire form the server gave us.
public struct MailboxName: Hashable, Sendable, CustomStringConvertible {
    /// The name on the wire (modified UTF-7 for non-ASCII).
    public let wire: String

    /// From the name a person typed: encodes it to modified UTF-7.
    public init(_ displayName: String) {
        wire = ModifiedUTF7.encode(displayName)
    }

    /// From the name as the server sent it.
    public init(wire: String) { self.wire = wire }

    public static let inbox = MailboxName(wire: "INBOX")

    /// The decoded name, or the wire form when it is not valid modified UTF-7.
    public var displayName: String { ModifiedUTF7.decode(wire) ?? wire }

    /// INBOX is case-insensitive (RFC 3501 §5.1).
    public var isInbox: Bool { wire.uppercased() == "INBOX" }

    public var description: String { displayName }
}

/// Modified UTF-7 (RFC 3501 §5.1.3): printable ASCII stands for itself except `&`, which is
/// `&-`; other characters are UTF-16BE in base64 with `,` for `/`, no padding, between `&` and `-`.
public enum ModifiedUTF7 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,".utf8)
    private static let reverse: [UInt8: UInt8] = {
        var table: [UInt8: UInt8] = [:]
        for (index, byte) in alphabet.enumerated() { table[byte] = UInt8(index) }
        return table
    }()

    public static func encode(_ text: String) -> String {
        var out: [UInt8] = []
        var pending: [UInt16] = []
        func flush() {
            guard !pending.isEmpty else { return }
            var bytes: [UInt8] = []
            for unit in pending { bytes.append(UInt8(unit >> 8)); bytes.append(UInt8(unit & 0xFF)) }
            out.append(UInt8(ascii: "&"))
            var index = 0
            while index < bytes.count {
                let b0 = bytes[index]
                let b1 = index + 1 < bytes.count ? bytes[index + 1] : 0
                let b2 = index + 2 < bytes.count ? bytes[index + 2] : 0
                let remaining = bytes.count - index
                out.append(alphabet[Int(b0 >> 2)])
                out.append(alphabet[Int((b0 & 0x03) << 4 | b1 >> 4)])
                if remaining > 1 { out.append(alphabet[Int((b1 & 0x0F) << 2 | b2 >> 6)]) }
                if remaining > 2 { out.append(alphabet[Int(b2 & 0x3F)]) }
                index += 3
            }
            out.append(UInt8(ascii: "-"))
            pending.removeAll()
        }
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value <= 0x7E {
                flush()
                out.append(UInt8(scalar.value))
                if scalar == "&" { out.append(UInt8(ascii: "-")) }
            } else {
                pending.append(contentsOf: Array(String(scalar).utf16))
            }
        }
        flush()
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes; nil when the input is not valid modified UTF-7 (then show the raw name).
    public static func decode(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var out = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte != UInt8(ascii: "&") {
                guard byte >= 0x20 && byte <= 0x7E else { return nil }
                out.unicodeScalars.append(Unicode.Scalar(byte))
                index += 1
                continue
            }
            guard let end = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: "-")) else { return nil }
            let encoded = bytes[(index + 1)..<end]
            index = end + 1
            if encoded.isEmpty { out.append("&"); continue }
            var bits: UInt32 = 0
            var bitCount = 0
            var raw: [UInt8] = []
            for char in encoded {
                guard let value = reverse[char] else { return nil }
                bits = (bits << 6) | UInt32(value)
                bitCount += 6
                if bitCount >= 8 {
                    bitCount -= 8
                    raw.append(UInt8((bits >> UInt32(bitCount)) & 0xFF))
                }
            }
            guard raw.count % 2 == 0, !raw.isEmpty else { return nil }
            var units: [UInt16] = []
            for pair in stride(from: 0, to: raw.count, by: 2) {
                units.append(UInt16(raw[pair]) << 8 | UInt16(raw[pair + 1]))
            }
            guard let decoded = String(validating: units, as: UTF16.self) else { return nil }
            // A base64 run must not encode printable ASCII (RFC 3501: that has to be direct).
            if decoded.unicodeScalars.contains(where: { $0.value >= 0x20 && $0.value <= 0x7E }) { return nil }
            out += decoded
        }
        return out
    }
}
