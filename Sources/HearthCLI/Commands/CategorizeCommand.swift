import ArgumentParser
import Foundation
import HearthAI
import HearthApp
import HearthCore

/// `hearth categorize`: categorise uncategorised mail (signals → embeddings → LLM for the
/// unsure) or record a user correction. Accuracy on the evaluation set: `hearth-bench categorize`.
struct CategorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categorize",
        abstract: "Sort mail into primary/social/promotions/updates/forums on this machine.",
        discussion: """
            Without options: categorises up to --limit uncategorised emails and stores category and confidence.
            --email ID --set CATEGORY: re-categorise one email by hand; future mail from that sender and similar \
            mail follows it.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "At most this many emails.") var limit = 500
    @Option(help: "Email id to re-categorise (with --set).") var email: Int64?
    @Option(help: "The category to set (with --email).") var set: String?
    @Flag(help: "Print why each email got its category.") var explain = false
    @Flag(help: "Do not consult the LLM for unsure emails (faster).") var noLlm = false

    func run() throws {
        try reportingAIErrors(json: global.json) {
            let engine = try Engine.open(global)
            if let email {
                guard let name = set, let category = AICategory(rawValue: name), category != .uncategorized else {
                    throw CLIError.invalidInput("--set needs one of primary, social, promotions, updates, forums")
                }
                try correct(EmailID(email), to: category, engine: engine)
                return
            }
            let useLLM = !noLlm
            let started = Date()
            let store = engine.store
            let limit = self.limit
            let results = try AsyncBridge.run {
                let services = AIServices()
                return try await MailCategories.categorizeUncategorized(store: store, embedder: await services.embedder(),
                                                                        generator: useLLM ? services.generator() : nil, limit: limit)
            }
            let emails = results.map(\.email)
            let decisions = results.map(\.decision)
            let assignments = zip(emails, decisions).compactMap { email, d in
                email.id.map { CategoryAssignment(emailID: $0, category: d.category, confidence: d.confidence, source: d.source) }
            }
            let seconds = Date().timeIntervalSince(started)
            if global.json {
                struct Row: Encodable { let emailId: Int64; let category: String; let confidence: Double; let source: String; let reasons: [String] }
                StandardStreams.out(try JSONOutput.render("categorize", zip(assignments, decisions).map {
                    Row(emailId: $0.emailID.rawValue, category: $0.category.rawValue, confidence: $0.confidence,
                        source: $0.source.rawValue, reasons: $1.reasons)
                }))
                return
            }
            var counts: [AICategory: Int] = [:]
            for d in decisions { counts[d.category, default: 0] += 1 }
            if explain {
                for (email, d) in zip(emails, decisions) {
                    StandardStreams.out(String(format: "%6lld %-10@ %.2f %-10@ %@ — %@", email.id?.rawValue ?? 0, d.category.rawValue,
                                               d.confidence, d.source.rawValue, String(email.subject.prefix(50)), d.reasons.joined(separator: "; ")))
                }
            }
            let sources = Dictionary(grouping: decisions, by: \.source).mapValues(\.count)
            StandardStreams.out(String(format: "categorised %d emails in %.1f s: ", decisions.count, seconds)
                + AICategory.allCases.compactMap { c in counts[c].map { "\(c.rawValue) \($0)" } }.joined(separator: ", "))
            StandardStreams.out("decided by: " + sources.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }.joined(separator: ", "))
        }
    }

    private func correct(_ id: EmailID, to category: AICategory, engine: Engine) throws {
        let store = engine.store
        let email = try AsyncBridge.run { try await MailCategories.recategorize(id, to: category, store: store, embedder: await AIServices().embedder()) }
        StandardStreams.out(global.json ? try JSONOutput.render("categorize.correction", ["emailId": "\(id.rawValue)", "category": category.rawValue])
                            : "email \(id.rawValue) is now \(category.rawValue); mail from \(email.from?.address ?? "this sender") and similar mail will follow")
    }
}
