/// Builds one command's bytes and, beside them, the line that may be logged: every argument
/// that is secret (passwords, tokens) or private (message bodies) is written to the bytes but
/// replaced in the log text. Splits the bytes where a synchronising literal must wait for the
/// server's `+`.
struct CommandWriter {
    enum LiteralMode { case synchronizing, nonSynchronizing, nonSynchronizingUpTo4096 }

    let literalMode: LiteralMode
    private(set) var chunks: [[UInt8]] = []
    private var current: [UInt8] = []
    private(set) var log = ""

    init(literalMode: LiteralMode) { self.literalMode = literalMode }

    mutating func raw(_ text: String) {
        current.append(contentsOf: text.utf8)
        log += text
    }

    mutating func space() { raw(" ") }

    /// Text that goes on the wire but appears as `placeholder` in the log.
    mutating func rawSensitive(_ text: String, placeholder: String) {
        current.append(contentsOf: text.utf8)
        log += placeholder
    }

    /// An `astring`: atom when possible, else quoted, else literal.
    mutating func astring(_ text: String, sensitive: Bool = false) {
        let bytes = Array(text.utf8)
        if !bytes.isEmpty && bytes.allSatisfy(IMAPSyntax.isAStringChar) {
            sensitive ? rawSensitive(text, placeholder: "<redacted>") : raw(text)
        } else {
            string(bytes, sensitive: sensitive)
        }
    }

    /// A `string`: quoted when it can be (7-bit, no CR/LF, modest length), else a literal.
    mutating func string(_ text: String, sensitive: Bool = false) { string(Array(text.utf8), sensitive: sensitive) }

    mutating func string(_ bytes: [UInt8], sensitive: Bool = false) {
        if bytes.count <= 1024 && bytes.allSatisfy(IMAPSyntax.isQuotable) {
            var quoted: [UInt8] = [IMAPSyntax.quote]
            for byte in bytes {
                if byte == IMAPSyntax.quote || byte == IMAPSyntax.backslash { quoted.append(IMAPSyntax.backslash) }
                quoted.append(byte)
            }
            quoted.append(IMAPSyntax.quote)
            current.append(contentsOf: quoted)
            log += sensitive ? "<redacted>" : String(decoding: quoted, as: UTF8.self)
        } else {
            literal(bytes, sensitive: sensitive)
        }
    }

    /// A literal: `{n+}` inline with LITERAL+ (or LITERAL- up to 4096 bytes), else `{n}` and a
    /// chunk break: the connection sends the rest only after the server's continuation.
    mutating func literal(_ bytes: [UInt8], sensitive: Bool = true) {
        let inline: Bool = switch literalMode {
        case .nonSynchronizing: true
        case .nonSynchronizingUpTo4096: bytes.count <= 4096
        case .synchronizing: false
        }
        let header = inline ? "{\(bytes.count)+}\r\n" : "{\(bytes.count)}\r\n"
        current.append(contentsOf: header.utf8)
        if !inline {
            chunks.append(current)
            current = []
        }
        current.append(contentsOf: bytes)
        log += "{\(bytes.count)\(inline ? "+" : "")}" + (sensitive ? "<\(bytes.count) bytes>" : String(decoding: bytes, as: UTF8.self))
    }

    mutating func finish() -> (chunks: [[UInt8]], log: String) {
        current.append(IMAPSyntax.cr)
        current.append(IMAPSyntax.lf)
        chunks.append(current)
        current = []
        return (chunks, log)
    }
}
