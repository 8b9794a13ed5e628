import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import Testing

/// The backfill with several encoders side by side (`TextEmbedder.embedBulk`): who gets how many
/// encoders, and that a part of a batch failing loses nothing.
@Suite struct BulkBackfillTests {
    @Test func aBacklogGetsOneEncoderPerCoreAndTheMailOfOneSyncOne() {
        #expect(SearchIndexManager.encoders(forBacklog: 60_000, cores: 2) == 2)
        #expect(SearchIndexManager.encoders(forBacklog: 60_000, cores: 4) == 4)
        #expect(SearchIndexManager.encoders(forBacklog: 60_000, cores: 8) == 4, "a bigger machine keeps the four cores one encoder's threads used")
        #expect(SearchIndexManager.encoders(forBacklog: 60_000, cores: 1) == 1)
        #expect(SearchIndexManager.encoders(forBacklog: SearchIndexManager.bulkBacklog - 1, cores: 2) == 1)
        #expect(SearchIndexManager.encoders(forBacklog: SearchIndexManager.bulkBacklog, cores: 2) == 2)
    }

    @Test func theRunAsksForTheEncodersItChoseAndReportsThem() async throws {
        let f = try SearchFixture()
        for n in 0..<40 { _ = try f.add(subject: "message \(n) about budgets", body: "numbers \(n)") }
        let embedder = HalfFailing(failingCalls: [])
        let progress = EmbeddingProgressTests.Reports()
        let manager = SearchEngine(store: f.store).indexManager
        try await manager.embedPending(using: embedder, batchSize: 16, encoders: 2) { progress.append($0) }
        #expect(embedder.encodersAsked == [2, 2, 2])
        #expect(progress.all.allSatisfy { $0.encoders == 2 })
        #expect(try f.count("SELECT count(*) FROM search_index") == 40)
    }

    /// One half of the second batch fails: the other half and the first batch are stored, the
    /// run says how many it stored, and the next run embeds exactly what is missing.
    @Test func aFailedHalfLosesNothing() async throws {
        let f = try SearchFixture()
        var ids: [Int64] = []
        for n in 0..<24 { ids.append(try f.add(subject: "message \(n) about budgets", body: "numbers \(n)").rawValue) }
        let manager = SearchEngine(store: f.store).indexManager
        let failing = HalfFailing(failingCalls: [1])
        await #expect {
            try await manager.embedPending(using: failing, batchSize: 8, encoders: 2)
        } throws: { error in
            guard case SearchError.embedder(_, let indexed) = error else { return false }
            return indexed == 12
        }
        #expect(try f.count("SELECT count(*) FROM search_index") == 12)
        #expect(try manager.status(model: failing.modelIdentifier).pendingEmbeddings == 12)

        let healthy = HalfFailing(failingCalls: [])
        let second = try await manager.embedPending(using: healthy, batchSize: 8, encoders: 2)
        #expect(second == 12)
        #expect(healthy.textsSeen == 12, "only the missing emails are embedded again")
        let stored = try Self.storedVectors(f)
        #expect(stored.keys.sorted() == ids.sorted())
        // Every stored vector is the one a healthy run makes for that email.
        let hashing = HashingEmbedder()
        let texts = try Self.texts(f)
        for (id, data) in stored {
            let vector = try #require(VectorMath.decode(data, dimensions: hashing.dimensions))
            let expected = try await hashing.embed([try #require(texts[id])])[0]
            #expect(zip(vector, expected).reduce(Float(0)) { $0 + $1.0 * $1.1 } > 0.9999)
        }
    }

    static func storedVectors(_ f: SearchFixture) throws -> [Int64: Data] {
        try f.store.database.writer.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT email_id, embedding FROM search_index").map {
                ($0[0] as Int64, $0[1] as Data)
            })
        }
    }

    /// Every email's text as the backfill embeds it (read as pending for a model nobody uses).
    static func texts(_ f: SearchFixture) throws -> [Int64: String] {
        try f.store.database.writer.read { db in
            Dictionary(uniqueKeysWithValues: try SearchIndexManager.pending(model: "none", after: .start, limit: 1_000, db)
                .map { ($0.id, $0.text) })
        }
    }

    /// A hashing embedder whose bulk call fails the second half of the texts on the calls
    /// listed (0-based), as an encoder of two that stops would.
    final class HalfFailing: TextEmbedder, @unchecked Sendable {
        struct EncoderStopped: Error {}
        private let inner = HashingEmbedder()
        private let failingCalls: Set<Int>
        private let lock = NSLock()
        private var calls = 0
        private var asked: [Int] = []
        private var seen = 0
        init(failingCalls: Set<Int>) { self.failingCalls = failingCalls }
        var dimensions: Int { inner.dimensions }
        var modelIdentifier: String { inner.modelIdentifier }
        var encodersAsked: [Int] { lock.withLock { asked } }
        var textsSeen: Int { lock.withLock { seen } }
        func embed(_ texts: [String]) async throws -> [[Float]] { try await inner.embed(texts) }
        func embedBulk(_ texts: [String], encoders: Int) async -> BulkEmbedding {
            let call = lock.withLock { () -> Int in
                defer { calls += 1 }
                asked.append(encoders)
                seen += texts.count
                return calls
            }
            let vectors: [[Float]?] = (try? await inner.embed(texts)) ?? []
            guard failingCalls.contains(call) else { return BulkEmbedding(vectors: vectors) }
            let half = texts.count / 2
            return BulkEmbedding(vectors: vectors.enumerated().map { $0.offset < half ? $0.element : nil },
                                 failure: EncoderStopped())
        }
    }
}
