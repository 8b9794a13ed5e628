import Foundation
import HearthAI
import HearthCore
import HearthSearch
import HearthStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The on-device AI work after a sync (spec §5.6.6): categorise, embed for search, summarise
/// conversations of 3+ messages, bounded in time. Built here once, with whatever models are
/// installed, for `hearth sync`'s background run, `sync --watch` and the web app's watchers.
public enum AIAfterSync {
    /// Seconds one run may take, all stages together.
    public static let timeBudget = 120.0

    /// The work with the installed models (`embedder`: one the caller already holds, e.g. the
    /// web app's search model, so it is not loaded twice); nil when no model is installed
    /// (nothing to do, and nothing is written).
    public static func work(store: MailStore, modelDirectory: URL? = nil, embedder preloaded: (any TextEmbedder)? = nil,
                            limits: PostSyncAIWork.Limits = PostSyncAIWork.Limits(timeBudget: timeBudget)) async -> PostSyncAIWork? {
        let manager = ModelManager(directory: modelDirectory ?? ModelManager.defaultDirectory)
        var embedder = preloaded
        if embedder == nil, let installed = manager.installedModel(for: .embedding) {
            embedder = try? await LlamaTextEmbedder.open(modelPath: installed.path, modelIdentifier: installed.entry.id)
        }
        let generator = manager.installedModel(for: .generation).map {
            LlamaTextGenerator(modelPath: $0.path, modelIdentifier: $0.entry.id)
        }
        guard embedder != nil || generator != nil else { return nil }
        let index = SearchEngine(store: store).indexManager
        return PostSyncAIWork(store: store, embedder: embedder, generator: generator, indexVectors: { embedder, limit in
            try await index.embedPending(using: embedder, batchSize: limit, limit: limit)
        }, limits: limits)
    }

    /// The queue's `exclusive` for a data directory: the same cross-process lock as `hearth
    /// sync`'s background run, so a long-lived process (the web app, `sync --watch`) and that run
    /// take turns instead of loading the models twice and splitting the cores.
    public static func exclusiveRun(dataDirectory: URL) -> PostSyncAIQueue.ExclusiveRun {
        return { () -> (@Sendable () -> Void)? in
            guard let lock = AIRunLock.acquire(dataDirectory: dataDirectory) else { return nil }
            return { lock.release() }
        }
    }
}

/// One background AI run per data directory at a time, across processes: `hearth sync` starts a
/// background run after each sync, and a second one started while the first still works would
/// only compete for the same few cores (the work reads its backlog from the store, so the
/// running one picks up what the later sync stored, or the next run does).
public final class AIRunLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock, or nil when another process holds it.
    public static func acquire(dataDirectory: URL) -> AIRunLock? {
        let path = dataDirectory.appendingPathComponent("ai-after-sync.lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { close(fd); return nil }
        return AIRunLock(descriptor: fd)
    }

    /// True when a background run holds the lock now.
    public static func isHeld(dataDirectory: URL) -> Bool {
        guard let lock = acquire(dataDirectory: dataDirectory) else { return true }
        lock.release()
        return false
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    public func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
