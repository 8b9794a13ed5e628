import Foundation
import HearthCore
import HearthMailbox
import Synchronization

/// "Export data" as a background job (Settings' progress bar in the web app, later SwiftUI):
/// one export at a time per job, its progress (messages done of all of them) readable at any
/// moment, and the outcome kept until the next export. A second start while one runs starts
/// nothing and says so, so a second click never writes a second copy.
public final class ExportJob: Sendable {
    public enum State: Sendable, Equatable {
        case idle
        case running(directory: URL, progress: MailExportProgress)
        case finished(ExportData.Outcome)
        case failed(directory: URL, message: String)
    }

    /// What `start` did.
    public enum Start: Sendable, Equatable {
        case started(directory: URL)
        /// An export is already running (into this folder); nothing new was started.
        case alreadyRunning(directory: URL)
    }

    private let state = Mutex<State>(.idle)
    private let task = Mutex<Task<Void, Never>?>(nil)

    public init() {}

    public var current: State { state.withLock { $0 } }

    /// Checks the folder at once (a bad one throws, nothing starts), then exports in the
    /// background. `changed` hears every state change, progress at most every `interval`.
    @discardableResult
    public func start(_ request: ExportData.Request, in app: AppContext, interval: Duration = .milliseconds(200),
                      changed: @escaping @Sendable (State) -> Void = { _ in }) throws(AppError) -> Start {
        if case .running(let directory, _) = current { return .alreadyRunning(directory: directory) }
        let export = ExportData(app)
        var fixed = request
        fixed.directory = try export.destination(for: request)
        let directory = fixed.directory ?? app.dataDirectory
        let claimed = state.withLock { current -> Bool in
            if case .running = current { return false }
            current = .running(directory: directory, progress: MailExportProgress(done: 0, total: 0))
            return true
        }
        guard claimed else {
            if case .running(let running, _) = current { return .alreadyRunning(directory: running) }
            return .alreadyRunning(directory: directory)
        }
        changed(current)
        let throttle = Throttle(interval)
        let job = Task.detached { [self] in
            let outcome: State
            do {
                let done = try await export(fixed) { progress in
                    self.state.withLock { $0 = .running(directory: directory, progress: progress) }
                    if throttle.due(final: progress.done == 0 || progress.done == progress.total) {
                        changed(.running(directory: directory, progress: progress))
                    }
                }
                // One file to download as well; the folder is the export, so a ZIP that cannot
                // be written (disk full) leaves the export done, only without the download.
                var packed = done
                packed.archive = try? ExportArchive.zip(done.directory)
                outcome = .finished(packed)
            } catch {
                outcome = .failed(directory: directory, message: (error as? AppError)?.message ?? "\(error)")
            }
            self.state.withLock { $0 = outcome }
            changed(outcome)
        }
        task.withLock { $0 = job }
        return .started(directory: directory)
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
