import Foundation
import HearthCore
import HearthMIME
@testable import HearthOutbox
import HearthSMTP
import HearthStore

/// A transport that records submissions and fails as told, for the queue logic.
final class FakeTransport: SubmissionTransport, @unchecked Sendable {
    struct Submission { var data: Data; var from: String; var to: [String]; var credentials: String }
    private let lock = NSLock()
    private(set) var submissions: [Submission] = []
    private(set) var sessionsOpened = 0
    /// Consulted for each open; nil = accept.
    var onOpen: @Sendable (SMTPCredentials) -> SMTPError? = { _ in nil }
    /// Consulted for each submission; nil = accept.
    var onSubmit: @Sendable (Int) -> SMTPError? = { _ in nil }
    private var attempts = 0

    var count: Int { lock.withLock { submissions.count } }

    func openSession(_ configuration: SMTPConfiguration, credentials: SMTPCredentials) async throws -> any SubmissionSession {
        lock.withLock { sessionsOpened += 1 }
        if let error = onOpen(credentials) { throw error }
        return Session(transport: self, credentials: credentials)
    }

    fileprivate func submit(_ data: Data, from: String, to: [String], credentials: SMTPCredentials) throws {
        let attempt: Int = lock.withLock { attempts += 1; return attempts }
        if let error = onSubmit(attempt) { throw error }
        lock.withLock { submissions.append(Submission(data: data, from: from, to: to, credentials: "\(credentials)")) }
    }

    struct Session: SubmissionSession {
        let transport: FakeTransport
        let credentials: SMTPCredentials
        func submit(_ message: Data, from: String, to: [String]) async throws {
            try transport.submit(message, from: from, to: to, credentials: credentials)
        }
        var isUsable: Bool { true }
        func close() async {}
    }
}

/// Records draft and Sent operations instead of talking IMAP.
final class FakeMailboxes: ServerMailboxes, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var drafts: [String: Data] = [:]
    private(set) var sent: [Data] = []
    private(set) var draftStores = 0

    func storeDraft(_ raw: Data, messageID: String, account: Account, savedAt: Date) async throws -> ServerDraftCopy {
        lock.withLock { drafts[messageID] = raw; draftStores += 1 }
        return ServerDraftCopy(mailbox: "Drafts", uid: UInt32(draftStores), uidValidity: 1, savedAt: savedAt)
    }
    func deleteDraft(messageID: String, account: Account) async throws { _ = lock.withLock { drafts.removeValue(forKey: messageID) } }
    func appendSent(_ raw: Data, account: Account, date: Date) async throws { lock.withLock { sent.append(raw) } }
}

/// Counts token requests and refreshes.
final class TokenCounter: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var requests = 0
    private(set) var refreshes = 0
    func record(refresh: Bool) { lock.withLock { requests += 1; if refresh { refreshes += 1 } } }
}

enum OutboxFixture {
    static func store() throws -> MailStore { try MailStore.inMemory() }

    /// What most state-machine tests start from: an in-memory store with erin's account, a
    /// manual clock and a scriptable transport.
    static func bench() throws -> (store: MailStore, account: Account, clock: ManualOutboxClock, transport: FakeTransport) {
        let store = try store()
        return (store, try account(store), ManualOutboxClock(), FakeTransport())
    }

    static func account(_ store: MailStore, email: String = "erin@example.test", provider: ProviderKind = .imap,
                        auth: AuthType = .password) throws -> Account {
        try store.create(Account(email: email, displayName: "Erin", provider: provider, authType: auth,
                                 imap: ServerEndpoint(host: "127.0.0.1", port: 1, security: .implicitTLS),
                                 smtp: ServerEndpoint(host: "127.0.0.1", port: 1, security: .implicitTLS)))
    }

    static func message(from: String = "erin@example.test", to: String = "gina@gmail.test", subject: String = "Hello") -> ComposedMessage {
        ComposedMessage(from: EmailAddress(name: "Erin", address: from), to: [EmailAddress(address: to)],
                        subject: subject, body: "Hi there.\n")
    }

    static func outbox(_ store: MailStore, transport: FakeTransport, mailboxes: FakeMailboxes? = FakeMailboxes(),
                       clock: ManualOutboxClock, undo: Duration = .seconds(5), pid: Int32 = 4242,
                       alive: @escaping @Sendable (Int32) -> Bool = { _ in false },
                       credentials: (any AccountCredentialProvider)? = nil) -> Outbox {
        Outbox(store: store, transport: transport, mailboxes: mailboxes,
               credentials: credentials ?? ClosureCredentialProvider { _, _ in .password("pw") },
               clock: clock, configuration: Outbox.Configuration(undoWindow: undo, processID: pid, isProcessAlive: alive))
    }
}
