import Foundation
import HearthCore

/// The message a reply or forward starts from: what the store or parser knows about it.
public struct OriginalMessage: Sendable, Hashable {
    public var messageID: String?
    public var inReplyTo: String?
    public var references: [String]
    public var from: EmailAddress?
    public var replyTo: [EmailAddress]
    public var to: [EmailAddress]
    public var cc: [EmailAddress]
    public var subject: String
    public var date: Date?
    public var textBody: String?
    /// The raw message, needed to forward it as an attachment or with its attachments.
    public var raw: Data?

    public init(messageID: String?, inReplyTo: String? = nil, references: [String] = [],
                from: EmailAddress?, replyTo: [EmailAddress] = [], to: [EmailAddress] = [],
                cc: [EmailAddress] = [], subject: String, date: Date?, textBody: String?, raw: Data? = nil) {
        self.messageID = messageID; self.inReplyTo = inReplyTo; self.references = references
        self.from = from; self.replyTo = replyTo; self.to = to; self.cc = cc; self.subject = subject
        self.date = date; self.textBody = textBody; self.raw = raw
    }

    public init(_ email: Email, raw: Data? = nil) {
        self.init(messageID: email.messageID, inReplyTo: email.inReplyTo, references: email.references,
                  from: email.from, replyTo: email.replyTo, to: email.to, cc: email.cc,
                  subject: email.subject, date: email.dateSent ?? email.dateReceived,
                  textBody: email.bodyPlain, raw: raw)
    }
}

/// Replies and forwards (spec product §5.5.1): recipients, `Re:`/`Fwd:` subjects that do not
/// pile up, In-Reply-To/References that keep the thread together at the recipient, quoting.
public enum ReplyBuilder {
    public enum ForwardStyle: String, Sendable, Hashable, CaseIterable {
        /// The original's text quoted in the body, its attachments attached again.
        case inline
        /// The whole original as a message/rfc822 attachment.
        case attachment
    }

    /// A reply from `me`. `all` adds the original's To and Cc (without me, without
    /// duplicates). `myAddresses` are every address of the account (aliases included).
    public static func reply(to original: OriginalMessage, from me: EmailAddress, all: Bool,
                             myAddresses: Set<String> = [], body: String = "", quote: Bool = true) -> ComposedMessage {
        let mine = Set(myAddresses.map { $0.lowercased() } + [me.address.lowercased()])
        let wroteIt = original.from.map { mine.contains($0.normalizedAddress) } ?? false
        var to: [EmailAddress]
        var cc: [EmailAddress] = []
        if wroteIt {
            // Replying to my own message continues to its recipients.
            to = original.to
            if all { cc = original.cc }
        } else {
            to = original.replyTo.isEmpty ? [original.from].compactMap { $0 } : original.replyTo
            if all { cc = original.to + original.cc }
        }
        var seen = Set<String>()
        to = to.filter { seen.insert($0.normalizedAddress).inserted && (wroteIt || !mine.contains($0.normalizedAddress)) }
        cc = cc.filter { !mine.contains($0.normalizedAddress) && seen.insert($0.normalizedAddress).inserted }
        if to.isEmpty, let first = cc.first { to = [first]; cc.removeFirst() }

        var text = body
        if quote, let quoted = original.textBody {
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            text += "\n" + attribution(original) + "\n" + quoteLines(quoted)
        }
        return ComposedMessage(
            from: me, to: to, cc: cc, subject: replySubject(original.subject), body: text,
            inReplyTo: original.messageID, references: references(for: original))
    }

