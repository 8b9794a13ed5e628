/// Reciprocal Rank Fusion (FR-SEARCH-05): `score(d) = Σ wᵢ / (k + rankᵢ(d))`, ranks from 1,
/// k = 60, weight 1 for the keyword list and 1.5 for the semantic list. A document in only one
/// list keeps that list's share, so keyword-only hits always appear.
public enum RankFusion {
    public static let k: Double = 60
    public static let keywordWeight: Double = 1
    public static let semanticWeight: Double = 1.5

    public struct Fused: Sendable, Hashable {
        public var id: Int64
        public var score: Double
        public var source: MatchSource
        /// 1-based positions in each list, when present.
        public var keywordRank: Int?
        public var semanticRank: Int?
    }

    /// Fused list, best first; ties keep the keyword list's order, then the semantic list's.
    /// A repeated id within one list counts at its first (best) rank.
    public static func fuse(keyword: [Int64], semantic: [Int64]) -> [Fused] {
        var byID: [Int64: Fused] = [:]
        var order: [Int64] = []
        for (index, id) in keyword.enumerated() where byID[id] == nil {
            byID[id] = Fused(id: id, score: keywordWeight / (k + Double(index + 1)), source: .keyword, keywordRank: index + 1)
            order.append(id)
        }
        var seenSemantic = Set<Int64>()
        for (index, id) in semantic.enumerated() where seenSemantic.insert(id).inserted {
            let share = semanticWeight / (k + Double(index + 1))
            if var existing = byID[id] {
                existing.score += share
                existing.source = .both
                existing.semanticRank = index + 1
                byID[id] = existing
            } else {
                byID[id] = Fused(id: id, score: share, source: .semantic, semanticRank: index + 1)
                order.append(id)
            }
        }
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($0.element, $0.offset) })
        return order.compactMap { byID[$0] }.sorted {
            $0.score != $1.score ? $0.score > $1.score : (position[$0.id] ?? 0) < (position[$1.id] ?? 0)
        }
    }
}

/// Which side found a result (FR-SEARCH-05); `filters` when the query had no free text (E-03).
public enum MatchSource: String, Sendable, Hashable, Codable {
    case keyword, semantic, both, filters

    func merged(with other: MatchSource) -> MatchSource {
        if self == other { return self }
        if self == .filters { return other }
        if other == .filters { return self }
        return .both
    }
}
