import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
import HearthStore
import Testing

/// The quick check's two sides (issue 16, session 12): the email count kept by the
/// `v13-search-email-count` triggers and FTS5's own row total, read instead of counting the
/// mailbox in every `hearth search` process. They must follow every way mail comes and goes,
/// and a count that drifts must be repaired once, not found again by every search.
@Suite struct KeywordIndexCountTests {
    static func keptCount(_ f: SearchFixture) throws -> Int? {
        try f.store.database.writer.read { db in try Int.fetchOne(db, sql: "SELECT emails FROM email_count WHERE id = 1") }
    }

    static func ftsRowTotal(_ f: SearchFixture) throws -> Int? {
        try f.store.database.writer.read { db in
            let block = try Data.fetchOne(db, sql: "SELECT block FROM email_fts_data WHERE id = 1")
            return FTS5RowTotal.rowCount(averagesRecord: block.map { [UInt8]($0) })
        }
    }

    @Test func theKeptCountAndTheIndexTotalFollowInsertsDeletesAccountRemovalAndWipe() async throws {
        let f = try SearchFixture()
        #expect(try Self.keptCount(f) ?? 0 == 0)
        #expect(try Self.ftsRowTotal(f) == 0)
        var ids: [EmailID] = []
        for n in 0..<150 { ids.append(try f.add(subject: "status \(n)", body: "notes \(n)")) }
        #expect(try Self.keptCount(f) == 150)
        #expect(try Self.ftsRowTotal(f) == 150)   // > 127: a two-byte varint

        let gone = [ids[0].rawValue, ids[1].rawValue]
        try await f.store.database.writer.write { db in
            try db.execute(sql: "DELETE FROM email WHERE id IN (?, ?)", arguments: StatementArguments(gone))
        }
        #expect(try Self.keptCount(f) == 148)
        #expect(try Self.ftsRowTotal(f) == 148)

        let other = try f.store.create(Account(email: "other@example.org", displayName: "Other", provider: .local,
                                               authType: .local, syncWindowDays: nil))
        let otherInbox = try f.store.upsert(Folder(accountID: other.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        for n in 0..<5 { try f.add(subject: "other \(n)", folder: otherInbox, account: other.id!) }
        #expect(try Self.keptCount(f) == 153)
        _ = try f.store.purgeAccount(other.id!)
        #expect(try Self.keptCount(f) == 148)
        #expect(try Self.ftsRowTotal(f) == 148)
        #expect(try SearchEngine(store: f.store).indexManager.quickKeywordIndexProblem() == nil)

        try f.store.purgeEverything()
        #expect(try Self.keptCount(f) == nil)   // the wipe empties the table: no row, no emails
        let fresh = try f.store.create(Account(email: "new@example.org", displayName: "New", provider: .local,
                                               authType: .local, syncWindowDays: nil))
        let freshInbox = try f.store.upsert(Folder(accountID: fresh.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        try f.add(subject: "after the wipe", body: "first again", folder: freshInbox, account: fresh.id!)
        #expect(try Self.keptCount(f) == 1)
        #expect(try Self.ftsRowTotal(f) == 1)
        #expect(try SearchEngine(store: f.store).indexManager.quickKeywordIndexProblem() == nil)
    }

    @Test func aDriftedCountIsFoundRepairedOnceAndNotFoundAgain() async throws {
        let f = try SearchFixture()
        for n in 0..<20 { try f.add(subject: "weekly status \(n)", body: "filler \(n)") }
        let budget = try f.add(subject: "quarterly budget", body: "the spreadsheet is attached")
        try await f.store.database.writer.write { db in try db.execute(sql: "UPDATE email_count SET emails = emails + 5") }
        let engine = SearchEngine(store: f.store)
        #expect(try engine.indexManager.quickKeywordIndexProblem() == .outOfStep(indexed: 21, emails: 26))

        let response = try await engine.search("budget")
        #expect(response.results.map(\.emailID) == [budget])
        #expect(response.keywordIndexRepair?.problem == .outOfStep(indexed: 21, emails: 26))
        #expect(try Self.keptCount(f) == 21)
        // A later process's search opens without repairing again.
        #expect(try await SearchEngine(store: f.store).search("budget").keywordIndexRepair == nil)
    }

    @Test func varintsDecodeAsSQLiteWritesThem() {
        #expect(FTS5RowTotal.varint([0x00]) == 0)
        #expect(FTS5RowTotal.varint([0x7F]) == 127)
        #expect(FTS5RowTotal.varint([0x81, 0x00]) == 128)
        #expect(FTS5RowTotal.varint([0x81, 0xA3, 0x79, 0x87]) == 20_985)   // trailing bytes are the column totals
        #expect(FTS5RowTotal.varint([0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]) == UInt64.max)
        #expect(FTS5RowTotal.varint([0x81, 0x82]) == nil)   // cut off
        #expect(FTS5RowTotal.rowCount(averagesRecord: nil) == 0)
        #expect(FTS5RowTotal.rowCount(averagesRecord: []) == 0)
    }
}
