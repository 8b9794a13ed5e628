import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text decoding for every charset the platform knows. Foundation on Linux only covers a
/// handful of `String.Encoding`s and corelibs' CoreFoundation charset table is not exported to
/// Swift, so anything beyond UTF-8 / ASCII / Latin-1 / Windows-1252 goes through iconv (glibc's
/// gconv modules: KOI8, ISO-2022-JP, GB18030, Big5, EUC-*, Shift_JIS, UTF-16/32, UTF-7, ...).
/// Decoding never fails: invalid bytes become U+FFFD and unknown labels fall back to UTF-8
/// (when the bytes are valid UTF-8) or Windows-1252, which is what such mail almost always is.
public enum Charsets {
    /// How a label is decoded after alias resolution.
    public enum Decoder: Sendable, Hashable {
        case utf8
        /// Label that promises nothing (us-ascii, x-unknown, ...): UTF-8 if valid, else Windows-1252.
        case sniff
        case latin1
        case windows1252
        /// A name glibc iconv understands.
        case iconv(String)
    }

    /// The result of decoding: the text, and whether the charset label was understood.
    public struct Decoded: Sendable, Hashable {
        public var text: String
        public var charsetRecognized: Bool
    }

    /// Resolves a charset label (any case, quotes, common misspellings) to a decoder; nil when the
    /// label is not known here (iconv may still know it: see `decoder(for:)`).
    static func alias(_ raw: String) -> Decoder? {
        var label = raw.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'")).lowercased()
        if let star = label.firstIndex(of: "*") { label = String(label[..<star]) } // RFC 2231 language
        switch label {
        case "utf-8", "utf8", "unicode-1-1-utf-8", "x-utf8", "x-utf-8", "utf-8n", "utf_8": return .utf8
        case "", "us-ascii", "ascii", "ansi_x3.4-1968", "iso646-us", "646", "us", "cp367", "ibm367",
             "iso-ir-6", "x-unknown", "unknown", "unknown-8bit", "x-user-defined", "default", "none",
             "8bit", "7bit", "charset", "us-ascii-1", "x-ascii":
            return .sniff
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1", "iso-ir-100",
             "cp819", "ibm819", "8859-1", "iso_8859-1:1987", "iso8859_1", "iso88591", "csisolatin1":
            // Mail labelled Latin-1 is written with Windows-1252 in practice (curly quotes in
            // 0x80-0x9F, which are C1 controls in Latin-1 and never intended).
            return .windows1252
        case "windows-1252", "cp1252", "x-cp1252", "win-1252", "windows1252", "cp-1252", "ms-ansi", "win1252":
            return .windows1252
        case "unicode-1-1-utf-7", "utf-7", "utf7", "x-utf-7", "csunicode11utf7": return .iconv("UTF-7")
        case "ks_c_5601-1987", "ks_c_5601", "ksc5601", "ksc_5601", "korean", "euc-kr", "x-euc-kr",
             "ks_c_5601-1989", "windows-949", "cp949", "uhc", "euckr", "csksc56011987":
            return .iconv("CP949")
        case "gb2312", "x-gbk", "gbk", "cp936", "gb_2312-80", "chinese", "csgb2312", "euc-cn", "x-euc-cn",
             "gb231280", "gb18030", "windows-936", "x-gb2312", "gb_2312",
             // Python's email package writes its codec names: eucgb2312_cn, euc_cn.
             "eucgb2312_cn", "euc_cn", "euccn", "gb2312_cn":
            return .iconv("GB18030")
        case "big5", "x-big5", "big-5", "cn-big5", "csbig5", "big5-hkscs", "big5hkscs", "x-x-big5":
            return .iconv("BIG5-HKSCS")
        case "shift_jis", "shift-jis", "sjis", "x-sjis", "ms_kanji", "csshiftjis", "windows-31j", "cp932",
             "ms932", "x-ms-cp932", "shiftjis":
            return .iconv("CP932")
        case "euc-jp", "x-euc-jp", "eucjp", "cseucpkdfmtjapanese": return .iconv("EUC-JP")
        case "iso-2022-jp", "csiso2022jp", "iso2022jp", "iso-2022-jp-1", "iso-2022-jp-2": return .iconv("ISO-2022-JP-2")
        case "iso-2022-kr", "csiso2022kr": return .iconv("ISO-2022-KR")
        case "iso-2022-cn", "iso-2022-cn-ext": return .iconv("ISO-2022-CN-EXT")
        case "hz-gb-2312", "hz": return .iconv("GB18030") // HZ is not in glibc; best effort
        case "iso-8859-8-i", "iso-8859-8-e", "logical", "visual": return .iconv("ISO-8859-8")
        case "iso-8859-6-i", "iso-8859-6-e": return .iconv("ISO-8859-6")
        case "tis-620", "tis620", "windows-874", "cp874", "iso-8859-11": return .iconv("CP874")
        case "x-mac-roman", "macintosh", "mac", "macroman", "x-mac", "csmacintosh": return .iconv("MACINTOSH")
        case "koi8-r", "koi8r", "koi8", "cskoi8r", "koi": return .iconv("KOI8-R")
        case "koi8-u", "koi8u", "koi8-ru": return .iconv("KOI8-U")
        case "utf-16", "utf16", "ucs-2", "ucs2", "unicode", "iso-10646-ucs-2", "csunicode": return .iconv("UTF-16")
        case "utf-16le", "utf16le": return .iconv("UTF-16LE")
        case "utf-16be", "utf16be": return .iconv("UTF-16BE")
        case "utf-32", "utf32", "ucs-4", "ucs4": return .iconv("UTF-32")
        case "utf-32le": return .iconv("UTF-32LE")
        case "utf-32be": return .iconv("UTF-32BE")
        default: break
        }
        // Families: iso-8859-N in all its spellings, windows-125N / cp125N.
        let digits = label.filter(\.isNumber)
        if label.contains("8859"), let range = label.range(of: "8859") {
            let tail = label[range.upperBound...].filter(\.isNumber)
            if let n = Int(tail), (1...16).contains(n) { return n == 1 ? .windows1252 : .iconv("ISO-8859-\(n)") }
        }
        if label.hasPrefix("windows") || label.hasPrefix("cp") || label.hasPrefix("win") || label.hasPrefix("x-cp") {
            if let n = Int(digits), (1250...1258).contains(n) { return n == 1252 ? .windows1252 : .iconv("CP\(n)") }
            if let n = Int(digits), [437, 850, 852, 855, 857, 860, 861, 862, 863, 864, 865, 866, 869].contains(n) {
                return .iconv("CP\(n)")
            }
        }
        return nil
    }

