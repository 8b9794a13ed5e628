import Foundation

/// Where a server keeps its own copy of a message we sent (Gmail-style servers file every
/// submitted message in Sent themselves).
public struct ServerSentCopy: Sendable, Hashable {
    /// The folder's wire name.
    public var folderPath: String
    public var uid: UInt32
    public var uidValidity: UInt32
    /// RFC822.SIZE of the server's copy (it carries the server's trace headers, so it is
    /// larger than what we submitted).
    public var sizeBytes: Int
    public init(folderPath: String, uid: UInt32, uidValidity: UInt32, sizeBytes: Int) {
        self.folderPath = folderPath; self.uid = uid; self.uidValidity = uidValidity; self.sizeBytes = sizeBytes
    }
}

/// Makes the local row of a sent message and the server's own Sent copy one email: the local
/// row takes the server copy's UID (in the synced Sent folder) and size, so sync recognises the
/// copy (and its All Mail twin) by Message-ID + size instead of storing a second email; a copy
/// sync already stored separately is merged into the local row.
public protocol SentCopyRepository: Sendable {
    /// Returns false when the account has no synced folder at `copy.folderPath` yet (only the
    /// size is taken then; the first sync links by Message-ID + size).
    @discardableResult
    func adoptServerSentCopy(_ email: EmailID, copy: ServerSentCopy) throws(StoreError) -> Bool
}
