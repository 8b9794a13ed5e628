import Foundation
import HearthCore
import HearthMIME
import HearthSMTP
import Logging
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the outbox needs from the store.
public typealias OutboxStore = OutboxRepository & AccountRepository & ContactRepository & EmailRepository

/// The send pipeline (spec product §5.5.2, foundation §5.5, proposal §3.5).
///
/// ```
/// draft ──send()──▶ undo/queued ──window ends: release()──▶ ready/queued ──▶ sending ──▶ sent
///   ▲                  │ undo(), or the process died (recovery)          │        └──▶ retry_wait ──(30 s, 2 m, 8 m, 30 m, 2 h)──▶ sending
///   └──────────────────┘                                                 └──▶ failed (bad recipient, 5 retries, 72 h) ──retry()──▶ queued
/// ```
///
/// The message is stored as queued with its undo deadline BEFORE the countdown starts, and
/// nothing reaches SMTP until `release` after the deadline. Recovery at start turns an undo
/// window whose process is gone back into a draft, never into a send. Every state change is a
/// compare-and-set in the store, so two processes never send one message twice.
public actor Outbox {
    public struct Configuration: Sendable {
        /// 0 (off), 5, 10, 15 or 30 seconds (spec §5.5.2); 5 by default.
        public var undoWindow: Duration
        public var retryPolicy: RetryPolicy
        public var writer: MessageWriter
        /// This process, recorded as the owner of an undo window or a send in progress.
        public var processID: Int32
        public var isProcessAlive: @Sendable (Int32) -> Bool

        public static let allowedUndoSeconds = [0, 5, 10, 15, 30]

        public init(undoWindow: Duration = .seconds(5), retryPolicy: RetryPolicy = .standard,
                    writer: MessageWriter = MessageWriter(), processID: Int32 = getpid(),
                    isProcessAlive: @escaping @Sendable (Int32) -> Bool = { kill($0, 0) == 0 || errno == EPERM }) {
            self.undoWindow = undoWindow; self.retryPolicy = retryPolicy; self.writer = writer
            self.processID = processID; self.isProcessAlive = isProcessAlive
        }
    }

    public struct UndoTicket: Sendable, Hashable {
        public var id: EmailID
        public var deadline: Date
    }

    public enum DeliveryOutcome: Sendable, Hashable {
        case sent
        case retryScheduled(at: Date, reason: String)
        case failed(String)
        /// The account's queue is paused (sign-in needed, storage full); the message waits.
        case paused(String)
        /// Not due, or another process has it.
        case skipped(String)
    }

    public struct RecoveryReport: Sendable, Hashable {
        /// Undo windows of a process that is gone: drafts again, never sent automatically.
        public var returnedToDrafts: [EmailID] = []
        /// Sends interrupted mid-way: queued again (the server may have it already).
        public var requeued: [EmailID] = []
    }

    let store: any OutboxStore
    let transport: any SubmissionTransport
    let mailboxes: (any ServerMailboxes)?
    let credentials: any AccountCredentialProvider
    let settings: OutboxServerSettings
    let clock: any OutboxClock
    public let configuration: Configuration
    let logger: Logger
    /// Accounts whose queue waits for the user (refused credentials after one refresh).
    public private(set) var pausedAccounts: [AccountID: String] = [:]
    /// Set when the disk is full: nothing is sent until space is freed (proposal §3.5).
    public private(set) var pausedForStorage = false

    public init(store: any OutboxStore, transport: any SubmissionTransport = SMTPSubmissionTransport(),
                mailboxes: (any ServerMailboxes)?, credentials: any AccountCredentialProvider,
                settings: OutboxServerSettings = OutboxServerSettings(), clock: any OutboxClock = SystemOutboxClock(),
                configuration: Configuration = Configuration(), logger: Logger = Logger(label: "hearth.outbox")) {
        self.store = store; self.transport = transport; self.mailboxes = mailboxes; self.credentials = credentials
        self.settings = settings; self.clock = clock; self.configuration = configuration; self.logger = logger
    }

    // MARK: drafts

    /// Saves the draft locally (new when `id` is nil). A Message-ID is given on the first
    /// save and kept for every later copy and the sent message.
    public func saveDraft(_ message: ComposedMessage, account: AccountID, id: EmailID? = nil) throws(OutboxError) -> EmailID {
        var message = message
        if message.messageID == nil {
            if let id, let existing = try entry(id).message.messageID { message.messageID = existing }
            else { message.messageID = MessageIDGenerator.make(for: message.from.address) }
        }
        return try storeCall { () throws(StoreError) in try store.saveDraft(message, account: account, id: id, at: clock.now()) }
    }

    /// Puts the current draft into the server's Drafts folder, replacing older copies.
    /// Returns false when there is no server (local account) or the copy is current.
    @discardableResult
    public func syncDraft(_ id: EmailID) async throws -> Bool {
        let entry = try entry(id)
        guard entry.phase == .draft, let mailboxes, let messageID = entry.message.messageID else { return false }
        if let copy = entry.serverDraft, copy.savedAt >= entry.savedAt { return false }
        let account = try account(entry.accountID)
        guard account.imap != nil || settings.imapOverride != nil else { return false }
        let rendered: RenderedMessage
        do { rendered = try configuration.writer.render(entry.message, date: entry.savedAt, purpose: .draftCopy) }
        catch { throw OutboxError.composition(error) }
        let copy = try await mailboxes.storeDraft(rendered.data, messageID: messageID, account: account, savedAt: entry.savedAt)
        try storeCall { () throws(StoreError) in try store.setServerDraft(copy, for: id) }
        return true
    }

    // MARK: send, undo, release

    /// The user pressed Send: the message is rendered (so errors show now, in the composer)
    /// and stored as queued with the undo deadline, all BEFORE the countdown starts.
    public func send(_ id: EmailID) throws(OutboxError) -> UndoTicket {
        let entry = try entry(id)
        guard entry.phase == .draft else { throw .wrongState(id, entry.key, "send") }
        let now = clock.now()
        let rendered: RenderedMessage
        do { rendered = try configuration.writer.render(entry.message, date: now) } catch { throw .composition(error) }
        let deadline = now.addingTimeInterval(configuration.undoWindow.timeInterval)
        let ok = try storeCall { () throws(StoreError) in
            try store.apply(OutboxTransition(
                from: [OutboxStateKey(.draft, .none)], to: .undo, sendState: .queued, retryCount: 0,
                queuedDate: .some(now), nextAttempt: .some(nil), lastError: .some(nil), undoDeadline: .some(deadline),
                ownerPID: .some(configuration.processID), rendered: .some(rendered.data)), to: id, at: now)
        }
        guard ok else { throw .wrongState(id, entry.key, "send") }
        logger.debug("message \(id) queued; undo window until \(deadline)")
        return UndoTicket(id: id, deadline: deadline)
    }

    /// Undo during the window: the message is a draft again, returned for editing.
    public func undo(_ id: EmailID) throws(OutboxError) -> ComposedMessage {
        try returnToDraft(id, from: [OutboxStateKey(.undo, .queued)], action: "undo")
    }

    /// Edit a queued, waiting or failed message: it goes back to drafts (and must be sent again).
    public func edit(_ id: EmailID) throws(OutboxError) -> ComposedMessage {
        try returnToDraft(id, from: [OutboxStateKey(.ready, .queued), OutboxStateKey(.ready, .retryWait),
                                     OutboxStateKey(.ready, .failed), OutboxStateKey(.undo, .queued)], action: "edit")
    }

    /// The window is over: hand the message to the queue. False when it was undone meanwhile.
    public func release(_ id: EmailID) throws(OutboxError) -> Bool {
        let now = clock.now()
        return try storeCall { () throws(StoreError) in
            try store.apply(OutboxTransition(
                from: [OutboxStateKey(.undo, .queued)], to: .ready, sendState: .queued, nextAttempt: .some(now),
                undoDeadline: .some(nil), ownerPID: .some(nil)), to: id, at: now)
        }
    }

    /// Waits out the undo window (on the outbox's clock), releases the message and submits it
    /// at once. If the window was undone meanwhile, nothing is sent; if it was undone and sent
    /// again, this ticket is stale: the newer send's window (and its own `completeSend`) decides.
    public func completeSend(_ ticket: UndoTicket) async throws -> DeliveryOutcome {
        try await clock.sleep(until: ticket.deadline)
        // No suspension between this check and `release`: the actor keeps them together.
        if let current = try? entry(ticket.id), current.key == OutboxStateKey(.undo, .queued),
           let deadline = current.undoDeadline, abs(deadline.timeIntervalSince(ticket.deadline)) > 0.002 {
            return .skipped("the send was undone and sent again; the newer undo window applies")
        }
        guard try release(ticket.id) else { return .skipped("the send was undone") }
        return await deliver([ticket.id])[ticket.id] ?? .skipped("not due")
    }

    // MARK: the queue

    /// Sends every due message (queued, or waiting with its retry time reached), one SMTP
    /// session per account, and finishes follow-up work (Sent copy, draft removal) left over.
    public func processQueue(account: AccountID? = nil) async -> [EmailID: DeliveryOutcome] {
        let now = clock.now()
        guard let entries = try? storeCall({ () throws(StoreError) in try store.outboxEntries(account: account, includeDrafts: false) }) else {
            return [:]
        }
        for entry in entries where entry.sendState == .sent { await followUp(entry) }
        // The store keeps milliseconds (rounded): allow that much, or a retry due "now" waits a run.
        let horizon = now.addingTimeInterval(0.001)
        let due = entries.filter { $0.phase == .ready && ($0.sendState == .queued || ($0.sendState == .retryWait && ($0.nextAttempt ?? .distantFuture) <= horizon)) }
        return await deliver(due.map(\.emailID))
    }

    /// The network is back (or the user asked): every waiting message is due now; retry
    /// counts are kept.
    public func connectivityRestored() throws(OutboxError) {
        let now = clock.now()
        for entry in try storeCall({ () throws(StoreError) in try store.outboxEntries(account: nil, includeDrafts: false) })
        where entry.sendState == .retryWait {
            _ = try storeCall { () throws(StoreError) in
                try store.apply(OutboxTransition(from: [entry.key], to: .ready, sendState: .retryWait, nextAttempt: .some(now)), to: entry.emailID, at: now)
            }
        }
        pausedAccounts.removeAll()
    }

    /// The user's Retry on a failed (or waiting) message: queued again with a fresh schedule.
    public func retry(_ id: EmailID) throws(OutboxError) {
        let now = clock.now()
        let entry = try entry(id)
        let ok = try storeCall { () throws(StoreError) in
            try store.apply(OutboxTransition(
                from: [OutboxStateKey(.ready, .failed), OutboxStateKey(.ready, .retryWait)], to: .ready, sendState: .queued,
                retryCount: 0, queuedDate: .some(now), nextAttempt: .some(now), lastError: .some(nil)), to: id, at: now)
        }
        guard ok else { throw .wrongState(id, entry.key, "retry") }
        pausedAccounts[entry.accountID] = nil
    }

    /// Discards a draft or an unsent message (and its server draft copy, best effort).
    public func discard(_ id: EmailID) async throws {
        let entry = try entry(id)
        guard entry.sendState != .sending, entry.sendState != .sent else { throw OutboxError.wrongState(id, entry.key, "discard") }
        if entry.serverDraft != nil, let mailboxes, let messageID = entry.message.messageID {
            do { try await mailboxes.deleteDraft(messageID: messageID, account: try account(entry.accountID)) }
            catch { logger.warning("could not remove the server copy of draft \(id): \(error)") }
        }
        try storeCall { () throws(StoreError) in try store.discard(id) }
    }

    public func list(account: AccountID? = nil, includeDrafts: Bool = false) throws(OutboxError) -> [OutboxEntry] {
        try storeCall { () throws(StoreError) in try store.outboxEntries(account: account, includeDrafts: includeDrafts) }
    }

    // MARK: recovery

    /// At start: undo windows whose process is gone become drafts (and their copy goes to the
    /// server's Drafts folder); sends interrupted mid-way are queued again, due now (the server
    /// may have accepted it before the crash: at-least-once, never silently lost).
    public func recoverAfterRestart() async -> RecoveryReport {
        var report = RecoveryReport()
        let now = clock.now()
        guard let entries = try? storeCall({ () throws(StoreError) in try store.outboxEntries(account: nil, includeDrafts: false) }) else { return report }
        for entry in entries where !isOwnedByLiveProcess(entry) {
            if entry.key == OutboxStateKey(.undo, .queued) {
                if (try? returnToDraft(entry.emailID, from: [entry.key], action: "recover")) != nil {
                    report.returnedToDrafts.append(entry.emailID)
                }
            } else if entry.key == OutboxStateKey(.ready, .sending) {
                let ok = try? storeCall { () throws(StoreError) in
                    try store.apply(OutboxTransition(
                        from: [entry.key], to: .ready, sendState: .retryWait, nextAttempt: .some(now),
                        lastError: .some("interrupted while sending; the server may already have it"), ownerPID: .some(nil)),
                        to: entry.emailID, at: now)
                }
                if ok == true { report.requeued.append(entry.emailID) }
            }
        }
        for id in report.returnedToDrafts {
            do { try await syncDraft(id) } catch { logger.warning("draft \(id) not synced to the server: \(error)") }
        }
        return report
    }

    private func isOwnedByLiveProcess(_ entry: OutboxEntry) -> Bool {
        guard let pid = entry.ownerPID else { return false }
        if pid == configuration.processID { return false }
        return configuration.isProcessAlive(pid)
    }

    // MARK: delivery

    /// Claims and submits each message, one session per account, token refresh once per
    /// account and run.
    func deliver(_ ids: [EmailID]) async -> [EmailID: DeliveryOutcome] {
        var outcomes: [EmailID: DeliveryOutcome] = [:]
        var byAccount: [AccountID: [OutboxEntry]] = [:]
        var order: [AccountID] = []
        for id in ids {
            guard let entry = try? entry(id) else { continue }
            if byAccount[entry.accountID] == nil { order.append(entry.accountID) }
            byAccount[entry.accountID, default: []].append(entry)
        }
        for accountID in order {
            guard let account = try? account(accountID) else { continue }
            var session: (any SubmissionSession)?
            var refreshed = false
            for entry in byAccount[accountID] ?? [] {
                if pausedForStorage { outcomes[entry.emailID] = .paused("storage is full"); continue }
                if let reason = pausedAccounts[accountID] { outcomes[entry.emailID] = .paused(reason); continue }
                outcomes[entry.emailID] = await deliverOne(entry, account: account, session: &session, refreshed: &refreshed)
            }
            await session?.close()
        }
        return outcomes
    }

    private func deliverOne(_ entry: OutboxEntry, account: Account, session: inout (any SubmissionSession)?,
                            refreshed: inout Bool) async -> DeliveryOutcome {
        let now = clock.now()
        if let queued = entry.queuedDate, configuration.retryPolicy.isExpired(queued: queued, now: now) {
            return fail(entry, "not sent within 72 hours: " + (entry.lastError ?? "the server could not be reached"))
        }
        guard let raw = entry.rendered else { return fail(entry, "the message bytes are missing; edit and send it again") }
        let claimed = (try? storeCall { () throws(StoreError) in
            try store.apply(OutboxTransition(from: [OutboxStateKey(.ready, .queued), OutboxStateKey(.ready, .retryWait)],
                                             to: .ready, sendState: .sending, ownerPID: .some(configuration.processID)),
                            to: entry.emailID, at: now)
        }) ?? false
        guard claimed else { return pausedForStorage ? .paused("storage is full") : .skipped("another process has it") }

        var reconnected = false
        var forceRefresh = false
        while true {
            do {
                if let current = session, await current.isUsable {} else {
                    session = try await openSession(account, refresh: forceRefresh)
                    forceRefresh = false
                    reconnected = true
                }
                try await session?.submit(raw, from: entry.message.from.address, to: entry.message.envelopeRecipients)
                return await sent(entry, raw: raw, account: account)
            } catch {
                await session?.close()
                session = nil
                if Self.isAuthenticationFailure(error), account.authType == .oauth2, !refreshed {
                    logger.info("\(account.email): token refused, refreshing it once")
                    refreshed = true
                    forceRefresh = true
                    continue
                }
                if Self.isAuthenticationFailure(error) || error is CredentialFailure {
                    let reason = "sign-in needed for \(account.email): \(Self.describe(error))"
                    pausedAccounts[account.id ?? entry.accountID] = reason
                    _ = try? storeCall { () throws(StoreError) in
                        try store.apply(OutboxTransition(from: [OutboxStateKey(.ready, .sending)], to: .ready, sendState: .retryWait,
                                                         nextAttempt: .some(nil), lastError: .some(reason), ownerPID: .some(nil)),
                                        to: entry.emailID, at: clock.now())
                    }
                    return .paused(reason)
                }
                // A reused connection the server dropped while idle: one fresh try.
                if !reconnected, (error as? SMTPError)?.isTransient == true, case .connectionClosed = (error as? SMTPError) {
                    reconnected = true
                    continue
                }
                return retryOrFail(entry, error)
            }
        }
    }

    private func openSession(_ account: Account, refresh: Bool) async throws -> any SubmissionSession {
        let configuration = try settings.smtp(for: account)
        let secret: AccountSecret
        do { secret = try await credentials.secret(for: account, refresh: refresh) }
        catch { throw CredentialFailure(reason: String(describing: error)) }
        return try await transport.openSession(configuration, credentials: secret.smtp(user: account.email))
    }

    struct CredentialFailure: Error, CustomStringConvertible {
        var reason: String
        var description: String { "no credentials: \(reason)" }
    }

    private func sent(_ entry: OutboxEntry, raw: Data, account: Account) async -> DeliveryOutcome {
        let now = clock.now()
        let sentCopy: SentCopyState = account.provider == .gmail ? .serverKeeps
            : (mailboxes != nil && (account.imap != nil || settings.imapOverride != nil)) ? .pending : .none
        do {
            try storeCall { () throws(StoreError) in try store.markSent(entry.emailID, raw: raw, sentCopy: sentCopy, at: now) }
        } catch {
            logger.error("message \(entry.emailID) was sent but could not be marked: \(error)")
            return .sent
        }
        let m = entry.message
        _ = try? storeCall { () throws(StoreError) in try store.recordSeen(m.to + m.cc + m.bcc, account: entry.accountID, date: now) }
        logger.debug("message \(entry.emailID) sent")
        var after = entry
        after.sendState = .sent
        after.sentCopy = sentCopy
        await followUp(after)
        return .sent
    }

    /// After a send: the Drafts copy goes, the Sent copy is appended (not for Gmail-style
    /// servers, which keep their own). What fails is left for the next queue run.
    private func followUp(_ entry: OutboxEntry) async {
        guard let account = try? account(entry.accountID) else { return }
        var done = true
        if let mailboxes, entry.serverDraft != nil, let messageID = entry.message.messageID {
            do {
                try await mailboxes.deleteDraft(messageID: messageID, account: account)
                try storeCall { () throws(StoreError) in try store.setServerDraft(nil, for: entry.emailID) }
            } catch { done = false; logger.warning("draft copy of \(entry.emailID) not removed yet: \(error)") }
        }
        if entry.sentCopy == .pending, let mailboxes {
            do {
                guard let raw = try storeCall({ () throws(StoreError) in try store.rawSource(of: entry.emailID) }) else { return }
                try await mailboxes.appendSent(raw, account: account, date: clock.now())
                try storeCall { () throws(StoreError) in try store.setSentCopy(.appended, for: entry.emailID) }
            } catch { done = false; logger.warning("Sent copy of \(entry.emailID) not appended yet: \(error)") }
        }
        if entry.sentCopy == .serverKeeps, let mailboxes, !(await adoptServerCopy(entry, account: account, mailboxes)) { done = false }
        if done { _ = try? storeCall { () throws(StoreError) in try store.finishOutbox(entry.emailID) } }
    }

    /// Gmail-style servers file their own copy of what we send in Sent (with trace headers, so a
    /// different size): the local sent row takes that copy's UID and size, so the next sync
    /// links the copy (and its All Mail twin) to the row we have instead of storing a second
    /// email. False = look again on the next queue run (the copy can lag behind the 250; after
    /// an hour we stop looking and sync stores the copy on its own).
    private func adoptServerCopy(_ entry: OutboxEntry, account: Account, _ mailboxes: any ServerMailboxes) async -> Bool {
        guard let adopter = store as? any SentCopyRepository, let messageID = entry.message.messageID else { return true }
        do {
            guard let copy = try await mailboxes.locateSent(messageID: messageID, account: account) else {
                let sentAt = (try? storeCall { () throws(StoreError) in try store.email(entry.emailID) })??.dateSent ?? entry.savedAt
                return clock.now().timeIntervalSince(sentAt) > 3600
            }
            try storeCall { () throws(StoreError) in try adopter.adoptServerSentCopy(entry.emailID, copy: copy) }
            return true
        } catch {
            logger.warning("server Sent copy of \(entry.emailID) not matched yet: \(error)")
            return false
        }
    }

    private func retryOrFail(_ entry: OutboxEntry, _ error: any Error) -> DeliveryOutcome {
        let reason = Self.describe(error)
        if Self.failsAtOnce(error) { return fail(entry, reason) }
        let now = clock.now()
        let failures = entry.retryCount + 1
        guard let next = configuration.retryPolicy.nextAttempt(afterFailure: failures, queued: entry.queuedDate ?? now, now: now) else {
            return fail(entry, "gave up after \(entry.retryCount) retries: \(reason)", retryCount: failures)
        }
        let ok = (try? storeCall { () throws(StoreError) in
            try store.apply(OutboxTransition(from: [OutboxStateKey(.ready, .sending)], to: .ready, sendState: .retryWait,
                                             retryCount: failures, nextAttempt: .some(next), lastError: .some(reason), ownerPID: .some(nil)),
                            to: entry.emailID, at: now)
        }) ?? false
        logger.info("message \(entry.emailID): \(reason); retry \(failures)/\(configuration.retryPolicy.maximumRetries) at \(next)")
        return ok ? .retryScheduled(at: next, reason: reason) : .paused("storage is full")
    }

    private func fail(_ entry: OutboxEntry, _ reason: String, retryCount: Int? = nil) -> DeliveryOutcome {
        let now = clock.now()
        _ = try? storeCall { () throws(StoreError) in
            try store.apply(OutboxTransition(from: [OutboxStateKey(.ready, .sending), OutboxStateKey(.ready, .queued), OutboxStateKey(.ready, .retryWait)],
                                             to: .ready, sendState: .failed, retryCount: retryCount, nextAttempt: .some(nil),
                                             lastError: .some(reason), ownerPID: .some(nil)), to: entry.emailID, at: now)
        }
        logger.notice("message \(entry.emailID) failed: \(reason)")
        return .failed(reason)
    }

    /// Errors retrying cannot fix: a refused recipient, a message too big or needing an
    /// extension the server lacks, TLS or mechanism problems (the user must change settings).
    static func failsAtOnce(_ error: any Error) -> Bool {
        if error is OutboxError { return true }
        guard let smtp = error as? SMTPError else { return false }
        if smtp.isBadRecipient { return true }
        switch smtp {
        case .messageTooLarge, .extensionRequired, .invalidAddress, .startTLSUnavailable,
             .mechanismUnavailable, .credentialsRequireTLS:
            return true
        case .tlsFailure(let failure):
            // An untrusted or misnamed certificate needs the user; a failed handshake may be
            // the network and is retried.
            if case .handshakeFailed = failure { return false }
            return true
        case .rejected(_, let reply):
            // Proposal §3.5 retries 5xx server errors; only a size refusal is final.
            return reply.kind == .permanentNegative && reply.enhanced?.isSizeProblem == true
        default:
            return false
        }
    }

    static func isAuthenticationFailure(_ error: any Error) -> Bool {
        (error as? SMTPError)?.isAuthenticationFailure == true
    }

    static func describe(_ error: any Error) -> String { String(describing: error) }

    // MARK: helpers

    private func returnToDraft(_ id: EmailID, from: Set<OutboxStateKey>, action: String) throws(OutboxError) -> ComposedMessage {
        let entry = try entry(id)
        let now = clock.now()
        let ok = try storeCall { () throws(StoreError) in
            try store.apply(OutboxTransition(from: from, to: .draft, sendState: .none, retryCount: 0, queuedDate: .some(nil),
                                             nextAttempt: .some(nil), lastError: .some(nil), undoDeadline: .some(nil),
                                             ownerPID: .some(nil), rendered: .some(nil)), to: id, at: now)
        }
        guard ok else { throw .wrongState(id, entry.key, action) }
        return entry.message
    }

    func entry(_ id: EmailID) throws(OutboxError) -> OutboxEntry {
        guard let entry = try storeCall({ () throws(StoreError) in try store.outboxEntry(id) }) else { throw .notFound(id) }
        return entry
    }

    func account(_ id: AccountID) throws(OutboxError) -> Account {
        guard let account = try storeCall({ () throws(StoreError) in try store.account(id) }) else {
            throw .accountNotConfigured("account \(id) does not exist")
        }
        return account
    }

    /// Every store call goes through here: a full disk pauses the queue (proposal §3.5).
    func storeCall<T>(_ body: () throws(StoreError) -> T) throws(OutboxError) -> T {
        do { return try body() } catch {
            if case .storageFull = error {
                pausedForStorage = true
                logger.error("storage is full: the outbox is paused")
            }
            throw .store(error)
        }
    }
}

extension OutboxEntry {
    public var key: OutboxStateKey { OutboxStateKey(phase, sendState) }

    /// What the Outbox view shows (proposal §3.5 "User Visibility").
    public func status(policy: RetryPolicy = .standard, now: Date = Date()) -> String {
        switch (phase, sendState) {
        case (.draft, _): "Draft"
        case (.undo, _):
            "Sending in \(max(0, Int((undoDeadline ?? now).timeIntervalSince(now).rounded(.up)))) s (undo possible)"
        case (_, .queued): "Queued"
        case (_, .sending): "Sending"
        case (_, .retryWait): lastError?.hasPrefix("sign-in needed") == true ? "Paused: sign-in needed"
            : "Retry (attempt \(retryCount)/\(policy.maximumRetries))"
        case (_, .failed): "Failed"
        case (_, .sent): "Sent"
        case (_, .none): "Draft"
        }
    }
}
