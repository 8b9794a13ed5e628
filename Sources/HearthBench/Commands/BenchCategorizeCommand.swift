import ArgumentParser
import Foundation
import HearthAI
import HearthCLI
import HearthCore

/// `hearth-bench categorize`: accuracy of the categoriser on the hand-labelled evaluation sets
/// (docs/ai.md, "Evaluation set"), with per-class precision/recall and a confusion matrix for
/// each set's dev and held-out part. Moved out of `hearth categorize --eval`: an evaluation needs
/// the corpora and measures the product; it is not something a user runs.
struct BenchCategorizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "categorize",
        abstract: "Categorisation accuracy, per-class precision/recall and confusion on the labelled sets.",
        discussion: """
            The sets are Tests/HearthAITests/Resources/category-eval{,-modern,-older}.tsv (keys into the corpora \
            under $HEARTH_CORPORA) unless --eval-set names one file.
            """)

    @Option(help: "One labelled set (default: the repository's three).") var evalSet: String?
    @Flag(help: "Do not consult the LLM for unsure emails (faster).") var noLlm = false
    @Option(help: "How many unsure emails the LLM may be asked about in the whole run (the app asks at most 10 per batch).")
    var llmBudget = 10
    @Option(help: "Ask the LLM about emails whose confidence after the embeddings is below this (the app's is 0.55; 1 asks about every email the signals left open).")
    var llmThreshold = 0.55
    @Flag(help: "List the misses of the tuning (dev) rows with the categoriser's reasons; held-out rows are only counted.")
    var showDevMisses = false
    @Flag(help: "With --show-dev-misses: also print each dev miss's first 1,000 characters of text, and list the dev rows decided right with their reasons (held-out and blind rows are never printed).")
    var devDetail = false
    @Flag(help: "Print the result as JSON.") var json = false

    /// A dev row's HTML build and its first 1,000 characters of text, on one line.
    static func detail(of input: CategorizationInput) -> String {
        let build = input.htmlBuild
        let html = "img \(build.remoteImages) pixel \(build.trackingPixel) unsubscribe-link \(build.unsubscribeLink) shop-pages \(build.shopPages.count) "
            + "type \(input.header("Content-Type")?.prefix(20) ?? "-")"
        return " || \(html) || " + input.text.prefix(1000).replacingOccurrences(of: "\n", with: " ")
    }

    struct Report: Encodable {
        let sets: [SetEvaluation]
        let overall: EvaluationReport
    }

    func run() throws {
        try reportingAIErrors(json: json) {
            let named = evalSet.map { [(name: URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent, path: $0)] } ?? EvaluationSet.named
            let sets = try named.map { (name: $0.name, items: try EvaluationSet.load(path: $0.path)) }
            let useLLM = !noLlm
            let budget = llmBudget, threshold = llmThreshold
            let inputs = sets.flatMap { $0.items.map(\.input) }
            let started = Date()
            let decisions = try AsyncBridge.run {
                let services = AIServices()
                var categorizer = await EmailCategorizer.make(embedder: await services.embedder(),
                                                              generator: useLLM ? services.generator() : nil)
                categorizer.llmBudget = budget
                categorizer.llmThreshold = threshold
                return await categorizer.categorize(inputs)
            }
            let seconds = Date().timeIntervalSince(started)
            var offset = 0
            var evaluations: [SetEvaluation] = []
            var misses: [String] = []
            for set in sets {
                let part = Array(decisions[offset..<offset + set.items.count])
                offset += set.items.count
                evaluations.append(SetEvaluation(name: set.name, items: set.items, decisions: part))
                guard showDevMisses else { continue }
                for (item, decision) in zip(set.items, part) where !item.holdout && !item.blind && (devDetail || item.label != decision.category) {
                    // With --dev-detail, the HTML's build and the start of the text, to read what a dev row's mail looks like.
                    let text = devDetail ? Self.detail(of: item.input) : ""
                    misses.append((item.label == decision.category ? "right" : "miss") + " \(item.key): \(item.label.rawValue) → \(decision.category.rawValue) [\(decision.source.rawValue)] "
                                  + "\(item.input.from.map { "\($0.name ?? "") <\($0.address)>" } ?? "?") | \(item.input.subject.prefix(60)) | " + decision.reasons.joined(separator: "; ") + text)
                }
            }
            let overall = EvaluationReport(items: sets.flatMap(\.items), decisions: decisions, seconds: seconds)
            if json {
                StandardStreams.out(try JSONOutput.render("categorize.eval", Report(sets: evaluations, overall: overall)))
            } else {
                StandardStreams.out((["all sets together: " + overall.table] + evaluations.flatMap { $0.lines(matrices: true) } + misses)
                    .joined(separator: "\n"))
            }
        }
    }
}
