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
    /// Organisation domain → the category the user chose for its machine senders. A shop mails
    /// from orders@, news@ and deals@ alike; one correction of a machine sender carries over to
    /// the organisation's other machine senders (never to a person at the same domain).
    public var organisationPreferences: [String: AICategory] = [:]
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
        for correction in corrections { categorizer.remember(correction) }
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
        remember(correction)
        if let vector = correction.embedding { classifier?.addNeighbour(vector, category: correction.category) }
    }

    /// The sender (and, for a machine sender, its organisation) the correction is about; later
    /// corrections win, as the user's latest choice should.
    mutating func remember(_ correction: CategoryCorrection) {
        senderPreferences[correction.senderAddress] = correction.category
        let parts = correction.senderAddress.split(separator: "@").map(String.init)
        if parts.count == 2, BulkMailEvidence.isMachineAddress(parts[0]) || BulkMailEvidence.isMailingDomain(parts[1]) {
            organisationPreferences[Self.organisation(of: parts[1])] = correction.category
        }
    }

    /// The organisation's domain: the last two labels ("mail.shop.example" → "shop.example"),
    /// three under a country's second level ("news.bbc.co.uk" → "bbc.co.uk").
    static func organisation(of domain: String) -> String {
        let labels = domain.lowercased().split(separator: ".")
        guard labels.count > 2 else { return labels.joined(separator: ".") }
        let secondLevel = labels[labels.count - 2]
        let keep = labels.last?.count == 2 && ["co", "com", "org", "net", "ac", "gov", "edu", "ne", "or"].contains(secondLevel) ? 3 : 2
        return labels.suffix(keep).joined(separator: ".")
    }

    /// A preference for this email's sender, or for its organisation when a machine sent it.
    func preference(for input: CategorizationInput) -> (category: AICategory, reason: String)? {
        guard let sender = input.from?.normalizedAddress else { return nil }
        if let preferred = senderPreferences[sender] { return (preferred, "you moved mail from \(sender) to \(preferred.rawValue)") }
        guard !organisationPreferences.isEmpty, let domain = input.senderDomain,
              let preferred = organisationPreferences[Self.organisation(of: domain)], BulkMailEvidence(input).isAutomatedOrBulk else { return nil }
        return (preferred, "you moved mail from \(Self.organisation(of: domain))'s automated senders to \(preferred.rawValue)")
    }

    public func categorize(_ inputs: [CategorizationInput]) async -> [CategoryDecision] {
        var decisions: [CategoryDecision?] = Array(repeating: nil, count: inputs.count)
        var verdicts: [SignalVerdict] = []
        var pending: [Int] = []
        for (index, input) in inputs.enumerated() {
            if let (preferred, reason) = preference(for: input) {
                decisions[index] = CategoryDecision(category: preferred, confidence: 0.97, source: .preference, reasons: [reason])
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
                // Text in a script the embeddings cannot read: their nearest centroid is noise,
                // so the signals' lean, read in the message's own language, decides. In a language
                // they cannot read but whose letters they know, only a lean the words gave does.
                if neighbour == nil, let lean = verdict.lean {
                    let readsScript = inputs[index].embedderReadsScript
                    if !readsScript || (verdict.leanFromWords && !inputs[index].readsAsEnglish) {
                        let unread = readsScript ? "language" : "script"
                        decisions[index] = CategoryDecision(category: lean, confidence: 0.6, source: .signals,
                                                            reasons: verdict.reasons + ["leans \(lean.rawValue); the embeddings cannot read this \(unread)"])
                        continue
                    }
                }
                if let lean = verdict.lean, let leaning = scores[lean] { scores[lean] = leaning * 2 }
                if let unlikely = verdict.unlikely, let score = scores[unlikely] { scores[unlikely] = score / 2 }
                if verdict.lean != nil || verdict.unlikely != nil {
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
