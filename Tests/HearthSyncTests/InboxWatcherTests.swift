import HearthTestSupport
import Foundation
import HearthCore
import HearthIMAP
import HearthStore
@testable import HearthSync
import Testing

extension InitialSyncTests {
    /// The IDLE watcher against the mail rig (bob for push and reconnect, dave for the bad
    /// password and stop()). Nested in `InitialSyncTests` so it never runs concurrently with the
    /// other bob/dave tests of the `.serialized` tree. Short re-IDLE interval and backoff.
    @Suite(.serialized) struct InboxWatcherTests {
        let base = InitialSyncTests()
        static let timeout: Duration = .seconds(30)

        /// Collects a watcher's events in the background.
        final class EventLog: @unchecked Sendable {
            private let lock = NSLock()
            private var recorded: [WatchEvent] = []
            private var ended = false
            let task: Task<Void, Never>

            init(_ stream: AsyncStream<WatchEvent>) {
                let box = Box()
                task = Task { for await event in stream { box.log?.append(event) }; box.log?.finish() }
                box.log = self
            }
            final class Box: @unchecked Sendable { weak var log: EventLog? }

            private func append(_ e: WatchEvent) { lock.withLock { recorded.append(e) } }
            private func finish() { lock.withLock { ended = true } }
            var events: [WatchEvent] { lock.withLock { recorded } }
            var isFinished: Bool { lock.withLock { ended } }

            /// Waits for the first event at index ≥ `from` matching `match`; returns its index.
            @discardableResult
            func wait(from: Int = 0, timeout: Duration = InboxWatcherTests.timeout, _ what: String,
                      _ match: (WatchEvent) -> Bool) async throws -> Int {
                let deadline = ContinuousClock.now + timeout
                while ContinuousClock.now < deadline {
                    let all = events
                    if from < all.count, let i = all[from...].firstIndex(where: match) { return i }
                    if isFinished { break }
                    try await Task.sleep(for: .milliseconds(50))
                }
                Issue.record("no \(what) event after index \(from); events: \(events)")
                throw Timeout()
            }
            struct Timeout: Error {}
        }

        func options(_ rig: MailRig) -> InboxWatcher.Options {
            .init(reIdleInterval: .seconds(4), backoff: [.milliseconds(200), .milliseconds(500)],
                  sync: .init(batchSize: 50, imapConfiguration: rig.configuration()))
        }

        func bobWatcher(_ rig: MailRig) throws -> (InboxWatcher, MailStore, Account) {
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: InitialSyncTests.bob, gmail: true)
            let watcher = InboxWatcher(
                account: account,
                credentials: .oauth(user: InitialSyncTests.bob, token: { try rig.token(InitialSyncTests.bob) }),
                store: store, options: options(rig))
            return (watcher, store, account)
        }

        static func isSynced(_ e: WatchEvent) -> Bool { if case .synced = e { true } else { false } }
        static func isWatching(_ e: WatchEvent) -> Bool { e == .watching }
        static func isNewMail(_ e: WatchEvent) -> Bool { if case .newMail(let n) = e { n >= 1 } else { false } }
        static func syncedNew(_ e: WatchEvent) -> Bool {
            if case .synced(let r) = e { r.inserted + r.linked >= 1 } else { false }
        }

        func inboxCount(_ store: MailStore, _ account: Account) throws -> Int {
            let id = try #require(account.id)
            let inbox = try #require(try store.folders(account: id).first { $0.folderType == .inbox })
            return try store.uids(in: try #require(inbox.id)).count
        }

        /// Deliver one message and expect `.newMail`, then a `.synced` that stored it.
        func deliverAndSee(_ rig: MailRig, _ log: EventLog, _ store: MailStore, _ account: Account) async throws {
            let before = try inboxCount(store, account)
            let mark = log.events.count
            try rig.run(["deliver", InitialSyncTests.bob, "1"])
            let newMail = try await log.wait(from: mark, "newMail", Self.isNewMail)
            let synced = try await log.wait(from: newMail + 1, "synced with new mail", Self.syncedNew)
            if case .synced(let result) = log.events[synced] {
                #expect(result.folders.first { $0.folder.folderType == .inbox }.map { $0.inserted + $0.linked } ?? 0 >= 1)
            }
            #expect(try inboxCount(store, account) >= before + 1)
        }

        @Test func deliveryIsPushedSyncedAndStored() async throws {
            let rig = try MailRig.require()
            let (watcher, store, account) = try bobWatcher(rig)
            let log = EventLog(watcher.events)
            await watcher.start()
            let first = try await log.wait("initial synced", Self.isSynced)
            try await log.wait(from: first + 1, "watching", Self.isWatching)
            try await deliverAndSee(rig, log, store, account)
            await watcher.stop()
            await log.task.value
            #expect(log.events.last == .stopped(nil))
            #expect(!log.events.contains { if case .reconnecting = $0 { true } else { false } })
        }

        @Test func kickedConnectionReconnectsAndStillSeesDeliveries() async throws {
            let rig = try MailRig.require()
            let (watcher, store, account) = try bobWatcher(rig)
            let log = EventLog(watcher.events)
            await watcher.start()
            try await log.wait("watching", Self.isWatching)

            let mark = log.events.count
            try rig.run(["kick", InitialSyncTests.bob])
            let dropped = try await log.wait(from: mark, "disconnected") { if case .disconnected = $0 { true } else { false } }
            let retry = try await log.wait(from: dropped + 1, "reconnecting") {
                if case .reconnecting(1, .milliseconds(200)) = $0 { true } else { false }
            }
            let resync = try await log.wait(from: retry + 1, "synced after reconnect", Self.isSynced)
            try await log.wait(from: resync + 1, "watching again", Self.isWatching)

            try await deliverAndSee(rig, log, store, account)
            await watcher.stop()
            await log.task.value
            #expect(log.events.last == .stopped(nil))
        }

        @Test func wrongPasswordStopsWithoutRetrying() async throws {
            let rig = try MailRig.require()
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: InitialSyncTests.dave.user, gmail: false)
            let watcher = InboxWatcher(account: account,
                                       credentials: .password(user: InitialSyncTests.dave.user, "not-dave-pass"),
                                       store: store, options: options(rig))
            let log = EventLog(watcher.events)
            await watcher.start()
            await log.task.value   // the stream ends on its own
            #expect(log.events.count == 1, "\(log.events)")
            guard case .stopped(let error?) = log.events.last else {
                Issue.record("expected .stopped(error), got \(log.events)"); return
            }
            #expect(error.isAuthenticationFailure)
            await watcher.stop()   // harmless after the end
        }

