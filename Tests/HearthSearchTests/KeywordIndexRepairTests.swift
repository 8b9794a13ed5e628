import Foundation
import GRDB
import HearthCore
import HearthSearch
import HearthStore
import Testing

/// E-05 and FR-SEARCH-08's "detection of unindexed emails": a damaged or out-of-step keyword
/// index is found when search opens or fails, rebuilt, and the user's search still answers —
/// with the right results.
@Suite struct KeywordIndexRepairTests {
    /// A store with a few hundred emails (so the FTS5 index has several leaf pages) and three
    /// known targets.
    static func fixture() throws -> (SearchFixture, budget: EmailID, kernel: EmailID, zebra: EmailID) {
        let f = try SearchFixture()
        for n in 0..<300 {
            try f.add(subject: "weekly status \(n)", body: "filler text number \(n) about meetings, plans and lunch \(n * 7)")
        }
        let budget = try f.add(subject: "quarterly budget", body: "the spreadsheet is attached")
        let kernel = try f.add(subject: "kernel oops", body: "trace from the mips board")
        let zebra = try f.add(subject: "zebra crossing", body: "painted stripes near the office")
        return (f, budget, kernel, zebra)
    }

    @Test func aHealthyIndexIsLeftAlone() async throws {
        let (f, budget, _, _) = try Self.fixture()
        let engine = SearchEngine(store: f.store)
        #expect(try engine.indexManager.quickKeywordIndexProblem() == nil)
        #expect(try engine.indexManager.keywordIndexProblem() == nil)
        let response = try await engine.search("budget")
        #expect(response.keywordIndexRepair == nil)
        #expect(response.results.map(\.emailID) == [budget])
    }

    @Test func lostIndexEntriesAreDetectedWhenSearchOpensAndRebuilt() async throws {
        let (f, budget, kernel, zebra) = try Self.fixture()
        // Drop the index entries of the three targets behind the triggers' back.
        try await f.store.database.writer.write { db in
            try db.execute(sql: "INSERT INTO email_fts (email_fts, rowid, subject, body, sender_name, sender_email) "
                + "SELECT 'delete', id, subject, body, sender_name, sender_email FROM email_search_source WHERE id IN (?, ?, ?)",
                           arguments: [budget.rawValue, kernel.rawValue, zebra.rawValue])
        }
        #expect(try f.ftsIDs("budget").isEmpty)
        let engine = SearchEngine(store: f.store)
        #expect(try engine.indexManager.quickKeywordIndexProblem() == .outOfStep(indexed: 300, emails: 303))

        let response = try await engine.search("budget")
        #expect(response.results.map(\.emailID) == [budget])
        #expect(response.keywordIndexRepair?.problem == .outOfStep(indexed: 300, emails: 303))
        #expect(response.keywordIndexRepair?.emails == 303)
        #expect(try await engine.search("zebra").results.map(\.emailID) == [zebra])
        // Repaired once; the next search does not repeat it.
        #expect(try await engine.search("kernel").keywordIndexRepair == nil)
        #expect(try engine.indexManager.keywordIndexProblem() == nil)
    }

    @Test func deletedShadowRowsAreDetectedAndRebuilt() async throws {
        let (f, _, kernel, _) = try Self.fixture()
        try await f.store.database.writer.write { db in
            try db.execute(sql: "DELETE FROM email_fts_docsize WHERE id % 2 = 0")
        }
        let engine = SearchEngine(store: f.store)
        let response = try await engine.search("kernel oops")
        #expect(response.results.map(\.emailID) == [kernel])
        guard case .outOfStep? = response.keywordIndexRepair?.problem else {
            Issue.record("expected an out-of-step repair, got \(String(describing: response.keywordIndexRepair))")
            return
        }
        #expect(try engine.indexManager.keywordIndexProblem() == nil)
    }

    @Test func garbageInTheInvertedListsIsCaughtWhenTheQueryFailsAndRebuilt() async throws {
        let (f, budget, kernel, zebra) = try Self.fixture()
        // Overwrite every leaf and structure record of the inverted index with junk, keeping the
        // row counts (so only a failing query or the thorough check can notice).
        try await f.store.database.writer.write { db in
            try db.execute(sql: "UPDATE email_fts_data SET block = randomblob(length(block)) WHERE id > 1")
        }
        let engine = SearchEngine(store: f.store)
        #expect(try engine.indexManager.quickKeywordIndexProblem() == nil)
        guard case .corrupt? = try engine.indexManager.keywordIndexProblem() else {
            Issue.record("integrity-check did not notice the junk")
            return
        }
        let response = try await engine.search("budget")
        #expect(response.results.map(\.emailID) == [budget])
        guard case .corrupt? = response.keywordIndexRepair?.problem else {
            Issue.record("expected a corruption repair, got \(String(describing: response.keywordIndexRepair))")
            return
        }
        #expect(try await engine.search("kernel").results.map(\.emailID) == [kernel])
        #expect(try await engine.search("stripes office").results.map(\.emailID) == [zebra])
        #expect(try engine.indexManager.keywordIndexProblem() == nil)
    }

    @Test func anErrorThatIsNotTheIndexStillSurfaces() async throws {
        let (f, _, _, _) = try Self.fixture()
        let engine = SearchEngine(store: f.store)
        // The index is fine but the store is not: search must say so instead of looping.
        try await f.store.database.writer.write { db in try db.execute(sql: "ALTER TABLE account RENAME TO account_gone") }
        await #expect(throws: SearchError.self) { _ = try await engine.search("budget") }
    }
}
