/// An address of an ENVELOPE (RFC 3501 §7.4.2). Names stay as the server sent them (often
/// RFC 2047 encoded words); decoding is the MIME layer's job. A `mailbox` with no `host` starts a
/// group (`mailbox` is the group name) and one with neither ends it.
public struct EnvelopeAddress: Hashable, Sendable {
    public var name: String?
    public var adl: String?
    public var mailbox: String?
    public var host: String?

    public init(name: String?, adl: String?, mailbox: String?, host: String?) {
        self.name = name; self.adl = adl; self.mailbox = mailbox; self.host = host
    }

    /// `mailbox@host`, when both are present.
    public var address: String? {
        guard let mailbox, let host else { return nil }
        return "\(mailbox)@\(host)"
    }

    public var isGroupStart: Bool { host == nil && mailbox != nil }
    public var isGroupEnd: Bool { host == nil && mailbox == nil }
}

/// The ENVELOPE fetch item: header fields the server parsed for us, enough to list and thread
/// a message before its body is downloaded.
public struct Envelope: Hashable, Sendable {
    public var date: String?
    public var subject: String?
    public var from: [EnvelopeAddress]
    public var sender: [EnvelopeAddress]
    public var replyTo: [EnvelopeAddress]
    public var to: [EnvelopeAddress]
    public var cc: [EnvelopeAddress]
    public var bcc: [EnvelopeAddress]
    public var inReplyTo: String?
    public var messageID: String?

    public init(date: String? = nil, subject: String? = nil, from: [EnvelopeAddress] = [],
                sender: [EnvelopeAddress] = [], replyTo: [EnvelopeAddress] = [], to: [EnvelopeAddress] = [],
                cc: [EnvelopeAddress] = [], bcc: [EnvelopeAddress] = [], inReplyTo: String? = nil,
                messageID: String? = nil) {
        self.date = date; self.subject = subject; self.from = from; self.sender = sender
        self.replyTo = replyTo; self.to = to; self.cc = cc; self.bcc = bcc
        self.inReplyTo = inReplyTo; self.messageID = messageID
    }
}
