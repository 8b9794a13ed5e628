import Foundation
import HearthCore

/// Nearest-centroid classifier over sentence embeddings: one mean vector per category built
/// from labelled examples, plus the user's corrected emails kept as individual neighbours.
/// Scores are cosine similarities turned into probabilities with a softmax (temperature
/// `sharpness`), restricted to the categories the signals still allow.
public struct CentroidClassifier: Sendable {
    public private(set) var centroids: [AICategory: [Float]]
    /// Corrected emails: a near neighbour (cosine ≥ `neighbourThreshold`) wins outright.
    public private(set) var neighbours: [(vector: [Float], category: AICategory)]
    public var sharpness: Double
    public var neighbourThreshold: Float

    public init(centroids: [AICategory: [Float]], neighbours: [(vector: [Float], category: AICategory)] = [],
                sharpness: Double = 25, neighbourThreshold: Float = 0.85) {
        self.centroids = centroids; self.neighbours = neighbours
        self.sharpness = sharpness; self.neighbourThreshold = neighbourThreshold
    }

    /// Embeds the examples (one batch) and averages them per category.
    public static func build(examples: [AICategory: [String]], embedder: any TextEmbedder) async throws -> CentroidClassifier {
        let ordered = examples.sorted { $0.key.rawValue < $1.key.rawValue }
        let texts = ordered.flatMap(\.value)
        let vectors = try await embedder.embed(texts)
        var centroids: [AICategory: [Float]] = [:]
        var offset = 0
        for (category, list) in ordered {
            let members = Array(vectors[offset..<(offset + list.count)])
            offset += list.count
            centroids[category] = mean(members)
        }
        return CentroidClassifier(centroids: centroids)
    }

    public mutating func addNeighbour(_ vector: [Float], category: AICategory) {
        neighbours.append((vector, category))
    }

    /// Probabilities over `candidates`, and whether a corrected neighbour decided.
    public func classify(_ vector: [Float], candidates: [AICategory]) -> (scores: [AICategory: Double], neighbour: AICategory?) {
        if let best = neighbours.map({ ($0.category, Self.dot($0.vector, vector)) }).max(by: { $0.1 < $1.1 }),
           best.1 >= neighbourThreshold, candidates.contains(best.0) {
            return ([best.0: 1], best.0)
        }
        let allowed = candidates.filter { centroids[$0] != nil }
        let similarities = allowed.map { Double(Self.dot(centroids[$0] ?? [], vector)) * sharpness }
        let top = similarities.max() ?? 0
        let weights = similarities.map { exp($0 - top) }
        let sum = max(weights.reduce(0, +), .leastNonzeroMagnitude)
        return (Dictionary(uniqueKeysWithValues: zip(allowed, weights.map { $0 / sum })), nil)
    }

    static func mean(_ vectors: [[Float]]) -> [Float] {
        guard let width = vectors.first?.count else { return [] }
        var sum = [Float](repeating: 0, count: width)
        for vector in vectors { for i in 0..<min(width, vector.count) { sum[i] += vector[i] } }
        let norm = sum.reduce(Float(0)) { $0 + $1 * $1 }.squareRoot()
        return norm > 0 ? sum.map { $0 / norm } : sum
    }

    static func dot(_ a: [Float], _ b: [Float]) -> Float {
        var total: Float = 0
        for i in 0..<min(a.count, b.count) { total += a[i] * b[i] }
        return total
    }
}
