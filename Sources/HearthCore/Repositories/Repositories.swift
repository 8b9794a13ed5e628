import Foundation

/// Accounts and everything that hangs off them. Implemented by the store adapter.
public protocol AccountRepository: Sendable {
    func create(_ account: Account) throws(StoreError) -> Account
    func account(_ id: AccountID) throws(StoreError) -> Account?
    func accounts() throws(StoreError) -> [Account]
    func update(_ account: Account) throws(StoreError)
    /// Deletes the account and, in the same transaction, every folder, email, thread, attachment,
    /// contact and index row of it (spec FR-FOUND-03).
    func delete(_ id: AccountID) throws(StoreError)
}

/// Folders (labels) of an account with their sync state.
public protocol FolderRepository: Sendable {
    /// Inserts the folder, or updates the one with the same account and IMAP path.
    func upsert(_ folder: Folder) throws(StoreError) -> Folder
    func folder(_ id: FolderID) throws(StoreError) -> Folder?
    func folders(account: AccountID) throws(StoreError) -> [Folder]
    /// Deletes the folder with FR-FOUND-03's rule: an email left in no folder is deleted if the
    /// folder was Trash, and otherwise moved to the account's archive folder.
    func delete(_ id: FolderID) throws(StoreError)
}

/// A message to store: the email, its attachments' metadata, where it was found, and optionally
/// its raw source (kept for local accounts, which have no server to fetch parts from).
public struct NewMessage: Sendable {
    public var email: Email
    public var attachments: [ParsedAttachment]
    public var folderID: FolderID
    public var imapUID: UInt32?
    public var threadingKey: ThreadingKey
    public var rawSource: Data?
    /// The categoriser's signal header fields (`CategorizationHeaders.pick`), kept for mail
    /// whose raw source is not stored (IMAP sync).
    public var signalHeaders: [HeaderField] = []

    public init(email: Email, attachments: [ParsedAttachment], folderID: FolderID,
                imapUID: UInt32? = nil, threadingKey: ThreadingKey, rawSource: Data? = nil) {
        self.email = email; self.attachments = attachments; self.folderID = folderID
        self.imapUID = imapUID; self.threadingKey = threadingKey; self.rawSource = rawSource
    }
}

/// Emails and their folder associations.
public protocol EmailRepository: Sendable {
    /// Stores, threads and links the messages in one transaction; returns their ids in order.
    /// Thread metadata of every touched thread is recomputed in the same transaction.
    func insert(_ messages: [NewMessage]) throws(StoreError) -> [EmailID]
    func email(_ id: EmailID) throws(StoreError) -> Email?
    /// Emails of a thread, oldest first.
    func emails(inThread id: ThreadID) throws(StoreError) -> [Email]
    func attachments(of id: EmailID) throws(StoreError) -> [Attachment]
    func folders(of id: EmailID) throws(StoreError) -> [EmailFolder]
    /// The IMAP UIDs stored for a folder and the email each belongs to (what sync compares
    /// with the server's UID list).
    func uids(in folder: FolderID) throws(StoreError) -> [UInt32: EmailID]
    /// The raw source kept for the email, if any.
    func rawSource(of id: EmailID) throws(StoreError) -> Data?
    /// An email of the account with this Message-ID and size, for de-duplication on import.
    func existingEmail(account: AccountID, messageID: String, sizeBytes: Int) throws(StoreError) -> EmailID?
    /// Adds a folder association to an existing email (the same message in another label).
    func link(_ id: EmailID, to folder: FolderID, imapUID: UInt32?) throws(StoreError)
    /// Removes one folder association with FR-FOUND-03's rule for the last association.
    func unlink(_ id: EmailID, from folder: FolderID) throws(StoreError)
    /// Deletes the email, its folder associations and attachments; its thread is updated.
    func delete(_ id: EmailID) throws(StoreError)
    /// Sets the email's flags (nil = unchanged) and, in the same transaction, its thread's
    /// unread count / starred state and the unread counts of every folder it is in.
    func setFlags(_ id: EmailID, isRead: Bool?, isStarred: Bool?, isAnswered: Bool?, isDraft: Bool?) throws(StoreError)
}

