import Foundation
import HearthCore

/// What the background AI work reads and writes: emails, threads, AI results and the backlog.
public typealias PostSyncAIStore = EmailRepository & ThreadRepository & AIRepository & AIBacklogRepository

/// The AI processing pipeline of spec §5.6.6, run after sync has stored new mail: categorise
/// what is uncategorised (signals → embedding classifier → LLM only for the unsure, when a chat
/// model is present), embed new emails into the search vector store, and write the automatic
/// summaries of threads with 3+ messages (cached; a thread that grew is summarised again).
///
/// Bounded: everything stops at `limits.timeBudget` (what is stored stays stored; the rest is
/// picked up by the next run, since every stage works from the store's backlog, not from the
/// sync's result). Never throws: a failing stage is reported and the others still run.
/// No models at all: nothing is done and nothing is written (the client works without AI).
public struct PostSyncAIWork: Sendable {
    /// Embeds up to `limit` emails without a vector into the search index and returns how many
    /// it stored. Supplied by the app (HearthSearch's index manager), so HearthAI does not
    /// depend on the search module.
    public typealias VectorIndexing = @Sendable (_ embedder: any TextEmbedder, _ limit: Int) async throws -> Int

    public struct Limits: Sendable, Hashable {
        /// Wall-clock seconds for one run, all stages together.
        public var timeBudget: Double
        /// Emails categorised per store round trip (one embedding batch).
        public var categorizeBatch: Int
        /// Emails embedded per call of `VectorIndexing`.
        public var embedBatch: Int
        /// Automatic summaries written per run at most (each is seconds of LLM time).
        public var maxSummaries: Int
        /// Hard limit per summary (the generator aborts inside llama.cpp past it). Longer than
        /// the interactive 20 s: nobody waits on a background summary, and on a busy machine a
        /// 0.5B model was measured at 20–40 s for one.
        public var summaryTimeout: Double
        /// Emails the LLM may look at per categorisation batch.
        public var llmPerBatch: Int

        public init(timeBudget: Double = 120, categorizeBatch: Int = 64, embedBatch: Int = 64, maxSummaries: Int = 5,
                    summaryTimeout: Double = 45, llmPerBatch: Int = 4) {
            self.timeBudget = timeBudget; self.categorizeBatch = categorizeBatch; self.embedBatch = embedBatch
            self.maxSummaries = maxSummaries; self.summaryTimeout = summaryTimeout; self.llmPerBatch = llmPerBatch
        }
    }

    /// What one run did; also the payload of the web app's `ai` event.
    public struct Report: Sendable, Hashable, Codable {
        public var categorized = 0
        /// Emails per category this run.
        public var categories: [String: Int] = [:]
        public var embedded = 0
        public var summarized: [Int64] = []
        public var summaryFailures = 0
        /// Threads skipped this run because their summary failed lately (`SummaryBackoff`).
        public var summariesDeferred = 0
        /// True when the time budget ended the run with work left.
        public var budgetExhausted = false
        /// Why nothing (or less) was done: "no model installed", or a stage's error.
        public var notes: [String] = []
        public var seconds = 0.0
        /// Seconds per stage: categorisation, embedding, summaries.
        public var stageSeconds: [String: Double] = [:]
        public init() {}

        /// Something was written.
        public var didWork: Bool { categorized > 0 || embedded > 0 || !summarized.isEmpty }
    }

    /// The stage a run is in, for progress lines.
    public enum Stage: Sendable, Hashable {
        case categorizing(done: Int)
        case embedding(done: Int)
        case summarizing(thread: ThreadID)
    }

    public var store: any PostSyncAIStore
    public var embedder: (any TextEmbedder)?
    public var generator: (any TextGenerator)?
    public var indexVectors: VectorIndexing?
    public var limits: Limits
    /// Threads whose summary failed lately are skipped until their back-off passes.
    public var summaryBackoff: SummaryBackoff

    public init(store: any PostSyncAIStore, embedder: (any TextEmbedder)?, generator: (any TextGenerator)?,
                indexVectors: VectorIndexing?, limits: Limits = Limits(), summaryBackoff: SummaryBackoff = .shared) {
        self.store = store; self.embedder = embedder; self.generator = generator
        self.indexVectors = indexVectors; self.limits = limits; self.summaryBackoff = summaryBackoff
    }

