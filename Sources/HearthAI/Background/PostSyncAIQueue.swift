import Foundation

/// Runs `PostSyncAIWork` in the background, one run at a time, for long-lived processes
/// (`hearth sync --watch`, the web app): each batch of new mail calls `mailArrived()`; a call
/// while a run is in progress is coalesced into one more run after it (the work reads its
/// backlog from the store, so nothing is lost by coalescing). Inference never runs twice at
/// once on the machine's few cores.
public actor PostSyncAIQueue {
    /// Builds the work for one run (models are looked up each time: one installed or deleted
    /// meanwhile is noticed). Nil: no model, nothing to do.
    public typealias WorkFactory = @Sendable () async -> PostSyncAIWork?
    public typealias ReportHandler = @Sendable (PostSyncAIWork.Report) async -> Void
    /// Takes the machine-wide right to run (another process — `hearth sync`'s background run —
    /// may hold it) and returns how to give it back, or nil while someone else has it.
    public typealias ExclusiveRun = @Sendable () -> (@Sendable () -> Void)?

    /// How often a run waiting for another process's run looks again.
    public static let retryWhileHeld: Duration = .seconds(10)

    private let makeWork: WorkFactory
    private let onReport: ReportHandler
    private let exclusive: ExclusiveRun?
    private var running: Task<Void, Never>?
    private var again = false
    private(set) public var runs = 0

    public init(makeWork: @escaping WorkFactory, onReport: @escaping ReportHandler = { _ in },
                exclusive: ExclusiveRun? = nil) {
        self.makeWork = makeWork
        self.onReport = onReport
        self.exclusive = exclusive
    }

    /// New mail was stored: start a run, or schedule one after the current run.
    public func mailArrived() {
        if running != nil { again = true; return }
        running = Task { await self.loop() }
    }

    /// Waits until no run is in progress or scheduled (tests, and `hearth sync` before exit).
    public func idle() async {
        while let task = running { await task.value }
    }

    /// Cancels the current run (it stops at its next check; what it stored stays).
    public func stop() {
        again = false
        running?.cancel()
    }

    private func loop() async {
        repeat {
            again = false
            // Another process working on the same store: wait for it instead of competing for
            // the same cores; its run ends within its budget, and this one then takes what is left.
            var release = exclusive?()
            while exclusive != nil, release == nil, !Task.isCancelled {
                try? await Task.sleep(for: Self.retryWhileHeld)
                release = exclusive?()
            }
            if Task.isCancelled { release?(); break }
            if let work = await makeWork() {
                let report = await work.run()
                runs += 1
                await onReport(report)
            }
            release?()
        } while again && !Task.isCancelled
        running = nil
    }
}
