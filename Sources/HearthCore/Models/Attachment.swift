import Foundation

/// An attachment's metadata (spec foundation §5.1). Content is fetched only on explicit request.
public struct Attachment: Sendable, Codable, Hashable, Identifiable {
    public var id: AttachmentID?
    public var emailID: EmailID
    public var filename: String
    public var mimeType: String
    public var sizeBytes: Int
    /// MIME part path inside the message ("2", "1.3"), to fetch the part later.
    public var partPath: String
    public var contentID: String?
    public var isInline: Bool
    public var localPath: String?
    public var isDownloaded: Bool

    public init(
        id: AttachmentID? = nil, emailID: EmailID, filename: String, mimeType: String,
        sizeBytes: Int, partPath: String, contentID: String? = nil, isInline: Bool = false,
        localPath: String? = nil, isDownloaded: Bool = false
    ) {
        self.id = id; self.emailID = emailID; self.filename = filename; self.mimeType = mimeType
        self.sizeBytes = sizeBytes; self.partPath = partPath; self.contentID = contentID
        self.isInline = isInline; self.localPath = localPath; self.isDownloaded = isDownloaded
    }
}

/// A correspondent seen in From/To/Cc of synced mail (spec product §5.5.4), per account.
public struct Contact: Sendable, Codable, Hashable, Identifiable {
    public var id: ContactID?
    public var accountID: AccountID
    public var address: String
    public var displayName: String?
    public var lastSeen: Date
    public var frequency: Int

    public init(id: ContactID? = nil, accountID: AccountID, address: String, displayName: String?,
                lastSeen: Date, frequency: Int) {
        self.id = id; self.accountID = accountID; self.address = address
        self.displayName = displayName; self.lastSeen = lastSeen; self.frequency = frequency
    }
}
