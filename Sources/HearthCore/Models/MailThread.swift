import Foundation

/// A conversation (spec foundation §5.1, product §5.2.4 step 5). Named `MailThread` so it never
/// collides with Foundation's `Thread`.
public struct MailThread: Sendable, Codable, Hashable, Identifiable {
    public var id: ThreadID?
    public var accountID: AccountID
    public var subject: String
    public var latestDate: Date
    public var messageCount: Int
    public var unreadCount: Int
    public var isStarred: Bool
    public var hasAttachments: Bool
    public var aiCategory: AICategory
    public var aiSummary: String?
    public var snippet: String
    public var participants: [EmailAddress]

    public init(
        id: ThreadID? = nil, accountID: AccountID, subject: String, latestDate: Date,
        messageCount: Int = 0, unreadCount: Int = 0, isStarred: Bool = false,
        hasAttachments: Bool = false, aiCategory: AICategory = .uncategorized,
        aiSummary: String? = nil, snippet: String = "", participants: [EmailAddress] = []
    ) {
        self.id = id; self.accountID = accountID; self.subject = subject; self.latestDate = latestDate
        self.messageCount = messageCount; self.unreadCount = unreadCount; self.isStarred = isStarred
        self.hasAttachments = hasAttachments; self.aiCategory = aiCategory; self.aiSummary = aiSummary
        self.snippet = snippet; self.participants = participants
    }
}
