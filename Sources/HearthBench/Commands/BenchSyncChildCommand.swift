import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import HearthIMAP
import HearthStore
import HearthSync
#if canImport(Glibc)
import Glibc
#endif

/// `hearth-bench sync _run` (hidden): one account sync into `--data-dir`, creating the account on
/// the first run (initial sync) and reusing it afterwards (incremental). Writes
/// `BenchSyncChildResult` as JSON to `--result`. The password comes from the environment.
struct BenchSyncChildCommand: ParsableCommand {
    static let passwordVariable = "HEARTH_BENCH_PASSWORD"
    static let configuration = CommandConfiguration(commandName: "_run", shouldDisplay: false)

    @Option var dataDir: String
    @Option var host: String
    @Option var port: Int
    @Option var ca: String
    @Option(name: .customLong("login")) var user: String
    @Option var result: String

    /// The child's stdout and stderr go to /dev/null (the sync logs every folder at info level);
    /// an error is written next to the result file for the parent to report.
    func run() throws {
        do {
            try runSync()
        } catch {
            try? String(describing: error).write(toFile: result + ".error", atomically: true, encoding: .utf8)
            throw error
        }
    }

    private func runSync() throws {
        let password = ProcessInfo.processInfo.environment[Self.passwordVariable] ?? ""
        let started = DispatchTime.now()
        let store = try MailStore.open(directory: URL(fileURLWithPath: dataDir))
        let account = try store.accounts().first { $0.email == user } ?? store.create(Account(
            email: user, displayName: user, provider: .imap, authType: .password,
            imap: ServerEndpoint(host: host, port: port, security: .implicitTLS, extraCAFile: ca),
            syncWindowDays: nil))
        let configuration = IMAPConfiguration(host: host, port: port, security: .implicitTLS, serverName: "localhost",
                                              extraCAFile: ca, connectTimeout: .seconds(15), readTimeout: .seconds(120))
        let probe = FirstThreadsProbe(store: store, started: started)
        let synchronizer = AccountSynchronizer(
            account: account, credentials: .password(user: user, password), store: store,
            options: .init(batchSize: 100, imapConfiguration: configuration),
            progress: { _ in probe.check() })
        let synced = try AsyncBridge.run { try await synchronizer.run() }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        probe.check(force: true)
        let output = BenchSyncChildResult(seconds: seconds, messages: synced.inserted + synced.linked,
                                          inserted: synced.inserted, linked: synced.linked, bytes: synced.bytes,
                                          first50ThreadsSeconds: probe.reachedAfter)
        try JSONEncoder().encode(output).write(to: URL(fileURLWithPath: result))
    }
}

/// Records when the store first answers a 50-thread list with 50 threads (what a UI shows first).
/// Queried from the progress callback, at most every 5 ms.
final class FirstThreadsProbe: @unchecked Sendable {
    private let lock = NSLock()
    private let store: MailStore
    private let started: DispatchTime
    private var lastCheck: UInt64 = 0
    private var reached: Double?

    init(store: MailStore, started: DispatchTime) { self.store = store; self.started = started }

    var reachedAfter: Double? { lock.withLock { reached } }

    func check(force: Bool = false) {
        lock.withLock {
            guard reached == nil else { return }
            let now = DispatchTime.now().uptimeNanoseconds
            guard force || now - lastCheck > 5_000_000 else { return }
            lastCheck = now
            if let threads = try? store.threads(ThreadQuery(limit: 50)), threads.count >= 50 {
                reached = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            }
        }
    }
}

struct BenchSyncChildResult: Codable {
    var seconds: Double
    var messages: Int
    var inserted: Int
    var linked: Int
    var bytes: Int
    var first50ThreadsSeconds: Double?
}