    public func run(progress: @Sendable (Stage) -> Void = { _ in }) async -> Report {
        let started = Date()
        let deadline = started.addingTimeInterval(limits.timeBudget)
        var report = Report()
        guard embedder != nil || generator != nil else {
            report.notes.append("no model installed")
            return report
        }
        var mark = Date()
        func lap(_ name: String) { report.stageSeconds[name] = Date().timeIntervalSince(mark); mark = Date() }
        await categorize(until: deadline, into: &report, progress: progress)
        lap("categorize")
        await embed(until: deadline, into: &report, progress: progress)
        lap("embed")
        await summarize(until: deadline, into: &report, progress: progress)
        lap("summarize")
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    // MARK: stages

    private func categorize(until deadline: Date, into report: inout Report, progress: (Stage) -> Void) async {
        let corrections = (try? store.corrections(account: nil)) ?? []
        var categorizer: EmailCategorizer?
        while Date() < deadline, !Task.isCancelled {
            let ids: [EmailID]
            do { ids = try store.uncategorizedEmails(limit: max(1, limits.categorizeBatch)) } catch {
                report.notes.append("categorisation: \(error)")
                return
            }
            guard !ids.isEmpty else { return }
            if categorizer == nil {
                categorizer = await EmailCategorizer.make(embedder: embedder, generator: generator, corrections: corrections)
            }
            guard var current = categorizer else { return }
            // The LLM stage only while time remains for it (each call has its own hard limit).
            let remaining = deadline.timeIntervalSinceNow
            current.llmBudget = remaining > current.llmTimeoutSeconds * 2 ? limits.llmPerBatch : 0
            let inputs = CategorizationInput.load(ids.compactMap { try? store.email($0) }, store: store)
            guard !inputs.isEmpty else { return }
            let decisions = await current.categorize(inputs)
            let assignments = zip(inputs, decisions).compactMap { input, d in
                input.emailID.map { CategoryAssignment(emailID: $0, category: d.category, confidence: d.confidence, source: d.source) }
            }
            do { try store.assignCategories(assignments) } catch {
                report.notes.append("categorisation: \(error)")
                return
            }
            report.categorized += assignments.count
            for a in assignments { report.categories[a.category.rawValue, default: 0] += 1 }
            progress(.categorizing(done: report.categorized))
            if ids.count < limits.categorizeBatch { return }
        }
        if Date() >= deadline { report.budgetExhausted = true }
    }

    private func embed(until deadline: Date, into report: inout Report, progress: (Stage) -> Void) async {
        guard let embedder, let indexVectors else { return }
        while Date() < deadline, !Task.isCancelled {
            do {
                let stored = try await indexVectors(embedder, max(1, limits.embedBatch))
                report.embedded += stored
                progress(.embedding(done: report.embedded))
                if stored < limits.embedBatch { return }
            } catch {
                report.notes.append("embeddings: \(error)")
                return
            }
        }
        if Date() >= deadline { report.budgetExhausted = true }
    }

    private func summarize(until deadline: Date, into report: inout Report, progress: (Stage) -> Void) async {
        guard let generator, limits.maxSummaries > 0 else { return }
        var threads: [ThreadID] = []
        do {
            // Look further than `maxSummaries` so threads waiting after a failure leave room
            // for older ones instead of starving them.
            let candidates = try store.threadsNeedingSummary(minimumMessages: ThreadSummaryService.automaticThreshold,
                                                             limit: limits.maxSummaries * 5)
            for thread in candidates where threads.count < limits.maxSummaries {
                if await summaryBackoff.isWaiting(thread) { report.summariesDeferred += 1 } else { threads.append(thread) }
            }
        } catch {
            report.notes.append("summaries: \(error)")
            return
        }
        for thread in threads {
            let remaining = deadline.timeIntervalSinceNow
            // A summary needs a few seconds at least; do not start one that cannot finish.
            guard remaining > 3, !Task.isCancelled else { report.budgetExhausted = true; return }
            progress(.summarizing(thread: thread))
            let limit = min(limits.summaryTimeout, remaining)
            let summarizer = ThreadSummarizer(generator: generator, timeoutSeconds: limit, extractiveOnTimeout: false)
            let service = ThreadSummaryService(summarizer: summarizer, emails: store, threads: store, store: store)
            do {
                let result = try await service.summary(of: thread)
                if !result.cached { report.summarized.append(thread.rawValue) }
                await summaryBackoff.recordSuccess(thread)
            } catch {
                report.summaryFailures += 1
                report.notes.append("summary of thread \(thread.rawValue): \(error)")
                // A timeout cut short by the run's budget says nothing about the thread; a full-
                // length timeout or an unusable answer does, and would recur on the next run.
                var timedOut = false
                if case AIError.timedOut = error { timedOut = true }
                let cutByBudget = timedOut && limit < limits.summaryTimeout
                if !cutByBudget && !Task.isCancelled { await summaryBackoff.recordFailure(thread) }
            }
        }
    }
}
