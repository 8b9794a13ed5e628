import HearthTestSupport
import Foundation
import HearthCore
import HearthIMAP
import HearthStore
@testable import HearthSync
import Testing

extension InitialSyncTests.IncrementalSyncTests {
    /// The fault proxy cuts every new connection after N bytes from the server — in the
    /// greeting/TLS handshake, in the middle of the folder list, or in a body FETCH. After each
    /// cut the sync is simply run again: the end state must equal one clean sync into an empty
    /// store — nothing lost, nothing stored twice.
    @Test(arguments: [1_500, 9_000, 60_000, 400_000])
    func cutConnectionsThenResumingEndsLikeACleanSync(cutAfter: Int) async throws {
        let rig = try MailRig.require()
        try rig.run(["seed", "5", "--user", dave.user])
        try rig.run(["proxy", "start"])
        var proxied = rig.configuration()
        proxied.port = rig.proxyImapsPort
        proxied.readTimeout = .seconds(10)

        let store = try MailStore.inMemory()
        let account = try base.makeAccount(store, rig: rig, email: dave.user, gmail: false)
        let accountID = try #require(account.id)
        func syncThroughProxy() async throws -> AccountSyncResult {
            try await AccountSynchronizer(
                account: account, credentials: .password(user: dave.user, dave.password), store: store,
                options: .init(batchSize: 3, imapConfiguration: proxied)).run()
        }

        try rig.run(["proxy", "cutafter", String(cutAfter)])
        var cuts = 0
        do {
            // Each attempt gets a fresh connection, cut again after `cutAfter` bytes; small
            // batches mean progress is committed between cuts.
            for _ in 0..<3 {
                do { _ = try await syncThroughProxy(); break } catch let error as SyncError {
                    #expect(error.isTransient, "a cut must be a retryable error, got \(error)")
                    cuts += 1
                }
            }
        }
        try rig.run(["proxy", "cutafter", "0"])
        _ = try await syncThroughProxy()
        #expect(cuts > 0 || cutAfter >= 60_000, "the proxy never cut at \(cutAfter) bytes")

        let (fresh, freshID) = try await expectSameAsCleanSync(store, accountID, rig: rig)
        // Nothing stored twice.
        let stats = try store.statistics(account: accountID)
        let cleanStats = try fresh.statistics(account: freshID)
        #expect(stats.emails == cleanStats.emails)
        #expect(stats.threads == cleanStats.threads)
    }
}
