import Foundation
import HearthAI
import HearthApp
import HearthCore

/// How a post-sync AI run is shown in the terminal.
enum AIReportText {
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
