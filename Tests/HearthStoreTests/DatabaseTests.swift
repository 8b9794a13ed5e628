import Foundation
import GRDB
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

@Suite("Database: opening, migrations, pragmas, errors")
struct DatabaseTests {
    @Test func migrationsApplyOnAFreshFileAndReopenIsIdempotent() throws {
        let directory = try Corpora.temporaryDirectory("hearth-migrate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let nested = directory.appendingPathComponent("a/b/data")
        var accountID: AccountID?
        do {
            let store = try MailStore.open(directory: nested)
            #expect(FileManager.default.fileExists(atPath: nested.appendingPathComponent("hearth.sqlite").path))
            let applied = try store.database.writer.read { db in
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            }
            #expect(applied.first == "v1")
            let tables = try store.database.writer.read { db in
                Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
            }
            for table in ["account", "folder", "email", "email_folder", "thread", "thread_node", "thread_folder",
                          "attachment", "email_source", "contact", "search_index", "settings"] {
                #expect(tables.contains(table), "missing table \(table)")
            }
            accountID = try store.create(StoreFixture.accountValue("a@example.org")).id
        }
        // Re-open: no migration re-runs, data intact.
        let store = try MailStore.open(directory: nested)
        let applied = try store.database.writer.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        }
        #expect(applied.count == Set(applied).count)
        #expect(try store.accounts().map(\.id) == [accountID])
    }

    @Test func pragmasAreSetOnEveryConnection() throws {
        let fixture = try StoreFixture()
        let writer = try fixture.store.database.writer.write { db in
            (try Int.fetchOne(db, sql: "PRAGMA foreign_keys"), try String.fetchOne(db, sql: "PRAGMA journal_mode"),
             try Int.fetchOne(db, sql: "PRAGMA synchronous"))
        }
        #expect(writer.0 == 1)
        #expect(writer.1 == "wal")
        #expect(writer.2 == 1) // NORMAL
        let reader = try fixture.store.database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA foreign_keys") }
        #expect(reader == 1)
        #expect(fixture.store.database.writer is DatabasePool)
    }

