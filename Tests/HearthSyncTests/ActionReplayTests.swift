import HearthTestSupport
import Foundation
import HearthCore
import HearthIMAP
import HearthStore
@testable import HearthSync
import Testing

/// A clock tests move by hand (retry backoff).
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

extension InitialSyncTests {
    /// Offline actions against the real server (dave: plain IMAP; bob: Gmail layout). Nested in
    /// `InitialSyncTests` so nothing else touches those mailboxes meanwhile.
    @Suite(.serialized) struct ActionReplayTests {
        let base = InitialSyncTests()
        var dave: (user: String, password: String) { InitialSyncTests.dave }

        func sync(_ store: MailStore, _ account: Account, credentials: SyncCredentials, configuration: IMAPConfiguration,
                  clock: TestClock? = nil) async throws -> AccountSyncResult {
            let now: @Sendable () -> Date
            if let clock { now = { clock.now } } else { now = { Date() } }
            return try await AccountSynchronizer(
                account: account, credentials: credentials, store: store,
                options: .init(batchSize: 50, imapConfiguration: configuration, now: now)).run()
        }

        /// dave with `seed` more messages, synced into a new store.
        func syncedDave(seed: Int, rig: MailRig, clock: TestClock? = nil) async throws -> (MailStore, Account, AccountID, SyncCredentials) {
            try rig.run(["seed", String(seed), "--user", dave.user])
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: dave.user, gmail: false)
            let credentials = SyncCredentials.password(user: dave.user, dave.password)
            _ = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
            return (store, account, try #require(account.id), credentials)
        }

