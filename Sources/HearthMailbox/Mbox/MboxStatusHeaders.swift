import Foundation
import HearthCore

/// The few header fields an mbox keeps its own state in, collected while the header section of
/// a message streams past (the message bytes themselves are left untouched):
/// - `Status:` / `X-Status:` (mutt, Pine, Eudora, Apple Mail's mbox export): letters
///   `R` read → seen, `A` answered, `F` flagged, `D` deleted, `T` draft; `O` ("old", listed
///   but not read) maps to nothing;
/// - `X-Mozilla-Status:` (Thunderbird/Netscape): hex bits 0x1 read, 0x2 replied, 0x4 marked,
///   0x8 expunged;
/// - `Content-Length:` (mboxcl/mboxcl2), used only when the reader is asked to honour it.
struct MboxStatusHeaders: Sendable {
    var flags: MessageMapping.Flags = []
    var contentLength: Int?

    /// Looks at one header line (unfolded continuation lines are irrelevant for these fields).
    mutating func scan(_ line: UnsafeBufferPointer<UInt8>) {
        guard let first = line.first else { return }
        switch asciiLowercase(first) {
        case UInt8(ascii: "s"):
            if let value = Self.value(of: "status:", in: line) { flags.formUnion(Self.letterFlags(value)) }
        case UInt8(ascii: "x"):
            if let value = Self.value(of: "x-status:", in: line) {
                flags.formUnion(Self.letterFlags(value))
            } else if let value = Self.value(of: "x-mozilla-status:", in: line),
                      let bits = Int(value.trimmingCharacters(in: .whitespaces), radix: 16) {
                if bits & 0x1 != 0 { flags.insert(.seen) }
                if bits & 0x2 != 0 { flags.insert(.answered) }
                if bits & 0x4 != 0 { flags.insert(.flagged) }
                if bits & 0x8 != 0 { flags.insert(.deleted) }
            }
        case UInt8(ascii: "c"):
            if let value = Self.value(of: "content-length:", in: line),
               let length = Int(value.trimmingCharacters(in: .whitespaces)), length >= 0 {
                contentLength = length
            }
        default:
            break
        }
    }

    static func letterFlags(_ value: String) -> MessageMapping.Flags {
        var flags: MessageMapping.Flags = []
        for letter in value {
            switch letter {
            case "R": flags.insert(.seen)
            case "A": flags.insert(.answered)
            case "F": flags.insert(.flagged)
            case "D": flags.insert(.deleted)
            case "T": flags.insert(.draft)
            default: break
            }
        }
        return flags
    }

    /// The field's value if `line` is that field (name compared case-insensitively).
    private static func value(of name: StaticString, in line: UnsafeBufferPointer<UInt8>) -> String? {
        let count = name.utf8CodeUnitCount
        guard line.count >= count else { return nil }
        let matches = name.withUTF8Buffer { expected in
            (0..<count).allSatisfy { asciiLowercase(line[$0]) == expected[$0] }
        }
        guard matches else { return nil }
        var end = line.count
        while end > count, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: line[count..<end]), as: UTF8.self)
    }
}

/// `byte` with A–Z folded to a–z; every other byte unchanged.
@inline(__always)
func asciiLowercase(_ byte: UInt8) -> UInt8 {
    byte &- 0x41 < 26 ? byte | 0x20 : byte
}
