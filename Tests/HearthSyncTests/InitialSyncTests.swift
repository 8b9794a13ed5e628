import HearthTestSupport
import Foundation
import HearthCore
import HearthIMAP
import HearthMIME
import HearthStore
@testable import HearthSync
import Testing

/// Initial sync against the mail rig. Uses dave (plain layout) and bob (Gmail layout) only, and
/// asserts relative to what the server reports, because seeding is additive and shared.
@Suite(.mailRig, .serialized) struct InitialSyncTests {
    static let dave = (user: "dave@example.test", password: "dave-pass")
    static let bob = "bob@gmail.test"

    /// What the server holds in one folder, read on an independent connection.
    struct ServerMessage { var uid: UInt32; var flags: [Flag]; var subject: String; var messageID: String? }

    func serverMessages(_ rig: MailRig, credentials: IMAPCredentials, folder: String) async throws -> [UInt32: ServerMessage] {
        let connection = try await IMAPConnection.connect(rig.configuration())
        try await connection.authenticate(credentials)
        _ = try await connection.select(MailboxName(wire: folder), readOnly: true)
        let uids = try await connection.uidSearch(.all)
        let collected = Collected()
        if !uids.isEmpty {
            _ = try await connection.uidFetch(SequenceSet(uids), attributes: [
                .uid, .flags, .body(section: .headerFields(["SUBJECT", "MESSAGE-ID"]), peek: true),
            ]) { message in
                guard let uid = message.uid else { return }
                var header: Data?
                for case .body(let section, _, let data) in message.items where section.kind != nil { header = data }
                let parsed = try? MIMEParser().parse(header ?? Data("\r\n".utf8))
                await collected.add(ServerMessage(uid: uid, flags: message.flags ?? [],
                                                  subject: parsed?.subject ?? "", messageID: parsed?.messageID))
            }
        }
        await connection.logout()
        return Dictionary(await collected.items.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
    }

    actor Collected {
        var items: [ServerMessage] = []
        func add(_ m: ServerMessage) { items.append(m) }
    }

    func makeAccount(_ store: MailStore, rig: MailRig, email: String, gmail: Bool) throws -> Account {
        try store.create(Account(
            email: email, displayName: email, provider: gmail ? .gmail : .imap,
            authType: gmail ? .oauth2 : .password,
            imap: ServerEndpoint(host: rig.host, port: rig.imapsPort, security: .implicitTLS, extraCAFile: rig.caFile),
            syncWindowDays: nil))
    }

    @Test func daveInitialSyncStoresEveryServerMessageAndIsIdempotent() async throws {
        let rig = try MailRig.require()
        try rig.run(["seed", "12", "--user", Self.dave.user])
        try rig.run(["seed", "5", "--user", Self.dave.user, "--folder", "Archive"])

        let store = try MailStore.inMemory()
        let account = try makeAccount(store, rig: rig, email: Self.dave.user, gmail: false)
        let accountID = try #require(account.id)
        let phases = PhaseLog()
        let synchronizer = AccountSynchronizer(
            account: account, credentials: .password(user: Self.dave.user, Self.dave.password), store: store,
            options: .init(batchSize: 7, imapConfiguration: rig.configuration()),
            progress: phases.add)
        let first = try await synchronizer.run()
        #expect(first.inserted > 0)

        let folders = try store.folders(account: accountID)
        #expect(Set(folders.map(\.folderType)).isSuperset(of: [.inbox, .sent, .drafts, .trash, .spam, .archive]))
        var serverUIDsAfterFirst: [String: Set<UInt32>] = [:]
        for folder in folders where folder.isSelectable {
            let folderID = try #require(folder.id)
            #expect(folder.uidValidity != nil, "\(folder.imapPath) has no UIDVALIDITY")
            #expect(folder.uidNext != nil)
            let server = try await serverMessages(rig, credentials: .plain(user: Self.dave.user, password: Self.dave.password),
                                                  folder: folder.imapPath)
            serverUIDsAfterFirst[folder.imapPath] = Set(server.keys)
            let stored = try store.uids(in: folderID)
            for (uid, message) in server {
                // Mail delivered after the sync's SEARCH is not expected yet.
                guard let syncedUIDNext = folder.uidNext, uid < syncedUIDNext else { continue }
                let emailID = try #require(stored[uid], "\(folder.imapPath) UID \(uid) not stored")
                let email = try #require(try store.email(emailID))
                #expect(email.subject == message.subject, "\(folder.imapPath) UID \(uid)")
                #expect(email.messageID == message.messageID)
                #expect(email.isRead == message.flags.contains(.seen), "\(folder.imapPath) UID \(uid) \\Seen")
                #expect(email.isStarred == message.flags.contains(.flagged))
                #expect(email.isAnswered == message.flags.contains(.answered))
                let links = try store.folders(of: emailID)
                #expect(links.contains(EmailFolder(emailID: emailID, folderID: folderID, imapUID: uid)))
            }
        }
        let progress = phases.items
        #expect(progress.first?.phase == .connecting)
        #expect(progress.contains { $0.phase == .authenticating })
        #expect(progress.contains { $0.phase == .syncingBodies && $0.bytesDone > 0 } || first.inserted == 0)

        // Second run: nothing new unless mail arrived in between (others may deliver to dave).
        let before = try store.statistics(account: accountID).emails
        let second = try await synchronizer.run()
        let after = try store.statistics(account: accountID).emails
        var arrived = 0
        for result in second.folders {
            let nowOnServer = try await serverMessages(rig, credentials: .plain(user: Self.dave.user, password: Self.dave.password),
                                                       folder: result.folder.imapPath)
            arrived += Set(nowOnServer.keys).subtracting(serverUIDsAfterFirst[result.folder.imapPath] ?? []).count
            #expect(result.alreadyStored + result.inserted + result.linked + result.duplicatesInFolder + result.skipped.count
                    == result.serverUIDs)
        }
        #expect(second.inserted + second.linked <= arrived)
        #expect(after - before == second.inserted)
    }

