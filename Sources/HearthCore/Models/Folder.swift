import Foundation

/// A mailbox folder or Gmail label (spec foundation §5.1, §5.4), with its IMAP sync state.
public struct Folder: Sendable, Codable, Hashable, Identifiable {
    public var id: FolderID?
    public var accountID: AccountID
    public var name: String
    public var imapPath: String
    public var folderType: FolderType
    public var unreadCount: Int
    public var totalCount: Int
    public var uidValidity: UInt32?
    public var uidNext: UInt32?
    public var highestModSeq: UInt64?
    public var lastSyncDate: Date?
    public var isSelectable: Bool

    public init(
        id: FolderID? = nil, accountID: AccountID, name: String, imapPath: String,
        folderType: FolderType, unreadCount: Int = 0, totalCount: Int = 0,
        uidValidity: UInt32? = nil, uidNext: UInt32? = nil, highestModSeq: UInt64? = nil,
        lastSyncDate: Date? = nil, isSelectable: Bool = true
    ) {
        self.id = id; self.accountID = accountID; self.name = name; self.imapPath = imapPath
        self.folderType = folderType; self.unreadCount = unreadCount; self.totalCount = totalCount
        self.uidValidity = uidValidity; self.uidNext = uidNext; self.highestModSeq = highestModSeq
        self.lastSyncDate = lastSyncDate; self.isSelectable = isSelectable
    }
}

/// The many-to-many link between an email and the folders (labels) it is in, with its IMAP UID
/// there: UIDs are folder-scoped (spec foundation §5.4).
public struct EmailFolder: Sendable, Codable, Hashable {
    public var emailID: EmailID
    public var folderID: FolderID
    public var imapUID: UInt32?

    public init(emailID: EmailID, folderID: FolderID, imapUID: UInt32? = nil) {
        self.emailID = emailID; self.folderID = folderID; self.imapUID = imapUID
    }
}
