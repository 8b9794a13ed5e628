import Foundation
import HearthCore
@testable import HearthSearch
import Testing

/// Search as the user types answers with keyword results when the model is busy (the web app's
/// background AI work holds the one inference queue for seconds): `Options.queryVectorWait`.
struct QueryVectorWaitTests {
    /// The topic embedder of `QueryRelaxationTests`, made slow for queries once the index is built.
    final class BusyEmbedder: TextEmbedder, @unchecked Sendable {
        let dimensions = 8
        let modelIdentifier = "test-topics"
        private let inner = QueryRelaxationTests.TopicEmbedder()
        private let lock = NSLock()
        private var busy = false
        func becomeBusy() { lock.withLock { busy = true } }
        func embed(_ texts: [String]) async throws -> [[Float]] {
            if lock.withLock({ busy }) { try await Task.sleep(for: .seconds(3)) }
            return try await inner.embed(texts)
        }
    }

    @Test func aBusyModelLeavesTheSearchKeywordOnlyWhenItMayNotWait() async throws {
        let f = try SearchFixture()
        for subject in ["Budget review", "Flight to Lisbon", "Hotel booking", "Kernel panic"] {
            try f.add(subject: subject, body: subject)
        }
        let embedder = BusyEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        try await engine.indexManager.embedPending(using: embedder)
        embedder.becomeBusy()

        // "flight" alone finds the hotel only by meaning: not when the vector is given up.
        let typing = try await engine.search("flight", options: .init(queryVectorWait: .milliseconds(100)))
        #expect(!typing.usedSemantic)
        #expect(typing.results.map(\.subject.text) == ["Flight to Lisbon"])
        // Without a limit the search waits for the model and finds both.
        let patient = try await engine.search("flight")
        #expect(patient.usedSemantic)
        #expect(Set(patient.results.map(\.subject.text)) == ["Flight to Lisbon", "Hotel booking"])
    }
}
