import Foundation
@testable import HearthAI
import HearthCore
import Testing

/// Several one-thread encoders through one backlog (`BulkEncoders`): every batch is encoded
/// once, an encoder that fails stops and leaves only its batch unmade, and with the real model
/// two encoders make the vectors one does.
@Suite(.serialized, .timeLimit(.minutes(4)))
struct BulkEncodersTests {
    static let groups = (0..<10).map { $0 * 3..<($0 + 1) * 3 }

    /// A vector per text saying which text it is for.
    static func vectors(_ group: Range<Int>) -> [[Float]] { group.map { [Float($0)] } }

    @Test func everyBatchIsEncodedOnceByOneOfTheEncoders() {
        let counter = Counter()
        let encoder: BulkEncoders.Encoder = { group in
            counter.add(group)
            return Self.vectors(group)
        }
        let made = BulkEncoders.run(groups: Self.groups, count: 30, encoders: [encoder, encoder])
        #expect(made.failure == nil)
        #expect(made.vectors == (0..<30).map { [Float($0)] })
        #expect(counter.groups.sorted { $0.lowerBound < $1.lowerBound } == Self.groups)
    }

    @Test func anEncoderThatFailsLeavesOnlyItsBatchToTheNextPass() {
        // The healthy encoder holds its first batch until the other has failed, so the other
        // surely gets a batch whatever the scheduling.
        let failed = DispatchSemaphore(value: 0)
        let healthyStarted = Counter()
        let healthy: BulkEncoders.Encoder = { group in
            if healthyStarted.add(group) == 1 { failed.wait() }
            return Self.vectors(group)
        }
        let failedGroups = Counter()
        let failing: BulkEncoders.Encoder = { group in
            failedGroups.add(group)
            failed.signal()
            throw AIError.inferenceFailed(code: 7)
        }
        let made = BulkEncoders.run(groups: Self.groups, count: 30, encoders: [healthy, failing])
        guard case .inferenceFailed(code: 7)? = made.failure as? AIError else {
            Issue.record("failure: \(String(describing: made.failure))"); return
        }
        #expect(failedGroups.groups.count == 1, "an encoder stops at its first failure")
        let missing = made.vectors.indices.filter { made.vectors[$0] == nil }
        #expect(missing == failedGroups.groups.first.map(Array.init), "only the failed batch is missing")
        for index in made.vectors.indices where !missing.contains(index) { #expect(made.vectors[index] == [Float(index)]) }
    }

    @Test func anEncoderReturningTooFewVectorsCountsAsFailed() {
        let short: BulkEncoders.Encoder = { group in Array(Self.vectors(group).dropLast()) }
        let made = BulkEncoders.run(groups: Self.groups, count: 30, encoders: [short])
        #expect(made.failure != nil)
        #expect(made.vectors.allSatisfy { $0 == nil }, "one encoder, stopped at its first batch")
    }

    /// Two one-thread contexts of the real model make the vectors the ordinary path makes.
    @Test(.model("minilm")) func twoEncodersMakeTheVectorsOneMakes() async throws {
        let path = try TestModels.require("minilm")
        let embedder = try await LlamaTextEmbedder.open(modelPath: path, host: TestModels.host)
        let reference = try JSONDecoder().decode(LlamaIntegrationTests.Reference.self,
                                                 from: Data(contentsOf: TestResources.url("minilm-reference.json")))
        let texts = (0..<4).flatMap { round in reference.texts.map { round == 0 ? $0 : "\($0) (\(round))" } }
        let one = try await embedder.embed(texts)
        let made = try await TestModels.host.run { host throws(AIError) in
            BulkEncoders.embed(texts, contexts: try host.embeddingContexts(path: path, count: 2))
        }
        #expect(made.failure == nil)
        #expect(made.vectors.count == texts.count)
        var worst: Float = 1
        for (mine, theirs) in zip(made.vectors, one) {
            let vector = try #require(mine)
            worst = min(worst, zip(vector, theirs).reduce(Float(0)) { $0 + $1.0 * $1.1 })
        }
        #expect(worst > 0.9999, "lowest cosine, two encoders vs one: \(worst)")
        // The public path agrees too (on a one-core machine it is the one-encoder path).
        let bulk = await embedder.embedBulk(texts, encoders: 2)
        #expect(bulk.failure == nil)
        #expect(zip(bulk.vectors, one).allSatisfy { pair in
            guard let vector = pair.0 else { return false }
            return zip(vector, pair.1).reduce(Float(0)) { $0 + $1.0 * $1.1 } > 0.9999
        })
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var seen: [Range<Int>] = []
        var groups: [Range<Int>] { lock.withLock { seen } }
        /// Records `group` and returns how many this counter has seen.
        @discardableResult func add(_ group: Range<Int>) -> Int { lock.withLock { seen.append(group); return seen.count } }
    }
}
