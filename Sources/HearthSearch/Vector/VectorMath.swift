import Foundation

/// Vector helpers for semantic search (FR-SEARCH-07): vectors are L2-normalised once, when
/// stored, so similarity at query time is a plain dot product.
public enum VectorMath {
    /// `v / |v|`, or nil for a zero or non-finite vector (it has no direction to compare).
    public static func normalized(_ v: [Float]) -> [Float]? {
        var sum: Float = 0
        for x in v { sum += x * x }
        guard sum.isFinite, sum > 0 else { return nil }
        let scale = 1 / sum.squareRoot()
        return v.map { $0 * scale }
    }

    /// Dot product of two float buffers of `count` elements: 16 lanes at a time, then the rest.
    @inline(__always)
    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var acc0 = SIMD16<Float>.zero
        var acc1 = SIMD16<Float>.zero
        var i = 0
        let rawA = UnsafeRawPointer(a)
        let rawB = UnsafeRawPointer(b)
        let stride = MemoryLayout<SIMD16<Float>>.stride
        while i + 32 <= count {
            let offset = i * MemoryLayout<Float>.stride
            acc0 += rawA.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
            acc1 += rawA.loadUnaligned(fromByteOffset: offset + stride, as: SIMD16<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: offset + stride, as: SIMD16<Float>.self)
            i += 32
        }
        while i + 16 <= count {
            let offset = i * MemoryLayout<Float>.stride
            acc0 += rawA.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
                * rawB.loadUnaligned(fromByteOffset: offset, as: SIMD16<Float>.self)
            i += 16
        }
        var sum = (acc0 + acc1).sum()
        while i < count {
            sum += a[i] * b[i]
            i += 1
        }
        return sum
    }

    /// Float32 little-endian bytes, as stored in `search_index.embedding`.
    public static func encode(_ v: [Float]) -> Data {
        var data = Data(capacity: v.count * 4)
        for x in v {
            withUnsafeBytes(of: x.bitPattern.littleEndian) { data.append(contentsOf: $0) }
        }
        return data
    }

    /// The inverse of `encode`; nil when the blob is not `dimensions` floats.
    public static func decode(_ data: Data, dimensions: Int) -> [Float]? {
        guard data.count == dimensions * 4 else { return nil }
        return data.withUnsafeBytes { raw in
            (0..<dimensions).map { i in
                Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
            }
        }
    }
}

/// The k best (id, score) pairs seen, as a min-heap on score: the root is the one to beat.
struct TopK {
    let k: Int
    private(set) var heap: [(row: Int, score: Float)] = []

    init(_ k: Int) {
        self.k = max(0, k)
        heap.reserveCapacity(self.k)
    }

    /// The score a candidate must exceed to enter (−∞ while not full).
    var threshold: Float { heap.count < k ? -.infinity : heap[0].score }

    @inline(__always)
    mutating func offer(row: Int, score: Float) {
        guard k > 0 else { return }
        if heap.count < k {
            heap.append((row, score))
            var child = heap.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[child].score < heap[parent].score else { break }
                heap.swapAt(child, parent)
                child = parent
            }
        } else if score > heap[0].score {
            heap[0] = (row, score)
            var parent = 0
            while true {
                let left = 2 * parent + 1
                guard left < heap.count else { break }
                var smallest = left
                if left + 1 < heap.count, heap[left + 1].score < heap[left].score { smallest = left + 1 }
                guard heap[smallest].score < heap[parent].score else { break }
                heap.swapAt(smallest, parent)
                parent = smallest
            }
        }
    }

    /// Best first.
    func sorted() -> [(row: Int, score: Float)] { heap.sorted { $0.score > $1.score || ($0.score == $1.score && $0.row < $1.row) } }
}
