@testable import HearthSearch
import Testing

/// `SemanticFloor.nearTheBest`: the semantic side keeps neighbours within the model's margin
/// of its best one.
struct SemanticTailTests {
    static let scores: [(id: Int64, score: Float)] = [(1, 0.61), (2, 0.45), (3, 0.37), (4, 0.35), (5, 0.27), (6, 0.21)]

    @Test func miniLMKeepsWhatIsWithinItsMarginOfTheBest() {
        let kept = SemanticFloor.nearTheBest(Self.scores, model: "minilm")
        #expect(kept.map(\.id) == [1, 2, 3])
        // The margin follows the best, not a fixed level: a weaker best keeps weaker company…
        let weaker = SemanticFloor.nearTheBest(Array(Self.scores.dropFirst()), model: "minilm")
        #expect(weaker.map(\.id) == [2, 3, 4, 5])
        // …down to the listing minimum: what is barely above the floor is not listed.
        #expect(SemanticFloor.nearTheBest([(7, 0.38), (5, 0.26), (6, 0.21)], model: "minilm").map(\.id) == [7, 5])
    }

    @Test func aModelWithoutAMeasuredMarginKeepsEveryNeighbour() {
        #expect(SemanticFloor.nearTheBest(Self.scores, model: "hashing-bow-256").count == Self.scores.count)
        #expect(SemanticFloor.nearTheBest([], model: "minilm").isEmpty)
    }
}
