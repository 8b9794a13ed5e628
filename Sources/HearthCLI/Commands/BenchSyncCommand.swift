import ArgumentParser
import Foundation
import HearthCore
import HearthIMAP
import HearthStore
import HearthSync
#if canImport(Glibc)
import Glibc
#endif

/// `hearth bench sync`: initial and incremental IMAP sync against the mail rig (testenv/rig),
/// Hearth side by side with `mbsync` in the same run, on the same account.
///
/// Per size N the bench folder (default `HearthBench`) of the user is emptied and seeded with the
/// same N messages (`rig seed N --folder F --start 0`). `AccountSynchronizer` has no folder
/// filter, so both tools sync the WHOLE account (mbsync with `Patterns *`): the figures name the
/// number of messages actually synced. Every Hearth run is a child process
/// (`hearth bench sync _run`), so wall time and peak RSS (wait4) are measured exactly as for mbsync.
struct BenchSyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Initial / incremental IMAP sync against the mail rig vs `mbsync` on the same account.",
        discussion: "Needs the rig (testenv/rig/rig up); endpoints from $RIG_ENV_FILE or /tmp/mailrig/env.",
        subcommands: [BenchSyncChildCommand.self])

    @Option(help: "Comma-separated message counts seeded into the bench folder.")
    var sizes: String = "1000,10000"

    @Option(help: "Runs per tool and size; medians are reported.")
    var reps: Int = 3

    @Option(help: "Rig user whose account is synced (the bench folder is reset in it).")
    var user: String = "carol@example.test"

    @Option(help: "The user's password.")
    var password: String = "carol-pass"

    @Option(help: "Folder of the user that holds the seeded messages (emptied and re-seeded per size).")
    var folder: String = "HearthBench"

    @Option(help: "The rig command (default: testenv/rig/rig, else ../shared/rig/rig).")
    var rig: String?

    @ArgumentParser.Flag(help: "Skip the `mbsync` comparison.")
    var noMbsync = false

    @ArgumentParser.Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        try reportingErrors(json: json) { try runBench() }
    }

    private func runBench() throws {
        let env = try RigEnvironment.load()
        let rigCommand = try rigPath()
        let counts = try sizes.split(separator: ",").map { part -> Int in
            guard let n = Int(part.trimmingCharacters(in: .whitespaces)), n > 0 else {
                throw CLIError.invalidInput("--sizes: \"\(part)\" is not a positive number")
            }
            return n
        }
        let mbsync = noMbsync ? nil : try ensureMbsync()
        let hearth = CommandLine.arguments[0].contains("/")
            ? URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL.path
            : (ChildProcess.which("hearth") ?? "hearth")
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        setenv(BenchSyncChildCommand.passwordVariable, password, 1)

        let mbsyncrc = work.appendingPathComponent("mbsyncrc")
        // Leave the account as found: the bench folder (up to 872 MB) is removed at the end.
        defer {
            let rig = RigTool(path: rigCommand)
            _ = try? rig.run(["doveadm", "expunge", "-u", user, "mailbox", folder, "all"], check: false)
            _ = try? rig.run(["doveadm", "mailbox", "delete", "-u", user, folder], check: false)
        }
        var results: [BenchSyncSizeResult] = []
        for n in counts {
            StandardStreams.err("bench: N=\(n): resetting \(user) \(folder) and seeding \(n) messages…")
            let rig = RigTool(path: rigCommand)
            _ = try rig.run(["doveadm", "expunge", "-u", user, "mailbox", folder, "all"], check: false)
            _ = try rig.run(["seed", String(n), "--user", user, "--folder", folder, "--start", "0"])
            let inFolder = try rig.status(user: user, folder: folder, field: "messages")
            guard inFolder == n else { throw CLIError.io("\(folder) holds \(inFolder) messages after seeding, expected \(n)") }
            let accountTotal = try rig.accountMessages(user: user)
            StandardStreams.err("bench: \(folder) holds \(n); the whole account \(accountTotal)")

            var runs: [BenchSyncRun] = []
            for rep in 1...max(1, reps) {
                var run = BenchSyncRun()
                let dataDir = work.appendingPathComponent("hearth-\(n)-\(rep)").path
                let maildir = work.appendingPathComponent("mbsync-\(n)-\(rep)").path
                run.hearthFull = try hearthRun(hearth, env: env, dataDir: dataDir, work: work, label: "full")
                if let mbsync {
                    try FileManager.default.createDirectory(atPath: maildir, withIntermediateDirectories: true)
                    try MbsyncConfig.write(to: mbsyncrc, env: env, user: user, password: password, maildir: maildir)
                    run.mbsyncFull = try mbsyncRun(mbsync, rc: mbsyncrc, maildir: maildir)
                }
                // +10: seeded into the bench folder (rig deliver only reaches INBOX), removed afterwards.
                let uidNext = try rig.status(user: user, folder: folder, field: "uidnext")
                _ = try rig.run(["seed", "10", "--user", user, "--folder", folder])
                defer { _ = try? rig.run(["doveadm", "expunge", "-u", user, "mailbox", folder, "uid", "\(uidNext):*"], check: false) }
                Thread.sleep(forTimeInterval: 1.1)
                run.hearthIncremental = try hearthRun(hearth, env: env, dataDir: dataDir, work: work, label: "+10")
                if let mbsync {
                    // isync waits for the next clock second when its maildir changed in this one.
                    Thread.sleep(forTimeInterval: 1.1)
                    run.mbsyncIncremental = try mbsyncRun(mbsync, rc: mbsyncrc, maildir: maildir)
                }
                StandardStreams.err("bench: N=\(n) rep \(rep): " + run.summary)
                runs.append(run)
                try? FileManager.default.removeItem(atPath: dataDir)
                try? FileManager.default.removeItem(atPath: maildir)
            }
            results.append(BenchSyncSizeResult(seeded: n, folder: folder, accountMessages: accountTotal, runs: runs))
        }
        let result = BenchSyncResult(user: user, date: ISO8601DateFormatter().string(from: Date()), sizes: results)
        StandardStreams.out(json ? try JSONOutput.render("bench.sync", result) : result.table)
    }

    private func hearthRun(_ hearth: String, env: RigEnvironment, dataDir: String, work: URL, label: String) throws -> BenchSyncMeasurement {
        let resultFile = work.appendingPathComponent("child-result.json")
        try? FileManager.default.removeItem(at: resultFile)
        let m = try ChildProcess.measure(hearth, [
            "bench", "sync", "_run", "--data-dir", dataDir, "--host", env.host, "--port", String(env.imapsPort),
            "--ca", env.caFile, "--login", user, "--result", resultFile.path])
        guard m.exitStatus == 0 else {
            let why = (try? String(contentsOfFile: resultFile.path + ".error", encoding: .utf8)) ?? "no message"
            throw CLIError.io("hearth sync (\(label)) failed with status \(m.exitStatus): \(why)")
        }
        let child = try JSONDecoder().decode(BenchSyncChildResult.self, from: Data(contentsOf: resultFile))
        // Time to the first 50 threads only means something for a sync into an empty store.
        return BenchSyncMeasurement(seconds: m.seconds, peakRSSBytes: m.peakRSSBytes, messages: child.messages,
                                    syncSeconds: child.seconds,
                                    first50ThreadsSeconds: label == "full" ? child.first50ThreadsSeconds : nil)
    }

    private func mbsyncRun(_ mbsync: String, rc: URL, maildir: String) throws -> BenchSyncMeasurement {
        let before = MbsyncConfig.countMessages(in: maildir)
        let m = try ChildProcess.measure(mbsync, ["-q", "-c", rc.path, "-a"])
        guard m.exitStatus == 0 else { throw CLIError.io("mbsync failed with status \(m.exitStatus) (config: \(rc.path))") }
        return BenchSyncMeasurement(seconds: m.seconds, peakRSSBytes: m.peakRSSBytes,
                                    messages: MbsyncConfig.countMessages(in: maildir) - before)
    }

    private func rigPath() throws -> String {
        let candidates = [rig, ProcessInfo.processInfo.environment["RIG_BIN"], "testenv/rig/rig", "../shared/rig/rig"]
        for case let path? in candidates where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
        throw CLIError.notFound("no rig command (testenv/rig/rig); pass --rig PATH")
    }

    private func ensureMbsync() throws -> String {
        if let found = ChildProcess.which("mbsync") { return found }
        StandardStreams.err("bench: `mbsync` not found: installing isync (apt-get install -y isync)…")
        setenv("DEBIAN_FRONTEND", "noninteractive", 1)
        let m = try ChildProcess.measure("apt-get", ["install", "-y", "-q", "--no-install-recommends", "isync"])
        guard m.exitStatus == 0, let found = ChildProcess.which("mbsync") else {
            throw CLIError.notFound("cannot install isync (mbsync); pass --no-mbsync to skip the comparison")
        }
        return found
    }
}

