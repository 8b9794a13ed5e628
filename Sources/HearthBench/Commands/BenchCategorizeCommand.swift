import ArgumentParser
import Foundation
import HearthAI
import HearthCLI
import HearthCore

/// `hearth-bench categorize`: accuracy of the categoriser per category on the hand-labelled
/// evaluation set (docs/ai.md, "Evaluation set"). Moved out of `hearth categorize --eval`: an
/// evaluation needs the corpora and measures the product; it is not something a user runs.
struct BenchCategorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categorize",
        abstract: "Categorisation accuracy per category on the labelled evaluation set.",
        discussion: """
            The set is Tests/HearthAITests/Resources/category-eval.tsv (keys into the SpamAssassin corpus \
            under $HEARTH_CORPORA) unless --eval-set names another.
            """)

    @Option(help: "The labelled set (default: the repository's).") var evalSet: String?
    @Flag(help: "Do not consult the LLM for unsure emails (faster).") var noLlm = false
    @Flag(help: "List the misses of the tuning (dev) rows with the categoriser's reasons; held-out rows are only counted.")
    var showDevMisses = false
    @Flag(help: "Print the result as JSON.") var json = false

    func run() throws {
        try reportingAIErrors(json: json) {
            let set = try EvaluationSet.load(path: evalSet)
            let useLLM = !noLlm
            let inputs = set.map(\.input)
            let started = Date()
            let decisions = try AsyncBridge.run {
                let services = AIServices()
                let categorizer = await EmailCategorizer.make(embedder: await services.embedder(),
                                                              generator: useLLM ? services.generator() : nil)
                return await categorizer.categorize(inputs)
            }
            let report = EvaluationReport(items: set, decisions: decisions, seconds: Date().timeIntervalSince(started))
            StandardStreams.out(json ? try JSONOutput.render("categorize.eval", report) : report.table)
            if showDevMisses {
                for (item, decision) in zip(set, decisions) where !item.holdout && item.label != decision.category {
                    StandardStreams.out("miss \(item.key): \(item.label.rawValue) → \(decision.category.rawValue) [\(decision.source.rawValue)] "
                                        + "\(item.input.from?.address ?? "?") | \(item.input.subject.prefix(60)) | " + decision.reasons.joined(separator: "; "))
                }
            }
        }
    }
}
