import HearthTestSupport
import Foundation
import HearthCore
import HearthIMAP
import HearthStore
@testable import HearthSync
import Testing

extension InitialSyncTests {
    /// Incremental sync against the mail rig, on dave only. Nested in `InitialSyncTests` so the
    /// whole `.serialized` tree never runs its dave tests concurrently; assertions are relative
    /// to what the server reports (seeding is additive and shared with other tests).
    @Suite(.serialized) struct IncrementalSyncTests {
        let base = InitialSyncTests()
        var dave: (user: String, password: String) { InitialSyncTests.dave }
        var credentials: IMAPCredentials { .plain(user: dave.user, password: dave.password) }

        struct Entry: Hashable, CustomStringConvertible {
            var uid: UInt32; var messageID: String?; var isRead: Bool; var isStarred: Bool
            var description: String { "\(uid) \(messageID ?? "-") read=\(isRead) starred=\(isStarred)" }
        }

        func sync(_ store: MailStore, _ account: Account, rig: MailRig, qresync: Bool = true) async throws -> AccountSyncResult {
            try await AccountSynchronizer(
                account: account, credentials: .password(user: dave.user, dave.password), store: store,
                options: .init(batchSize: 5, imapConfiguration: rig.configuration(), useQResync: qresync)).run()
        }

        /// Syncs dave into an empty store and expects `store` to hold exactly the same per folder;
        /// returns the clean store.
        @discardableResult
        func expectSameAsCleanSync(_ store: MailStore, _ accountID: AccountID, rig: MailRig) async throws -> (MailStore, AccountID) {
            let fresh = try MailStore.inMemory()
            let freshAccount = try base.makeAccount(fresh, rig: rig, email: dave.user, gmail: false)
            _ = try await sync(fresh, freshAccount, rig: rig)
            let freshID = try #require(freshAccount.id)
            let mine = try snapshot(store, accountID)
            let clean = try snapshot(fresh, freshID)
            #expect(mine.keys.sorted() == clean.keys.sorted())
            for (path, entries) in clean {
                let have = mine[path] ?? []
                #expect(have == entries, "\(path): only ours \(have.subtracting(entries)); only clean \(entries.subtracting(have))")
            }
            return (fresh, freshID)
        }

        /// Per folder path: the stored (uid, Message-ID, read, starred) of every UID association.
        func snapshot(_ store: MailStore, _ account: AccountID) throws -> [String: Set<Entry>] {
            var result: [String: Set<Entry>] = [:]
            for folder in try store.folders(account: account) where folder.isSelectable {
                var entries = Set<Entry>()
                for (uid, id) in try store.uids(in: try #require(folder.id)) {
                    let email = try #require(try store.email(id))
                    entries.insert(Entry(uid: uid, messageID: email.messageID, isRead: email.isRead, isStarred: email.isStarred))
                }
                result[folder.imapPath] = entries
            }
            return result
        }

        /// Both ways of learning about changes: QRESYNC (VANISHED and changed FLAGS in SELECT) and
        /// the UID-list diff with CONDSTORE that servers without QRESYNC (Gmail) need.
        @Test(arguments: [true, false])
        func newMailFlagChangesAndExpungesEndLikeAFreshInitialSync(qresync: Bool) async throws {
            let rig = try MailRig.require()
            try rig.run(["seed", "6", "--user", dave.user])

            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: dave.user, gmail: false)
            let accountID = try #require(account.id)
            let first = try await sync(store, account, rig: rig, qresync: qresync)
            #expect(first.folders.allSatisfy { $0.mode == .initial })
            let inbox = try #require(try store.folders(account: accountID).first { $0.folderType == .inbox })
            let inboxID = try #require(inbox.id)
            let archiveID = try #require(try store.folders(account: accountID).first { $0.folderType == .archive }?.id)

            // Nothing changed on the server: incremental, nothing stored, nothing updated.
            let idle = try await sync(store, account, rig: rig, qresync: qresync)
            #expect(idle.folders.allSatisfy { $0.mode == .incremental })
            #expect(idle.inserted + idle.linked + idle.flagsUpdated + idle.removed == 0)

            // (a) New mail.
            let storedBefore = Set(try store.uids(in: inboxID).keys)
            let serverBefore = Set(try await base.serverMessages(rig, credentials: credentials, folder: "INBOX").keys)
            try rig.run(["deliver", dave.user, "2"])
            let serverAfter = Set(try await base.serverMessages(rig, credentials: credentials, folder: "INBOX").keys)
            let delivered = serverAfter.subtracting(serverBefore)
            #expect(delivered.count >= 2)   // ≥: another process may deliver to dave too
            let second = try await sync(store, account, rig: rig, qresync: qresync)
            let inboxResult = try #require(second.folders.first { $0.folder.id == inboxID })
            #expect(inboxResult.mode == .incremental)
            let storedAfter = Set(try store.uids(in: inboxID).keys)
            #expect(storedAfter == serverAfter)
            #expect(storedAfter.subtracting(storedBefore) == delivered)
            #expect(inboxResult.inserted + inboxResult.linked == delivered.count)

