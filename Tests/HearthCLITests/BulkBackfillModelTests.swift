import Foundation
import GRDB
import HearthAI
@testable import HearthCLI
import HearthCore
import HearthSearch
import HearthStore
import HearthTestSupport
import Testing

/// The backfill with two encoders (issue 16) against the real model: it stores exactly the
/// vectors a one-encoder backfill stores — the same emails, the same vectors within float
/// noise. Skipped without the model unless HEARTH_REQUIRE_MODELS=1.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct BulkBackfillModelTests {
    /// 36 messages: the semantic suite's twelve topics, three wordings each.
    static var mbox: String {
        var n = 0
        return (0..<3).flatMap { round in
            SemanticSearchModelTests.messages.map { m -> String in
                n += 1
                let minute = String(format: "%02d", n % 60)
                return """
                    From sender\(n)@example.org Mon Mar  1 11:\(minute):00 2004
                    Message-ID: <\(m.key)-\(round)@example.org>
                    From: Sender \(n) <sender\(n)@example.org>
                    To: me@example.org
                    Subject: \(round == 0 ? m.subject : "Re: \(m.subject) (\(round))")
                    Date: Mon, 1 Mar 2004 11:\(minute):00 +0000

                    \(round == 2 ? "Thanks, noted. " : "")\(m.body)\(round == 1 ? " Let me know if anything changes." : "")

                    """
            }
        }.joined()
    }

    static func vectors(_ store: MailStore) throws -> [Int64: [Float]] {
        try store.database.writer.read { db in
            var all: [Int64: [Float]] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT email_id, embedding FROM search_index WHERE embedding_model = 'minilm'") {
                all[row[0]] = VectorMath.decode(row[1] as Data, dimensions: 384)
            }
            return all
        }
    }

    static func clearVectors(_ store: MailStore) throws {
        try store.database.writer.write { db in try db.execute(sql: "DELETE FROM search_index") }
    }

    @Test(.enabled(if: SemanticSearchModelTests.modelInstalled || SemanticSearchModelTests.modelsRequired,
                   "skipped: embedding model (minilm) not installed"))
    func twoEncodersStoreTheVectorsOneEncoderStores() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-bulk-backfill")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mboxURL = dir.appendingPathComponent("topics.mbox")
        try Data(Self.mbox.utf8).write(to: mboxURL)
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let result = try hearth.run(["import", mboxURL.path, "--json", "--no-progress"])
        try #require(result.status == 0, "import failed: \(result.stderr)")
        let store = try MailStore.open(directory: dir.appendingPathComponent("data"))
        let embedder = try #require(try SearchWiring.embedder(named: nil), "the installed model is the default embedder")
        let manager = SearchEngine(store: store, embedder: embedder).indexManager

        #expect(try await manager.embedPending(using: embedder, batchSize: 16, encoders: 1) == 36)
        let one = try Self.vectors(store)
        try Self.clearVectors(store)
        #expect(try manager.status(model: "minilm").pendingEmbeddings == 36)
        #expect(try await manager.embedPending(using: embedder, batchSize: 16, encoders: 2) == 36)
        let two = try Self.vectors(store)

        #expect(one.count == 36)
        #expect(Set(two.keys) == Set(one.keys))
        var worst: Float = 1
        for (id, vector) in one {
            let other = try #require(two[id])
            worst = min(worst, zip(vector, other).reduce(Float(0)) { $0 + $1.0 * $1.1 })
        }
        #expect(worst > 0.9999, "lowest cosine between the two backfills' vectors: \(worst)")
    }
}
