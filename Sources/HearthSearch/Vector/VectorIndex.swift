import Foundation
import GRDB

/// The in-memory vector index of one embedding model (FR-SEARCH-07): every stored vector in one
/// contiguous `[Float]` (row-major, `dimensions` floats per email), scanned brute force with a
/// SIMD dot product into a top-k heap. At 50K × 384 that is 77 MB and one pass over it.
///
/// Loaded lazily on the first semantic search and kept current incrementally: before each
/// search `refresh` asks the database for the count and highest id of this model's vectors
/// (one covering-index scan) and loads only rows with a higher id; a count that still differs
/// (vectors deleted with their emails, or re-embedded) triggers a full reload. Vectors written
/// by this process's `SearchIndexManager` are appended directly.
public final class VectorIndex: @unchecked Sendable {
    public let model: String
    public let dimensions: Int

    // Guarded by `lock`.
    private let lock = NSLock()
    private var storage: [Float] = []
    private var ids: [Int64] = []
    private var rowOf: [Int64: Int] = [:]
    private var loaded = false
    private var maxID: Int64 = 0

    public init(model: String, dimensions: Int) {
        self.model = model
        self.dimensions = dimensions
    }

    /// Vectors held.
    public var count: Int { lock.withLock { ids.count } }

    /// Bytes held by the vectors and their ids (the id → row map is counted at 16 bytes/entry).
    public var memoryBytes: Int {
        lock.withLock { storage.capacity * 4 + ids.capacity * 8 + rowOf.count * 16 }
    }

    /// Brings the index in step with the database (see the type's comment).
    func refresh(_ db: Database) throws {
        let row = try Row.fetchOne(db, sql: """
            SELECT count(*), coalesce(max(email_id), 0) FROM search_index WHERE embedding_model = ?
            """, arguments: [model])
        let dbCount: Int = row?[0] ?? 0
        let dbMax: Int64 = row?[1] ?? 0
        let (isLoaded, knownMax, knownCount) = lock.withLock { (loaded, maxID, ids.count) }
        if isLoaded && dbCount == knownCount && dbMax == knownMax { return }
        if isLoaded && dbMax > knownMax {
            let (newIDs, newVectors) = try fetch(db, after: knownMax, expected: dbCount - knownCount)
            upsert(ids: newIDs, flat: newVectors)
            if lock.withLock({ ids.count }) == dbCount { return }
        }
        let (allIDs, allVectors) = try fetch(db, after: nil, expected: dbCount)
        lock.withLock {
            storage = allVectors
            ids = allIDs
            rowOf = Dictionary(allIDs.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { _, b in b })
            maxID = allIDs.max() ?? 0
            loaded = true
        }
    }

    /// Rows of this model with an id above `after`. `expected` sizes the buffers once: growing
    /// by doubling would leave up to half of a 77 MB array unused (measured: 129 MB at 50K).
    private func fetch(_ db: Database, after: Int64?, expected: Int) throws -> ([Int64], [Float]) {
        var idsOut: [Int64] = []
        var floats: [Float] = []
        idsOut.reserveCapacity(max(0, expected))
        floats.reserveCapacity(max(0, expected) * dimensions)
        let cursor = try Self.storedVectors(db, model: model, after: after)
        let bytesPerVector = dimensions * 4
        while let row = try cursor.next() {
            // Borrow the blob without copying it into a Data first.
            let appended: Bool = try row.withUnsafeData(atIndex: 1) { data in
                guard let data, data.count == bytesPerVector else { return false }
                data.withUnsafeBytes { raw in Self.appendLittleEndianFloats(raw, count: dimensions, to: &floats) }
                return true
            }
            if appended { idsOut.append(row[0]) }
        }
        return (idsOut, floats)
    }

    /// Appends `count` little-endian Float32s from `raw`. On a little-endian machine that is one
    /// copy of the blob (a 60K-vector load is 23 M floats: one `append` per float cost a
    /// noticeable part of a short-lived hybrid search process).
    static func appendLittleEndianFloats(_ raw: UnsafeRawBufferPointer, count: Int, to floats: inout [Float]) {
        let start = floats.count
        floats.append(contentsOf: repeatElement(0, count: count))
        floats.withUnsafeMutableBufferPointer { destination in
            guard let base = destination.baseAddress else { return }
            copyLittleEndianFloats(raw, count: count, to: base + start)
        }
    }

