import Foundation
import HearthCore

/// Why a composed message cannot be written.
public enum CompositionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An address the user typed is not an addr-spec (`local@domain`).
    case invalidAddress(String)
    /// A message to be sent needs at least one recipient.
    case noRecipients

    public var description: String {
        switch self {
        case .invalidAddress(let a): "\"\(a)\" is not a valid e-mail address"
        case .noRecipients: "the message has no recipient (To, Cc or Bcc)"
        }
    }
}

/// The bytes to submit or store, and what the SMTP envelope needs.
public struct RenderedMessage: Sendable, Hashable {
    /// RFC 5322 message, CRLF line ends.
    public var data: Data
    /// Without angle brackets.
    public var messageID: String
    public var date: Date
    public var envelopeFrom: String
    /// To, Cc and Bcc: the only place Bcc addresses go for a submission.
    public var envelopeRecipients: [String]
    /// An address is not ASCII (RFC 6531/6532): the server must offer SMTPUTF8.
    public var requiresSMTPUTF8: Bool
}

/// Writes RFC 5322 / MIME messages from `ComposedMessage`s.
///
/// Layout: text/plain alone; or multipart/alternative (text/plain, text/html) for formatted
/// bodies; inside multipart/mixed when there are attachments. Output is 7-bit (RFC 2047
/// headers, quoted-printable or base64 bodies), except raw UTF-8 in addresses that need it.
/// Bcc is written only into a draft copy (`.draftCopy`, the user's own Drafts folder), never
/// into a message that is submitted. No User-Agent or X-Mailer: nothing that fingerprints the
/// client or its host goes out.
public struct MessageWriter: Sendable {
    public enum Purpose: Sendable, Hashable {
        /// What goes to SMTP and the Sent folder: no Bcc header.
        case submission
        /// The copy in the server's Drafts folder: keeps Bcc so the draft can be finished elsewhere.
        case draftCopy
    }

    public var timeZone: TimeZone

    public init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

    public func render(_ message: ComposedMessage, date: Date, purpose: Purpose = .submission) throws(CompositionError) -> RenderedMessage {
        let everyone = [message.from] + message.to + message.cc + message.bcc + message.replyTo
        for address in everyone where !AddressValidator.isValid(address.address) {
            throw .invalidAddress(address.address)
        }
        if purpose == .submission && message.envelopeRecipients.isEmpty { throw .noRecipients }
        let messageID = message.messageID ?? MessageIDGenerator.make(for: message.from.address)

        var header = ""
        header += HeaderEncoder.raw("Date", Self.rfc5322Date(date, timeZone: timeZone))
        header += HeaderEncoder.addressList("From", [message.from])
        if !message.replyTo.isEmpty { header += HeaderEncoder.addressList("Reply-To", message.replyTo) }
        if !message.to.isEmpty { header += HeaderEncoder.addressList("To", message.to) }
        if !message.cc.isEmpty { header += HeaderEncoder.addressList("Cc", message.cc) }
        if purpose == .draftCopy && !message.bcc.isEmpty { header += HeaderEncoder.addressList("Bcc", message.bcc) }
        header += HeaderEncoder.unstructured("Subject", message.subject)
        header += HeaderEncoder.messageIDs("Message-ID", [messageID])
        if let parent = message.inReplyTo, !parent.isEmpty {
            header += HeaderEncoder.messageIDs("In-Reply-To", [parent])
        }
        let references = ReplyBuilder.trimmedReferences(message.references)
        if !references.isEmpty { header += HeaderEncoder.messageIDs("References", references) }
        header += "MIME-Version: 1.0\r\n"

        var part = Self.bodyPart(message)
        if !message.attachments.isEmpty {
            part = .multipart("mixed", [part] + message.attachments.map(Self.attachmentPart))
        }
        var bytes = Array(header.utf8)
        MIMEPartWriter.write(part, into: &bytes)
        return RenderedMessage(
            data: Data(bytes), messageID: messageID, date: date, envelopeFrom: message.from.address,
            envelopeRecipients: message.envelopeRecipients,
            requiresSMTPUTF8: everyone.contains { $0.address.utf8.contains { $0 >= 0x80 } })
    }

    // MARK: parts

    static func bodyPart(_ message: ComposedMessage) -> MIMEPartWriter.Part {
        switch message.bodyFormat {
        case .plain:
            return textPart(message.body, subtype: "plain")
        case .markup:
            return .multipart("alternative", [
                textPart(LightMarkup.plainText(message.body), subtype: "plain"),
                textPart(LightMarkup.html(message.body), subtype: "html"),
            ])
        case .rich:
            // The HTML comes from the typed document only, never from text a caller passed in.
            guard let rich = message.richBody else { return textPart(message.body, subtype: "plain") }
            return .multipart("alternative", [
                textPart(rich.plainText, subtype: "plain"),
                textPart(Self.htmlDocument(rich.html), subtype: "html"),
            ])
        }
    }

