import Foundation
import HearthAI
import HearthCore
import HearthSearch
import HearthStore

/// Wires the background AI work (`PostSyncAIWork`, spec §5.6.6) for `hearth sync`: the
/// installed models, the store, and the search index's vector writer.
enum AIAfterSync {
    /// Seconds one post-sync run may take (`hearth sync`); `--watch` uses the same per batch.
    static let timeBudget = 120.0

    /// The work with whatever models are installed; nil when none is (nothing to do, and
    /// nothing is written).
    static func work(store: MailStore, limits: PostSyncAIWork.Limits = PostSyncAIWork.Limits(timeBudget: timeBudget)) async -> PostSyncAIWork? {
        let services = AIServices()
        let embedder = await services.embedder()
        let generator = services.generator()
        guard embedder != nil || generator != nil else { return nil }
        let index = SearchEngine(store: store).indexManager
        return PostSyncAIWork(store: store, embedder: embedder, generator: generator, indexVectors: { embedder, limit in
            try await index.embedPending(using: embedder, batchSize: limit, limit: limit)
        }, limits: limits)
    }

    /// One line for the terminal.
    static func describe(_ report: PostSyncAIWork.Report) -> String {
        var parts: [String] = []
        if report.categorized > 0 {
            let counts = AICategory.allCases.compactMap { c in report.categories[c.rawValue].map { "\(c.rawValue) \($0)" } }
            parts.append("categorised \(report.categorized) (\(counts.joined(separator: ", ")))")
        }
        if report.embedded > 0 { parts.append("embedded \(report.embedded) for search") }
        if !report.summarized.isEmpty { parts.append("summarised \(report.summarized.count) conversation(s)") }
        if report.summaryFailures > 0 { parts.append("\(report.summaryFailures) summary failed") }
        if parts.isEmpty { parts.append("nothing new") }
        var line = "AI: " + parts.joined(separator: ", ") + String(format: " in %.1f s", report.seconds)
        if report.budgetExhausted { line += "; time limit reached, the rest follows on the next sync" }
        return line
    }
}

/// The `--json` form of a post-sync AI run (`hearth.sync` envelope's `ai` member for
/// `--watch` lines: schema `ai`).
struct AIReportJSON: Encodable {
    let categorized: Int
    let categories: [String: Int]
    let embedded: Int
    let summarizedThreads: [Int64]
    let summaryFailures: Int
    let budgetExhausted: Bool
    let notes: [String]
    let seconds: Double
    let stageSeconds: [String: Double]

    init(_ r: PostSyncAIWork.Report) {
        stageSeconds = r.stageSeconds
        categorized = r.categorized; categories = r.categories; embedded = r.embedded
        summarizedThreads = r.summarized; summaryFailures = r.summaryFailures
        budgetExhausted = r.budgetExhausted; notes = r.notes; seconds = r.seconds
    }
}
