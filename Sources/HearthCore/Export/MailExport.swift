import Foundation

/// Formats the user's mail can be taken away in (spec §5.8): every other mail program reads one.
public enum MailExportFormat: String, Sendable, Codable, CaseIterable {
    /// One mbox file per folder (mboxrd quoting, so any "From " line in a body survives).
    case mbox
    /// One Maildir++ tree per account: INBOX at the root, other folders as `.Name` directories.
    case maildir
}

/// One message as an export writer receives it.
public struct ExportedMessage: Sendable {
    /// "INBOX", "Sent", "Work/Projects" (the folder's path as the store knows it).
    public var folderPath: String
    public var folderType: FolderType
    /// RFC 5322 bytes as received.
    public var raw: Data
    /// For the mbox "From " line and the Maildir file's time.
    public var date: Date
    public var sender: String?
    public var isRead: Bool
    public var isStarred: Bool
    public var isAnswered: Bool
    public var isDraft: Bool

    public init(folderPath: String, folderType: FolderType, raw: Data, date: Date, sender: String?,
                isRead: Bool, isStarred: Bool, isAnswered: Bool, isDraft: Bool) {
        self.folderPath = folderPath; self.folderType = folderType; self.raw = raw; self.date = date
        self.sender = sender; self.isRead = isRead; self.isStarred = isStarred
        self.isAnswered = isAnswered; self.isDraft = isDraft
    }
}

/// Writes one account's messages in one format (adapters: `HearthMailbox.MboxExportWriter`,
/// `MaildirExportWriter`).
public protocol MailExportWriter {
    mutating func write(_ message: ExportedMessage) throws
    /// Flushes and closes; returns the files or directories written.
    mutating func finish() throws -> [String]
}

/// Where an export goes: a writer per account, and the settings file.
public protocol MailExportDestination {
    func writer(for account: Account, format: MailExportFormat) throws -> any MailExportWriter
    func writeSettings(_ json: Data) throws -> String
}

/// Which emails a folder holds (adapter: HearthStore).
public protocol MailExportSource: Sendable {
    /// Email ids linked to the folder, oldest first.
    func emailIDs(inFolder folder: FolderID) throws(StoreError) -> [EmailID]
}

/// How far an export is: distinct messages handled (written or skipped) out of all of them.
public struct MailExportProgress: Sendable, Codable, Hashable {
    public var done: Int
    public var total: Int
    public init(done: Int, total: Int) { self.done = done; self.total = total }
}

/// What an export did, for the user and for a re-import check.
public struct MailExportReport: Sendable, Codable, Hashable {
    public struct AccountPart: Sendable, Codable, Hashable {
        public var account: String
        /// Distinct messages written (a message in two folders counts once here).
        public var messages: Int
        /// Folder copies written (a message in two folders counts twice).
        public var folderCopies: Int
        public var folders: Int
        /// Messages whose source is neither on this device nor fetched from the server.
        public var skipped: Int
        public var paths: [String]
    }
    public var format: MailExportFormat
    public var accounts: [AccountPart]
    public var settingsFile: String?
    /// Why messages were skipped (first few), so the user can act (reconnect, retry).
    public var notes: [String]
    public var seconds: Double

    public var messages: Int { accounts.reduce(0) { $0 + $1.messages } }
    public var skipped: Int { accounts.reduce(0) { $0 + $1.skipped } }
}

public enum MailExportError: Error, Sendable, CustomStringConvertible {
    case noSuchAccount(String)
    case store(StoreError)
    /// Writing failed (disk full, permission): what and where.
    case write(String)
    /// The export was stopped (the user cancelled it); what it wrote so far is not an export.
    case cancelled

    public var description: String {
        switch self {
        case .cancelled: "The export was cancelled."
        case .noSuchAccount(let which): "No account \(which)."
        case .store(let error): "Could not read the mail store: \(error)"
        case .write(let why): "Could not write the export: \(why)"
        }
    }
}
