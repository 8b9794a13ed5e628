/// The least cosine similarity a semantic neighbour needs to be shown, per embedding model.
///
/// Why: the vector index always has 50 nearest neighbours, even for a query that means
/// nothing. Without a floor, `zzzzqqq` listed 48 conversations in the web app — the mail
/// least unlike a nonsense word. The floor is a property of the model's vector space, so it
/// is set per model from measurements on real mail (docs/search.md, "Semantic floor").
enum SemanticFloor {
    /// all-MiniLM-L6-v2 (catalog id `minilm`, any quantisation of it).
    static let miniLM: Float = 0.20

    static func minimumSimilarity(model: String) -> Float {
        let id = model.lowercased()
        if id.hasPrefix("minilm") || id.contains("minilm") { return miniLM }
        if id.hasPrefix("hashing-bow") { return hashing }
        return otherModels
    }

    /// `HashingEmbedder` (tests and benchmarks): vectors that share no word score ≈ 0.
    static let hashing: Float = 0.05

    /// A model without a measured floor: the sentence-embedding models Hearth knows put
    /// unrelated text below this cosine.
    static let otherModels: Float = 0.30
}
