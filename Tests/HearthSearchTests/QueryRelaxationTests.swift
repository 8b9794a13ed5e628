import Foundation
import HearthCore
@testable import HearthSearch
import HearthStore
import Testing

/// Issue 16: what a search-as-you-type box and a natural-language query need from the engine —
/// one letter is not a search, stop words are not required, a query with one word the mail
/// does not use still finds it, and nonsense finds nothing.
@Suite("Type-ahead, stop words, relaxed matching, semantic floor")
struct QueryRelaxationTests {
    /// Counts the texts it is asked to embed (a query that is not sent is never embedded).
    final class CountingEmbedder: TextEmbedder, @unchecked Sendable {
        let base = HashingEmbedder()
        var dimensions: Int { base.dimensions }
        var modelIdentifier: String { base.modelIdentifier }
        private let lock = NSLock()
        private(set) var texts: [String] = []
        func embed(_ texts: [String]) async throws -> [[Float]] {
            lock.withLock { self.texts += texts }
            return try await base.embed(texts)
        }
    }

    @Test func oneLetterIsNotSentWhileTyping() async throws {
        let f = try SearchFixture()
        try f.add(subject: "Meeting notes", body: "minutes of the meeting")
        try f.add(subject: "Monthly report", body: "more numbers", from: "alice@example.org")
        let embedder = CountingEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        try await engine.indexManager.embedPending(using: embedder)
        let before = embedder.texts.count

        let typed = try await engine.search("m")
        #expect(typed.tooShort)
        #expect(typed.results.isEmpty)
        #expect(typed.keywordOrder == nil)
        #expect(embedder.texts.count == before)   // no query vector either

        // Two letters are a prefix search; a trailing letter after a word is ignored while typing.
        #expect(try await engine.search("me").results.count == 1)
        let midWord = try await engine.search("monthly r")
        #expect(midWord.tooShort == false)
        #expect(midWord.results.map(\.subject.text) == ["Monthly report"])
        // With a filter, the filter is the search.
        let filtered = try await engine.search("from:alice m")
        #expect(filtered.tooShort == false)
        #expect(filtered.results.count == 2)
        // Not typing (exact words): one letter is an ordinary word.
        var exact = SearchEngine.Options()
        exact.prefixLastTerm = false
        #expect(try await engine.search("m", options: exact).tooShort == false)
    }

    @Test func stopWordsAreNeitherRequiredNorHighlighted() async throws {
        let f = try SearchFixture()
        let id = try f.add(subject: "Budget for company offsite", body: "Numbers for company offsite attached.")
        let response = try await SearchEngine(store: f.store).search("the budget of the company")
        #expect(response.results.map(\.emailID) == [id])
        #expect(response.relaxed == false)
        let marked = try #require(response.results.first).subject
        #expect(marked.ranges.map { String(marked.text[$0]).lowercased() } == ["budget", "company"])
        // Only stop words: they are searched for (there is nothing else).
        try f.add(subject: "The Who live")
        #expect(try await SearchEngine(store: f.store).search("the who").results.count == 1)
    }

    @Test func aThreeWordQueryWithOneWordMissingFromTheMailStillFindsIt() async throws {
        let f = try SearchFixture()
        let target = try f.add(subject: "Kernel panic after upgrade", body: "The box panics in the scheduler since Tuesday.")
        try f.add(subject: "Lunch", body: "Pizza on Friday?")
        let engine = SearchEngine(store: f.store)
        let response = try await engine.search("kernel panic bootloader")
        #expect(response.results.map(\.emailID) == [target])
        #expect(response.relaxed)
        // All words present: no relaxation, and the relaxed fallback never adds mail that
        // lacks more than one word.
        let all = try await engine.search("kernel panic scheduler")
        #expect(all.relaxed == false)
        #expect(all.results.map(\.emailID) == [target])
        #expect(try await engine.search("kernel bootloader grub").results.isEmpty)
    }

    /// Known words point along their topic's axis; a text with no known word points along
    /// an axis of its own, orthogonal to every email — as nonsense is to real mail for a
    /// sentence model. Its nearest neighbours still exist; the floor must drop them.
    struct TopicEmbedder: TextEmbedder {
        let dimensions = 8
        let modelIdentifier = "test-topics"
        static let topics = ["budget": 0, "money": 0, "invoice": 0, "travel": 1, "flight": 1, "hotel": 1, "kernel": 2, "panic": 2]
        func embed(_ texts: [String]) async throws -> [[Float]] {
            texts.map { text in
                var v = [Float](repeating: 0, count: dimensions)
                for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) {
                    if let axis = Self.topics[String(word)] { v[axis] += 1 }
                }
                if v.allSatisfy({ $0 == 0 }) { v[7] = 1 }
                return VectorMath.normalized(v) ?? v
            }
        }
    }

    @Test func nonsenseFindsNothing() async throws {
        let f = try SearchFixture()
        for subject in ["Budget review", "Flight to Lisbon", "Hotel booking", "Kernel panic", "Invoice 42 money"] {
            try f.add(subject: subject, body: subject)
        }
        let embedder = TopicEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        try await engine.indexManager.embedPending(using: embedder)
        let nonsense = try await engine.search("zzzzqqq")
        #expect(nonsense.usedSemantic)
        #expect(nonsense.results.isEmpty, "\(nonsense.results.map(\.subject.text))")
        // A meaningful query still finds its neighbours by meaning only.
        let travel = try await engine.search("flight")
        #expect(Set(travel.results.map(\.subject.text)) == ["Flight to Lisbon", "Hotel booking"])
    }
}
