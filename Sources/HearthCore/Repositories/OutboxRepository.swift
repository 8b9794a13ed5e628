import Foundation

/// Where an outgoing message is before SMTP: a draft being written, counting down the undo
/// window, or ready for the queue (spec product §5.5.2, proposal §3.5). Together with the
/// email's `SendState` it is the whole send state machine.
public enum OutboxPhase: String, Sendable, Codable, CaseIterable {
    /// Being written; never sent automatically.
    case draft
    /// The user pressed Send; the undo window runs. Stored BEFORE the countdown starts, so a
    /// process that dies now leaves a row that recovery turns back into a draft.
    case undo
    /// The window ended: the queue owns it (queued, sending, retry_wait, failed, sent).
    case ready
}

/// Whether the server's Sent folder has its copy.
public enum SentCopyState: String, Sendable, Codable, CaseIterable {
    /// Not sent yet.
    case none
    /// Sent; our APPEND to Sent is still to do.
    case pending
    /// Appended by us.
    case appended
    /// The server keeps its own copy (Gmail-style): nothing to do.
    case serverKeeps = "server"
}

/// Our copy of a draft in the server's Drafts folder, to replace it on the next save.
public struct ServerDraftCopy: Sendable, Codable, Hashable {
    public var mailbox: String
    public var uid: UInt32?
    public var uidValidity: UInt32?
    /// The local save this copy reflects; older than the entry's `savedAt` means stale.
    public var savedAt: Date

    public init(mailbox: String, uid: UInt32?, uidValidity: UInt32?, savedAt: Date) {
        self.mailbox = mailbox; self.uid = uid; self.uidValidity = uidValidity; self.savedAt = savedAt
    }
}

/// One message in the outbox (a draft or a message on its way), as the outbox sees it.
public struct OutboxEntry: Sendable, Hashable {
    public var emailID: EmailID
    public var accountID: AccountID
    public var phase: OutboxPhase
    public var message: ComposedMessage
    public var sendState: SendState
    /// Failed attempts so far (the retry schedule's position).
    public var retryCount: Int
    public var queuedDate: Date?
    public var nextAttempt: Date?
    public var lastError: String?
    public var undoDeadline: Date?
    /// The process counting the undo window down or sending it (recovery leaves a live owner alone).
    public var ownerPID: Int32?
    /// The RFC 5322 bytes, fixed when the user pressed Send, so every retry submits the
    /// same message (same Message-ID and Date).
    public var rendered: Data?
    public var savedAt: Date
    public var serverDraft: ServerDraftCopy?
    public var sentCopy: SentCopyState

    public init(emailID: EmailID, accountID: AccountID, phase: OutboxPhase, message: ComposedMessage,
                sendState: SendState, retryCount: Int = 0, queuedDate: Date? = nil, nextAttempt: Date? = nil,
                lastError: String? = nil, undoDeadline: Date? = nil, ownerPID: Int32? = nil,
                rendered: Data? = nil, savedAt: Date, serverDraft: ServerDraftCopy? = nil, sentCopy: SentCopyState = .none) {
        self.emailID = emailID; self.accountID = accountID; self.phase = phase; self.message = message
        self.sendState = sendState; self.retryCount = retryCount; self.queuedDate = queuedDate
        self.nextAttempt = nextAttempt; self.lastError = lastError; self.undoDeadline = undoDeadline
        self.ownerPID = ownerPID; self.rendered = rendered; self.savedAt = savedAt
        self.serverDraft = serverDraft; self.sentCopy = sentCopy
    }
}

/// A state change of an outbox entry. The store applies it only when the entry is in one of
/// `from` (compare-and-set), so two processes can never both claim a message for sending.
public struct OutboxTransition: Sendable, Hashable {
    public var from: Set<OutboxStateKey>
    public var phase: OutboxPhase
    public var sendState: SendState
    public var retryCount: Int?
    public var queuedDate: Date??
    public var nextAttempt: Date??
    public var lastError: String??
    public var undoDeadline: Date??
    public var ownerPID: Int32??
    public var rendered: Data??
    public var sentCopy: SentCopyState?

    public init(from: Set<OutboxStateKey>, to phase: OutboxPhase, sendState: SendState, retryCount: Int? = nil,
                queuedDate: Date?? = nil, nextAttempt: Date?? = nil, lastError: String?? = nil,
                undoDeadline: Date?? = nil, ownerPID: Int32?? = nil, rendered: Data?? = nil,
                sentCopy: SentCopyState? = nil) {
        self.from = from; self.phase = phase; self.sendState = sendState; self.retryCount = retryCount
        self.queuedDate = queuedDate; self.nextAttempt = nextAttempt; self.lastError = lastError
        self.undoDeadline = undoDeadline; self.ownerPID = ownerPID; self.rendered = rendered
        self.sentCopy = sentCopy
    }
}

/// A (phase, send state) pair, the key of the outbox state machine.
public struct OutboxStateKey: Sendable, Hashable, CustomStringConvertible {
    public var phase: OutboxPhase
    public var sendState: SendState
    public init(_ phase: OutboxPhase, _ sendState: SendState) { self.phase = phase; self.sendState = sendState }
    public var description: String { "\(phase.rawValue)/\(sendState.rawValue)" }
}

/// Whether a Message-ID belongs to a message composed on this device that is still in the outbox
/// (a draft, an undo window, a queued or failing send). Sync asks before storing a message it
/// cannot match otherwise: the server's copy of such a message (the Drafts copy every saved
/// draft gets, on Gmail also in All Mail) IS the local message, not new mail.
public protocol LocalCompositionLookup: Sendable {
    /// The Message-IDs of the account's messages in the outbox: a handful, so sync reads them
    /// once per batch of headers instead of asking once per new message.
    func localCompositionMessageIDs(account: AccountID) throws(StoreError) -> Set<String>
}

/// Drafts and the outbox (spec product §5.5.1–5.5.2, proposal §3.5). Implemented by the store.
public protocol OutboxRepository: Sendable {
    /// Stores a new draft (`id` nil: a new email row in the account's Drafts folder, threaded
    /// with what it answers) or replaces the content of an existing one. Returns its id.
    func saveDraft(_ message: ComposedMessage, account: AccountID, id: EmailID?, at date: Date) throws(StoreError) -> EmailID
    func outboxEntry(_ id: EmailID) throws(StoreError) -> OutboxEntry?
    /// Entries of one account, or of all when nil, oldest first. `includeDrafts` false lists
    /// only messages on their way (the Outbox view).
    func outboxEntries(account: AccountID?, includeDrafts: Bool) throws(StoreError) -> [OutboxEntry]
    /// Applies `transition` if the entry is in one of its `from` states; false otherwise.
    func apply(_ transition: OutboxTransition, to id: EmailID, at date: Date) throws(StoreError) -> Bool
    /// The message went out: state sent, the raw bytes kept as the email's source, the email
    /// moved from Drafts to the Sent folder (created locally when missing).
    func markSent(_ id: EmailID, raw: Data, sentCopy: SentCopyState, at date: Date) throws(StoreError)
    /// Where our draft copy is on the server now (nil: there is none).
    func setServerDraft(_ copy: ServerDraftCopy?, for id: EmailID) throws(StoreError)
    func setSentCopy(_ state: SentCopyState, for id: EmailID) throws(StoreError)
    /// Removes the outbox bookkeeping (attachments, frozen bytes) of a sent message whose
    /// follow-up work is done; the email itself stays.
    func finishOutbox(_ id: EmailID) throws(StoreError)
    /// Deletes a draft or unsent message entirely (email row included).
    func discard(_ id: EmailID) throws(StoreError)
}
