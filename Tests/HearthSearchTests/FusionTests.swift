import Foundation
import HearthCore
@testable import HearthSearch
import Testing

/// RRF arithmetic and hybrid search with the deterministic `HashingEmbedder` (no model).
@Suite("Fusion")
struct FusionTests {
    @Test func reciprocalRankFusionArithmetic() {
        let fused = RankFusion.fuse(keyword: [1, 2, 3], semantic: [3, 4])
        let score = Dictionary(uniqueKeysWithValues: fused.map { ($0.id, $0.score) })
        let expected: [Int64: Double] = [1: 1.0 / 61, 2: 1.0 / 62, 3: 1.0 / 63 + 1.5 / 61, 4: 1.5 / 62]
        for (id, value) in expected {
            let difference = abs((score[id] ?? 0) - value)
            #expect(difference < 1e-12, "document \(id)")
        }
        // 3 is in both lists; the 1.5 weight puts semantic #2 (4) above keyword #1 (1).
        #expect(fused.map(\.id) == [3, 4, 1, 2])
        #expect(fused.map(\.source) == [.both, .semantic, .keyword, .keyword])
        #expect(fused.first?.keywordRank == 3 && fused.first?.semanticRank == 1)
    }

    @Test func keywordOnlyAndDuplicates() {
        #expect(RankFusion.fuse(keyword: [5, 6, 5], semantic: []).map(\.id) == [5, 6])
        #expect(RankFusion.fuse(keyword: [], semantic: []).isEmpty)
        // Mirror-image ranks: the semantic weight decides (9 is semantic #1).
        #expect(RankFusion.fuse(keyword: [8, 9], semantic: [9, 8]).map(\.id) == [9, 8])
        // Equal scores keep the first list's order.
        #expect(RankFusion.fuse(keyword: [8, 9], semantic: []).map(\.id) == [8, 9])
    }

    @Test func hashingEmbedderIsDeterministicAndNormalised() async throws {
        let e = HashingEmbedder()
        let v = try await e.embed(["Budget meeting notes", "budget MEETING notes!", "unrelated kernel patch"])
        #expect(v[0] == v[1])
        #expect(abs(v[0].reduce(0) { $0 + $1 * $1 } - 1) < 1e-5)
        let similar = zip(v[0], v[1]).reduce(Float(0)) { $0 + $1.0 * $1.1 }
        let different = zip(v[0], v[2]).reduce(Float(0)) { $0 + $1.0 * $1.1 }
        #expect(similar > 0.99 && different < 0.5)
    }

    @Test func hybridSearchFusesBothSides() async throws {
        let f = try SearchFixture()
        // The keyword side needs every word; the semantic side is satisfied by most of them.
        let both = try f.add(subject: "quarterly budget review meeting", body: "numbers and forecast")
        let semanticOnly = try f.add(subject: "quarterly review meeting", body: "forecast numbers")
        let neither = try f.add(subject: "kernel oops on boot", body: "mips crash trace")
        let embedder = HashingEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        let stored = try await engine.indexManager.embedPending(using: embedder, batchSize: 2)
        #expect(stored == 3)

        let response = try await engine.search("quarterly budget review meeting forecast numbers")
        #expect(response.usedSemantic)
        let sources = Dictionary(uniqueKeysWithValues: response.results.map { ($0.emailID, $0.matchSource) })
        #expect(sources[both] == .both)
        #expect(sources[semanticOnly] == .semantic)
        #expect(response.results.first?.emailID == both)
        // The unrelated email shares no word: below the semantic floor, it is not a result
        // (issue 16: nearest is not the same as similar). Nothing is duplicated.
        #expect(response.results.map(\.emailID).sorted() == [both, semanticOnly].sorted())
        #expect(!response.results.contains { $0.emailID == neither })

        // Filters apply to the semantic side too.
        let filtered = try await engine.search("quarterly review meeting forecast numbers from:nobody")
        #expect(filtered.results.isEmpty)
    }

    @Test func withoutEmbedderOrWithAFailingOneSearchIsKeywordOnly() async throws {
        let f = try SearchFixture()
        let id = try f.add(subject: "quarterly budget")
        try f.add(subject: "quarterly review")
        for engine in [SearchEngine(store: f.store), SearchEngine(store: f.store, embedder: FailingEmbedder())] {
            let response = try await engine.search("budget quarterly")
            #expect(response.usedSemantic == false)
            #expect(response.results.map(\.emailID) == [id])
            #expect(response.results.first?.matchSource == .keyword)
        }
        // An embedder but no vectors yet: keyword results, semantic reported unused, pending counted.
        let fresh = SearchEngine(store: f.store, embedder: HashingEmbedder())
        let response = try await fresh.search("budget quarterly")
        #expect(response.usedSemantic == false)
        #expect(response.pendingEmbeddings == 2)
        #expect(response.results.map(\.emailID) == [id])
    }

    @Test func shortQueriesSkipTheSemanticSide() async throws {
        let f = try SearchFixture()
        try f.add(subject: "go live")
        let embedder = HashingEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        try await engine.indexManager.embedPending(using: embedder)
        #expect(try await engine.search("go").usedSemantic == false)
        #expect(try await engine.search("go live").usedSemantic == true)
    }

    @Test func failingEmbedderDuringIndexingReportsWhatWasStored() async throws {
        let f = try SearchFixture()
        try f.add(subject: "x")
        let engine = SearchEngine(store: f.store, embedder: FailingEmbedder())
        await #expect(throws: SearchError.embedder(reason: "Failure()", indexed: 0)) {
            try await engine.indexManager.embedPending(using: FailingEmbedder())
        }
    }
}
