import Foundation
import HearthCore

/// A deterministic, model-free `TextEmbedder`: each lower-cased word (letters and digits) is
/// hashed (FNV-1a) to one of `dimensions` buckets with a ±1 sign; the bag of words is then
/// L2-normalised. Texts sharing words get similar vectors, unrelated texts near-orthogonal ones.
///
/// It is NOT semantic (it knows no synonyms). It exists so fusion, the vector index and the
/// indexer can be tested and benchmarked without a model file; the product's embedder comes
/// from HearthAI (llama.cpp).
public struct HashingEmbedder: TextEmbedder {
    public let dimensions: Int
    public var modelIdentifier: String { "hashing-bow-\(dimensions)-v1" }

    public init(dimensions: Int = 384) { self.dimensions = max(1, dimensions) }

    public func embed(_ texts: [String]) async throws -> [[Float]] { texts.map(vector) }

    public func vector(_ text: String) -> [Float] {
        var v = [Float](repeating: 0, count: dimensions)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var inWord = false
        func finish() {
            guard inWord else { return }
            let bucket = Int(hash % UInt64(dimensions))
            v[bucket] += (hash >> 63) == 0 ? 1 : -1
            hash = 0xcbf2_9ce4_8422_2325
            inWord = false
        }
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                var bytes = scalar.value
                for _ in 0..<4 {
                    hash = (hash ^ UInt64(bytes & 0xff)) &* 0x100_0000_01b3
                    bytes >>= 8
                }
                inWord = true
            } else {
                finish()
            }
        }
        finish()
        return VectorMath.normalized(v) ?? v
    }
}