    @Test func foreignKeysAreEnforced() throws {
        let fixture = try StoreFixture()
        #expect(throws: DatabaseError.self) {
            try fixture.store.database.writer.write { db in
                try db.execute(sql: "INSERT INTO folder (account_id, name, imap_path, folder_type) VALUES (999, 'x', 'x', 'custom')")
            }
        }
    }

    @Test func onePoolPerPathWhileOpen() throws {
        let fixture = try StoreFixture()
        let again = try MailStore.open(directory: fixture.directory)
        #expect(again.database === fixture.store.database)
    }

    @Test func inMemoryStoreWorks() throws {
        let store = try MailStore.inMemory()
        let account = try store.create(StoreFixture.accountValue("m@example.org"))
        #expect(try store.accounts().count == 1)
        #expect(account.id != nil)
    }

    @Test func openingAPathUnderAFileGivesCannotOpen() throws {
        let directory = try Corpora.temporaryDirectory("hearth-cannot-open")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plain-file")
        try Data("not a directory".utf8).write(to: file)
        #expect {
            _ = try MailStore.open(directory: file.appendingPathComponent("data"))
        } throws: { error in
            guard case .cannotOpen = error as? StoreError else { return false }
            return true
        }
        // A file that is not a database is refused the same way.
        let garbage = directory.appendingPathComponent("garbage.sqlite")
        try Data(repeating: 0x41, count: 8192).write(to: garbage)
        #expect {
            _ = try MailStore.open(at: garbage)
        } throws: { error in
            guard case .cannotOpen = error as? StoreError else { return false }
            return true
        }
    }

    @Test func insertingIntoAMissingFolderIsAConstraintViolation() throws {
        let fixture = try StoreFixture()
        #expect {
            _ = try fixture.store.insert([message("m1@x", account: fixture.accountID, folder: FolderID(9999))])
        } throws: { error in
            guard case .constraintViolation = error as? StoreError else { return false }
            return true
        }
        // The batch was rolled back entirely.
        #expect(try fixture.count("email") == 0)
        #expect(try fixture.count("thread") == 0)
    }

    @Test func aFolderOfAnotherAccountIsRefused() throws {
        let fixture = try StoreFixture()
        let other = try fixture.store.create(StoreFixture.accountValue("other@example.org"))
        #expect {
            _ = try fixture.store.insert([message("m1@x", account: other.id!, folder: fixture.inbox.id!)])
        } throws: { error in
            guard case .constraintViolation = error as? StoreError else { return false }
            return true
        }
    }

    @Test func errorMappingCoversSQLiteResultCodes() throws {
        let fixture = try StoreFixture()
        // A real unique violation.
        do {
            try fixture.store.database.writer.write { db in
                try db.execute(sql: "INSERT INTO folder (account_id, name, imap_path, folder_type) VALUES (?, 'dup', 'INBOX', 'inbox')",
                               arguments: [fixture.accountID.rawValue])
            }
            Issue.record("duplicate folder path accepted")
        } catch {
            guard case .constraintViolation = StoreError.mapping(error) else {
                Issue.record("mapped to \(StoreError.mapping(error))"); return
            }
        }
        #expect(StoreError.mapping(DatabaseError(resultCode: .SQLITE_FULL)) == .storageFull)
        #expect(StoreError.mapping(StoreError.notFound("x")) == .notFound("x"))
        if case .cannotOpen(let path, _) = StoreError.mapping(DatabaseError(resultCode: .SQLITE_CANTOPEN), path: "/p") {
            #expect(path == "/p")
        } else { Issue.record("CANTOPEN not mapped to cannotOpen") }
        if case .database = StoreError.mapping(DatabaseError(resultCode: .SQLITE_IOERR)) {} else {
            Issue.record("IOERR not mapped to database")
        }
    }

    @Test func aFullDatabaseGivesStorageFull() throws {
        let fixture = try StoreFixture()
        let pages = try fixture.store.database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count")! }
        try fixture.store.database.writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA max_page_count = \(pages + 4)")
        }
        let big = Data(repeating: 7, count: 256 * 1024)
        #expect {
            _ = try fixture.store.insert([message("big@x", account: fixture.accountID, folder: fixture.inbox.id!, raw: big)])
        } throws: { error in (error as? StoreError) == .storageFull }
        #expect(try fixture.count("email") == 0)
    }

    @Test func dataDirectoryResolutionOrder() {
        let home = URL(fileURLWithPath: "/home/u")
        let env = ["HEARTH_DATA_DIR": "/env/dir", "XDG_DATA_HOME": "/xdg"]
        #expect(DataDirectory.resolve(explicit: "/explicit", environment: env, home: home).path == "/explicit")
        #expect(DataDirectory.resolve(explicit: nil, environment: env, home: home).path == "/env/dir")
        #expect(DataDirectory.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg"], home: home).path == "/xdg/hearth")
        #expect(DataDirectory.resolve(explicit: nil, environment: [:], home: home).path == "/home/u/.local/share/hearth")
        #expect(DataDirectory.resolve(explicit: "", environment: ["HEARTH_DATA_DIR": ""], home: home).path
                == "/home/u/.local/share/hearth")
        #expect(DataDirectory.databaseURL(in: URL(fileURLWithPath: "/d")).path == "/d/hearth.sqlite")
    }

    @Test func settingsPersistAcrossReopen() throws {
        let directory = try Corpora.temporaryDirectory("hearth-settings")
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let store = try MailStore.open(directory: directory)
            try store.setValue("dark", for: "theme")
            try store.setValue("1", for: "temporary")
            try store.setValue(nil, for: "temporary")
            try store.setValue("light", for: "theme.alt")
            try store.setValue("system", for: "theme.alt")
        }
        let store = try MailStore.open(directory: directory)
        #expect(try store.value(for: "theme") == "dark")
        #expect(try store.value(for: "theme.alt") == "system")
        #expect(try store.value(for: "temporary") == nil)
        #expect(try store.value(for: "missing") == nil)
    }
}
