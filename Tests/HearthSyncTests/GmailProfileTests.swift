import HearthTestSupport
import Foundation
import HearthCore
import HearthIMAP
import HearthStore
@testable import HearthSync
import Testing

extension InitialSyncTests {
    /// `RIG_CAPS=gmail`: the capability list Gmail offers (CONDSTORE but no QRESYNC, LITERAL-).
    /// Initial and incremental sync of bob's Gmail layout must work on it unchanged — the
    /// incremental path falls back to the UID diff with CHANGEDSINCE.
    @Test func gmailCapabilityProfileSyncsWithoutQResync() async throws {
        let rig = try MailRig.require()
        try rig.run(["up"], environment: ["RIG_CAPS": "gmail"])
        defer { _ = try? rig.run(["up"]) }   // back to the full profile for the suites after this one
        let bob = Self.bob

        let probe = try await IMAPConnection.connect(rig.configuration())
        try await probe.authenticate(.xoauth2(user: bob, accessToken: try rig.token(bob)))
        let capabilities = await probe.capabilities
        await probe.logout()
        #expect(!capabilities.contains(.qresync))
        #expect(capabilities.contains(.condStore))

        try rig.run(["seed", "3", "--user", bob])
        let store = try MailStore.inMemory()
        let account = try makeAccount(store, rig: rig, email: bob, gmail: true)
        let accountID = try #require(account.id)
        func sync(_ store: MailStore, _ account: Account) async throws -> AccountSyncResult {
            try await AccountSynchronizer(
                account: account, credentials: .oauth(user: bob) { try rig.token(bob) }, store: store,
                options: .init(batchSize: 20, imapConfiguration: rig.configuration())).run()
        }
        _ = try await sync(store, account)

        try rig.run(["deliver", bob, "2"])
        let inboxUIDs = try await serverMessages(rig, credentials: .xoauth2(user: bob, accessToken: try rig.token(bob)), folder: "INBOX")
        let flagged = try #require(inboxUIDs.keys.min())
        try rig.run(["flags", bob, "INBOX", String(flagged), "add", "\\Flagged"])
        let second = try await sync(store, account)
        #expect(second.folders.allSatisfy { $0.mode == .incremental })
        #expect(second.inserted + second.linked >= 2)

        let fresh = try MailStore.inMemory()
        let freshAccount = try makeAccount(fresh, rig: rig, email: bob, gmail: true)
        _ = try await sync(fresh, freshAccount)
        let mine = try IncrementalSyncTests().snapshot(store, accountID)
        let clean = try IncrementalSyncTests().snapshot(fresh, try #require(freshAccount.id))
        #expect(mine == clean)
        let inbox = try #require(try store.folders(account: accountID).first { $0.folderType == .inbox }?.id)
        let flaggedEmail = try #require(try store.uids(in: inbox)[flagged])
        #expect(try store.email(flaggedEmail)?.isStarred == true)
    }
}
