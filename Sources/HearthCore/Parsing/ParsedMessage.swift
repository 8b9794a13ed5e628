import Foundation

/// What the domain needs from a parsed RFC 5322 message. The MIME adapter produces it; the domain
/// never sees raw bytes or MIME structure.
public struct ParsedMessage: Sendable, Hashable {
    /// Message-ID without angle brackets.
    public var messageID: String?
    /// In-Reply-To ids (normally one), without angle brackets.
    public var inReplyTo: [String]
    /// References ids in header order, without angle brackets.
    public var references: [String]
    public var from: [EmailAddress]
    public var sender: EmailAddress?
    public var replyTo: [EmailAddress]
    public var to: [EmailAddress]
    public var cc: [EmailAddress]
    public var bcc: [EmailAddress]
    public var subject: String
    /// The Date header; `nil` when missing or unparseable.
    public var date: Date?
    public var textBody: String?
    public var htmlBody: String?
    /// About 100 characters of the text, without quoted text or signatures.
    public var snippet: String
    public var attachments: [ParsedAttachment]
    /// Unfolded, decoded header fields in message order (names as written).
    public var headers: [HeaderField]
    public var sizeBytes: Int
    /// Problems met while parsing. The parse still succeeded, possibly degraded.
    public var defects: [ParseDefect]

    public init(
        messageID: String? = nil, inReplyTo: [String] = [], references: [String] = [],
        from: [EmailAddress] = [], sender: EmailAddress? = nil, replyTo: [EmailAddress] = [],
        to: [EmailAddress] = [], cc: [EmailAddress] = [], bcc: [EmailAddress] = [],
        subject: String = "", date: Date? = nil, textBody: String? = nil, htmlBody: String? = nil,
        snippet: String = "", attachments: [ParsedAttachment] = [], headers: [HeaderField] = [],
        sizeBytes: Int = 0, defects: [ParseDefect] = []
    ) {
        self.messageID = messageID; self.inReplyTo = inReplyTo; self.references = references
        self.from = from; self.sender = sender; self.replyTo = replyTo; self.to = to; self.cc = cc
        self.bcc = bcc; self.subject = subject; self.date = date; self.textBody = textBody
        self.htmlBody = htmlBody; self.snippet = snippet; self.attachments = attachments
        self.headers = headers; self.sizeBytes = sizeBytes; self.defects = defects
    }

    /// The first value of a header, case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One header field after unfolding and RFC 2047 decoding.
public struct HeaderField: Sendable, Hashable, Codable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
}

/// An attachment or inline part found in a message.
public struct ParsedAttachment: Sendable, Hashable {
    public var filename: String
    public var mimeType: String
    /// Decoded size in bytes.
    public var sizeBytes: Int
    /// MIME part path ("2", "1.3") as IMAP numbers parts, so the part can be fetched on demand.
    public var partPath: String
    public var contentID: String?
    public var isInline: Bool
    /// Decoded content, when the parser was asked to keep it.
    public var content: Data?

    public init(filename: String, mimeType: String, sizeBytes: Int, partPath: String,
                contentID: String? = nil, isInline: Bool = false, content: Data? = nil) {
        self.filename = filename; self.mimeType = mimeType; self.sizeBytes = sizeBytes
        self.partPath = partPath; self.contentID = contentID; self.isInline = isInline
        self.content = content
    }
}

/// A problem found in a message that the parser worked around.
public struct ParseDefect: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Kind: String, Sendable, Codable {
        case missingBoundary, unterminatedMultipart, invalidEncoding, unknownCharset, invalidHeader,
             invalidDate, invalidAddress, nestingTooDeep, tooManyParts, tooManyHeaders, truncated
    }
    public var kind: Kind
    public var detail: String
    public init(_ kind: Kind, _ detail: String) { self.kind = kind; self.detail = detail }
    public var description: String { "\(kind.rawValue): \(detail)" }
}

/// Parses raw RFC 5322 bytes. Implementations never crash on hostile input: they either return a
/// (possibly degraded) parse with `defects`, or throw `MessageParseError`.
public protocol MessageParser: Sendable {
    func parse(_ raw: Data) throws(MessageParseError) -> ParsedMessage
}

/// Why a message could not be parsed at all.
public enum MessageParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input is not a message (empty, or no header section).
    case notAMessage(String)
    /// The message exceeds a safety limit (size, depth, parts, headers) so it was refused.
    case limitExceeded(String)

    public var description: String {
        switch self {
        case .notAMessage(let why): "not an email message: \(why)"
        case .limitExceeded(let why): "message refused, limit exceeded: \(why)"
        }
    }
}
