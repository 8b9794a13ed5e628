import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthTestSupport
import Testing

/// The in-memory vector index: exact top-k against a naive reference, blob format, lazy and
/// incremental loading, and the brute-force budget.
@Suite("Vector index")
struct VectorIndexTests {
    static func randomUnitVectors(_ n: Int, _ d: Int, seed: UInt64) -> [[Float]] {
        var random = SeededGenerator(seed: seed)
        return (0..<n).map { _ in
            VectorMath.normalized((0..<d).map { _ in Float.random(in: -1...1, using: &random) })!
        }
    }

    @Test func simdDotMatchesNaiveForEveryLength() {
        var random = SeededGenerator(seed: 3)
        for length in [0, 1, 15, 16, 17, 31, 32, 33, 47, 384, 385] {
            let a = (0..<length).map { _ in Float.random(in: -1...1, using: &random) }
            let b = (0..<length).map { _ in Float.random(in: -1...1, using: &random) }
            let naive = zip(a, b).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            let fast = a.withUnsafeBufferPointer { pa in
                b.withUnsafeBufferPointer { pb in
                    length == 0 ? 0 : VectorMath.dot(pa.baseAddress!, pb.baseAddress!, count: length)
                }
            }
            #expect(abs(naive - fast) < 1e-4, "length \(length)")
        }
    }

    @Test func topKEqualsASortOfAllScores() {
        let d = 384
        let vectors = Self.randomUnitVectors(2_000, d, seed: 9)
        let index = VectorIndex(model: "m", dimensions: d)
        index.upsert(ids: (1...2_000).map(Int64.init), flat: vectors.flatMap { $0 })
        let query = Self.randomUnitVectors(1, d, seed: 10)[0]
        let expected = vectors.enumerated()
            .map { (id: Int64($0.offset + 1), score: zip($0.element, query).reduce(Float(0)) { $0 + $1.0 * $1.1 }) }
            .sorted { $0.score > $1.score }.prefix(50).map(\.id)
        #expect(index.nearest(query, k: 50).map(\.id) == Array(expected))
        let allowed: Set<Int64> = [5, 6, 7, 1_999]
        #expect(Set(index.nearest(query, k: 50, allowed: allowed).map(\.id)) == allowed)
        #expect(index.nearest([1, 2], k: 50).isEmpty, "a query of the wrong length finds nothing")
    }

    @Test func blobsRoundTripAndZeroVectorsAreRejected() {
        let v: [Float] = [0.5, -0.25, 1e-30, .pi]
        #expect(VectorMath.decode(VectorMath.encode(v), dimensions: 4) == v)
        #expect(VectorMath.decode(VectorMath.encode(v), dimensions: 3) == nil)
        #expect(VectorMath.encode(v).count == 16)
        #expect(VectorMath.normalized([0, 0, 0]) == nil)
        #expect(VectorMath.normalized([.nan, 1]) == nil)
    }

    /// The index reads stored blobs in bulk; the floats must be the stored ones, appended after
    /// what is already there.
    @Test func blobsAreReadBackExactlyInBulk() {
        let stored: [Float] = [0.5, -0.25, 1e-30, .pi, -0.0, .greatestFiniteMagnitude]
        var floats: [Float] = [7]
        VectorMath.encode(stored).withUnsafeBytes { raw in
            VectorIndex.appendLittleEndianFloats(raw, count: stored.count, to: &floats)
        }
        #expect(floats == [7] + stored)
        #expect(floats[5].sign == .minus)   // -0 stays -0
    }

    @Test func indexFollowsTheDatabaseIncrementally() async throws {
        let f = try SearchFixture()
        let embedder = HashingEmbedder()
        let ids = try (0..<5).map { try f.add(subject: "message number \($0) about topic \($0 % 2)") }
        let engine = SearchEngine(store: f.store, embedder: embedder)
        try await engine.indexManager.embedPending(using: embedder)
        try engine.warmUp()
        let index = try #require(engine.vectors.existing(model: embedder.modelIdentifier))
        #expect(index.count == 5)
        #expect(engine.vectorIndexMemoryBytes >= 5 * 384 * 4)

        // Another writer (another process) adds vectors: picked up by the next refresh.
        let more = try f.add(subject: "late arrival")
        let other = SearchEngine(store: f.store, embedder: embedder)
        try await other.indexManager.embedPending(using: embedder)
        try refresh(index, f)
        #expect(index.count == 6)
        #expect(index.nearest(embedder.vector("late arrival"), k: 1).first?.id == more.rawValue)

        // A deleted email's vector leaves with it (cascade), and the index reloads.
        try f.store.delete(ids[0])
        try refresh(index, f)
        #expect(index.count == 5)
        let status = try engine.indexManager.status(model: embedder.modelIdentifier)
        #expect(status.pendingEmbeddings == 0 && status.embedded == 5)
    }