    /// Copies `count` little-endian Float32s from `raw` (a blob, with no Float alignment) to
    /// `destination`: one memory copy on a little-endian machine.
    static func copyLittleEndianFloats(_ raw: UnsafeRawBufferPointer, count: Int, to destination: UnsafeMutablePointer<Float>) {
        guard raw.count >= count * 4 else { return }
        #if _endian(little)
        if let source = raw.baseAddress { UnsafeMutableRawPointer(destination).copyMemory(from: source, byteCount: count * 4) }
        #else
        for i in 0..<count {
            destination[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)))
        }
        #endif
    }

    /// The stored vectors of `model` (id, blob) with an id above `after`, in id order.
    static func storedVectors(_ db: Database, model: String, after: Int64? = nil) throws -> RowCursor {
        try Row.fetchCursor(db, sql: """
            SELECT email_id, embedding FROM search_index
            WHERE embedding_model = ? AND email_id > ? ORDER BY email_id
            """, arguments: [model, after ?? Int64.min])
    }

    /// Adds or replaces vectors (already normalised, `dimensions` floats each, concatenated).
    func upsert(ids newIDs: [Int64], flat: [Float]) {
        guard flat.count == newIDs.count * dimensions else { return }
        lock.withLock {
            for (n, id) in newIDs.enumerated() {
                let source = flat[(n * dimensions)..<((n + 1) * dimensions)]
                if let row = rowOf[id] {
                    storage.replaceSubrange((row * dimensions)..<((row + 1) * dimensions), with: source)
                } else {
                    rowOf[id] = ids.count
                    ids.append(id)
                    storage.append(contentsOf: source)
                }
                maxID = max(maxID, id)
            }
        }
    }

    /// The `k` most similar vectors to `query` (normalised), best first, among `allowed` ids
    /// when given. Single-threaded, one pass.
    public func nearest(_ query: [Float], k: Int, allowed: Set<Int64>? = nil) -> [(id: Int64, score: Float)] {
        guard query.count == dimensions, k > 0 else { return [] }
        return lock.withLock {
            let n = ids.count
            var mask: [Bool]?
            if let allowed {
                var m = [Bool](repeating: false, count: n)
                if allowed.count < n {
                    for id in allowed { if let row = rowOf[id] { m[row] = true } }
                } else {
                    for row in 0..<n where allowed.contains(ids[row]) { m[row] = true }
                }
                mask = m
            }
            var top = TopK(k)
            let d = dimensions
            storage.withUnsafeBufferPointer { all in
                query.withUnsafeBufferPointer { q in
                    guard let base = all.baseAddress, let qp = q.baseAddress else { return }
                    if let mask {
                        for row in 0..<n where mask[row] {
                            top.offer(row: row, score: VectorMath.dot(base + row * d, qp, count: d))
                        }
                    } else {
                        for row in 0..<n {
                            let score = VectorMath.dot(base + row * d, qp, count: d)
                            if score > top.threshold { top.offer(row: row, score: score) }
                        }
                    }
                }
            }
            return top.sorted().map { (ids[$0.row], $0.score) }
        }
    }
}

extension VectorIndex {
    /// The `k` stored vectors of `model` most similar to `query` (normalised), best first, among
    /// `allowed` ids when given, read straight from the database and not kept; also how many
    /// vectors of the model are stored. For a process that searches once (`hearth search`):
    /// loading the index to scan it once would build the whole of it in memory (89 MB at 60K
    /// messages, its page faults and copy most of a hybrid process's cost) and keep none of it.
    /// Ranks exactly as `nearest` over a loaded index.
    static func nearestStored(_ db: Database, model: String, dimensions: Int, query: [Float], k: Int,
                              allowed: Set<Int64>?) throws -> (nearest: [(id: Int64, score: Float)], stored: Int) {
        guard query.count == dimensions, k > 0 else { return ([], 0) }
        var top = TopK(k)
        var ids: [Int64] = []
        var stored = 0
        // Each blob is copied into one aligned buffer before the dot product (a blob in a page
        // of the file has no Float alignment).
        var scratch = [Float](repeating: 0, count: dimensions)
        let bytesPerVector = dimensions * 4
        let cursor = try storedVectors(db, model: model)
        while let row = try cursor.next() {
            let id: Int64 = row[0]
            let score: Float? = try row.withUnsafeData(atIndex: 1) { data in
                guard let data, data.count == bytesPerVector else { return nil }
                stored += 1
                if let allowed, !allowed.contains(id) { return nil }
                return data.withUnsafeBytes { raw in
                    scratch.withUnsafeMutableBufferPointer { buffer in
                        guard let destination = buffer.baseAddress else { return nil }
                        copyLittleEndianFloats(raw, count: dimensions, to: destination)
                        return query.withUnsafeBufferPointer { q in
                            q.baseAddress.map { VectorMath.dot(UnsafePointer(destination), $0, count: dimensions) }
                        }
                    }
                }
            }
            guard let score, score > top.threshold else { continue }
            top.offer(row: ids.count, score: score)
            ids.append(id)
        }
        return (top.sorted().map { (ids[$0.row], $0.score) }, stored)
    }
}

/// One `VectorIndex` per embedding model, shared by searches and the indexer of a process.
final class VectorIndexCache: @unchecked Sendable {
    private let lock = NSLock()
    private var indexes: [String: VectorIndex] = [:]

    func index(model: String, dimensions: Int) -> VectorIndex {
        lock.withLock {
            if let existing = indexes[model], existing.dimensions == dimensions { return existing }
            let index = VectorIndex(model: model, dimensions: dimensions)
            indexes[model] = index
            return index
        }
    }

    func existing(model: String) -> VectorIndex? { lock.withLock { indexes[model] } }
}
