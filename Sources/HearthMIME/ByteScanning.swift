import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte constants and classification. The parser works on raw bytes because messages can be
/// many megabytes and are not necessarily valid in any one charset.
enum ASCII {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, hyphen: UInt8 = 0x2D, colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B
    static let equals: UInt8 = 0x3D, question: UInt8 = 0x3F, backslash: UInt8 = 0x5C

    @inline(__always) static func isWSP(_ b: UInt8) -> Bool { b == space || b == tab }
    @inline(__always) static func isSpaceOrNewline(_ b: UInt8) -> Bool { b == space || b == tab || b == cr || b == lf }
    @inline(__always) static func lower(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b | 0x20 : b }
    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    @inline(__always) static func isAlpha(_ b: UInt8) -> Bool { let l = b | 0x20; return l >= 0x61 && l <= 0x7A }
    @inline(__always) static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    /// Index of the first `byte` in `from..<to`, using memchr so scanning stays fast even in
    /// unoptimised builds.
    @inline(__always)
    func firstIndex(of byte: UInt8, from: Int, to end: Int) -> Int? {
        guard from < end, let base = baseAddress else { return nil }
        guard let hit = memchr(base + from, Int32(byte), end - from) else { return nil }
        return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
    }

    /// Whether `pattern` occurs at `index`.
    @inline(__always)
    func matches(_ pattern: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index >= 0, index + pattern.count <= count, let base = baseAddress,
              let p = pattern.baseAddress else { return pattern.isEmpty }
        return memcmp(base + index, p, pattern.count) == 0
    }
}

enum Bytes {
    /// Whether every byte is 7-bit.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // Word-at-a-time check keeps this cheap on large bodies.
        var i = 0
        let n = bytes.count
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        while i + 8 <= n {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            i += 8
        }
        while i < n { if base[i] >= 0x80 { return false }; i += 1 }
        return true
    }

    static func isASCII(_ bytes: [UInt8]) -> Bool { bytes.withUnsafeBufferPointer { isASCII($0) } }

    /// Strips leading and trailing spaces, tabs and line breaks.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = bytes.startIndex, e = bytes.endIndex
        while s < e && ASCII.isSpaceOrNewline(bytes[s]) { s += 1 }
        while e > s && ASCII.isSpaceOrNewline(bytes[e - 1]) { e -= 1 }
        return bytes[s..<e]
    }

    /// Case-insensitive ASCII comparison of a byte slice with a lowercase ASCII string.
    static func equalsLowercase(_ bytes: ArraySlice<UInt8>, _ lowered: String) -> Bool {
        var it = bytes.makeIterator()
        for u in lowered.utf8 {
            guard let b = it.next(), ASCII.lower(b) == u else { return false }
        }
        return it.next() == nil
    }
}

extension String {
    /// Builds a String from bytes that are known to be valid UTF-8 or should be repaired with U+FFFD.
    init<C: Collection>(utf8Lossy bytes: C) where C.Element == UInt8 {
        self = String(decoding: bytes, as: UTF8.self)
    }
}

/// Line-ending normalisation: bodies are exposed with "\n" only.
enum LineEndings {
    static func normalize(_ s: String) -> String {
        guard s.utf8.contains(ASCII.cr) else { return s }
        var out = [UInt8]()
        out.reserveCapacity(s.utf8.count)
        var previousCR = false
        for b in s.utf8 {
            if b == ASCII.cr { out.append(ASCII.lf); previousCR = true; continue }
            if b == ASCII.lf && previousCR { previousCR = false; continue }
            previousCR = false
            out.append(b)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