    /// The decoder for `label`, or nil when neither the alias table nor iconv knows it.
    public static func decoder(for label: String) -> Decoder? {
        if let known = alias(label) { return known }
        let name = label.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n\"'")).uppercased()
        guard !name.isEmpty, name.utf8.count < 64,
              name.utf8.allSatisfy({ ASCII.isAlpha($0) || ASCII.isDigit($0) || $0 == 0x2D || $0 == 0x5F || $0 == 0x2E || $0 == 0x3A })
        else { return nil }
        guard let cd = openIconv(from: name) else { return nil }
        iconv_close(cd)
        return .iconv(name)
    }

    /// Whether a label can be decoded faithfully.
    public static func isSupported(_ label: String) -> Bool { decoder(for: label) != nil }

    /// Decodes `bytes` labelled `charset` (nil = unlabelled). Never fails.
    public static func decode(_ bytes: [UInt8], charset: String?) -> Decoded {
        guard let charset else { return Decoded(text: sniff(bytes), charsetRecognized: true) }
        guard let decoder = decoder(for: charset) else {
            return Decoded(text: sniff(bytes), charsetRecognized: false)
        }
        return Decoded(text: decode(bytes, with: decoder), charsetRecognized: true)
    }

    /// Decodes with an already resolved decoder.
    public static func decode(_ bytes: [UInt8], with decoder: Decoder) -> String {
        if bytes.isEmpty { return "" }
        switch decoder {
        case .utf8: return String(decoding: bytes, as: UTF8.self)
        case .sniff: return sniff(bytes)
        case .latin1: return latin1(bytes)
        case .windows1252: return windows1252(bytes)
        case .iconv(let name):
            if isASCIICompatible(name), Bytes.isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
            return iconvDecode(bytes, from: name) ?? sniff(bytes)
        }
    }

    /// UTF-8 when the bytes are valid UTF-8, else Windows-1252: the right guess for unlabelled
    /// 8-bit mail headers and bodies (RFC 6532 UTF-8 or legacy Western mail).
    public static func sniff(_ bytes: [UInt8]) -> String {
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return windows1252(bytes)
    }

    static func isASCIICompatible(_ iconvName: String) -> Bool {
        let n = iconvName.uppercased()
        return !(n.hasPrefix("UTF-7") || n.hasPrefix("UTF-16") || n.hasPrefix("UTF-32") || n.hasPrefix("UCS")
                 || n.hasPrefix("ISO-2022") || n.hasPrefix("UTF7") || n.hasPrefix("UTF16") || n.hasPrefix("UTF32")
                 || n.hasPrefix("HZ"))
    }

    static func latin1(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + bytes.count / 4)
        for b in bytes { appendUTF8(UInt32(b), to: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// 0x80-0x9F of Windows-1252; undefined positions keep their Latin-1 (C1) meaning.
    private static let cp1252High: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    static func windows1252(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + bytes.count / 4)
        for b in bytes {
            if b < 0x80 { out.append(b) } else if b < 0xA0 { appendUTF8(UInt32(cp1252High[Int(b - 0x80)]), to: &out) } else { appendUTF8(UInt32(b), to: &out) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80: out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | (scalar >> 6))); out.append(UInt8(0x80 | (scalar & 0x3F)))
        case ..<0x10000:
            out.append(UInt8(0xE0 | (scalar >> 12))); out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            out.append(UInt8(0x80 | (scalar & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (scalar >> 18))); out.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((scalar >> 6) & 0x3F))); out.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    private static func openIconv(from name: String) -> iconv_t? {
        let cd = iconv_open("UTF-8", name)
        if cd == iconv_t(bitPattern: -1) { return nil }
        return cd
    }

    /// Converts with iconv, replacing each undecodable byte with U+FFFD and carrying on.
    static func iconvDecode(_ bytes: [UInt8], from name: String) -> String? {
        guard let cd = openIconv(from: name) else { return nil }
        defer { iconv_close(cd) }
        var input = bytes
        var output = [UInt8]()
        output.reserveCapacity(bytes.count * 2 + 16)
        let chunkSize = 16 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        input.withUnsafeMutableBufferPointer { inBuf in
            chunk.withUnsafeMutableBufferPointer { outBuf in
                guard let inBase = inBuf.baseAddress, let outBase = outBuf.baseAddress else { return }
                let outStart = UnsafeMutableRawPointer(outBase).assumingMemoryBound(to: CChar.self)
                var inPtr: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inBase).assumingMemoryBound(to: CChar.self)
                var inLeft = inBuf.count
                var flushed = false
                while true {
                    var outPtr: UnsafeMutablePointer<CChar>? = outStart
                    var outLeft = chunkSize
                    let result: Int
                    if inLeft > 0 {
                        result = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft)
                    } else {
                        // Flush the shift state of stateful encodings (ISO-2022-*, UTF-7).
                        result = iconv(cd, nil, nil, &outPtr, &outLeft)
                        flushed = true
                    }
                    let produced = chunkSize - outLeft
                    if produced > 0 { output.append(contentsOf: UnsafeBufferPointer(start: outBase, count: produced)) }
                    if flushed { break }
                    if result == -1 {
                        let err = errno
                        if err == E2BIG { continue }
                        if err == EILSEQ || err == EINVAL, inLeft > 0 {
                            output.append(contentsOf: [0xEF, 0xBF, 0xBD])
                            inPtr = inPtr.map { $0 + 1 }
                            inLeft -= 1
                            continue
                        }
                        if produced == 0 { break }
                    }
                }
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