    /// A complete, minimal HTML document around a fragment.
    static func htmlDocument(_ fragment: String) -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n" + fragment + "\n</body></html>\n"
    }

    static func textPart(_ text: String, subtype: String) -> MIMEPartWriter.Part {
        // A body ends with a line end, so every reader sees the same last line.
        let terminated = text.isEmpty || text.hasSuffix("\n") || text.hasSuffix("\r") ? text : text + "\n"
        let encoded = BodyEncoder.text(terminated)
        let charset = encoded.transferEncoding == "7bit" ? "us-ascii" : "utf-8"
        return .leaf(headers: [
            HeaderEncoder.fold(name: "Content-Type", tokens: ["text/\(subtype);", "charset=\(charset)"]),
            "Content-Transfer-Encoding: \(encoded.transferEncoding)\r\n",
        ], body: encoded.bytes)
    }

    static func attachmentPart(_ attachment: ComposedAttachment) -> MIMEPartWriter.Part {
        let mimeType = MIMETypeName.sanitized(attachment.mimeType)
        let filename = Self.attachmentFilename(attachment.filename)
        let disposition = attachment.contentID == nil ? "attachment" : "inline"
        var headers = [
            HeaderEncoder.fold(name: "Content-Type", tokens: ["\(mimeType);"] + ParameterEncoder.tokens("name", filename)),
            HeaderEncoder.fold(name: "Content-Disposition", tokens: ["\(disposition);"] + ParameterEncoder.tokens("filename", filename)),
        ]
        if let cid = attachment.contentID {
            headers.append(HeaderEncoder.messageIDs("Content-ID", [cid]))
        }
        if mimeType == "message/rfc822", let embedded = EmbeddedMessage.mailSafe(attachment.data) {
            headers.append("Content-Transfer-Encoding: \(embedded.transferEncoding)\r\n")
            return .leaf(headers: headers, body: embedded.bytes)
        }
        if mimeType == "message/rfc822" {
            // Not mail-safe as it is (long lines, NUL): RFC 2046 forbids base64 for
            // message/rfc822, so it travels as a file.
            headers[0] = HeaderEncoder.fold(name: "Content-Type", tokens: ["application/octet-stream;"] + ParameterEncoder.tokens("name", filename))
        }
        headers.append("Content-Transfer-Encoding: base64\r\n")
        return .leaf(headers: headers, body: BodyEncoder.base64(attachment.data))
    }

    /// The name as written: no control characters, and no path separators (a receiving client
    /// must never be handed a path; our parser applies the same rule when reading).
    static func attachmentFilename(_ name: String) -> String {
        HeaderEncoder.sanitized(name).replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "\\", with: "_")
    }

    /// `Tue, 21 Nov 2026 10:04:05 +0100` (RFC 5322 §3.3), in `timeZone`.
    public static func rfc5322Date(_ date: Date, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss Z"
        return formatter.string(from: date)
    }
}

/// A forwarded message as a message/rfc822 body: 7bit or 8bit with CRLF line ends, when its
/// lines fit SMTP's 998-octet limit and it has no NUL.
enum EmbeddedMessage {
    static func mailSafe(_ data: Data) -> BodyEncoder.Encoded? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(data.count + data.count / 30)
        var previous: UInt8 = 0
        var eightBit = false
        for b in data {
            if b == 0 { return nil }
            if b >= 0x80 { eightBit = true }
            if b == 0x0A && previous != 0x0D { bytes.append(0x0D) }
            if previous == 0x0D && b != 0x0A { bytes.append(0x0A) }
            bytes.append(b)
            previous = b
        }
        if previous == 0x0D { bytes.append(0x0A) }
        if !(bytes.count >= 2 && bytes[bytes.count - 2] == 0x0D && bytes[bytes.count - 1] == 0x0A) { bytes += [0x0D, 0x0A] }
        guard BodyEncoder.maxLineLength(bytes) <= 998 else { return nil }
        return BodyEncoder.Encoded(transferEncoding: eightBit ? "8bit" : "7bit", bytes: bytes)
    }
}

/// Only `type/subtype` made of token characters reaches the header; anything else is
/// application/octet-stream.
enum MIMETypeName {
    static func sanitized(_ value: String) -> String {
        let lowered = value.trimmingCharacters(in: .whitespaces).lowercased()
        let parts = lowered.split(separator: "/", omittingEmptySubsequences: false)
        let token = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyz0123456789!#$&^_.+-")
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy(token.contains) }) else {
            return "application/octet-stream"
        }
        return lowered
    }
}
