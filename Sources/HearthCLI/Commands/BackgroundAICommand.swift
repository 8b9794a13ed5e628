import ArgumentParser
import Foundation
import HearthAI
import HearthApp
import HearthProcess
#if canImport(Glibc)
import Glibc
#endif

/// The AI step after `hearth sync`, away from the terminal: `sync` returns as soon as the mail is
/// stored and starts this detached process, which works through the backlog for at most the
/// AI time budget and exits. One per data directory at a time (`AIRunLock`); a later sync or
/// `hearth serve` picks up whatever is left.
enum BackgroundAI {
    /// The run's report lines, next to the store (0600 like every file there).
    static func logFile(_ engine: Engine) -> URL { engine.dataDirectory.appendingPathComponent("ai-after-sync.log") }

    /// Starts the background run unless no model is installed or one is already running.
    static func start(_ engine: Engine, quiet: Bool) {
        let models = ModelManager()
        guard models.installedModel(for: .embedding) != nil || models.installedModel(for: .generation) != nil else { return }
        guard !AIRunLock.isHeld(dataDirectory: engine.dataDirectory) else {
            if !quiet { StandardStreams.err("AI: a background run is already working on new mail") }
            return
        }
        let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        let log = logFile(engine)
        if !FileManager.default.fileExists(atPath: log.path) {
            FileManager.default.createFile(atPath: log.path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        // The shell starts the run in its own session and exits at once: the run outlives this
        // process, and Ctrl-C in the terminal does not reach it.
        let script = #"command -v setsid >/dev/null && exec_=setsid || exec_=; $exec_ "$0" "$@" </dev/null >>"$HEARTH_AI_LOG" 2>&1 &"#
        var environment = ProcessInfo.processInfo.environment
        environment["HEARTH_AI_LOG"] = log.path
        let started = (try? Subprocess.run("/bin/sh", ["-c", script, executable, "ai-after-sync", "--data-dir", engine.dataDirectory.path],
                                           environment: environment, timeout: 10))?.status == 0
        if !quiet {
            StandardStreams.err(started
                ? "AI: categorising, embedding and summarising new mail in the background (`hearth sync --wait-ai` waits for it)"
                : "AI: could not start the background run; the next sync tries again")
        }
    }
}

/// `hearth ai-after-sync` (hidden): the background run `sync` starts.
struct AIAfterSyncCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ai-after-sync", abstract: "Run the post-sync AI step once (started by `hearth sync`).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let engine = try Engine.open(global)
        guard let lock = AIRunLock.acquire(dataDirectory: engine.dataDirectory) else { return }
        defer { lock.release() }
        // Never past its bound: whatever a model call does, the process ends shortly after the budget.
        let bound = AIAfterSync.timeBudget + 30
        DispatchQueue.global().asyncAfter(deadline: .now() + bound) {
            StandardStreams.err("AI: stopped at the time limit (\(Int(bound)) s); the next sync continues")
            Foundation.exit(0)
        }
        guard let work = await AIAfterSync.work(store: engine.store) else { return }
        let report = await work.run()
        let stamp = ISO8601DateFormatter().string(from: Date())
        StandardStreams.err("\(stamp) " + AIReportText.describe(report))
    }
}
