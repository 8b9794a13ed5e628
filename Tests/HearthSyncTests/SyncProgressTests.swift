import Foundation
import HearthCore
import HearthIMAP
@testable import HearthSync
import Testing

@Suite struct SyncProgressAndErrorTests {
    @Test func streamDeliversReportsInOrder() async {
        let (stream, handler, finish) = SyncProgress.stream()
        handler(SyncProgress(phase: .connecting))
        handler(SyncProgress(phase: .authenticating))
        handler(SyncProgress(phase: .idle))
        finish()
        var phases: [SyncProgress.Phase] = []
        for await p in stream { phases.append(p.phase) }
        #expect(phases == [.connecting, .authenticating, .idle])
    }

    @Test func imapErrorsMapToActionableCauses() {
        let auth = IMAPError.authenticationFailed(serverMessage: "AUTHENTICATE failed", code: nil, details: nil)
        #expect(SyncCall.map(auth, stage: .authenticate) == .authentication(auth))
        let no = IMAPError.commandFailed(command: "LOGIN", state: .no, code: nil, text: "nope")
        #expect(SyncCall.map(no, stage: .authenticate).isAuthenticationFailure)
        let refused = IMAPError.connectionFailed(host: "h", port: 993, reason: "refused")
        let mapped = SyncCall.map(refused, stage: .connect)
        #expect(mapped == .connection(refused))
        #expect(mapped.isTransient)
        let bye = IMAPError.serverBye("kicked")
        #expect(SyncCall.map(bye, stage: .session(folder: "INBOX")) == .server(bye, folder: "INBOX"))
        #expect(SyncCall.map(bye, stage: .session(folder: "INBOX")).description.contains("INBOX"))
        #expect(SyncError.store(.storageFull).description.contains("disk is full"))
    }

    @Test func credentialsNeverShowTheSecret() async throws {
        let password = SyncCredentials.password(user: "u@example.test", "hunter2")
        #expect(!password.description.contains("hunter2"))
        let oauth = SyncCredentials.oauth(user: "u@example.test") { "tok-123" }
        #expect(!oauth.description.contains("tok-123"))
        let imap = try await oauth.imapCredentials()
        guard case .xoauth2(let user, let token) = imap else { Issue.record("\(imap)"); return }
        #expect(user == "u@example.test" && token == "tok-123")
    }

    @Test func accountWithoutServerIsNotConfigured() async throws {
        struct Unused: Error {}
        let account = Account(id: AccountID(1), email: "x@example.test", displayName: "x", provider: .imap,
                              authType: .password, imap: nil)
        let synchronizer = AccountSynchronizer(account: account, credentials: .password(user: "x", "y"),
                                               store: NoStore())
        let error = await #expect(throws: SyncError.self) { try await synchronizer.run() }
        guard case .accountNotConfigured = error else { Issue.record("\(String(describing: error))"); return }
    }
}

/// A store that is never reached (configuration errors come first).
struct NoStore: AccountRepository, FolderRepository, EmailRepository, ThreadRepository, ActionJournalRepository,
               ContactRepository, LocalCompositionLookup {
    func create(_ account: Account) throws(StoreError) -> Account { throw .notFound("unused") }
    func account(_ id: AccountID) throws(StoreError) -> Account? { nil }
    func accounts() throws(StoreError) -> [Account] { [] }
    func update(_ account: Account) throws(StoreError) {}
    func delete(_ id: AccountID) throws(StoreError) {}
    func upsert(_ folder: Folder) throws(StoreError) -> Folder { folder }
    func folder(_ id: FolderID) throws(StoreError) -> Folder? { nil }
    func folders(account: AccountID) throws(StoreError) -> [Folder] { [] }
    func delete(_ id: FolderID) throws(StoreError) {}
    func insert(_ messages: [NewMessage]) throws(StoreError) -> [EmailID] { [] }
    func email(_ id: EmailID) throws(StoreError) -> Email? { nil }
    func emails(inThread id: ThreadID) throws(StoreError) -> [Email] { [] }
    func attachments(of id: EmailID) throws(StoreError) -> [HearthCore.Attachment] { [] }
    func folders(of id: EmailID) throws(StoreError) -> [EmailFolder] { [] }
    func rawSource(of id: EmailID) throws(StoreError) -> Data? { nil }
    func uids(in folder: FolderID) throws(StoreError) -> [UInt32: EmailID] { [:] }
    func setFlags(_ id: EmailID, isRead: Bool?, isStarred: Bool?, isAnswered: Bool?, isDraft: Bool?) throws(StoreError) {}
    func existingEmail(account: AccountID, messageID: String, sizeBytes: Int) throws(StoreError) -> EmailID? { nil }
    func link(_ id: EmailID, to folder: FolderID, imapUID: UInt32?) throws(StoreError) {}
    func unlink(_ id: EmailID, from folder: FolderID) throws(StoreError) {}
    func delete(_ id: EmailID) throws(StoreError) {}
    func threads(_ query: ThreadQuery) throws(StoreError) -> [MailThread] { [] }
    func thread(_ id: ThreadID) throws(StoreError) -> MailThread? { nil }
    func apply(_ plan: ActionPlan, at date: Date) throws(StoreError) -> [PendingOperation] { [] }
    func dueOperations(account: AccountID, by date: Date) throws(StoreError) -> [PendingOperation] { [] }
    func journal(account: AccountID?) throws(StoreError) -> [PendingOperation] { [] }
    func complete(_ id: PendingOperationID, newUID: UInt32?) throws(StoreError) {}
    func postpone(_ id: PendingOperationID, attempts: Int, retryAt: Date, error: String) throws(StoreError) {}
    func fail(_ id: PendingOperationID, error: String) throws(StoreError) {}
    func retry(_ id: PendingOperationID, at date: Date) throws(StoreError) {}
    func dismiss(_ id: PendingOperationID) throws(StoreError) {}
    func recordSeen(_ sightings: [ContactSighting], account: AccountID) throws(StoreError) {}
    func contacts(matching prefix: String, account: AccountID?, limit: Int) throws(StoreError) -> [Contact] { [] }
    func localCompositionMessageIDs(account: AccountID) throws(StoreError) -> Set<String> { [] }
}
