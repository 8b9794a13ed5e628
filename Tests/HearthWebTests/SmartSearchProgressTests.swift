import Foundation
import HearthApp
import HearthCore
import HearthSearch
import HearthStore
import Testing
@testable import HearthWeb

/// Issue 16: while the search model has not embedded the whole mailbox, the search screen says
/// how much of it smart search covers, from the index's backlog in the store; the line goes
/// once every message has its vector. The hashing embedder stands in for MiniLM (same path).
@Suite("Smart search progress on the search screen")
struct SmartSearchProgressTests {
    /// The search model as the server sees it while the test decides how far embedding is: it
    /// names the hashing model but refuses to embed, so the server's own background run (AI
    /// backlog at start) leaves the backlog to the test.
    struct HeldBack: TextEmbedder {
        struct Refused: Error {}
        let dimensions = HashingEmbedder().dimensions
        let modelIdentifier = HashingEmbedder().modelIdentifier
        func embed(_ texts: [String]) async throws -> [[Float]] { throw Refused() }
    }

    @Test("N messages, none embedded: \"Smart search: 0 of N messages ready\"; half: the count follows; all: the line is gone")
    func followsTheBacklog() async throws {
        let embedder = HashingEmbedder()
        let web = try await WebFixture(services: WebServices(embedder: { HeldBack() }))
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let total = try web.store.statistics(account: nil).emails
        try #require(total >= 4)
        func line(_ target: String) async throws -> String? {
            let page = try await web.http.request("GET", target, headers: ["Cookie": cookie])
            #expect(page.status == 200)
            return page.body.firstMatch(of: /id="smart-search-progress" role="status">([^<]+)</)?.1.description
        }
        #expect(try await line("/search?q=budget&partial=1") == "Smart search: 0 of \(total) messages ready")
        #expect(try await line("/search") == "Smart search: 0 of \(total) messages ready", "the empty search screen says it too")

        let index = web.server.app.search.indexManager
        let half = total / 2
        _ = try await index.embedPending(using: embedder, batchSize: 1, limit: half)
        #expect(try await line("/search?q=budget&partial=1") == "Smart search: \(half) of \(total) messages ready")

        _ = try await index.embedPending(using: embedder)
        #expect(try await line("/search?q=budget&partial=1") == nil, "all embedded: nothing to say")
    }

    @Test("without a search model there is no line (keyword search says nothing, E-04); thousands are grouped")
    func noModelNoLine() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let page = try await web.http.request("GET", "/search?q=budget&partial=1", headers: ["Cookie": cookie])
        #expect(page.status == 200 && !page.body.contains("smart-search-progress"))
        #expect(SmartSearchProgress.Status(ready: 12_400, total: 60_000).sentence == "Smart search: 12,400 of 60,000 messages ready")
        #expect(SmartSearchProgress.Status(ready: 12_400, total: 60_000, secondsLeft: 2_400).sentence
                 == "Smart search: 12,400 of 60,000 messages ready, about 40 min left")
    }
}