/// `hearth bench sync _run` (hidden): one account sync into `--data-dir`, creating the account on
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
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { box.set(.success(try await synchronizer.run())) } catch { box.set(.failure(error)) }
            done.signal()
        }
        done.wait()
        let synced = try box.get()
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

private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Result<AccountSyncResult, any Error>?
    func set(_ v: Result<AccountSyncResult, any Error>) { lock.withLock { value = v } }
    func get() throws -> AccountSyncResult {
        guard let value = lock.withLock({ value }) else { throw CLIError.io("the sync did not finish") }
        return try value.get()
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

/// Rig endpoints from the `export NAME=value  # comment` lines of `$RIG_ENV_FILE` or /tmp/mailrig/env.
struct RigEnvironment {
    var host: String
    var imapsPort: Int
    var caFile: String

    static func load() throws -> RigEnvironment {
        let path = ProcessInfo.processInfo.environment["RIG_ENV_FILE"] ?? "/tmp/mailrig/env"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw CLIError.notFound("no rig environment at \(path): start the rig: testenv/rig/rig up")
        }
        let values = parse(text)
        guard let port = values["RIG_IMAPS_PORT"].flatMap(Int.init), let ca = values["RIG_CA"] else {
            throw CLIError.invalidInput("\(path) has no RIG_IMAPS_PORT / RIG_CA: start the rig: testenv/rig/rig up")
        }
        return RigEnvironment(host: values["RIG_HOST"] ?? "127.0.0.1", imapsPort: port, caFile: ca)
    }

    static func parse(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for raw in text.split(separator: "\n") {
            var line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#") else { continue }
            if line.hasPrefix("export ") { line.removeFirst("export ".count) }
            guard let eq = line.firstIndex(of: "=") else { continue }
            let name = String(line[..<eq])
            var value = String(line[line.index(after: eq)...])
            if value.hasPrefix("\"") {
                value.removeFirst()
                value = String(value.prefix { $0 != "\"" })
            } else {
                value = String(value.prefix { $0 != " " && $0 != "\t" && $0 != "#" })
            }
            values[name] = value
        }
        return values
    }
}

