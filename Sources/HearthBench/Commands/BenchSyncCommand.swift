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

/// `hearth-bench sync`: initial and incremental IMAP sync against the mail rig (testenv/rig),
/// Hearth side by side with `mbsync` in the same run, on the same account.
///
/// Per size N the bench folder (default `HearthBench`) of the user is emptied and seeded with the
/// same N messages (`rig seed N --folder F --start 0`). `AccountSynchronizer` has no folder
/// filter, so both tools sync the WHOLE account (mbsync with `Patterns *`): the figures name the
/// number of messages actually synced. Every Hearth run is a child process
/// (`hearth-bench sync _run`), so wall time and peak RSS (wait4) are measured exactly as for mbsync.
struct BenchSyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Initial / incremental IMAP sync against the mail rig vs `mbsync` on the same account.",
        discussion: "Needs the rig (testenv/rig/rig up); endpoints from its sourced env file or $RIG_ENV_FILE.",
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

    @Option(help: "The rig command (default: $RIG_BIN, else testenv/rig/rig under the current directory).")
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
        let hearth = BenchEnvironment.selfExecutable()
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
            "sync", "_run", "--data-dir", dataDir, "--host", env.host, "--port", String(env.imapsPort),
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
        let candidates = [rig, ProcessInfo.processInfo.environment["RIG_BIN"], "testenv/rig/rig"]
        for case let path? in candidates where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path).standardizedFileURL.path
        }
        throw CLIError.notFound("no rig command (testenv/rig/rig under the current directory); pass --rig PATH or set RIG_BIN")
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
