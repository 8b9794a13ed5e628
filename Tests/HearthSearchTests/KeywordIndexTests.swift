import Foundation
import GRDB
import HearthCore
@testable import HearthSearch
@testable import HearthStore
import Testing

/// The keyword index is kept in step by the store's own transactions (v2-search triggers):
/// inserts are searchable at once, deletes and account removal leave nothing behind.
@Suite("Keyword index")
struct KeywordIndexTests {
    @Test func insertsAreIndexedInTheSameTransaction() throws {
        let f = try SearchFixture()
        let id = try f.add(subject: "Quarterly budget", body: "The numbers for Q3", from: "carol@example.org", fromName: "Carol Ng")
        #expect(try f.ftsIDs("budget") == [id.rawValue])
        #expect(try f.ftsIDs("numbers") == [id.rawValue])
        #expect(try f.ftsIDs("{sender_name sender_email} : carol") == [id.rawValue])
        #expect(try f.ftsIDs("ng") == [id.rawValue])
        // unicode61 with remove_diacritics 2: "cafe" finds "café" and the reverse.
        let cafe = try f.add(subject: "Café rendezvous", body: "naïve résumé")
        #expect(try f.ftsIDs("cafe") == [cafe.rawValue])
        #expect(try f.ftsIDs("resume") == [cafe.rawValue])
        // No stemming: "number" does not find "numbers".
        #expect(try f.ftsIDs("number").isEmpty)
    }

    @Test func htmlOnlyMailIsIndexedByItsVisibleText() throws {
        let f = try SearchFixture()
        let id = try f.add(subject: "Offer", html: """
            <html><head><title>ignored title</title><style>.font { color: red }</style></head>
            <body><p>Limited&nbsp;<b>opportunity</b> &amp; caf&eacute; &#x4E2D;&#25991;</p>
            <script>var tracking = 1;</script><!-- hidden comment --></body></html>
            """)
        #expect(try f.ftsIDs("opportunity") == [id.rawValue])
        #expect(try f.ftsIDs("limited") == [id.rawValue])
        #expect(try f.ftsIDs("cafe") == [id.rawValue])
        #expect(try f.ftsIDs("\"中文\"") == [id.rawValue])
        for invisible in ["font", "color", "tracking", "hidden", "html", "body", "ignored", "nbsp", "amp"] {
            #expect(try f.ftsIDs(invisible).isEmpty, "\(invisible) is not visible text")
        }
    }

    @Test func deletesAndAccountRemovalCleanUp() throws {
        let f = try SearchFixture()
        let keep = try f.add(subject: "alpha keep")
        let gone = try f.add(subject: "alpha gone")
        try f.store.database.writer.write { db in
            try db.execute(sql: "INSERT INTO search_index (email_id, embedding, embedding_model) VALUES (?, x'00', 'm')",
                           arguments: [gone.rawValue])
        }
        try f.store.delete(gone)
        #expect(try f.ftsIDs("alpha") == [keep.rawValue])
        #expect(try f.count("SELECT count(*) FROM search_index") == 0)

        let other = try f.store.create(Account(email: "other@example.org", displayName: "Other", provider: .local,
                                               authType: .local, syncWindowDays: nil))
        let otherInbox = try f.store.upsert(Folder(accountID: other.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        for n in 0..<20 { try f.add(subject: "alpha other \(n)", folder: otherInbox, account: other.id!) }
        #expect(try f.ftsIDs("alpha").count == 21)
        try f.store.delete(other.id!)
        #expect(try f.ftsIDs("alpha") == [keep.rawValue])
        #expect(try f.ftsIDs("other").isEmpty)
        #expect(try SearchEngine(store: f.store).indexManager.keywordIndexIsConsistent())
    }

    @Test func trashFolderDeletionRemovesItsMailFromTheIndex() throws {
        let f = try SearchFixture()
        let trash = try f.store.upsert(Folder(accountID: f.accountID, name: "Trash", imapPath: "Trash", folderType: .trash))
        try f.add(subject: "omega binned", folder: trash)
        #expect(try f.ftsIDs("omega").count == 1)
        try f.store.delete(trash.id!)
        #expect(try f.ftsIDs("omega").isEmpty)
    }

    @Test func updatesOfTextReindexButFlagChangesDoNot() throws {
        let f = try SearchFixture()
        let id = try f.add(subject: "before edit")
        try f.store.database.writer.write { db in
            try db.execute(sql: "UPDATE email SET subject = 'after edit' WHERE id = ?", arguments: [id.rawValue])
        }
        #expect(try f.ftsIDs("before").isEmpty)
        #expect(try f.ftsIDs("after") == [id.rawValue])
        try f.store.setFlags(id, isRead: true, isStarred: true, isAnswered: nil, isDraft: nil)
        #expect(try f.ftsIDs("after") == [id.rawValue])
        #expect(try SearchEngine(store: f.store).indexManager.keywordIndexIsConsistent())
    }

    @Test func rebuildRestoresAnIndexThatLostRows() throws {
        let f = try SearchFixture()
        let id = try f.add(subject: "resilient index")
        try f.store.database.writer.write { db in
            try db.execute(sql: "INSERT INTO email_fts (email_fts) VALUES ('delete-all')")
        }
        #expect(try f.ftsIDs("resilient").isEmpty)
        let manager = SearchEngine(store: f.store).indexManager
        try manager.rebuildKeywordIndex()
        #expect(try f.ftsIDs("resilient") == [id.rawValue])
        #expect(try manager.keywordIndexIsConsistent())
    }

    @Test func mailStoredBeforeTheMigrationIsIndexedByIt() throws {
        let queue = try DatabaseQueue(configuration: HearthDatabase.configuration())
        try Schema.migrator.migrate(queue, upTo: "v1")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO account (id, email, display_name, provider, auth_type, created_at)
                    VALUES (1, 'me@example.org', 'Me', 'local', 'local', 0);
                INSERT INTO thread (id, account_id) VALUES (1, 1);
                INSERT INTO email (id, account_id, thread_id, subject, body_plain, from_address, date_received, sort_date)
                    VALUES (7, 1, 1, 'legacy message', 'stored by version one', 'old@example.org', 0, 0);
                """)
        }
        try Schema.migrator.migrate(queue)
        let ids = try queue.read { db in
            try Int64.fetchAll(db, sql: "SELECT rowid FROM email_fts WHERE email_fts MATCH 'legacy version'")
        }
        #expect(ids == [7])
    }
}
