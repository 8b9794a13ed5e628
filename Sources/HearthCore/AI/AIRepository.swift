import Foundation

/// Which part of the categoriser decided an email's category.
public enum CategorySource: String, Sendable, Codable, CaseIterable {
    /// Header and sender signals alone (list headers, automation, social networks, personal mail).
    case signals
    /// Nearest category centroid of the sentence embedding.
    case embedding
    /// The local LLM, consulted for low-confidence emails.
    case llm
    /// The user's own earlier correction for this sender, or a near neighbour of a corrected email.
    case preference
    /// The user set it by hand.
    case user
    /// Nothing decided (no model, no signal): the default, with low confidence.
    case fallback
}

/// A category decided for one email, with how sure the categoriser was.
public struct CategoryAssignment: Sendable, Hashable, Codable {
    public var emailID: EmailID
    public var category: AICategory
    /// 0…1.
    public var confidence: Double
    public var source: CategorySource
    public init(emailID: EmailID, category: AICategory, confidence: Double, source: CategorySource) {
        self.emailID = emailID; self.category = category; self.confidence = confidence; self.source = source
    }
}

/// A user's re-categorisation, kept as a local preference signal (spec §5.6.2): it decides
/// future mail from the same sender and mail whose embedding is close to this one.
public struct CategoryCorrection: Sendable, Hashable, Codable {
    public var accountID: AccountID
    public var emailID: EmailID?
    /// Lower-cased sender address.
    public var senderAddress: String
    public var category: AICategory
    /// The email's sentence embedding when one was available, for near-neighbour matching.
    public var embedding: [Float]?
    public var date: Date
    public init(accountID: AccountID, emailID: EmailID?, senderAddress: String, category: AICategory,
                embedding: [Float]?, date: Date) {
        self.accountID = accountID; self.emailID = emailID; self.senderAddress = senderAddress.lowercased()
        self.category = category; self.embedding = embedding; self.date = date
    }
}

/// A cached thread summary, valid while the thread has the same messages.
public struct StoredThreadSummary: Sendable, Hashable, Codable {
    public var threadID: ThreadID
    /// Message count and newest email when the summary was written: a thread that grew is stale.
    public var messageCount: Int
    public var lastEmailID: EmailID?
    public var text: String
    public var modelIdentifier: String
    public var createdAt: Date
    public init(threadID: ThreadID, messageCount: Int, lastEmailID: EmailID?, text: String,
                modelIdentifier: String, createdAt: Date) {
        self.threadID = threadID; self.messageCount = messageCount; self.lastEmailID = lastEmailID
        self.text = text; self.modelIdentifier = modelIdentifier; self.createdAt = createdAt
    }
}

/// Where on-device AI keeps its results: categories with confidence, user corrections, and
/// thread summaries. Implemented by the store adapter.
public protocol AIRepository: Sendable {
    /// Stores each email's category, confidence and source, and updates each touched thread's
    /// category to that of its newest email, in one transaction.
    func assignCategories(_ assignments: [CategoryAssignment]) throws(StoreError)
    /// The category, confidence and source stored for an email (nil confidence: never categorised).
    func categoryAssignment(of id: EmailID) throws(StoreError) -> CategoryAssignment?
    /// Emails still `uncategorized`, newest first.
    func uncategorizedEmails(limit: Int) throws(StoreError) -> [EmailID]
    /// Records the correction and sets the email's category (source `user`) in one transaction.
    func recordCorrection(_ correction: CategoryCorrection) throws(StoreError)
    /// Every correction of an account (all accounts when nil), oldest first.
    func corrections(account: AccountID?) throws(StoreError) -> [CategoryCorrection]
    func threadSummary(_ thread: ThreadID) throws(StoreError) -> StoredThreadSummary?
    func saveThreadSummary(_ summary: StoredThreadSummary) throws(StoreError)
}
