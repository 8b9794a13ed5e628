import Foundation
import HearthAI

/// Model downloads started from Settings › AI (FR-SET-04): one background task per model,
/// progress published as `model` server-sent events, cancellable. The work itself — HTTPS only,
/// Range resume from the `.partial` file, SHA-256 verification, deletion on mismatch — is
/// HearthAI's `ModelManager`/`ModelDownloader`; this only runs it outside the request and
/// remembers where it stands so a reloaded page shows the same state.
final class ModelDownloads: Sendable {
    struct State: Sendable, Encodable {
        enum Phase: String, Sendable, Encodable { case downloading, verifying, installed, failed, cancelled }
        var model: String
        var phase: Phase
        var receivedBytes: Int64
        var totalBytes: Int64?
        var message: String?
    }

    private let tasks = Locked<[String: Task<Void, Never>]>([:])
    private let states = Locked<[String: State]>([:])
    private let hub: EventHub

    /// Called when a download installed a model (the conversation view re-checks what is installed).
    private let onInstalled: @Sendable () -> Void

    init(hub: EventHub, onInstalled: @escaping @Sendable () -> Void = {}) { self.hub = hub; self.onInstalled = onInstalled }

    func state(of model: String) -> State? { states.value[model] }

    var isAnyRunning: Bool { !tasks.value.isEmpty }

    /// Starts the download unless one is already running for this model.
    func start(_ model: String, manager: ModelManager) {
        let total = manager.catalog.entry(model)?.sizeBytes
        tasks.withLock { running in
            guard running[model] == nil else { return }
            update(State(model: model, phase: .downloading, receivedBytes: 0, totalBytes: total))
            running[model] = Task { [self] in
                let outcome: State
                do {
                    _ = try await manager.download(model) { progress in
                        let phase: State.Phase = progress.totalBytes.map { progress.receivedBytes >= $0 } == true ? .verifying : .downloading
                        self.update(State(model: model, phase: phase, receivedBytes: progress.receivedBytes,
                                           totalBytes: progress.totalBytes ?? total))
                    }
                    outcome = State(model: model, phase: .installed, receivedBytes: total ?? 0, totalBytes: total, message: "Installed and verified (SHA-256).")
                } catch ModelDownloadError.cancelled {
                    outcome = State(model: model, phase: .cancelled, receivedBytes: 0, totalBytes: total,
                                    message: "Download cancelled. Downloading again resumes where it stopped.")
                } catch let error as ModelDownloadError {
                    outcome = State(model: model, phase: .failed, receivedBytes: 0, totalBytes: total, message: error.description)
                } catch {
                    outcome = State(model: model, phase: .failed, receivedBytes: 0, totalBytes: total, message: "\(error)")
                }
                if outcome.phase == .installed { self.onInstalled() }
                self.update(outcome)
                _ = self.tasks.withLock { $0.removeValue(forKey: model) }
            }
        }
    }

    /// Cancels a running download (the partial file stays, so the next attempt resumes).
    /// True when there was one.
    @discardableResult
    func cancel(_ model: String) -> Bool {
        guard let task = tasks.value[model] else { return false }
        task.cancel()
        return true
    }

    /// Forgets a finished download's outcome (after the page showed it, or the model was deleted).
    func clear(_ model: String) {
        states.withLock { $0[model] = nil }
    }

    func cancelAll() {
        tasks.value.values.forEach { $0.cancel() }
    }

    /// Every download's latest state as the `model` event it was published as: a page that
    /// connects after a download moved on (or finished) still learns where it stands.
    func currentEvents() -> [LiveEvent] {
        states.value.values.sorted { $0.model < $1.model }.map(Self.event)
    }

    private func update(_ state: State) {
        states.withLock { $0[state.model] = state }
        hub.publish(Self.event(state))
    }

    private static func event(_ state: State) -> LiveEvent {
        var fields: [String: any Sendable] = ["model": state.model, "phase": state.phase.rawValue, "received": state.receivedBytes]
        if let total = state.totalBytes { fields["total"] = total }
        if let message = state.message { fields["message"] = message }
        return .make("model", fields)
    }
}
