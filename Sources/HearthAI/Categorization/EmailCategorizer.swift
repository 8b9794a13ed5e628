import Foundation
import HearthCore

/// A category with the confidence and the stage that decided it, and why.
public struct CategoryDecision: Sendable, Hashable {
    public var category: AICategory
    public var confidence: Double
    public var source: CategorySource
    public var reasons: [String]
}

/// The categoriser of spec §5.6.2, built for speed on small machines: user preferences, then
/// header/sender signals, then nearest-centroid on sentence embeddings, and the local LLM only
/// for the few emails still below `llmThreshold` (at most `llmBudget` per batch, each with a hard
/// timeout). Every stage is optional: without an embedder or LLM the earlier stages still
/// decide, and nothing here throws: a failing model degrades to the previous stage's answer.
public struct EmailCategorizer: Sendable {
    public var embedder: (any TextEmbedder)?
    public var generator: (any TextGenerator)?
    public var classifier: CentroidClassifier?
    /// Sender address → the category the user chose last for it.
    public var senderPreferences: [String: AICategory]
    public var llmThreshold: Double
    public var llmBudget: Int
    public var llmTimeoutSeconds: Double

    public init(embedder: (any TextEmbedder)? = nil, generator: (any TextGenerator)? = nil,
                classifier: CentroidClassifier? = nil, senderPreferences: [String: AICategory] = [:],
                llmThreshold: Double = 0.55, llmBudget: Int = 10, llmTimeoutSeconds: Double = 6) {
        self.embedder = embedder; self.generator = generator; self.classifier = classifier
        self.senderPreferences = senderPreferences; self.llmThreshold = llmThreshold
        self.llmBudget = llmBudget; self.llmTimeoutSeconds = llmTimeoutSeconds
    }

    /// Builds the centroids from the seed examples and folds in the user's corrections.
    /// An embedder that fails leaves the categoriser on signals (and the LLM, if any).
    public static func make(embedder: (any TextEmbedder)?, generator: (any TextGenerator)?,
                            corrections: [CategoryCorrection] = [],
                            examples: [AICategory: [String]] = CategoryExamples.seed) async -> EmailCategorizer {
        var categorizer = EmailCategorizer(embedder: embedder, generator: generator)
        for correction in corrections { categorizer.senderPreferences[correction.senderAddress] = correction.category }
        if let embedder, var classifier = try? await CentroidClassifier.build(examples: examples, embedder: embedder) {
            for correction in corrections {
                if let vector = correction.embedding, vector.count == embedder.dimensions {
                    classifier.addNeighbour(vector, category: correction.category)
                }
            }
            categorizer.classifier = classifier
        }
        return categorizer
    }

    /// Learns from a correction at once (the store keeps it for the next start).
    public mutating func learn(_ correction: CategoryCorrection) {
        senderPreferences[correction.senderAddress] = correction.category
        if let vector = correction.embedding { classifier?.addNeighbour(vector, category: correction.category) }
    }

