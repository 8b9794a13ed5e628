import Foundation
import HearthCore
import HearthOutbox
import HearthSMTP

/// Drafts, send with undo, and the outbox (spec §5.5.1–5.5.2), the same for every front end.
/// The undo window is the user's `undo-send-delay` setting unless a front end passes another
/// for one send (`hearth compose --undo 0`).
public struct Sending: Sendable {
    public let context: AppContext
    let credentials: any AccountCredentialProvider
    let transport: any SubmissionTransport
    let clock: any OutboxClock

    public init(_ context: AppContext, credentials: (any AccountCredentialProvider)? = nil,
                transport: any SubmissionTransport = SMTPSubmissionTransport(), clock: any OutboxClock = SystemOutboxClock()) {
        self.context = context; self.credentials = credentials ?? context.credentials
        self.transport = transport; self.clock = clock
    }

    /// The user's undo window in seconds (settings: `undo-send-delay`; 5 by default).
    public var undoSeconds: Int { context.settings.undoSendDelaySeconds }

    /// The outbox with the given undo window (default: the setting). `Outbox` keeps no state
    /// worth sharing between runs: its store rows are the state.
    public func outbox(undoSeconds seconds: Int? = nil) throws(AppError) -> Outbox {
        let seconds = seconds ?? undoSeconds
        guard Outbox.Configuration.allowedUndoSeconds.contains(seconds) else {
            throw .invalidInput("the undo window must be one of \(Outbox.Configuration.allowedUndoSeconds.map(String.init).joined(separator: ", ")) seconds")
        }
        let settings = context.servers.outbox
        return Outbox(store: context.store, transport: transport,
                      mailboxes: IMAPServerMailboxes(settings: settings, credentials: credentials),
                      credentials: credentials, settings: settings, clock: clock,
                      configuration: Outbox.Configuration(undoWindow: .seconds(seconds)))
    }

    /// The account a message is sent from: the one named, else the only one that can send.
    public func sendingAccount(_ reference: String?) throws(AppError) -> Account {
        if let reference { return try context.account(matching: reference) }
        let all = try storeCall { () throws(StoreError) in try context.store.accounts() }.filter { $0.smtp != nil }
        guard all.count == 1, let only = all.first else {
            throw .invalidInput(all.isEmpty ? "no account can send (none has an SMTP server)" : "several accounts can send: choose one")
        }
        return only
    }

    /// Saves a draft locally (new when `id` is nil); the server copy follows with `syncDraft`.
    public func saveDraft(_ message: ComposedMessage, account: AccountID, id: EmailID? = nil) async throws(AppError) -> EmailID {
        let outbox = try outbox()
        do { return try await outbox.saveDraft(message, account: account, id: id) } catch { throw Self.classify(error) }
    }

    /// Copies the draft to the server's Drafts folder; false when there is no server copy to make.
    public func syncDraft(_ id: EmailID) async throws(AppError) -> Bool {
        let outbox = try outbox()
        do { return try await outbox.syncDraft(id) } catch { throw Self.classify(error) }
    }

    /// A send in its undo window.
    public struct Pending: Sendable {
        public var ticket: Outbox.UndoTicket
        public var undoSeconds: Int
        let outbox: Outbox

        /// Waits out the window and submits. nil when the send was undone, or undone and sent
        /// again (then the newer send's own `Pending` reports).
        public func complete() async -> Outbox.DeliveryOutcome? {
            let outcome: Outbox.DeliveryOutcome
            do { outcome = try await outbox.completeSend(ticket) } catch { return nil }
            if case .skipped = outcome { return nil }
            return outcome
        }
    }

    /// The user pressed Send: the message is checked, saved, rendered and queued with its undo
    /// deadline before the countdown starts.
    public func send(_ message: ComposedMessage, account: Account, draft: EmailID? = nil,
                     undoSeconds seconds: Int? = nil) async throws(AppError) -> Pending {
        guard let accountID = account.id else { throw .notFound("account \(account.email) is not saved") }
        guard account.smtp != nil || context.servers.smtpOverride != nil else {
            throw .invalidInput("\(account.email) has no outgoing (SMTP) server: it is an imported mailbox")
        }
        guard !message.envelopeRecipients.isEmpty else { throw .invalidInput("add at least one recipient") }
        let window = seconds ?? undoSeconds
        let outbox = try outbox(undoSeconds: window)
        do {
            let id = try await outbox.saveDraft(message, account: accountID, id: draft)
            let ticket = try await outbox.send(id)
            return Pending(ticket: ticket, undoSeconds: window, outbox: outbox)
        } catch { throw Self.classify(error) }
    }

    /// Undo inside the window: the message is a draft again.
    public func undo(_ id: EmailID) async throws(AppError) -> ComposedMessage {
        let outbox = try outbox()
        do { return try await outbox.undo(id) }
        catch { throw AppError(.invalidInput, "too late to undo: the message has left the undo window") }
    }

    /// Messages on their way (and drafts), of one account or all.
    public func list(account: AccountID?, includeDrafts: Bool) async throws(AppError) -> [OutboxEntry] {
        let outbox = try outbox()
        do { return try await outbox.list(account: account, includeDrafts: includeDrafts) } catch { throw Self.classify(error) }
    }

    static func classify(_ error: any Error) -> AppError {
        switch error {
        case let e as AppError: return e
        case let e as OutboxError:
            switch e {
            case .notFound: return .notFound(e.description)
            case .composition, .wrongState, .accountNotConfigured: return .invalidInput(e.description)
            case .store(let s): return .store(s)
            }
        default: return ConnectionFailures.classify(error)
        }
    }
}