    @Test func memoryIsTheVectorsNotTheirGrowthSlack() async throws {
        let f = try SearchFixture()
        for n in 0..<600 { try f.add(subject: "message \(n) on topic \(n % 7)") }
        let embedder = HashingEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        try await engine.indexManager.embedPending(using: embedder, batchSize: 256)
        try engine.warmUp()
        let vectorBytes = 600 * 384 * 4
        #expect(engine.vectorIndexMemoryBytes >= vectorBytes)
        #expect(engine.vectorIndexMemoryBytes < vectorBytes + vectorBytes / 10 + 600 * 32)
    }

    /// A search that reads the vectors once (the CLI's: `Options.vectorsReadOnce`) finds and
    /// ranks exactly as one over the loaded index, and leaves no index in memory.
    @Test func readingTheVectorsOnceRanksAsTheLoadedIndex() async throws {
        let f = try SearchFixture()
        var ids: [Int64] = []
        for n in 0..<40 {
            ids.append(try f.add(subject: "message \(n) on topic \(n % 7) budget review", body: "forecast \(n % 3) numbers").rawValue)
        }
        let embedder = HashingEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        try await engine.indexManager.embedPending(using: embedder)
        let oneShot = SearchEngine(store: f.store, embedder: embedder)
        var once = SearchEngine.Options(limit: 20)
        once.vectorsReadOnce = true
        for query in ["topic 3 budget forecast", "quarterly review numbers", "forecast message 12"] {
            let streamed = try await oneShot.search(query, options: once)
            let loaded = try await engine.search(query, options: SearchEngine.Options(limit: 20))
            #expect(streamed.usedSemantic && loaded.usedSemantic, "\(query)")
            #expect(streamed.semanticHits == loaded.semanticHits, "\(query)")
            #expect(streamed.results.map(\.emailID) == loaded.results.map(\.emailID), "\(query)")
        }
        #expect(oneShot.vectors.existing(model: embedder.modelIdentifier) == nil)

        let index = try #require(engine.vectors.existing(model: embedder.modelIdentifier))
        let query = embedder.vector("topic 3 budget review")
        let allowed = Set(ids.filter { $0 % 2 == 0 })
        for subset in [nil, allowed] {
            let direct = try await f.store.database.writer.read { db in
                try VectorIndex.nearestStored(db, model: embedder.modelIdentifier, dimensions: embedder.dimensions,
                                              query: query, k: 10, allowed: subset)
            }
            #expect(direct.stored == 40)
            let expected = index.nearest(query, k: 10, allowed: subset)
            #expect(direct.nearest.map(\.id) == expected.map(\.id))
            #expect(direct.nearest.map(\.score) == expected.map(\.score))
        }
    }

    private func refresh(_ index: VectorIndex, _ f: SearchFixture) throws {
        try f.store.database.writer.read { db in try index.refresh(db) }
    }

    @Test func fiftyThousandVectorsScanFast() {
        // The 20 ms budget (FR-SEARCH-07) holds for optimised code; a debug build (the usual
        // `swift test`) runs the SIMD loop unoptimised, so it checks a tenth of the size and
        // only prints. `hearth-bench search` measures the release build at full size.
        #if DEBUG
        let n = 5_000
        #else
        let n = 50_000
        #endif
        let d = 384
        var random = SeededGenerator(seed: 11)
        let flat = (0..<(n * d)).map { _ in Float(Int64(bitPattern: random.next() >> 32) - (1 << 31)) }
        let index = VectorIndex(model: "m", dimensions: d)
        index.upsert(ids: (1...n).map(Int64.init), flat: flat)
        let query = Self.randomUnitVectors(1, d, seed: 12)[0]
        let clock = ContinuousClock()
        var times: [Duration] = []
        var found: [(id: Int64, score: Float)] = []
        for _ in 0..<5 { times.append(clock.measure { found = index.nearest(query, k: 50) }) }
        let best = times.min()!
        print("vector index: \(n) × \(d) top-50 in \(best) (best of 5), \(index.memoryBytes / 1_048_576) MiB")
        #expect(found.count == 50)
        #if !DEBUG
        #expect(best < .milliseconds(20))
        #endif
    }
}