    /// A forward from `me`. `inline` quotes the text and re-attaches the original's
    /// attachments (read from `raw` when present); `attachment` attaches the raw message.
    public static func forward(_ original: OriginalMessage, from me: EmailAddress, style: ForwardStyle,
                               to recipients: [EmailAddress] = [], body: String = "") throws(ForwardError) -> ComposedMessage {
        var message = ComposedMessage(from: me, to: recipients, subject: forwardSubject(original.subject), body: body)
        switch style {
        case .attachment:
            guard let raw = original.raw else { throw .originalUnavailable }
            let name = original.subject.trimmingCharacters(in: .whitespaces).isEmpty ? "message" : original.subject
            message.attachments = [ComposedAttachment(filename: String(name.prefix(80)) + ".eml", mimeType: "message/rfc822", data: raw)]
        case .inline:
            var text = body
            if !text.isEmpty && !text.hasSuffix("\n") { text += "\n" }
            text += "\n---------- Forwarded message ----------\n"
            if let from = original.from { text += "From: \(from.formatted)\n" }
            if let date = original.date { text += "Date: \(MessageWriter.rfc5322Date(date, timeZone: .current))\n" }
            text += "Subject: \(original.subject)\n"
            if !original.to.isEmpty { text += "To: \(original.to.map(\.formatted).joined(separator: ", "))\n" }
            if !original.cc.isEmpty { text += "Cc: \(original.cc.map(\.formatted).joined(separator: ", "))\n" }
            text += "\n" + (original.textBody ?? "")
            message.body = text
            if let raw = original.raw, let parsed = try? MIMEParser(keepAttachmentContent: true).parse(raw) {
                message.attachments = parsed.attachments.compactMap { attachment in
                    attachment.content.map { ComposedAttachment(filename: attachment.filename, mimeType: attachment.mimeType, data: $0) }
                }
            }
        }
        // A forward starts a new conversation for its recipients; keeping the original's id
        // in References lets our own threading file it with the original.
        if let id = original.messageID { message.references = [id] }
        return message
    }

    public enum ForwardError: Error, Sendable, Hashable, CustomStringConvertible {
        case originalUnavailable
        public var description: String { "the original message's source is not available, so it cannot be attached" }
    }

    /// `Re: <subject>`: every reply/forward prefix already at the front (`Re:`, `RE:`, `Re[2]:`,
    /// `AW:`, `SV:`…) is removed first, so replies never pile up as `Re: Re: Re:`.
    public static func replySubject(_ subject: String) -> String {
        "Re: " + strippingPrefixes(subject, of: replyPrefixes)
    }

    /// `Fwd: <subject>`; earlier `Fwd:`/`Fw:` prefixes go. A `Re:` inside stays: it is still a
    /// reply that is forwarded.
    public static func forwardSubject(_ subject: String) -> String {
        "Fwd: " + strippingPrefixes(subject, of: forwardPrefixes)
    }

    static let replyPrefixes: Set<String> = ["re", "aw", "sv", "vs", "antw", "rif", "r", "ref"]
    static let forwardPrefixes: Set<String> = ["fwd", "fw", "wg", "tr", "enc", "rv"]

    static func strippingPrefixes(_ subject: String, of prefixes: Set<String>) -> String {
        var rest = Substring(subject).drop(while: \.isWhitespace)
        while let colon = rest.firstIndex(of: ":"), rest.distance(from: rest.startIndex, to: colon) <= 8 {
            var word = rest[..<colon]
            if let open = word.firstIndex(where: { $0 == "[" || $0 == "(" }) { word = word[..<open] }
            guard prefixes.contains(word.trimmingCharacters(in: .whitespaces).lowercased()) else { break }
            rest = rest[rest.index(after: colon)...].drop(while: \.isWhitespace)
        }
        return String(rest)
    }

    /// RFC 5322 §3.6.4: the parent's References (or its In-Reply-To when it has none) plus the
    /// parent's Message-ID.
    public static func references(for original: OriginalMessage) -> [String] {
        var ids = original.references
        if ids.isEmpty, let parentOfParent = original.inReplyTo { ids = [parentOfParent] }
        if let id = original.messageID { ids.append(id) }
        var seen = Set<String>()
        return ids.filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// Very long chains keep the root and the 19 most recent ids (what threading needs),
    /// so the header stays a reasonable size.
    public static func trimmedReferences(_ ids: [String]) -> [String] {
        ids.count <= 20 ? ids : [ids[0]] + ids.suffix(19)
    }

    /// "On Mon, 9 Nov 2026 at 13:07, Larkspur Books <orders@…> wrote:", the line Gmail and Apple
    /// Mail write, in the replying user's time zone — not the header's form
    /// ("Mon, 09 Nov 2026 13:07:00 +0000": seconds and an offset mean nothing to a reader).
    static func attribution(_ original: OriginalMessage, timeZone: TimeZone = .current) -> String {
        let who = original.from?.formatted ?? "someone"
        guard let date = original.date else { return "\(who) wrote:" }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE, d MMM yyyy 'at' HH:mm"
        return "On \(formatter.string(from: date)), \(who) wrote:"
    }

    /// `> ` before each line (`>` alone before lines already quoted, as mail clients do).
    static func quoteLines(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.map { $0.hasPrefix(">") ? ">" + $0 : ($0.isEmpty ? ">" : "> " + $0) }.joined(separator: "\n") + "\n"
    }
}
