import Foundation
import HearthCore
import HearthSearch
import Testing

/// The model is opened only when a query vector can be used (process latency), vectors of one
/// model are never compared with another's, and a model that fails to open leaves search
/// keyword-only (E-04).
@Suite struct DeferredEmbedderTests {
    /// Counts how often the "model" was opened.
    final class Loads: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        var count: Int { lock.withLock { n } }
        func bump() { lock.withLock { n += 1 } }
    }

    static func deferred(_ loads: Loads, identifier: String = HashingEmbedder().modelIdentifier,
                         opening: @escaping @Sendable () throws -> any TextEmbedder = { HashingEmbedder() }) -> DeferredEmbedder {
        DeferredEmbedder(modelIdentifier: identifier, dimensions: 384) {
            loads.bump()
            return try opening()
        }
    }

    @Test func theModelIsNotOpenedWhileNoVectorOfItIsStored() async throws {
        let f = try SearchFixture()
        let target = try f.add(subject: "quarterly budget review", body: "forecast numbers")
        let loads = Loads()
        let engine = SearchEngine(store: f.store, embedder: Self.deferred(loads))
        let response = try await engine.search("quarterly budget")
        #expect(response.results.map(\.emailID) == [target])
        #expect(response.usedSemantic == false)
        #expect(response.pendingEmbeddings == 1)
        #expect(loads.count == 0)
    }

    @Test func filterOnlyAndShortQueriesNeverOpenTheModel() async throws {
        let f = try SearchFixture()
        try f.add(subject: "go live", from: "john@example.org")
        let hashing = HashingEmbedder()
        let loads = Loads()
        let engine = SearchEngine(store: f.store, embedder: Self.deferred(loads))
        try await engine.indexManager.embedPending(using: hashing)   // vectors of the same model exist
        for query in ["from:john", "go", "unread", "from john yesterday"] {
            let response = try await engine.search(query)
            #expect(response.usedSemantic == false, "\(query)")
        }
        #expect(loads.count == 0)
        // A query that can use the vectors opens it, once, and reuses it.
        #expect(try await engine.search("go live").usedSemantic)
        #expect(try await engine.search("live go").usedSemantic)
        #expect(loads.count == 1)
    }

    @Test func vectorsOfAnotherModelAreNeverCompared() async throws {
        let f = try SearchFixture()
        try f.add(subject: "quarterly budget review")
        let engine = SearchEngine(store: f.store)
        try await engine.indexManager.embedPending(using: HashingEmbedder())
        // Same width, other model: its query vectors must not meet the hashing vectors.
        let loads = Loads()
        let other = Self.deferred(loads, identifier: "other-model") {
            RenamedEmbedder(base: HashingEmbedder(), modelIdentifier: "other-model")
        }
        let response = try await engine.search("quarterly budget review", embedder: other)
        #expect(response.usedSemantic == false)
        #expect(response.semanticHits == 0)
        #expect(response.pendingEmbeddings == 1)
        #expect(loads.count == 0)
        // The same engine with the matching model does use them (per-call embedder, as the web app).
        #expect(try await engine.search("quarterly budget review", embedder: HashingEmbedder()).usedSemantic)
    }

    @Test func aModelThatFailsToOpenLeavesSearchKeywordOnlyAndIsNotRetriedPerQuery() async throws {
        let f = try SearchFixture()
        let target = try f.add(subject: "quarterly budget review")
        let engine = SearchEngine(store: f.store)
        try await engine.indexManager.embedPending(using: HashingEmbedder())
        let loads = Loads()
        struct Broken: Error {}
        let broken = Self.deferred(loads) { throw Broken() }
        for _ in 0..<3 {
            let response = try await engine.search("quarterly budget", embedder: broken)
            #expect(response.usedSemantic == false)
            #expect(response.results.map(\.emailID) == [target])
        }
        #expect(loads.count == 1)
    }

    @Test func aLoadedModelThatIsNotTheAnnouncedOneIsRefused() async throws {
        let loads = Loads()
        let liar = Self.deferred(loads, identifier: "minilm") { HashingEmbedder() }
        await #expect(throws: DeferredEmbedderMismatch.self) { _ = try await liar.embed(["x"]) }
    }
}

/// An embedder that computes like `base` but names another model.
struct RenamedEmbedder: TextEmbedder {
    let base: any TextEmbedder
    let modelIdentifier: String
    var dimensions: Int { base.dimensions }
    func embed(_ texts: [String]) async throws -> [[Float]] { try await base.embed(texts) }
}
