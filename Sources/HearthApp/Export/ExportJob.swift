import Foundation
import HearthCore
import HearthMailbox
import Synchronization

/// "Export data" as a background job (Settings' progress bar in the web app, later SwiftUI):
/// one export at a time per job, its progress (messages done of all of them, then the ZIP being
/// made) readable at any moment, and the outcome kept until the next export. A second start
/// while one runs starts nothing and says so, so a second click never writes a second copy.
/// `cancel` stops it; what it wrote so far is removed.
public final class ExportJob: Sendable {
    public enum State: Sendable, Equatable {
        case idle
        case running(directory: URL, progress: MailExportProgress)
        /// Every message is written; the ZIP is being made.
        case packing(directory: URL, progress: MailExportProgress)
        case finished(ExportData.Outcome)
        case failed(directory: URL, message: String)
        /// Stopped by `cancel`; nothing of it was kept.
        case cancelled(directory: URL)

        public var isRunning: Bool {
            switch self {
            case .running, .packing: true
            default: false
            }
        }
    }

    /// What `start` did.
    public enum Start: Sendable, Equatable {
        case started(directory: URL)
        /// An export is already running (into this folder); nothing new was started.
        case alreadyRunning(directory: URL)
    }

    private let state = Mutex<State>(.idle)
    private let task = Mutex<Task<Void, Never>?>(nil)
    private let cancellation = Mutex<ExportArchive.Cancellation?>(nil)

    public init() {}

    public var current: State { state.withLock { $0 } }

    /// Checks where it goes at once (a bad folder throws, nothing starts), then exports in the
    /// background. `changed` hears every state change, progress at most every `interval`.
    /// Earlier exports' downloads and leftovers in the export area are removed first
    /// (`ExportArea.cleanUp`): one download is kept, the latest.
    @discardableResult
    public func start(_ request: ExportData.Request, in app: AppContext, interval: Duration = .milliseconds(200),
                      changed: @escaping @Sendable (State) -> Void = { _ in }) throws(AppError) -> Start {
        if case .running(let directory, _) = current { return .alreadyRunning(directory: directory) }
        if case .packing(let directory, _) = current { return .alreadyRunning(directory: directory) }
        let export = ExportData(app)
        let plan = try export.plan(request)
        let directory = plan.folder
        let claimed = state.withLock { current -> Bool in
            if current.isRunning { return false }
            current = .running(directory: directory, progress: MailExportProgress(done: 0, total: 0))
            return true
        }
        guard claimed else {
            ExportData.removePartial(plan)
            if case .running(let running, _) = current { return .alreadyRunning(directory: running) }
            return .alreadyRunning(directory: directory)
        }
        ExportArea(dataDirectory: app.dataDirectory).cleanUp(keeping: [plan.folder] + (plan.archive.map { [$0] } ?? []))
        changed(current)
        let throttle = Throttle(interval)
        let stop = ExportArchive.Cancellation()
        cancellation.withLock { $0 = stop }
        let job = Task.detached { [self] in
            let outcome: State
            do throws(AppError) {
                let done = try await export.run(plan, request, cancellation: stop, progress: { progress in
                    self.state.withLock { $0 = .running(directory: directory, progress: progress) }
                    if throttle.due(final: progress.done == 0 || progress.done == progress.total) {
                        changed(.running(directory: directory, progress: progress))
                    }
                }, packing: {
                    let packing = self.state.withLock { current -> State in
                        if case .running(_, let progress) = current { current = .packing(directory: directory, progress: progress) }
                        return current
                    }
                    changed(packing)
                })
                outcome = .finished(done)
            } catch {
                outcome = stop.isCancelled || ExportData.isCancellation(error)
                    ? .cancelled(directory: directory) : .failed(directory: directory, message: error.message)
            }
            self.state.withLock { $0 = outcome }
            changed(outcome)
        }
        task.withLock { $0 = job }
        return .started(directory: directory)
    }

    /// Stops the running export, if any; returns at once (the state becomes `cancelled` once
    /// what it wrote is removed: `wait` for it). False when nothing was running.
    @discardableResult
    public func cancel() -> Bool {
        guard current.isRunning else { return false }
        cancellation.withLock { $0 }?.cancel()
        task.withLock { $0 }?.cancel()
        return true
    }

    /// Waits for the running export, if any (tests, shutdown).
    public func wait() async {
        let running = task.withLock { $0 }
        await running?.value
    }

    /// Lets a progress report through at most every `interval` (and always the first and last).
    final class Throttle: Sendable {
        let interval: Duration
        private let last = Mutex<ContinuousClock.Instant?>(nil)
        init(_ interval: Duration) { self.interval = interval }
        func due(final: Bool) -> Bool {
            let now = ContinuousClock.now
            return last.withLock { previous in
                guard final || previous.map({ now - $0 >= interval }) ?? true else { return false }
                previous = now
                return true
            }
        }
    }
}
