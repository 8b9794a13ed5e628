/// A command ready for the wire, with the line to log: arguments that are secret (SASL
/// responses) are replaced, addresses are kept (they are what a user debugging a bounce needs).
public struct EncodedSMTPCommand: Sendable {
    public var bytes: [UInt8]
    public var logLine: String
}

/// Serialises `SMTPCommand`s (RFC 5321 §4.1). Addresses are written as `<addr>`; anything that
/// could break the line (CR, LF, NUL, `<`, `>`) cannot reach here because the connection
/// refuses such addresses before encoding.
public enum SMTPCommandEncoder {
    public static func encode(_ command: SMTPCommand) -> EncodedSMTPCommand {
        let line: String
        var logLine: String? = nil
        switch command {
        case .ehlo(let domain): line = "EHLO \(domain)"
        case .helo(let domain): line = "HELO \(domain)"
        case .startTLS: line = "STARTTLS"
        case .auth(let mechanism, let initial):
            if let initial {
                line = "AUTH \(mechanism) \(initial.base64.isEmpty ? "=" : initial.base64)"
                logLine = "AUTH \(mechanism) <redacted>"
            } else {
                line = "AUTH \(mechanism)"
            }
        case .authResponse(let response):
            line = response.base64
            logLine = "<redacted SASL response>"
        case .mail(let from, let parameters):
            line = "MAIL FROM:<\(from)>" + parameters.map { " " + $0.wire }.joined()
        case .rcpt(let to): line = "RCPT TO:<\(to)>"
        case .data: line = "DATA"
        case .rset: line = "RSET"
        case .noop: line = "NOOP"
        case .quit: line = "QUIT"
        }
        return EncodedSMTPCommand(bytes: Array((line + "\r\n").utf8), logLine: logLine ?? line)
    }

    /// Is this address safe inside `<…>` on a command line?
    static func isSafePath(_ address: String) -> Bool {
        !address.isEmpty && address.utf8.count <= 256 && !address.utf8.contains { $0 < 0x21 || $0 == 0x7F || $0 == 0x3C || $0 == 0x3E }
    }
}

/// The DATA section (RFC 5321 §4.5.2): line ends made CRLF, a `.` at the start of a line
/// doubled, and the terminating `CRLF.CRLF`. One pass, no copies of the message per line.
public enum DataEncoder {
    public static func encode(_ message: some Collection<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(message.count + message.count / 50 + 5)
        var atLineStart = true
        var previous: UInt8 = 0
        for b in message {
            if b == 0x0A && previous != 0x0D { out.append(0x0D) }
            if previous == 0x0D && b != 0x0A { out.append(0x0A); atLineStart = true }
            if atLineStart && b == 0x2E { out.append(0x2E) }
            out.append(b)
            atLineStart = b == 0x0A
            previous = b
        }
        if previous == 0x0D { out.append(0x0A) } else if !out.isEmpty && previous != 0x0A { out += [0x0D, 0x0A] }
        out += [0x2E, 0x0D, 0x0A]
        return out
    }
}
