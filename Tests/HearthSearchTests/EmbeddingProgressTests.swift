import Foundation
import HearthCore
@testable import HearthSearch
import Testing

/// What a progress indicator is told while vectors are built: how far, how fast, how long.
@Suite struct EmbeddingProgressTests {
    @Test func timeLeftFollowsTheRateAndIsUnknownBeforeIt() {
        var progress = SearchIndexManager.EmbeddingProgress(done: 0, total: 60_000)
        #expect(progress.secondsLeft == nil)
        progress.done = 12_000
        progress.emailsPerSecond = 20
        #expect(progress.secondsLeft == 2_400)
        progress.done = 60_000
        #expect(progress.secondsLeft == 0)
    }

    @Test func everyReportOfARunSaysHowLongIsLeft() async throws {
        let f = try SearchFixture()
        for n in 0..<5 { _ = try f.add(subject: "message \(n) about budgets", body: "numbers \(n)") }
        let embedder = HashingEmbedder()
        let engine = SearchEngine(store: f.store, embedder: embedder)
        let reports = Reports()
        try await engine.indexManager.embedPending(using: embedder, batchSize: 2) { reports.append($0) }
        let all = reports.all
        #expect(all.map(\.done) == [2, 4, 5])
        #expect(all.allSatisfy { $0.secondsLeft != nil })
        #expect(all.last?.secondsLeft == 0)
    }

    /// The web app embeds through its background run's own manager while the search screen asks
    /// the server's: both are managers of the same database and must see the same run.
    @Test func everyManagerOfTheDatabaseSeesTheRun() async throws {
        let f = try SearchFixture()
        for n in 0..<4 { _ = try f.add(subject: "message \(n) about budgets", body: "numbers \(n)") }
        let screen = SearchEngine(store: f.store).indexManager
        let elsewhere = SearchEngine(store: try SearchFixture().store).indexManager
        let seen = Reports()
        let strangers = Reports()
        let embedder = Watching(inner: HashingEmbedder()) {
            if let now = screen.embeddingProgress { seen.append(now) }
            if let now = elsewhere.embeddingProgress { strangers.append(now) }
        }
        try await SearchEngine(store: f.store).indexManager.embedPending(using: embedder, batchSize: 2)
        #expect(seen.all.map(\.total) == [4, 4])
        #expect(strangers.all.isEmpty, "another store's screen sees nothing")
        #expect(screen.embeddingProgress == nil, "the run is over")
    }

    /// An embedder that calls `watch` before each batch.
    struct Watching: TextEmbedder {
        let inner: HashingEmbedder
        let watch: @Sendable () -> Void
        var dimensions: Int { inner.dimensions }
        var modelIdentifier: String { inner.modelIdentifier }
        func embed(_ texts: [String]) async throws -> [[Float]] {
            watch()
            return try await inner.embed(texts)
        }
    }

    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [SearchIndexManager.EmbeddingProgress] = []
        var all: [SearchIndexManager.EmbeddingProgress] { lock.withLock { items } }
        func append(_ item: SearchIndexManager.EmbeddingProgress) { lock.withLock { items.append(item) } }
    }
}
