import Foundation

/// An mbox "From " line (the From_ line that starts each message), and the rule that decides
/// whether a line starting with "From " is one.
///
/// The rule (see docs/mailbox-formats.md): after "From ", a sender token, then either
/// - a date `EnvelopeDate` can read (`From alice@example.com Fri Feb 22 17:06:23 2008`,
///   `From - Mon Jun  3 12:50:27 1996`), or
/// - nothing else, when the sender looks like an envelope address: `-` (Netscape/Thunderbird,
///   GMime's `From - `), something with `@` (Gmail Takeout's `From 1844…@xxx`) or `MAILER-DAEMON`.
///
/// A blank line before it is not required — GMime's and MimeKit's test mailboxes and many real
/// exports omit it — so the line's own shape is the evidence. Body prose such as
/// "From Russia with love" fails both branches and stays in the message.
struct FromLine: Sendable, Hashable {
    /// The envelope sender as written (`-`, an address, a token).
    var sender: String
    /// The date, when the line carries one.
    var date: Date?
    /// The whole line without its terminator, for diagnostics.
    var text: String

    static let prefix: [UInt8] = Array("From ".utf8)

    /// Whether `line` (with or without terminator) starts with "From ".
    static func hasPrefix(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.count >= 5 else { return false }
        return line[0] == 0x46 && line[1] == 0x72 && line[2] == 0x6F && line[3] == 0x6D && line[4] == 0x20
    }

    /// The From_ line `line` is, or nil when it is body text that happens to start with "From ".
    /// With `lenient`, any line starting with "From " is accepted (used at the very start of a
    /// file, where nothing else can be meant).
    static func parse(_ line: UnsafeBufferPointer<UInt8>, lenient: Bool = false) -> FromLine? {
        guard hasPrefix(line) else { return nil }
        var end = line.count
        while end > 5, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: line[0..<end]), as: UTF8.self)
        let rest = text.dropFirst(5)
        let tokens = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard let first = tokens.first else {
            return lenient ? FromLine(sender: "", date: nil, text: text) : nil
        }
        // A quoted local part may contain spaces: `From "a b"@example.com Fri …`.
        var senderEnd = tokens.startIndex + 1
        if first.hasPrefix("\""), !(first.dropFirst().contains("\"")) {
            while senderEnd < tokens.endIndex, !tokens[senderEnd].contains("\"") { senderEnd += 1 }
            senderEnd = min(senderEnd + 1, tokens.endIndex)
        }
        let sender = tokens[tokens.startIndex..<senderEnd].joined(separator: " ")
        let remainder = tokens[senderEnd...]
        if remainder.isEmpty {
            let addressLike = sender == "-" || sender.contains("@")
                || sender.caseInsensitiveCompare("MAILER-DAEMON") == .orderedSame
            return addressLike || lenient ? FromLine(sender: sender, date: nil, text: text) : nil
        }
        if let date = EnvelopeDate.parse(remainder) {
            return FromLine(sender: sender, date: date, text: text)
        }
        // No sender at all, the date straight after "From " (`From Fri Feb 22 …`).
        if let date = EnvelopeDate.parse(tokens[...]) {
            return FromLine(sender: "", date: date, text: text)
        }
        return lenient ? FromLine(sender: sender, date: nil, text: text) : nil
    }
}