/// Runs the rig script and reads mailbox state through `rig doveadm`.
struct RigTool {
    let path: String

    @discardableResult
    func run(_ arguments: [String], check: Bool = true) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if check && process.terminationStatus != 0 {
            throw CLIError.io("rig \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): \(text.suffix(500))")
        }
        return text
    }

    func status(user: String, folder: String, field: String) throws -> Int {
        let text = try run(["doveadm", "mailbox", "status", "-u", user, field, folder])
        guard let value = text.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) else {
            throw CLIError.io("cannot read \(field) of \(folder): \(text)")
        }
        return value
    }

    /// Messages in every folder of the account (what a whole-account sync fetches).
    func accountMessages(user: String) throws -> Int {
        let list = try run(["doveadm", "mailbox", "list", "-u", user])
        return try list.split(separator: "\n").map { String($0).trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            .reduce(0) { $0 + (try status(user: user, folder: $1, field: "messages")) }
    }
}

/// The mbsync set-up of testenv/rig/bench/anchors.py: IMAPS to `localhost` with the rig CA,
/// PLAIN, `FSync no`, here with `Patterns *` (the whole account, like Hearth).
enum MbsyncConfig {
    static func write(to url: URL, env: RigEnvironment, user: String, password: String, maildir: String) throws {
        let text = """
        FSync no

        IMAPAccount rig
        Host localhost
        Port \(env.imapsPort)
        User \(user)
        Pass \(password)
        SSLType IMAPS
        CertificateFile \(env.caFile)
        AuthMechs PLAIN
        PipelineDepth 50

        IMAPStore rig-remote
        Account rig

        MaildirStore rig-local
        Path \(maildir)/
        Inbox \(maildir)/INBOX
        SubFolders Verbatim

        Channel rig
        Far :rig-remote:
        Near :rig-local:
        Patterns *
        Create Near
        SyncState *

        """
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Files in every `cur/` and `new/` under the maildir root.
    static func countMessages(in root: String) -> Int {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return 0 }
        var count = 0
        while let path = walker.nextObject() as? String {
            let parent = (path as NSString).deletingLastPathComponent
            let last = (parent as NSString).lastPathComponent
            if last == "cur" || last == "new" { count += 1 }
        }
        return count
    }
}