    public func categorize(_ inputs: [CategorizationInput]) async -> [CategoryDecision] {
        var decisions: [CategoryDecision?] = Array(repeating: nil, count: inputs.count)
        var verdicts: [SignalVerdict] = []
        var pending: [Int] = []
        for (index, input) in inputs.enumerated() {
            if let sender = input.from?.normalizedAddress, let preferred = senderPreferences[sender] {
                decisions[index] = CategoryDecision(category: preferred, confidence: 0.97, source: .preference,
                                                    reasons: ["you moved mail from \(sender) to \(preferred.rawValue)"])
                verdicts.append(SignalVerdict(category: preferred, confidence: 0.97, candidates: [preferred], reasons: []))
                continue
            }
            let verdict = CategorySignals.evaluate(input)
            verdicts.append(verdict)
            if let category = verdict.category, verdict.confidence >= 0.85 {
                decisions[index] = CategoryDecision(category: category, confidence: verdict.confidence, source: .signals,
                                                    reasons: verdict.reasons)
            } else {
                pending.append(index)
            }
        }
        // Embeddings for the undecided ones, in one batch; with corrections on record also for
        // the signal-decided ones, since a corrected near neighbour outranks header signals
        // (the user's override is the strongest evidence there is, spec §5.6.2).
        let decidedBySignals = decisions.indices.filter { decisions[$0]?.source == .signals }
        let checkNeighbours = !(classifier?.neighbours.isEmpty ?? true) ? decidedBySignals : []
        let batch = pending + checkNeighbours
        if !batch.isEmpty, let embedder, let classifier,
           let vectors = try? await embedder.embed(batch.map { inputs[$0].embeddingText }), vectors.count == batch.count {
            for (index, vector) in zip(batch, vectors) {
                let verdict = verdicts[index]
                if decisions[index] != nil {
                    if let neighbour = classifier.classify(vector, candidates: CategorySignals.allCategories).neighbour {
                        decisions[index] = CategoryDecision(category: neighbour, confidence: 0.95, source: .preference,
                                                            reasons: verdict.reasons + ["close to an email you re-categorised"])
                    }
                    continue
                }
                var (scores, neighbour) = classifier.classify(vector, candidates: verdict.candidates)
                if let lean = verdict.lean, let leaning = scores[lean] {
                    scores[lean] = leaning * 2
                    let total = scores.values.reduce(0, +)
                    scores = scores.mapValues { $0 / total }
                }
                guard let best = scores.max(by: { $0.value < $1.value }) else { continue }
                if let neighbour {
                    decisions[index] = CategoryDecision(category: neighbour, confidence: 0.95, source: .preference,
                                                        reasons: verdict.reasons + ["close to an email you re-categorised"])
                } else {
                    decisions[index] = CategoryDecision(category: best.key, confidence: best.value, source: .embedding,
                                                        reasons: verdict.reasons + [String(format: "nearest centroid %@ (%.2f)", best.key.rawValue, best.value)])
                }
            }
        }
        // The LLM for what is still unsure.
        if let generator {
            let unsure = pending.filter { (decisions[$0]?.confidence ?? 0) < llmThreshold }.prefix(llmBudget)
            for index in unsure {
                let candidates = verdicts[index].candidates
                guard candidates.count > 1,
                      let probabilities = try? await generator.rankChoices(Self.prompt(for: inputs[index], candidates: candidates),
                                                                            choices: candidates.map(\.rawValue),
                                                                            timeoutSeconds: llmTimeoutSeconds) else { continue }
                var combined: [AICategory: Double] = [:]
                for (category, p) in zip(candidates, probabilities) {
                    let embeddingScore = decisions[index]?.category == category ? (decisions[index]?.confidence ?? 0) : 0
                    combined[category] = decisions[index] == nil ? p : 0.5 * p + 0.5 * embeddingScore
                }
                if let best = combined.max(by: { $0.value < $1.value }) {
                    decisions[index] = CategoryDecision(category: best.key, confidence: best.value, source: .llm,
                                                        reasons: verdicts[index].reasons + ["local LLM"])
                }
            }
        }
        return decisions.enumerated().map { index, decision in
            decision ?? CategoryDecision(category: verdicts[index].category ?? verdicts[index].lean
                                            ?? (verdicts[index].candidates.count < CategorySignals.allCategories.count ? verdicts[index].candidates.first : nil)
                                            ?? .primary,
                                         confidence: min(verdicts[index].confidence, 0.3), source: .fallback,
                                         reasons: verdicts[index].reasons + ["no model available to decide"])
        }
    }

    static func prompt(for input: CategorizationInput, candidates: [AICategory]) -> [ChatMessage] {
        let list = candidates.map(\.rawValue).joined(separator: ", ")
        return [
            ChatMessage(.system, """
                You sort e-mails into categories. primary: personal mail from people. social: social network \
                notifications. promotions: marketing, deals, offers. updates: receipts, bills, notifications, \
                newsletters, news. forums: mailing-list and group discussions. Answer with one word from: \(list).
                """),
            ChatMessage(.user, "From: \(input.from?.displayName ?? "unknown")\nSubject: \(input.subject)\n\n\(input.text.prefix(500))"),
        ]
    }
}
