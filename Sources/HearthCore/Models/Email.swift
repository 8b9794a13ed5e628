import Foundation

/// One message (spec foundation §5.1). Multi-value fields are typed here; the store serialises
/// them as §5.6 prescribes (JSON arrays, space-delimited References).
public struct Email: Sendable, Codable, Hashable, Identifiable {
    public var id: EmailID?
    public var accountID: AccountID
    public var threadID: ThreadID?
    /// Message-ID without angle brackets; `nil` when the message has none.
    public var messageID: String?
    public var inReplyTo: String?
    public var references: [String]
    public var from: EmailAddress?
    public var to: [EmailAddress]
    public var cc: [EmailAddress]
    public var bcc: [EmailAddress]
    public var replyTo: [EmailAddress]
    public var subject: String
    public var bodyPlain: String?
    public var bodyHTML: String?
    public var snippet: String
    public var dateReceived: Date
    public var dateSent: Date?
    public var isRead: Bool
    public var isStarred: Bool
    public var isDraft: Bool
    public var isDeleted: Bool
    public var isAnswered: Bool
    public var hasAttachments: Bool
    public var aiCategory: AICategory
    public var aiSummary: String?
    public var sizeBytes: Int
    public var sendState: SendState
    public var sendRetryCount: Int
    public var sendQueuedDate: Date?
    public var sendNextAttempt: Date?
    public var sendError: String?
    /// Gmail's X-GM-MSGID when the server offers it: the one identity of a message across labels.
    public var gmailMessageID: UInt64?
    /// List-Id and similar headers kept for categorisation and search filters.
    public var listID: String?

    public init(
        id: EmailID? = nil, accountID: AccountID, threadID: ThreadID? = nil, messageID: String? = nil,
        inReplyTo: String? = nil, references: [String] = [], from: EmailAddress? = nil,
        to: [EmailAddress] = [], cc: [EmailAddress] = [], bcc: [EmailAddress] = [],
        replyTo: [EmailAddress] = [], subject: String = "", bodyPlain: String? = nil,
        bodyHTML: String? = nil, snippet: String = "", dateReceived: Date, dateSent: Date? = nil,
        isRead: Bool = false, isStarred: Bool = false, isDraft: Bool = false, isDeleted: Bool = false,
        isAnswered: Bool = false, hasAttachments: Bool = false, aiCategory: AICategory = .uncategorized,
        aiSummary: String? = nil, sizeBytes: Int = 0, sendState: SendState = .none,
        sendRetryCount: Int = 0, sendQueuedDate: Date? = nil, sendNextAttempt: Date? = nil,
        sendError: String? = nil, gmailMessageID: UInt64? = nil, listID: String? = nil
    ) {
        self.id = id; self.accountID = accountID; self.threadID = threadID; self.messageID = messageID
        self.inReplyTo = inReplyTo; self.references = references; self.from = from; self.to = to
        self.cc = cc; self.bcc = bcc; self.replyTo = replyTo; self.subject = subject
        self.bodyPlain = bodyPlain; self.bodyHTML = bodyHTML; self.snippet = snippet
        self.dateReceived = dateReceived; self.dateSent = dateSent; self.isRead = isRead
        self.isStarred = isStarred; self.isDraft = isDraft; self.isDeleted = isDeleted
        self.isAnswered = isAnswered; self.hasAttachments = hasAttachments; self.aiCategory = aiCategory
        self.aiSummary = aiSummary; self.sizeBytes = sizeBytes; self.sendState = sendState
        self.sendRetryCount = sendRetryCount; self.sendQueuedDate = sendQueuedDate
        self.sendNextAttempt = sendNextAttempt; self.sendError = sendError
        self.gmailMessageID = gmailMessageID; self.listID = listID
    }

    /// The date a thread sorts by: when it was sent if known, else when it arrived.
    public var sortDate: Date { dateSent ?? dateReceived }
}