struct BenchSyncMeasurement: Codable {
    var seconds: Double
    var peakRSSBytes: Int64
    /// Messages stored by this run (Hearth: inserted + linked; mbsync: new maildir files).
    var messages: Int
    /// Hearth only: the sync inside the child (store open → sync done), without process start.
    var syncSeconds: Double? = nil
    var first50ThreadsSeconds: Double? = nil
}

struct BenchSyncRun: Codable {
    var hearthFull: BenchSyncMeasurement?
    var mbsyncFull: BenchSyncMeasurement?
    var hearthIncremental: BenchSyncMeasurement?
    var mbsyncIncremental: BenchSyncMeasurement?

    var summary: String {
        func f(_ name: String, _ m: BenchSyncMeasurement?) -> String? {
            m.map { String(format: "%@ %.2f s (%d msgs)", name, $0.seconds, $0.messages) }
        }
        return [f("hearth full", hearthFull), f("mbsync full", mbsyncFull),
                f("hearth +10", hearthIncremental), f("mbsync +10", mbsyncIncremental)]
            .compactMap { $0 }.joined(separator: ", ")
    }
}

/// Medians of one operation over the repetitions.
struct BenchSyncOperation: Encodable {
    let runs: Int
    let messages: Int
    let medianSeconds: Double
    let minSeconds: Double
    let maxSeconds: Double
    let messagesPerSecond: Double
    let medianPeakRSSMB: Double
    let medianFirst50ThreadsSeconds: Double?

    init?(_ all: [BenchSyncMeasurement?]) {
        let ms = all.compactMap { $0 }
        guard !ms.isEmpty else { return nil }
        runs = ms.count
        messages = Int(Statistics.median(ms.map { Double($0.messages) }))
        medianSeconds = Statistics.median(ms.map(\.seconds))
        minSeconds = ms.map(\.seconds).min() ?? 0
        maxSeconds = ms.map(\.seconds).max() ?? 0
        messagesPerSecond = medianSeconds > 0 ? Double(messages) / medianSeconds : 0
        medianPeakRSSMB = Statistics.median(ms.map { Double($0.peakRSSBytes) / 1_048_576 })
        let first = ms.compactMap(\.first50ThreadsSeconds)
        medianFirst50ThreadsSeconds = first.isEmpty ? nil : Statistics.median(first)
    }
}

