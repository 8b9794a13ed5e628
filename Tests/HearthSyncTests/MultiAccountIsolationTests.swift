import Foundation
import HearthCore
import HearthIMAP
import HearthStore
import HearthSync
import HearthTestSupport
import Testing

/// Issue 9, multi-account: "several accounts syncing side by side, one failing account never
/// stalling the others". Three accounts in ONE store sync concurrently (as `hearth sync` and the
/// web app run them): quinn is healthy (direct port), ivan's password is wrong, kate's server
/// is a silent peer (the rig's fault proxy with `stall on`; only kate goes through the proxy).
/// quinn must finish — with its mail stored — while kate is still waiting, and each failure is
/// its own typed error.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(2)))
struct MultiAccountIsolationTests {
    /// How long the stalled account waits before giving up; quinn must be done well before.
    static let stallTimeout: Duration = .seconds(8)

    struct Finished: Sendable {
        var email: String
        var result: Result<AccountSyncResult, SyncError>
        var elapsed: Duration
    }

    @Test func aFailingAndAStalledAccountNeverHoldUpAHealthyOne() async throws {
        let rig = try MailRig.require()
        _ = try rig.run(["seed", "5", "--user", "quinn@example.test"])
        _ = try rig.run(["proxy", "start"])
        let store = try MailStore.inMemory()
        func account(_ email: String, auth: AuthType) throws -> Account {
            try store.create(Account(email: email, displayName: email, provider: .imap, authType: auth,
                                     imap: ServerEndpoint(host: rig.host, port: rig.imapsPort, security: .implicitTLS),
                                     syncWindowDays: nil))
        }
        let quinn = try account("quinn@example.test", auth: .password)
        let ivan = try account("ivan@example.test", auth: .password)
        let kate = try account("kate@gmail.test", auth: .oauth2)
        let kateToken = try rig.token("kate@gmail.test")
        let direct = rig.configuration()
        var stalled = rig.configuration()
        stalled.port = rig.proxyImapsPort
        stalled.connectTimeout = Self.stallTimeout
        stalled.readTimeout = Self.stallTimeout

        let jobs: [(Account, SyncCredentials, IMAPConfiguration)] = [
            (quinn, .password(user: quinn.email, "quinn-pass"), direct),
            (ivan, .password(user: ivan.email, "not-ivans-password"), direct),
            (kate, .oauth(user: kate.email) { kateToken }, stalled),
        ]
        _ = try rig.run(["proxy", "stall", "on"])
        let clock = ContinuousClock()
        let start = clock.now
        let finished: [Finished]
        do {
            finished = await withTaskGroup(of: Finished.self) { group in
                for (account, credentials, configuration) in jobs {
                    group.addTask {
                        let synchronizer = AccountSynchronizer(account: account, credentials: credentials, store: store,
                                                               options: .init(imapConfiguration: configuration))
                        let result: Result<AccountSyncResult, SyncError>
                        do { result = .success(try await synchronizer.run()) } catch let error as SyncError {
                            result = .failure(error)
                        } catch { result = .failure(.accountNotConfigured("\(error)")) }
                        return Finished(email: account.email, result: result, elapsed: clock.now - start)
                    }
                }
                var all: [Finished] = []
                for await one in group { all.append(one) }
                return all
            }
        }
        _ = try? rig.run(["proxy", "stall", "off"])

        let byEmail = Dictionary(uniqueKeysWithValues: finished.map { ($0.email, $0) })
        let q = try #require(byEmail[quinn.email]), i = try #require(byEmail[ivan.email]), k = try #require(byEmail[kate.email])
        // quinn: synced, quickly, long before the stalled account gave up.
        guard case .success(let result) = q.result else { Issue.record("quinn failed: \(q.result)"); return }
        #expect(result.inserted >= 5, "quinn's mail was stored: \(result)")
        #expect(q.elapsed < Self.stallTimeout, "quinn took \(q.elapsed)")
        #expect(q.elapsed < k.elapsed, "quinn (\(q.elapsed)) finished before the stalled account (\(k.elapsed))")
        // ivan: the server refused the password — a typed, non-retryable authentication error.
        guard case .failure(let ivanError) = i.result else { Issue.record("ivan synced with a wrong password"); return }
        #expect(ivanError.isAuthenticationFailure, "ivan: \(ivanError)")
        // kate: the silent server ran into the timeout — a typed, retryable error.
        guard case .failure(let kateError) = k.result else { Issue.record("kate synced through a stalled proxy"); return }
        #expect(kateError.isTransient, "kate: \(kateError)")
        #expect(k.elapsed >= Self.stallTimeout - .seconds(1), "kate gave up at \(k.elapsed)")
        print("multi-account: quinn \(q.elapsed) (\(result.inserted) new), ivan \(i.elapsed) (\(ivanError)), kate \(k.elapsed) (\(kateError))")
        // Only quinn's mail is in the shared store.
        let kateID = try #require(kate.id), ivanID = try #require(ivan.id)
        #expect(try store.statistics(account: kateID).emails == 0)
        #expect(try store.statistics(account: ivanID).emails == 0)
    }
}