        func inbox(_ store: MailStore, _ account: AccountID) throws -> [(uid: UInt32, email: Email)] {
            let folder = try #require(try store.folders(account: account).first { $0.folderType == .inbox })
            return try store.uids(in: try #require(folder.id)).sorted { $0.key < $1.key }.map { ($0.key, try #require(try store.email($0.value))) }
        }

        func folder(_ store: MailStore, _ account: AccountID, _ type: FolderType) throws -> Folder {
            try #require(try store.folders(account: account).first { $0.folderType == type && $0.isSelectable })
        }

        @Test func actionsMadeOfflineReachTheServerOnceItIsBack() async throws {
            let rig = try MailRig.require()
            let (store, account, accountID, credentials) = try await syncedDave(seed: 4, rig: rig)

            let messages = Array(try inbox(store, accountID).suffix(4))
            try #require(messages.count == 4)
            let (read, star, archive, trash) = (messages[0], messages[1], messages[2], messages[3])
            let actions = PerformMailActionUseCase(store: store)
            try actions.perform(.setRead(!read.email.isRead), on: [try #require(read.email.id)])
            try actions.perform(.setStarred(true), on: [try #require(star.email.id)])
            try actions.perform(.archive, on: [try #require(archive.email.id)])
            try actions.perform(.moveToTrash, on: [try #require(trash.email.id)])
            // Applied locally at once.
            #expect(try store.email(try #require(read.email.id))?.isRead == !read.email.isRead)
            #expect(try store.folders(of: try #require(archive.email.id)).map(\.folderID) == [try folder(store, accountID, .archive).id])
            #expect(try store.journal(account: accountID).count == 4)

            // Offline: nothing answers. The journal is untouched, no attempt is used up.
            var offline = rig.configuration()
            offline.port = 1
            await #expect(throws: SyncError.self) {
                _ = try await sync(store, account, credentials: credentials, configuration: offline)
            }
            #expect(try store.journal(account: accountID).allSatisfy { $0.state == .pending && $0.attempts == 0 })

            // Back online: replayed in order, then the folders are synced.
            let result = try await sync(store, account, credentials: credentials, configuration: rig.configuration())
            #expect(result.actions.completed == 4)
            #expect(try store.journal(account: accountID).isEmpty)

            let imap = IMAPCredentials.plain(user: dave.user, password: dave.password)
            let serverInbox = try await base.serverMessages(rig, credentials: imap, folder: "INBOX")
            #expect(serverInbox[read.uid]?.flags.contains(.seen) == !read.email.isRead)
            #expect(serverInbox[star.uid]?.flags.contains(.flagged) == true)
            #expect(serverInbox[archive.uid] == nil)
            #expect(serverInbox[trash.uid] == nil)
            let serverArchive = try await base.serverMessages(rig, credentials: imap, folder: "Archive")
            #expect(serverArchive.values.contains { $0.messageID == archive.email.messageID })
            let serverTrash = try await base.serverMessages(rig, credentials: imap, folder: "Trash")
            let trashed = try #require(serverTrash.values.first { $0.messageID == trash.email.messageID })

            // Locally the moved copies got their new UIDs (COPYUID) and nothing was downloaded twice.
            let trashFolder = try folder(store, accountID, .trash)
            #expect(try store.uids(in: try #require(trashFolder.id))[trashed.uid] == trash.email.id)
            #expect(result.inserted == 0)

            // Permanent delete, only from Trash.
            #expect(throws: MailActionError.self) { try actions.perform(.deletePermanently, on: [try #require(read.email.id)]) }
            try actions.perform(.deletePermanently, on: [try #require(trash.email.id)])
            #expect(try store.email(try #require(trash.email.id)) == nil)
            let second = try await sync(store, account, credentials: credentials, configuration: rig.configuration())
            #expect(second.actions.completed == 1)
            let trashAfter = try await base.serverMessages(rig, credentials: imap, folder: "Trash")
            #expect(trashAfter[trashed.uid] == nil)
        }

        /// The user changed messages and the journal has not sent it yet (here: held back by the
        /// retry clock) while a sync reads the server. What the sync reads predates the change and
        /// must not undo it locally. The web app met this after Undo: archive, Undo (the message
        /// is back in INBOX under a new UID the folder's sync state has not seen), delete — and a
        /// sync running meanwhile linked the message back to INBOX, so it sat in INBOX and Trash.
        @Test func aSyncLeavesMessagesWithUnsentChangesAsTheUserSetThem() async throws {
            let rig = try MailRig.require()
            let clock = TestClock()
            let (store, account, accountID, credentials) = try await syncedDave(seed: 1, rig: rig, clock: clock)
            let messages = Array(try inbox(store, accountID).suffix(1))
            try #require(messages.count == 1)
            let movedID = try #require(messages[0].email.id)
            let (inboxFolder, archive, trash) = (try folder(store, accountID, .inbox), try folder(store, accountID, .archive),
                                                 try folder(store, accountID, .trash))
            let actions = PerformMailActionUseCase(store: store)
            let replayer = AccountSynchronizer(account: account, credentials: credentials, store: store,
                                               options: .init(imapConfiguration: rig.configuration(), now: { clock.now }))
            // Archive, then Undo: both reach the server; the message is back in INBOX under a new UID.
            try actions.perform(.archive, on: [movedID])
            #expect(try await replayer.replayActions().completed == 1)
            try actions.perform(.move(to: try #require(inboxFolder.id)), on: [movedID], from: archive.id)
            #expect(try await replayer.replayActions().completed == 1)
            #expect(try store.folders(of: movedID).map(\.folderID) == [inboxFolder.id])
            // Delete it; that does not reach the server before the sync reads INBOX.
            try actions.perform(.moveToTrash, on: [movedID])
            for entry in try store.journal(account: accountID) {
                try store.postpone(entry.id, attempts: 1, retryAt: clock.now.addingTimeInterval(3600), error: "held back by the test")
            }

            let result = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
            #expect(result.actions.completed == 0, "nothing was due")
            #expect(try store.folders(of: movedID).map(\.folderID) == [trash.id], "only in Trash, as the user left it")
            #expect(result.folders.reduce(0) { $0 + $1.awaitingJournal } == 1)

            // Once the journal is sent, the next sync takes the server's word again.
            clock.advance(7200)
            let after = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
            #expect(after.actions.completed == 1)
            #expect(try store.journal(account: accountID).isEmpty)
            #expect(try store.folders(of: movedID).map(\.folderID) == [trash.id])
        }

        @Test func refusedActionIsRetriedWithBackoffThenFailsVisiblyAndIsUndone() async throws {
            let rig = try MailRig.require()
            try rig.run(["seed", "1", "--user", dave.user])
            let target = "Hearth Gone \(UInt32.random(in: 0...UInt32.max))"
            try rig.run(["doveadm", "mailbox", "create", "-u", dave.user, target])
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: dave.user, gmail: false)
            let accountID = try #require(account.id)
            let credentials = SyncCredentials.password(user: dave.user, dave.password)
            let clock = TestClock()
            _ = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
            let targetFolder = try #require(try store.folders(account: accountID).first { $0.imapPath == target })
            let message = try #require(try inbox(store, accountID).last)
            let inboxID = try folder(store, accountID, .inbox).id

            try rig.run(["doveadm", "mailbox", "delete", "-u", dave.user, target])
            try PerformMailActionUseCase(store: store, now: { clock.now })
                .perform(.move(to: try #require(targetFolder.id)), on: [try #require(message.email.id)])

            // The folder is gone on the server: UID MOVE is refused (NO [TRYCREATE]).
            var result = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
            #expect(result.actions.postponed == 1)
            var entry = try #require(try store.journal(account: accountID).first)
            #expect(entry.attempts == 1)
            #expect(entry.nextAttemptAt == clock.now.addingTimeInterval(2))

            // Not due yet: nothing is tried.
            result = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
            #expect(result.actions == ReplayResult())
            for (attempt, wait) in [(2, 2.0), (3, 4.0)] {
                clock.advance(wait)
                result = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
                entry = try #require(try store.journal(account: accountID).first)
                #expect(entry.attempts == attempt)
                #expect(entry.state == .pending)
            }
            clock.advance(8)
            result = try await sync(store, account, credentials: credentials, configuration: rig.configuration(), clock: clock)
            #expect(result.actions.failed.count == 1)
            entry = try #require(try store.journal(account: accountID).first)
            #expect(entry.state == .failed)
            #expect(entry.attempts == 4)
            #expect(entry.lastError?.isEmpty == false)

            // Undone locally: the server never moved it, so it is back in INBOX with its UID.
            #expect(try store.uids(in: try #require(inboxID))[message.uid] == message.email.id)
            #expect(try store.folders(of: try #require(message.email.id)).map(\.folderID) == [inboxID])

            // Failed entries stay until the user dismisses them.
            try store.dismiss(entry.id)
            #expect(try store.journal(account: accountID).isEmpty)
        }

        /// The server renumbers INBOX (new UIDVALIDITY, new UIDs) between the action and its replay:
        /// the stored UID now names another message, so the replay finds ours by Message-ID.
        @Test func actionReachesTheRightMessageAfterTheFolderWasRenumbered() async throws {
            let rig = try MailRig.require()
            let (store, account, accountID, credentials) = try await syncedDave(seed: 3, rig: rig)
            let imap = IMAPCredentials.plain(user: dave.user, password: dave.password)
            let before = try await base.serverMessages(rig, credentials: imap, folder: "INBOX")
            let target = try #require(try inbox(store, accountID).first { message in
                before[message.uid]?.flags.contains(.flagged) == false && message.email.messageID != nil
            })
            try PerformMailActionUseCase(store: store).perform(.setStarred(true), on: [try #require(target.email.id)])

            try rig.run(["renumber", dave.user, "INBOX"])
            let result = try await sync(store, account, credentials: credentials, configuration: rig.configuration())
            #expect(result.actions.completed == 1)
            let after = try await base.serverMessages(rig, credentials: imap, folder: "INBOX")
            let flagged = after.values.filter { $0.flags.contains(.flagged) }.compactMap(\.messageID)
            let flaggedBefore = before.values.filter { $0.flags.contains(.flagged) }.compactMap(\.messageID)
            #expect(Set(flagged) == Set(flaggedBefore + [try #require(target.email.messageID)]))
        }

        @Test func gmailArchiveRemovesFromInboxOnlyAndStarReachesEveryCopy() async throws {
            let rig = try MailRig.require()
            let bob = InitialSyncTests.bob
            try rig.run(["seed", "2", "--user", bob])
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: bob, gmail: true)
            let accountID = try #require(account.id)
            let credentials = SyncCredentials.oauth(user: bob) { try rig.token(bob) }
            _ = try await sync(store, account, credentials: credentials, configuration: rig.configuration())
            let message = try #require(try inbox(store, accountID).last)
            let id = try #require(message.email.id)
            let allMail = try folder(store, accountID, .archive)
            #expect(try store.folders(of: id).count == 2)

            let actions = PerformMailActionUseCase(store: store)
            try actions.perform(.setStarred(true), on: [id])
            try actions.perform(.archive, on: [id])
            #expect(try store.folders(of: id).map(\.folderID) == [allMail.id])
            let result = try await sync(store, account, credentials: credentials, configuration: rig.configuration())
            #expect(result.actions.completed == 3)   // STORE in INBOX and All Mail, then the INBOX expunge

            let token = try rig.token(bob)
            let inbox = try await base.serverMessages(rig, credentials: .xoauth2(user: bob, accessToken: token), folder: "INBOX")
            #expect(inbox[message.uid] == nil)
            let all = try await base.serverMessages(rig, credentials: .xoauth2(user: bob, accessToken: token), folder: "[Gmail]/All Mail")
            let copy = try #require(all.values.first { $0.messageID == message.email.messageID })
            #expect(copy.flags.contains(.flagged))
            #expect(try store.folders(of: id).map(\.folderID) == [allMail.id])
        }
    }
}