struct BenchSyncSizeResult: Encodable {
    let seeded: Int
    let folder: String
    /// Messages in the whole account on the server (what a full sync fetches).
    let accountMessages: Int
    let runs: [BenchSyncRun]

    var hearthFull: BenchSyncOperation? { BenchSyncOperation(runs.map(\.hearthFull)) }
    var mbsyncFull: BenchSyncOperation? { BenchSyncOperation(runs.map(\.mbsyncFull)) }
    var hearthIncremental: BenchSyncOperation? { BenchSyncOperation(runs.map(\.hearthIncremental)) }
    var mbsyncIncremental: BenchSyncOperation? { BenchSyncOperation(runs.map(\.mbsyncIncremental)) }
    /// Hearth wall time / mbsync wall time (< 1: Hearth is faster).
    var fullRatio: Double? { ratio(hearthFull, mbsyncFull) }
    var incrementalRatio: Double? { ratio(hearthIncremental, mbsyncIncremental) }

    private func ratio(_ a: BenchSyncOperation?, _ b: BenchSyncOperation?) -> Double? {
        guard let a, let b, b.medianSeconds > 0 else { return nil }
        return a.medianSeconds / b.medianSeconds
    }

    enum CodingKeys: String, CodingKey {
        case seeded, folder, accountMessages, hearthFull, mbsyncFull, hearthIncremental, mbsyncIncremental
        case fullRatio, incrementalRatio, runs
    }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(seeded, forKey: .seeded); try c.encode(folder, forKey: .folder)
        try c.encode(accountMessages, forKey: .accountMessages)
        try c.encodeIfPresent(hearthFull, forKey: .hearthFull); try c.encodeIfPresent(mbsyncFull, forKey: .mbsyncFull)
        try c.encodeIfPresent(hearthIncremental, forKey: .hearthIncremental)
        try c.encodeIfPresent(mbsyncIncremental, forKey: .mbsyncIncremental)
        try c.encodeIfPresent(fullRatio, forKey: .fullRatio)
        try c.encodeIfPresent(incrementalRatio, forKey: .incrementalRatio)
        try c.encode(runs, forKey: .runs)
    }
}

struct BenchSyncResult: Encodable {
    let user: String
    let date: String
    let sizes: [BenchSyncSizeResult]

    var table: String {
        var lines: [String] = []
        for size in sizes {
            lines.append("sync of \(user): \(size.seeded) seeded in \(size.folder), \(size.accountMessages) in the account, medians of \(size.runs.count) run(s)")
            lines.append("operation          msgs  seconds (min-max)     msgs/s  peak RSS  first 50 threads")
            func row(_ name: String, _ op: BenchSyncOperation?) {
                guard let op else { return }
                let first = op.medianFirst50ThreadsSeconds.map { String(format: "%.2f s", $0) } ?? "-"
                lines.append(TextRendering.fit(name, 16) + String(format: " %6d %8.2f (%.2f-%.2f) %8.0f %6.0f MB  ",
                    op.messages, op.medianSeconds, op.minSeconds, op.maxSeconds, op.messagesPerSecond, op.medianPeakRSSMB) + first)
            }
            row("hearth full", size.hearthFull)
            row("mbsync full", size.mbsyncFull)
            row("hearth +10", size.hearthIncremental)
            row("mbsync +10", size.mbsyncIncremental)
            if let r = size.fullRatio { lines.append(String(format: "hearth/mbsync wall time, full: %.2f", r)) }
            if let r = size.incrementalRatio { lines.append(String(format: "hearth/mbsync wall time, +10: %.2f", r)) }
            lines.append("")
        }
        return lines.joined(separator: "\n").trimmingCharacters(in: .newlines)
    }
}
