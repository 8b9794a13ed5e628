import Foundation

/// Content-Transfer-Encoding (RFC 2045 §6). Decoders are deliberately forgiving: real mail has
/// base64 with junk, missing padding and stray line breaks, and quoted-printable with invalid
/// escapes. What cannot be decoded is kept literally rather than dropped.
public enum TransferEncoding: Sendable, Hashable {
    case sevenBit, eightBit, binary, base64, quotedPrintable
    /// Any other token; treated as 8bit (RFC 2045 §6.4 says unknown encodings must not be
    /// interpreted, but showing the raw bytes is more useful than showing nothing).
    case other(String)

    public init(headerValue: String?) {
        guard let headerValue else { self = .sevenBit; return }
        var token = headerValue.lowercased()
        if let semi = token.firstIndex(where: { $0 == ";" || $0 == "(" }) { token = String(token[..<semi]) }
        token = token.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        switch token {
        case "", "7bit", "7-bit": self = .sevenBit
        case "8bit", "8-bit": self = .eightBit
        case "binary": self = .binary
        case "base64", "base-64", "x-base64", "b": self = .base64
        case "quoted-printable", "quotedprintable", "quoted_printable", "qp", "q", "x-quoted-printable": self = .quotedPrintable
        default: self = .other(token)
        }
    }

    /// Whether the body must be decoded before use.
    public var isEncoding: Bool { self == .base64 || self == .quotedPrintable }
}

public enum TransferDecoding {
    /// 0-63: sextet value; 64: padding '='; 255: ignored byte.
    private static let base64Table: [UInt8] = {
        var t = [UInt8](repeating: 255, count: 256)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (i, c) in alphabet.enumerated() { t[Int(c)] = UInt8(i) }
        t[Int(UInt8(ascii: "-"))] = 62 // base64url, seen in the wild
        t[Int(UInt8(ascii: "_"))] = 63
        t[Int(UInt8(ascii: "="))] = 64
        return t
    }()

    /// Decodes base64, skipping anything outside the alphabet. Padding ends a quantum, so
    /// concatenated encodings ("SGk=SGk=") decode correctly and missing padding is tolerated.
    public static func decodeBase64(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(input.count / 4 * 3 + 3)
        base64Table.withUnsafeBufferPointer { table in
            var acc: UInt32 = 0
            var n = 0
            for byte in input {
                let v = table[Int(byte)]
                if v < 64 {
                    acc = (acc << 6) | UInt32(v)
                    n += 1
                    if n == 4 {
                        out.append(UInt8(truncatingIfNeeded: acc >> 16))
                        out.append(UInt8(truncatingIfNeeded: acc >> 8))
                        out.append(UInt8(truncatingIfNeeded: acc))
                        acc = 0; n = 0
                    }
                } else if v == 64 {
                    flush(&acc, &n, &out)
                }
            }
            flush(&acc, &n, &out)
        }
        return out
    }

    @inline(__always)
    private static func flush(_ acc: inout UInt32, _ n: inout Int, _ out: inout [UInt8]) {
        switch n {
        case 2: out.append(UInt8(truncatingIfNeeded: acc >> 4))
        case 3:
            out.append(UInt8(truncatingIfNeeded: acc >> 10)); out.append(UInt8(truncatingIfNeeded: acc >> 2))
        default: break // 0: nothing; 1: six lone bits carry no byte
        }
        acc = 0; n = 0
    }

    public static func decodeBase64(_ input: [UInt8]) -> [UInt8] { input.withUnsafeBufferPointer { decodeBase64($0) } }

    /// Decodes quoted-printable: "=XX" (either case) → byte, "=" before a line break → soft line
    /// break, trailing whitespace on a line is dropped (RFC 2045 §6.7 rule 3, it is transport
    /// padding), and an "=" that starts no valid escape is kept literally. Line breaks are kept
    /// as they appear.
    public static func decodeQuotedPrintable(_ input: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(input.count)
        let n = input.count
        var i = 0
        var pendingSpaceStart = -1 // index in `out` where a run of trailing-candidate whitespace began
        while i < n {
            let b = input[i]
            if b == ASCII.equals {
                // Soft line break: "=" [WSP]* (CRLF | LF | end)
                var j = i + 1
                while j < n && ASCII.isWSP(input[j]) { j += 1 }
                if j == n { i = n; break }
                if input[j] == ASCII.lf { i = j + 1; pendingSpaceStart = -1; continue }
                if input[j] == ASCII.cr { i = (j + 1 < n && input[j + 1] == ASCII.lf) ? j + 2 : j + 1; pendingSpaceStart = -1; continue }
                if i + 2 < n, let hi = ASCII.hexValue(input[i + 1]), let lo = ASCII.hexValue(input[i + 2]) {
                    out.append(hi << 4 | lo)
                    pendingSpaceStart = -1
                    i += 3
                    continue
                }
                out.append(b)
                pendingSpaceStart = -1
                i += 1
                continue
            }
            if ASCII.isWSP(b) {
                if pendingSpaceStart < 0 { pendingSpaceStart = out.count }
                out.append(b)
                i += 1
                continue
            }
            if b == ASCII.cr || b == ASCII.lf {
                if pendingSpaceStart >= 0 { out.removeSubrange(pendingSpaceStart...); pendingSpaceStart = -1 }
                out.append(b)
                i += 1
                continue
            }
            pendingSpaceStart = -1
            out.append(b)
            i += 1
        }
        if pendingSpaceStart >= 0 { out.removeSubrange(pendingSpaceStart...) }
        return out
    }

    public static func decodeQuotedPrintable(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBufferPointer { decodeQuotedPrintable($0) }
    }

    /// Decodes `input` according to `encoding`; identity for 7bit/8bit/binary/unknown.
    public static func decode(_ input: UnsafeBufferPointer<UInt8>, encoding: TransferEncoding) -> [UInt8] {
        switch encoding {
        case .base64: return decodeBase64(input)
        case .quotedPrintable: return decodeQuotedPrintable(input)
        default: return Array(input)
        }
    }
}
