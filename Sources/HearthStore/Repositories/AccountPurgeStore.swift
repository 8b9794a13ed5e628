import Foundation
import GRDB
import HearthCore

/// Account removal and wipe-all. Foreign keys already cascade from `account` to every table of
/// the schema; on top of that this:
/// - sweeps every table (found in `sqlite_master`, so tables added later are covered) that has an
///   `account_id` column but no cascading key to `account`;
/// - clears settings that point at the account (the default sending account);
/// - runs with `secure_delete` so freed pages are overwritten with zeros, merges the keyword
///   index so no segment keeps the removed tokens, and truncates the write-ahead log, so the
///   removed mail is not recoverable from the database files.
extension MailStore: AccountDataPurging {
    @discardableResult
    public func purgeAccount(_ id: AccountID) throws(StoreError) -> Int {
        try scrubbing { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE id = ?", arguments: [id.rawValue]) ?? false else {
                throw StoreError.notFound("account \(id)")
            }
            let emails = try Int.fetchOne(db, sql: "SELECT count(*) FROM email WHERE account_id = ?", arguments: [id.rawValue]) ?? 0
            for table in try Self.userTables(db) where table != "account" {
                let columns = try db.columns(in: table).map(\.name)
                guard columns.contains("account_id") else { continue }
                try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier) WHERE account_id = ?", arguments: [id.rawValue])
            }
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id.rawValue])
            try db.execute(sql: "DELETE FROM settings WHERE key = 'default-account' AND value = ?", arguments: [String(id.rawValue)])
            // App-wide settings keyed by account ("account.<id>.server-name", credential commands).
            try db.execute(sql: "DELETE FROM settings WHERE key LIKE ? ESCAPE '\\'", arguments: ["account.\(id.rawValue).%"])
            return emails
        }
    }

    public func purgeEverything() throws(StoreError) {
        try scrubbing { db in
            // Children first is not needed: foreign keys are checked per statement, and deleting
            // `account` first cascades most of it; the rest (settings, caches) goes table by table.
            try db.execute(sql: "DELETE FROM account")
            for table in try Self.userTables(db) {
                try db.execute(sql: "DELETE FROM \(table.quotedDatabaseIdentifier)")
            }
        }
    }

    /// Runs `body` in one transaction with `secure_delete` on, then merges the keyword index
    /// and truncates the WAL.
    private func scrubbing<T>(_ body: @escaping (Database) throws -> T) throws(StoreError) -> T {
        do {
            let result = try database.writer.writeWithoutTransaction { db -> T in
                let previous = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
                try db.execute(sql: "PRAGMA secure_delete = ON")
                defer { try? db.execute(sql: "PRAGMA secure_delete = \(previous)") }
                var value: T?
                try db.inTransaction {
                    value = try body(db)
                    return .commit
                }
                if try Self.hasTable("email_fts", db) {
                    try db.execute(sql: "INSERT INTO email_fts (email_fts) VALUES ('optimize')")
                }
                return value!
            }
            if database.path != nil {
                try database.writer.writeWithoutTransaction { db in
                    _ = try Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                }
            }
            return result
        } catch {
            throw StoreError.mapping(error, path: database.path)
        }
    }

    /// Ordinary tables of the schema: not SQLite's or GRDB's bookkeeping, not virtual tables or
    /// their shadow tables (the keyword index is kept in step by triggers).
    static func userTables(_ db: Database) throws -> [String] {
        let virtual = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")
        return try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table'
              AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
              AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
            ORDER BY name
            """).filter { name in !virtual.contains { name.hasPrefix($0 + "_") } }
    }

    static func hasTable(_ name: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM sqlite_master WHERE name = ?", arguments: [name]) ?? false
    }
}
