import Foundation

/// A message the user writes: what the composer edits, what a draft stores and what the MIME
/// writer turns into RFC 5322 bytes (spec product §5.5.1). Bcc is here because the envelope
/// needs it; the writer never puts it into a message that is submitted.
public struct ComposedMessage: Sendable, Codable, Hashable {
    public var from: EmailAddress
    public var to: [EmailAddress]
    public var cc: [EmailAddress]
    public var bcc: [EmailAddress]
    public var replyTo: [EmailAddress]
    public var subject: String
    /// The text as typed. With `.markup` it carries the composer's basic formatting
    /// (`*bold*`, `_italic_`, `[text](https://…)`), rendered as an HTML alternative. With
    /// `.rich` it is the plain-text rendering of `richBody` (what previews and search show).
    public var body: String
    public var bodyFormat: BodyFormat
    /// The formatted text of a `.rich` body (the web composer's editor); nil otherwise.
    public var richBody: RichText?
    /// Message-ID of the message this answers (no angle brackets).
    public var inReplyTo: String?
    /// Ancestors, oldest first (no angle brackets).
    public var references: [String]
    public var attachments: [ComposedAttachment]
    /// Fixed when the draft is first stored, so every server copy of the draft and the sent
    /// message share one identity (old draft copies are found and replaced by it).
    public var messageID: String?

    public enum BodyFormat: String, Sendable, Codable, Hashable {
        /// text/plain only.
        case plain
        /// text/plain and a text/html alternative made from the basic markup.
        case markup
        /// text/plain and a text/html alternative made from `richBody` (a typed document, so
        /// the HTML can only hold bold, italic, http/https/mailto links, lines and lists).
        case rich
    }

    public init(from: EmailAddress, to: [EmailAddress] = [], cc: [EmailAddress] = [],
                bcc: [EmailAddress] = [], replyTo: [EmailAddress] = [], subject: String = "",
                body: String = "", bodyFormat: BodyFormat = .plain, inReplyTo: String? = nil,
                references: [String] = [], attachments: [ComposedAttachment] = [],
                messageID: String? = nil, richBody: RichText? = nil) {
        self.from = from; self.to = to; self.cc = cc; self.bcc = bcc; self.replyTo = replyTo
        self.subject = subject; self.body = body; self.bodyFormat = bodyFormat
        self.inReplyTo = inReplyTo; self.references = references; self.attachments = attachments
        self.messageID = messageID; self.richBody = richBody
    }

    /// A formatted body: `.rich` with its plain rendering in `body`; text without any
    /// formatting stays text/plain only.
    public mutating func setBody(_ text: RichText) {
        body = text.plainText
        if text.hasFormatting { bodyFormat = .rich; richBody = text } else { bodyFormat = .plain; richBody = nil }
    }

    /// Every envelope recipient (To, Cc and Bcc), de-duplicated case-insensitively, in order.
    public var envelopeRecipients: [String] {
        var seen = Set<String>()
        return (to + cc + bcc).map(\.address).filter { seen.insert($0.lowercased()).inserted }
    }
}

/// A file attached to a composed message. `message/rfc822` content is a whole message
/// (forward as attachment) and is written without re-encoding when it is mail-safe.
public struct ComposedAttachment: Sendable, Codable, Hashable {
    public var filename: String
    public var mimeType: String
    public var data: Data
    /// Set for an inline image referenced from the HTML body (`cid:`).
    public var contentID: String?

    public init(filename: String, mimeType: String, data: Data, contentID: String? = nil) {
        self.filename = filename; self.mimeType = mimeType; self.data = data; self.contentID = contentID
    }
}