        @Test func stopEndsTheEventStream() async throws {
            let rig = try MailRig.require()
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: InitialSyncTests.dave.user, gmail: false)
            let watcher = InboxWatcher(account: account,
                                       credentials: .password(user: InitialSyncTests.dave.user, InitialSyncTests.dave.password),
                                       store: store, options: options(rig))
            let log = EventLog(watcher.events)
            await watcher.start()
            try await log.wait("watching", Self.isWatching)
            await watcher.stop()
            await log.task.value
            #expect(log.isFinished)
            #expect(log.events.last == .stopped(nil))
            #expect(log.events.filter { if case .stopped = $0 { true } else { false } }.count == 1)
        }

        @Test func idleIsReissuedAfterTheIntervalWithoutSyncing() async throws {
            let rig = try MailRig.require()
            let store = try MailStore.inMemory()
            let account = try base.makeAccount(store, rig: rig, email: InitialSyncTests.dave.user, gmail: false)
            var options = options(rig)
            options.reIdleInterval = .milliseconds(500)
            let watcher = InboxWatcher(account: account,
                                       credentials: .password(user: InitialSyncTests.dave.user, InitialSyncTests.dave.password),
                                       store: store, options: options)
            let log = EventLog(watcher.events)
            await watcher.start()
            let first = try await log.wait("watching", Self.isWatching)
            let second = try await log.wait(from: first + 1, timeout: .seconds(10), "second watching", Self.isWatching)
            try await log.wait(from: second + 1, timeout: .seconds(10), "third watching", Self.isWatching)
            await watcher.stop()
            await log.task.value
            // Same connection, no change: only the start-up sync, no reconnects.
            #expect(log.events.filter(Self.isSynced).count == 1, "\(log.events)")
            #expect(!log.events.contains { if case .disconnected = $0 { true } else { false } })
        }

        @Test func changeTrackerCountsNewMailFromExists() {
            var tracker = WatchChangeTracker(exists: 10)
            let keepAlive = tracker.apply(.ok(ResponseText(code: nil, text: "Still here")))
            #expect(!keepAlive)
            let grew = tracker.apply(.exists(12))
            let expunged = tracker.apply(.expunge(3))
            #expect(grew && expunged)
            #expect(tracker.exists == 11)
            let grewAgain = tracker.apply(.exists(12))
            #expect(grewAgain)
            let counted = tracker.takeNewMail()
            let countedAgain = tracker.takeNewMail()
            #expect(counted == 3 && countedAgain == 0)
            let flags = tracker.apply(.fetch(sequence: 1, items: []))
            #expect(flags)
        }

        @Test func backoffRepeatsItsLastStepAndAuthErrorsAreNotRetried() {
            let options = InboxWatcher.Options(backoff: [.seconds(1), .seconds(2), .seconds(5)])
            #expect([1, 2, 3, 4, 9].map(options.delay(forAttempt:)) == [.seconds(1), .seconds(2), .seconds(5), .seconds(5), .seconds(5)])
            #expect(!WatchLoop.isRetryable(.authentication(.authenticationFailed(serverMessage: "no", code: nil, details: nil))))
            #expect(!WatchLoop.isRetryable(.tokenUnavailable("x")))
            #expect(WatchLoop.isRetryable(.server(.serverBye("kicked"), folder: "INBOX")))
            #expect(WatchLoop.isRetryable(.connection(.connectionFailed(host: "h", port: 1, reason: "refused"))))
            #expect(!WatchLoop.isRetryable(.connection(.tlsFailure(.certificateUntrusted("self-signed")))))
        }
    }
}