            // (b) Flags: clear, then set \Seen and \Flagged on one delivered message.
            let target = try #require(delivered.max())
            let targetEmail = try #require(try store.uids(in: inboxID)[target])
            try rig.run(["flags", dave.user, "INBOX", "\(target)", "remove", "\\Seen", "\\Flagged"])
            _ = try await sync(store, account, rig: rig, qresync: qresync)
            var email = try #require(try store.email(targetEmail))
            #expect(!email.isRead && !email.isStarred)
            let unreadBefore = try #require(try store.folder(inboxID)).unreadCount

            try rig.run(["flags", dave.user, "INBOX", "\(target)", "add", "\\Seen", "\\Flagged"])
            let flagged = try await sync(store, account, rig: rig, qresync: qresync)
            #expect(flagged.folders.first { $0.folder.id == inboxID }?.flagsUpdated == 1)
            email = try #require(try store.email(targetEmail))
            #expect(email.isRead && email.isStarred)
            let threadID = try #require(email.threadID)
            let thread = try #require(try store.thread(threadID))
            let threadEmails = try store.emails(inThread: threadID)
            #expect(thread.unreadCount == threadEmails.filter { !$0.isRead }.count)
            #expect(thread.isStarred)
            #expect(try store.folder(inboxID)?.unreadCount == unreadBefore - 1)

            // (c) Expunge behind the client's back: the association goes, the email is archived
            // (INBOX is not Trash; FR-FOUND-03).
            try rig.run(["expunge", dave.user, "INBOX", "\(target)"])
            let expunged = try await sync(store, account, rig: rig, qresync: qresync)
            #expect(expunged.folders.first { $0.folder.id == inboxID }?.removed == 1)
            #expect(try store.uids(in: inboxID)[target] == nil)
            let links = try store.folders(of: targetEmail)
            #expect(!links.contains { $0.folderID == inboxID })
            #expect(links.contains { $0.folderID == archiveID })
            let serverNow = Set(try await base.serverMessages(rig, credentials: credentials, folder: "INBOX").keys)
            #expect(Set(try store.uids(in: inboxID).keys) == serverNow)

            // End state: the same as a fresh initial sync into an empty store.
            try await expectSameAsCleanSync(store, accountID, rig: rig)
        }

        /// UIDVALIDITY cannot be changed on the rig, so the stored value is made stale instead:
        /// the folder is unlinked and resynced, and its UID associations end exactly as before
        /// (no stray archive associations for messages found again).
        @Test func changedUIDValidityResyncsTheFolder() async throws {
            let rig = try MailRig.require()
            try rig.run(["seed", "3", "--user", dave.user])
            try rig.run(["seed", "2", "--user", dave.user, "--folder", "Archive"])
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: dave.user, gmail: false)
            let accountID = try #require(account.id)
            _ = try await sync(store, account, rig: rig)
            let expected = try snapshot(store, accountID)
            let archive = try #require(try store.folders(account: accountID).first { $0.folderType == .archive })
            let archiveTotal = archive.totalCount

            for var folder in try store.folders(account: accountID)
            where folder.folderType == .inbox || folder.folderType == .archive {
                folder.uidValidity = (folder.uidValidity ?? 0) &+ 1
                _ = try store.upsert(folder)
            }
            let result = try await sync(store, account, rig: rig)
            var withoutMessageID = 0
            for folder in result.folders where folder.folder.folderType == .inbox || folder.folder.folderType == .archive {
                guard case .resyncedAfterUIDValidityChange = folder.mode else {
                    Issue.record("\(folder.folder.imapPath): \(folder.mode)"); continue
                }
                #expect(folder.removed > 0)
                // Found again by Message-ID + size, so not downloaded again — except messages
                // without a Message-ID, which cannot be re-mapped: the old copy stays archived
                // (last-association rule) and the message is downloaded anew.
                let server = try await base.serverMessages(rig, credentials: credentials, folder: folder.folder.imapPath)
                let missingID = server.values.filter { $0.messageID == nil }.count
                #expect(folder.inserted == missingID)
                withoutMessageID += missingID
            }
            let actual = try snapshot(store, accountID)
            for (path, entries) in expected {
                let mine = actual[path] ?? []
                #expect(mine == entries, "\(path): only after resync \(mine.subtracting(entries)); only before \(entries.subtracting(mine))")
            }
            #expect(try store.folder(try #require(archive.id))?.totalCount == archiveTotal + withoutMessageID)
        }
    }
}
