import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthStore

/// What an AI request in the conversation view came to. The page shows `ready` results, hides
/// everything on `unavailable` (no model: AI is simply absent, never an error), and replaces the
/// area with one quiet line on `failed` (the model broke or took too long).
enum AIOutcome<Value: Sendable>: Sendable {
    case ready(Value)
    case unavailable
    case failed(String)
}

/// Suggested replies for the page, and why there are none when the list is empty.
struct ReplySuggestions: Sendable {
    var replies: [SmartReply]
    var note: String? = nil
}

/// The web app's side of on-device AI for a conversation (spec §5.4.1, §5.6.3, §5.6.4): thread
/// summaries (cached by HearthAI's `ThreadSummaryService`) and smart replies (kept in memory
/// only, per newest message, so the reply composer does not generate them a second time),
/// from the chat model installed in the model directory — the same choice `hearth summarize`
/// and `hearth replies` make. Every request is bounded by a deadline on top of the model's own
/// hard limit, because the single inference queue may be busy with other work.
final class ConversationAI: Sendable {
    let manager: ModelManager
    /// A generator to use instead of the installed model (tests: a deterministic fake).
    private let override: (@Sendable () -> (any TextGenerator)?)?
    /// One summary computation per thread at a time: a second "Summarize" waits for the first.
    private let summaries = Locked<[ThreadID: Task<AIOutcome<ThreadSummaryService.Result>, Never>]>([:])
    /// Smart replies are for the conversation on screen: a newer request cancels the older one
    /// (moving through the list with j/k must not queue a generation per conversation passed).
    private let currentReplies = Locked<Task<AIOutcome<ReplySuggestions>, Never>?>(nil)
    private let recentReplies = Locked(RecentReplies())

    /// Which chat model is installed, remembered for a few seconds: every conversation asks, and
    /// a model whose verification stamp cannot be written would otherwise be re-hashed each time.
    private let installed = Locked<(checked: Date, model: (id: String, path: String)?)?>(nil)
    static let installedCheckInterval: TimeInterval = 10

    static let summaryDeadline: Duration = .seconds(60)
    static let repliesDeadline: Duration = .seconds(30)

    init(manager: ModelManager, override: (@Sendable () -> (any TextGenerator)?)? = nil) {
        self.manager = manager
        self.override = override
    }

    /// The chat model to run, or nil when none is installed (AI features are then absent).
    func generator() -> (any TextGenerator)? {
        if let override { return override() }
        let now = Date()
        let model = installed.withLock { cached -> (id: String, path: String)? in
            if let cached, now.timeIntervalSince(cached.checked) < Self.installedCheckInterval { return cached.model }
            let found = manager.installedModel(for: .generation).map { (id: $0.entry.id, path: $0.path) }
            cached = (now, found)
            return found
        }
        return model.map { LlamaTextGenerator(modelPath: $0.path, modelIdentifier: $0.id) }
    }

    /// Forgets which model is installed (after a download, an import or a delete).
    func modelsChanged() { installed.value = nil }

    var isAvailable: Bool { generator() != nil }

    /// The cached summary while it still describes the thread (same messages), else nil.
    static func cachedSummary(_ id: ThreadID, emails: [Email], store: MailStore) -> String? {
        guard let cached = try? store.threadSummary(id), cached.messageCount == emails.count,
              cached.lastEmailID == emails.last?.id, !cached.text.isEmpty else { return nil }
        return cached.text
    }

    /// The thread's summary: the valid cached one, else a new one (then cached).
    func summary(of id: ThreadID, store: MailStore) async -> AIOutcome<ThreadSummaryService.Result> {
        guard let generator = generator() else { return .unavailable }
        let task = summaries.withLock { running -> Task<AIOutcome<ThreadSummaryService.Result>, Never> in
            if let existing = running[id] { return existing }
            let task = Task<AIOutcome<ThreadSummaryService.Result>, Never> {
                let service = ThreadSummaryService(summarizer: ThreadSummarizer(generator: generator), emails: store, threads: store, store: store)
                return await Self.bounded(Self.summaryDeadline, what: "summary") { try await service.summary(of: id) }
            }
            running[id] = task
            return task
        }
        let outcome = await task.value
        summaries.withLock { running in running[id] = nil }
        return outcome
    }

    /// Three short replies (yes, a question, and a no or a thanks) to the message Reply answers (HearthApp's
    /// `SuggestedReplies`), with a note for the page when there are none.
    func replies(to id: ThreadID, store: MailStore) async -> AIOutcome<ReplySuggestions> {
        guard let generator = generator() else { return .unavailable }
        guard let emails = try? store.emails(inThread: id), let answering = ReplyDrafts.messageToAnswer(among: emails) else {
            return .failed("That conversation no longer exists.")
        }
        let key = answering.id.map { RecentReplies.Key(thread: id, newest: $0, model: generator.modelIdentifier) }
        if let key, let known = recentReplies.withLock({ $0.replies(for: key) }) { return .ready(ReplySuggestions(replies: known)) }
        let recent = recentReplies
        let task = Task<AIOutcome<ReplySuggestions>, Never> {
            let outcome = await Self.bounded(Self.repliesDeadline, what: "suggested replies") {
                let made = try await SuggestedReplies.suggest(for: id, store: store, generator: generator)
                return ReplySuggestions(replies: made.replies, note: made.note)
            }
            if let key, case .ready(let made) = outcome, !made.replies.isEmpty { recent.withLock { $0.remember(made.replies, for: key) } }
            return outcome
        }
        let previous = currentReplies.withLock { current -> Task<AIOutcome<ReplySuggestions>, Never>? in
            defer { current = task }
            return current
        }
        previous?.cancel()
        return await withTaskCancellationHandler { await task.value } onCancel: { task.cancel() }
    }

    /// Runs `work` with a deadline; every failure becomes a one-line note for the page.
    static func bounded<Value: Sendable>(_ deadline: Duration, what: String,
                                         _ work: @escaping @Sendable () async throws -> Value) async -> AIOutcome<Value> {
        await withTaskGroup(of: AIOutcome<Value>?.self) { group in
            group.addTask {
                do { return .ready(try await work()) } catch let error as AIError {
                    if error.meansUnavailable { return .unavailable }
                    return .failed(note(for: error, what: what))
                } catch is CancellationError {
                    return .failed("The \(what) request was cancelled.")
                } catch {
                    return .failed("No \(what): the local model failed.")
                }
            }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return Task.isCancelled ? nil : .failed("No \(what): the local model did not answer in time.")
            }
            var result: AIOutcome<Value> = .failed("No \(what).")
            while let next = await group.next() {
                if let next { result = next; break }
            }
            group.cancelAll()
            return result
        }
    }

    static func note(for error: AIError, what: String) -> String {
        switch error {
        case .timedOut: "No \(what): the local model did not answer in time."
        case .cancelled: "The \(what) request was cancelled."
        case .unusableOutput: "No \(what): the local model's answer was not usable."
        case .contextCreationFailed: "No \(what): not enough memory to run the local model right now."
        default: "No \(what): the local model failed."
        }
    }
}
