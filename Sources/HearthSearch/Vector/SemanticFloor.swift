/// The least cosine similarity a semantic neighbour needs to be shown, per embedding model.
///
/// Why: the vector index always has 50 nearest neighbours, even for a query that means
/// nothing. Without a floor, `zzzzqqq` listed 48 conversations in the web app — the mail
/// least unlike a nonsense word. The floor is a property of the model's vector space, so it
/// is set per model from measurements on real mail (docs/search.md, "Semantic floor").
enum SemanticFloor {
    /// all-MiniLM-L6-v2 (catalog id `minilm`, any quantisation of it). Measured with the f16
    /// model on 400 linux-mips messages (trimmed as `EmbeddingText` does): meaningful queries
    /// ("cache flush problem", "serial console not working", …) have their best neighbour at
    /// 0.44–0.60 and their 20th at 0.21–0.41; nonsense ("zzzzqqq", "qwxzv", "blorf",
    /// "asdfgh jkl", "lorem ipsum dolor") reaches 0.22–0.31 at its best and 0.12–0.20 at its
    /// 20th. A floor alone cannot separate the two near 0.3 (a 12-message mailbox's only
    /// travel mail scores 0.29 for "airplane trip booking abroad"), hence `standsOut`.
    static let miniLM: Float = 0.20

    /// For a query none of whose words is in the mail: its neighbours count only if the best
    /// reaches `wordlessMinimum` and stands `wordlessContrast` above the mean of the top 50 —
    /// a real topic has a few close neighbours and many far ones; nonsense is equally far from
    /// everything (measured: contrast 0.07–0.11 for the nonsense above, 0.26 for the travel
    /// mail, 0.16–0.27 for the meaningful queries).
    static let wordlessMinimum: Float = 0.25
    static let wordlessContrast: Float = 0.15

    static func standsOut(_ kept: [Float], allScores: [Float], model: String) -> Bool {
        guard let best = kept.max(), !allScores.isEmpty else { return false }
        let mean = allScores.reduce(0, +) / Float(allScores.count)
        let floor = minimumSimilarity(model: model)
        return best >= max(floor, wordlessMinimum) && best - mean >= wordlessContrast
    }

    /// How far below the best neighbour another may score and still be listed, and the least
    /// a neighbour found by meaning alone needs to be listed at all (all-MiniLM-L6-v2).
    ///
    /// Why: the floor (0.20) keeps whatever is faintly alike, and one person's mailbox has a lot
    /// of that. In the demo mailbox "birthday present" found the birthday mail at 0.47 and then
    /// seven unrelated conversations (1:1 agendas, an invoice) at 0.20–0.23; "electricity bill"
    /// the bill at 0.61, then car insurance and a train order at 0.20–0.23. Related mail sits
    /// closer: the train e-ticket at 0.41 under the journey reminder at 0.61, photos of other
    /// trips at 0.35–0.38 under an album at 0.53 (a 0.20 margin lost the e-ticket). Nonsense
    /// queries' best neighbours reach 0.22–0.31 on real mail, so what lies below 0.25 is no
    /// likelier to be meant. The floor stays 0.20 for deciding whether anything stands out.
    /// Messages the keyword side found are never dropped by this; it only thins the semantic tail.
    static let miniLMMarginBelowBest: Float = 0.25
    static let miniLMListingMinimum: Float = 0.25

    /// The neighbours within the model's margin of the best one and above its listing minimum
    /// (all of them for a model without measured values).
    static func nearTheBest(_ neighbours: [(id: Int64, score: Float)], model: String) -> [(id: Int64, score: Float)] {
        guard model.lowercased().contains("minilm"), let best = neighbours.map(\.score).max() else { return neighbours }
        let least = max(best - miniLMMarginBelowBest, miniLMListingMinimum)
        return neighbours.filter { $0.score >= least }
    }

    static func minimumSimilarity(model: String) -> Float {
        let id = model.lowercased()
        if id.contains("minilm") { return miniLM }
        if id.hasPrefix("hashing-bow") { return hashing }
        return otherModels
    }

    /// `HashingEmbedder` (tests and benchmarks): vectors that share no word score ≈ 0.
    static let hashing: Float = 0.05

    /// A model without a measured floor: the sentence-embedding models Hearth knows put
    /// unrelated text below this cosine.
    static let otherModels: Float = 0.30
}
