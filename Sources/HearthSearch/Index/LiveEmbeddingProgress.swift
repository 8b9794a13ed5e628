import Foundation

/// The progress of the embedding run of this process (thread-safe), for indicators that poll:
/// set by `SearchIndexManager.embedPending` while it runs, nil otherwise.
final class LiveEmbeddingProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: SearchIndexManager.EmbeddingProgress?
    private var runs = 0

    var current: SearchIndexManager.EmbeddingProgress? { lock.withLock { progress } }

    func begin(_ start: SearchIndexManager.EmbeddingProgress) { lock.withLock { runs += 1; progress = start } }
    func update(_ now: SearchIndexManager.EmbeddingProgress) { lock.withLock { progress = now } }
    func end() { lock.withLock { runs -= 1; if runs == 0 { progress = nil } } }
}
