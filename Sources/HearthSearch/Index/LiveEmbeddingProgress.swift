import Foundation
import HearthStore

/// The progress of the embedding run of this process (thread-safe), for indicators that poll:
/// set by `SearchIndexManager.embedPending` while it runs, nil otherwise.
///
/// One per open database, shared by every `SearchIndexManager` of it: the web app's background
/// AI run embeds through its own manager while the search screen asks the server's, and the
/// screen must see that run (its rate is what tells the user how long is left).
final class LiveEmbeddingProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var progress: SearchIndexManager.EmbeddingProgress?
    private var runs = 0

    var current: SearchIndexManager.EmbeddingProgress? { lock.withLock { progress } }

    func begin(_ start: SearchIndexManager.EmbeddingProgress) { lock.withLock { runs += 1; progress = start } }
    func update(_ now: SearchIndexManager.EmbeddingProgress) { lock.withLock { progress = now } }
    func end() { lock.withLock { runs -= 1; if runs == 0 { progress = nil } } }

    /// The progress of `database` (the store keeps one instance per open file, so every part
    /// of the process that searches it gets the same one).
    static func shared(for database: HearthDatabase) -> LiveEmbeddingProgress { registry.progress(for: database) }

    private static let registry = Registry()

    private final class Registry: @unchecked Sendable {
        private struct Entry { weak var database: HearthDatabase?; let progress: LiveEmbeddingProgress }
        private let lock = NSLock()
        private var entries: [ObjectIdentifier: Entry] = [:]

        func progress(for database: HearthDatabase) -> LiveEmbeddingProgress {
            lock.withLock {
                let key = ObjectIdentifier(database)
                if let entry = entries[key], entry.database === database { return entry.progress }
                // A closed database's entry goes (its identifier may be reused by a new one).
                entries = entries.filter { $0.value.database != nil }
                let progress = LiveEmbeddingProgress()
                entries[key] = Entry(database: database, progress: progress)
                return progress
            }
        }
    }
}