/// What a thread list asks for.
public struct ThreadQuery: Sendable, Hashable {
    /// Empty means every account (the unified view).
    public var accounts: [AccountID]
    public var folderType: FolderType?
    public var folderID: FolderID?
    public var category: AICategory?
    public var unreadOnly: Bool
    public var limit: Int
    /// Keyset pagination: threads strictly older than this (date, id) pair.
    public var before: ThreadCursor?

    public init(accounts: [AccountID] = [], folderType: FolderType? = nil, folderID: FolderID? = nil,
                category: AICategory? = nil, unreadOnly: Bool = false, limit: Int = 50,
                before: ThreadCursor? = nil) {
        self.accounts = accounts; self.folderType = folderType; self.folderID = folderID
        self.category = category; self.unreadOnly = unreadOnly; self.limit = limit; self.before = before
    }
}

/// A position in a newest-first thread list.
public struct ThreadCursor: Sendable, Hashable, Codable {
    public var latestDate: Date
    public var threadID: ThreadID
    public init(latestDate: Date, threadID: ThreadID) { self.latestDate = latestDate; self.threadID = threadID }
}

/// Conversations.
public protocol ThreadRepository: Sendable {
    /// Threads newest first, filtered as the query says.
    func threads(_ query: ThreadQuery) throws(StoreError) -> [MailThread]
    func thread(_ id: ThreadID) throws(StoreError) -> MailThread?
}

/// Counts for `hearth stats` and the storage screen.
public struct StoreStatistics: Sendable, Codable, Hashable {
    public var accounts: Int
    public var folders: Int
    public var emails: Int
    public var threads: Int
    /// Message-IDs referenced but never seen (placeholder nodes of the thread graph).
    public var ghostNodes: Int
    public var largestThreadSize: Int
    public var attachments: Int
    public var contacts: Int
    public var databaseBytes: Int64

    public init(accounts: Int, folders: Int, emails: Int, threads: Int, ghostNodes: Int,
                largestThreadSize: Int, attachments: Int, contacts: Int, databaseBytes: Int64) {
        self.accounts = accounts; self.folders = folders; self.emails = emails; self.threads = threads
        self.ghostNodes = ghostNodes; self.largestThreadSize = largestThreadSize
        self.attachments = attachments; self.contacts = contacts; self.databaseBytes = databaseBytes
    }
}

public protocol StatisticsRepository: Sendable {
    /// Statistics of one account, or of everything when `account` is nil.
    func statistics(account: AccountID?) throws(StoreError) -> StoreStatistics
}

/// Correspondents for autocomplete (spec product §5.5.4).
public protocol ContactRepository: Sendable {
    /// Records each sighting in one transaction: every distinct address of a sighting gets
    /// frequency +1 and its last-seen date moved forward.
    func recordSeen(_ sightings: [ContactSighting], account: AccountID) throws(StoreError)
    /// Contacts matching a prefix of the address or name, best first. `nil` account: all, merged.
    func contacts(matching prefix: String, account: AccountID?, limit: Int) throws(StoreError) -> [Contact]
}

/// The addresses of one message (From/To/Cc) and its date, for the contact cache.
public struct ContactSighting: Sendable, Hashable {
    public var addresses: [EmailAddress]
    public var date: Date
    public init(addresses: [EmailAddress], date: Date) { self.addresses = addresses; self.date = date }

    /// Everyone a message came from or went to (From, To, Cc), on its date: what autocomplete
    /// learns from imported and synced mail alike.
    public init(_ email: Email) {
        self.init(addresses: [email.from].compactMap { $0 } + email.to + email.cc, date: email.sortDate)
    }
}

extension ContactRepository {
    /// Records that these addresses were seen on `date`.
    public func recordSeen(_ addresses: [EmailAddress], account: AccountID, date: Date) throws(StoreError) {
        try recordSeen([ContactSighting(addresses: addresses, date: date)], account: account)
    }
}

/// Key/value application settings (spec settings FR-SET-01), persisted immediately.
public protocol SettingsRepository: Sendable {
    func value(for key: String) throws(StoreError) -> String?
    func setValue(_ value: String?, for key: String) throws(StoreError)
}
