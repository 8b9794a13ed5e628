import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

/// Account removal must leave nothing of the account: no row in ANY table (tables are found in
/// sqlite_master, so tables other modules add later are covered), no trace in the keyword index,
/// and not even the bytes in the database files. The other account must stay exactly as it was.
@Suite("Account removal (store)")
struct AccountRemovalStoreTests {
    static let marker = "zebracornflux"

    /// Every ordinary table, dumped row by row in a stable order (shadow tables of the keyword
    /// index are checked through the index instead: merging segments legitimately rewrites them).
    static func dump(_ store: MailStore) throws -> [String: [String]] {
        try store.database.writer.read { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
                  AND name NOT LIKE 'email_fts%' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
                """)
            var out: [String: [String]] = [:]
            for table in tables {
                out[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
                    .map { $0.description }.sorted()
            }
            return out
        }
    }

    /// Mail, contacts, settings and per-module rows for one account. `mark` goes into the text.
    static func populate(_ fixture: StoreFixture, account: AccountID, mark: String) throws {
        let store = fixture.store
        let inbox = try store.upsert(Folder(accountID: account, name: "INBOX-\(account)", imapPath: "INBOX", folderType: .inbox))
        let raw = Data("Subject: \(mark) report\r\nFrom: a@example.org\r\n\r\nbody \(mark)\r\n".utf8)
        let attachment = ParsedAttachment(filename: "\(mark).pdf", mimeType: "application/pdf", sizeBytes: 10, partPath: "2")
        var ids: [EmailID] = []
        for index in 0..<5 {
            var new = message("<\(mark)-\(index)@example.org>", account: account, folder: inbox.id!, subject: "\(mark) report \(index)",
                              date: day(Double(index)), from: "\(mark)@example.org", attachments: index == 0 ? [attachment] : [], raw: raw)
            new.email.bodyPlain = "secret body \(mark) \(index)"
            ids += try store.insert([new])
        }
        try store.recordSeen([EmailAddress(name: mark, address: "\(mark)@example.org")], account: account, date: day(1))
        try store.setAccountSetting("off", for: "notifications", account: account)
        try store.setValue("localhost", for: "account.\(account.rawValue).server-name")
        try store.markReauthenticationRequired(account, reason: "revoked", at: day(2))
        try store.database.writer.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO search_index (email_id, content, embedding) VALUES (?, ?, ?)",
                           arguments: [ids[0].rawValue, mark, Data(repeating: 1, count: 64)])
            let attachmentID = try Int64.fetchOne(db, sql: "SELECT id FROM attachment WHERE email_id = ?", arguments: [ids[0].rawValue])
            if let attachmentID {
                try db.execute(sql: "INSERT INTO attachment_access (attachment_id, last_access) VALUES (?, 1)", arguments: [attachmentID])
            }
            let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            if tables.contains("remote_content_sender") {
                try db.execute(sql: "INSERT INTO remote_content_sender (account_id, address, created_at) VALUES (?, ?, 1)",
                               arguments: [account.rawValue, "\(mark)@example.org"])
            }
            if tables.contains("ai_thread_summary") {
                try db.execute(sql: """
                    INSERT INTO ai_thread_summary (thread_id, message_count, last_email_id, summary, model, created_at)
                    SELECT thread_id, 1, id, ?, 'm', 1 FROM email WHERE id = ?
                    """, arguments: ["summary \(mark)", ids[0].rawValue])
            }
            if tables.contains("ai_category_correction") {
                try db.execute(sql: """
                    INSERT INTO ai_category_correction (account_id, email_id, sender_address, category, created_at)
                    VALUES (?, ?, ?, 'social', 1)
                    """, arguments: [account.rawValue, ids[1].rawValue, "\(mark)@example.org"])
            }
            if tables.contains("pending_operation") {
                try db.execute(sql: """
                    INSERT INTO pending_operation (account_id, email_id, action, kind, folder_id, uid, flag, flag_add, created_at, next_attempt_at)
                    VALUES (?, ?, 'read', 'store', ?, 1, 'seen', 1, 1, 1)
                    """, arguments: [account.rawValue, ids[2].rawValue, inbox.id!.rawValue])
            }
        }
    }

    @Test func removalLeavesNoRowNoIndexEntryAndNoBytesOfTheAccount() throws {
        let fixture = try StoreFixture(label: "hearth-removal")
        let store = fixture.store
        let kept = fixture.accountID
        try Self.populate(fixture, account: kept, mark: "keptaccountword")
        try store.setValue(String(kept.rawValue), for: "default-account")
        let before = try Self.dump(store)

        let removed = try store.create(StoreFixture.accountValue("kate@gmail.test")).id!
        try Self.populate(fixture, account: removed, mark: Self.marker)
        try store.setValue(String(removed.rawValue), for: "default-account")
        try store.setValue(String(kept.rawValue), for: "default-account")
        #expect(try fixture.count("email", where: "account_id = ?", [removed.rawValue]) == 5)

        let deleted = try store.purgeAccount(removed)
        #expect(deleted == 5)

        // Every table is exactly as before the account existed.
        let after = try Self.dump(store)
        #expect(after.keys.sorted() == before.keys.sorted())
        for (table, rows) in before where after[table] != rows {
            Issue.record("table \(table) differs after removal: \(after[table]?.count ?? -1) rows, expected \(rows.count)")
        }
        // No table has a row pointing at the removed account, however it was added.
        try store.database.writer.read { db in
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL%'") {
                guard try db.columns(in: table).contains(where: { $0.name == "account_id" }) else { continue }
                let left = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier) WHERE account_id = ?",
                                            arguments: [removed.rawValue]) ?? 0
                #expect(left == 0, "\(table) keeps \(left) rows of the removed account")
            }
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM sqlite_master WHERE name = 'email_fts'") ?? false {
                let hits = try Int.fetchOne(db, sql: "SELECT count(*) FROM email_fts WHERE email_fts MATCH ?", arguments: [Self.marker]) ?? -1
                #expect(hits == 0)
                let keptHits = try Int.fetchOne(db, sql: "SELECT count(*) FROM email_fts WHERE email_fts MATCH 'keptaccountword'") ?? 0
                #expect(keptHits > 0, "the other account is still searchable")
            }
        }
        // Not even the bytes: freed pages are zeroed, the WAL is truncated.
        for file in try FileManager.default.contentsOfDirectory(at: fixture.directory, includingPropertiesForKeys: nil) {
            let bytes = try Data(contentsOf: file)
            #expect(bytes.range(of: Data(Self.marker.utf8)) == nil, "\(file.lastPathComponent) still contains the removed mail")
            #expect(bytes.range(of: Data("kate@gmail.test".utf8)) == nil, "\(file.lastPathComponent) still names the removed account")
        }
        #expect(try store.value(for: "default-account") == String(kept.rawValue))
    }

    @Test func purgeEverythingEmptiesEveryTable() throws {
        let fixture = try StoreFixture(label: "hearth-wipe")
        try Self.populate(fixture, account: fixture.accountID, mark: Self.marker)
        try fixture.store.setValue("dark", for: "theme")
        try fixture.store.purgeEverything()
        for (table, rows) in try Self.dump(fixture.store) where table != "grdb_migrations" {
            #expect(rows.isEmpty, "\(table) keeps \(rows.count) rows")
        }
        for file in try FileManager.default.contentsOfDirectory(at: fixture.directory, includingPropertiesForKeys: nil) {
            #expect(try Data(contentsOf: file).range(of: Data(Self.marker.utf8)) == nil, "\(file.lastPathComponent)")
        }
    }
}