    /// Records progress synchronously, in order (the handler is called from the sync task).
    final class PhaseLog: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [SyncProgress] = []
        @Sendable func add(_ p: SyncProgress) { lock.withLock { recorded.append(p) } }
        var items: [SyncProgress] { lock.withLock { recorded } }
    }

    @Test func bobGmailCopiesAreStoredOnceWithTwoFolderLinks() async throws {
        let rig = try MailRig.require()
        try rig.run(["seed", "8", "--user", Self.bob])
        let store = try MailStore.inMemory()
        let account = try makeAccount(store, rig: rig, email: Self.bob, gmail: true)
        let accountID = try #require(account.id)
        let synchronizer = AccountSynchronizer(
            account: account, credentials: .oauth(user: Self.bob, token: { try rig.token(Self.bob) }), store: store,
            options: .init(imapConfiguration: rig.configuration()))
        let result = try await synchronizer.run()

        let folders = try store.folders(account: accountID)
        let parent = try #require(folders.first { $0.imapPath == "[Gmail]" })
        #expect(!parent.isSelectable)
        let inbox = try #require(folders.first { $0.folderType == .inbox })
        let allMail = try #require(folders.first { $0.imapPath == "[Gmail]/All Mail" })
        #expect(allMail.folderType == .archive)
        #expect(folders.first { $0.imapPath == "[Gmail]/Sent Mail" }?.folderType == .sent)
        let allMailResult = try #require(result.folders.first { $0.folder.imapPath == allMail.imapPath })
        #expect(allMailResult.linked > 0)

        let token = try rig.token(Self.bob)
        let serverInbox = try await serverMessages(rig, credentials: .xoauth2(user: Self.bob, accessToken: token), folder: "INBOX")
        let serverAll = try await serverMessages(rig, credentials: .xoauth2(user: Self.bob, accessToken: token), folder: allMail.imapPath)
        let inboxUIDs = try store.uids(in: try #require(inbox.id))
        let allUIDs = try store.uids(in: try #require(allMail.id))
        let allByMessageID = Dictionary(serverAll.values.compactMap { m in m.messageID.map { ($0, m.uid) } },
                                        uniquingKeysWith: { a, _ in a })
        var checked = 0
        for (uid, message) in serverInbox {
            guard let syncedUIDNext = inbox.uidNext, uid < syncedUIDNext else { continue }
            let emailID = try #require(inboxUIDs[uid], "INBOX UID \(uid) not stored")
            guard let messageID = message.messageID, let allUID = allByMessageID[messageID] else { continue }
            // The All Mail copy is the same email row, linked twice.
            #expect(allUIDs[allUID] == emailID, "INBOX \(uid) / All Mail \(allUID) stored twice")
            let links = try store.folders(of: emailID)
            #expect(Set(links.map(\.folderID)).isSuperset(of: [try #require(inbox.id), try #require(allMail.id)]))
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test func wrongPasswordIsAnAuthenticationError() async throws {
        let rig = try MailRig.require()
        let store = try MailStore.inMemory()
        let account = try makeAccount(store, rig: rig, email: Self.dave.user, gmail: false)
        let synchronizer = AccountSynchronizer(
            account: account, credentials: .password(user: Self.dave.user, "not-dave-pass"), store: store,
            options: .init(imapConfiguration: rig.configuration()))
        let error = await #expect(throws: SyncError.self) { try await synchronizer.run() }
        #expect(error?.isAuthenticationFailure == true)
        guard case .authentication(let cause) = error else {
            Issue.record("expected .authentication, got \(String(describing: error))"); return
        }
        if case .authenticationFailed = cause {} else { Issue.record("cause \(cause)") }
        #expect(error?.description.contains("password") == true)
    }

    @Test func failingTokenProviderIsReportedAsSignInProblem() async throws {
        let rig = try MailRig.require()
        let store = try MailStore.inMemory()
        let account = try makeAccount(store, rig: rig, email: Self.bob, gmail: true)
        struct Revoked: Error {}
        let synchronizer = AccountSynchronizer(
            account: account, credentials: .oauth(user: Self.bob, token: { throw Revoked() }), store: store,
            options: .init(imapConfiguration: rig.configuration()))
        let error = await #expect(throws: SyncError.self) { try await synchronizer.run() }
        guard case .tokenUnavailable = error else { Issue.record("got \(String(describing: error))"); return }
    }
}
