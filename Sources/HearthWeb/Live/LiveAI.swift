import Foundation
import HearthAI
import HearthApp
import HearthCore

/// AI after sync in the web app (spec §5.6.6): after a sync stored new mail, the background
/// queue categorises it, embeds it for search and summarises conversations of 3+ messages,
/// then publishes one `ai` event:
///
///     event: ai
///     data: {"state":"done","categorized":12,"embedded":12,"summarized":[41,7],
///            "budgetExhausted":false,"seconds":8.4}
///
/// (`state` is "running" when a run starts, with only that field; `summarized` are thread ids
/// whose summary is new, so an open conversation can reload its summary.) Without a model
/// nothing runs and no event is sent.
extension WebApp {
    /// The queue of this app (one per app; inference itself is serialised process-wide by the
    /// shared inference host).
    var aiQueue: PostSyncAIQueue { LiveAIRegistry.queue(for: self) }

    /// Call after a sync stored mail (IDLE watcher, "sync now"); returns at once.
    public func runAIAfterSync() {
        let queue = aiQueue
        Task { await queue.mailArrived() }
    }

    /// The work with the installed models (the Settings model directory), or nil without any;
    /// the embedder search already holds is reused (loading it twice costs memory and seconds).
    func postSyncWork() async -> PostSyncAIWork? {
        let work = await AIAfterSync.work(store: store, modelDirectory: services.modelDirectory, embedder: await services.embedder?())
        if work != nil { hub.publish(.make("ai", ["state": "running"])) }
        return work
    }

    func publishAIReport(_ report: PostSyncAIWork.Report) {
        hub.publish(.make("ai", ["state": "done", "categorized": report.categorized, "embedded": report.embedded,
                                 "summarized": report.summarized, "budgetExhausted": report.budgetExhausted,
                                 "seconds": (report.seconds * 10).rounded() / 10]))
    }
}

/// One queue per live `WebApp`, without a stored property on it. Entries hold the app weakly,
/// so a new app at a reused address never inherits a dead app's queue.
enum LiveAIRegistry {
    private final class Entry: @unchecked Sendable {
        weak var app: WebApp?
        let queue: PostSyncAIQueue
        init(app: WebApp, queue: PostSyncAIQueue) { self.app = app; self.queue = queue }
    }

    private static let entries = Locked<[ObjectIdentifier: Entry]>([:])

    static func queue(for app: WebApp) -> PostSyncAIQueue {
        entries.withLock { entries in
            entries = entries.filter { $0.value.app != nil }
            if let entry = entries[ObjectIdentifier(app)], entry.app === app { return entry.queue }
            let queue = PostSyncAIQueue(makeWork: { [weak app] in await app?.postSyncWork() },
                                        onReport: { [weak app] report in app?.publishAIReport(report) },
                                        exclusive: AIAfterSync.exclusiveRun(dataDirectory: app.dataDirectory))
            entries[ObjectIdentifier(app)] = Entry(app: app, queue: queue)
            return queue
        }
    }
}
