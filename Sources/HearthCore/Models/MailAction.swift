import Foundation

/// What a user does to messages (spec product §5.2 "Actions"). Applied to the local store at
/// once; the server side is journalled as `ServerOperation`s and replayed when reachable.
public enum MailAction: Sendable, Hashable, Codable, CustomStringConvertible {
    case setRead(Bool)
    case setStarred(Bool)
    /// Out of the inbox. Where the archive folder already holds the message (Gmail's All Mail)
    /// this only removes it from INBOX; elsewhere it moves it to the Archive folder.
    case archive
    /// To the Trash folder.
    case moveToTrash
    /// Gone for good; only for messages in Trash (the caller shows the warning).
    case deletePermanently
    /// From the folder it is shown in (or its only/inbox folder) to another one.
    case move(to: FolderID)
    /// Into one more folder, staying where it is: on Gmail, adding a label (how an archive that
    /// already reached Gmail is undone: the message is copied from All Mail back to INBOX).
    case copy(to: FolderID)

    public var description: String {
        switch self {
        case .setRead(let read): read ? "mark read" : "mark unread"
        case .setStarred(let starred): starred ? "star" : "unstar"
        case .archive: "archive"
        case .moveToTrash: "delete"
        case .deletePermanently: "delete permanently"
        case .move(let folder): "move to folder \(folder)"
        case .copy(let folder): "copy to folder \(folder)"
        }
    }
}

/// The IMAP flags actions change.
public enum ActionFlag: String, Sendable, Hashable, Codable {
    case seen, flagged
}

/// One step on the server, resolved to a folder and the UID the message had there when the user
/// acted — the local state has moved on by the time it is replayed.
public enum ServerOperation: Sendable, Hashable, Codable {
    /// UID STORE ±FLAGS.
    case store(folder: FolderID, uid: UInt32, flag: ActionFlag, add: Bool)
    /// UID MOVE (or COPY + STORE \Deleted + UID EXPUNGE without MOVE).
    case move(folder: FolderID, uid: UInt32, to: FolderID)
    /// UID COPY: the message stays where it is and gains a copy (on Gmail: a label).
    case copy(folder: FolderID, uid: UInt32, to: FolderID)
    /// Removes the message from this folder: STORE \Deleted + UID EXPUNGE. On Gmail that removes
    /// a label (archive = out of INBOX); in Trash it deletes for good.
    case expunge(folder: FolderID, uid: UInt32)

    public var folder: FolderID {
        switch self {
        case .store(let folder, _, _, _), .move(let folder, _, _), .copy(let folder, _, _), .expunge(let folder, _): folder
        }
    }
    /// The folder a move or copy puts the message in.
    public var target: FolderID? {
        switch self {
        case .move(_, _, let target), .copy(_, _, let target): target
        case .store, .expunge: nil
        }
    }
    public var uid: UInt32 {
        switch self {
        case .store(_, let uid, _, _), .move(_, let uid, _), .copy(_, let uid, _), .expunge(_, let uid): uid
        }
    }
}

/// A change to the local store that an action makes at once.
public enum LocalChange: Sendable, Hashable {
    case setFlags(EmailID, isRead: Bool?, isStarred: Bool?)
    case link(EmailID, to: FolderID)
    case unlink(EmailID, from: FolderID)
    case delete(EmailID)
}

/// What one action on one message does: locally now, on the server later.
public struct ActionPlan: Sendable, Hashable {
    public var account: AccountID
    public var email: EmailID
    public var action: MailAction
    public var local: [LocalChange]
    public var server: [ServerOperation]

    public init(account: AccountID, email: EmailID, action: MailAction, local: [LocalChange], server: [ServerOperation]) {
        self.account = account; self.email = email; self.action = action; self.local = local; self.server = server
    }
}

public struct PendingOperationID: RowIdentifier { public let rawValue: Int64; public init(rawValue: Int64) { self.rawValue = rawValue } }

/// A journalled server operation. `pending` ones are replayed in id order; after the retries are
/// used up one becomes `failed` and stays visible until the user retries or dismisses it.
public struct PendingOperation: Sendable, Hashable, Codable, Identifiable {
    public enum State: String, Sendable, Hashable, Codable { case pending, failed }

    public var id: PendingOperationID
    public var account: AccountID
    /// nil once the message is gone locally (a permanent delete still has to reach the server).
    public var email: EmailID?
    /// The user's action, for display ("archive").
    public var action: String
    public var operation: ServerOperation
    public var createdAt: Date
    /// Failed attempts so far (the server answered NO/BAD or the connection broke mid-way).
    public var attempts: Int
    public var nextAttemptAt: Date
    public var state: State
    public var lastError: String?
    /// The folder's UIDVALIDITY when the user acted: if the server renumbered the folder since,
    /// `operation.uid` names another message and the replay finds it again by `messageID`.
    public var uidValidity: UInt32?
    public var messageID: String?

    public init(id: PendingOperationID, account: AccountID, email: EmailID?, action: String, operation: ServerOperation,
                createdAt: Date, attempts: Int = 0, nextAttemptAt: Date, state: State = .pending, lastError: String? = nil,
                uidValidity: UInt32? = nil, messageID: String? = nil) {
        self.id = id; self.account = account; self.email = email; self.action = action; self.operation = operation
        self.createdAt = createdAt; self.attempts = attempts; self.nextAttemptAt = nextAttemptAt
        self.state = state; self.lastError = lastError; self.uidValidity = uidValidity; self.messageID = messageID
    }

    /// The same operation on another UID (after the folder was renumbered).
    public func withUID(_ uid: UInt32) -> ServerOperation {
        switch operation {
        case .store(let folder, _, let flag, let add): .store(folder: folder, uid: uid, flag: flag, add: add)
        case .move(let folder, _, let target): .move(folder: folder, uid: uid, to: target)
        case .copy(let folder, _, let target): .copy(folder: folder, uid: uid, to: target)
        case .expunge(let folder, _): .expunge(folder: folder, uid: uid)
        }
    }
}
