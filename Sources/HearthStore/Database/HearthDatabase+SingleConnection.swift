import Foundation
import GRDB
import HearthCore

extension HearthDatabase {
    /// Opens an existing, up-to-date database with ONE connection, for a short-lived process
    /// that runs a single quick command (`hearth search`); anything else falls back to `open(at:)`.
    ///
    /// Why: a `DatabasePool` opens a writer and then a reader connection (SQLite parses the
    /// schema on each), and GRDB makes sure the `-wal` file exists with a write transaction
    /// when it does not — which is every time, since the last connection of the previous
    /// process deleted it — so every process wrote, fsynced and checkpointed the database
    /// to read from it. A `DatabaseQueue` on the same WAL file does none of that; the migrator
    /// is only consulted (one read of `grdb_migrations`), and run when the schema is behind.
    ///
    /// Not registered like `open(at:)`: the caller owns the only handle of this process.
    public static func openSingleConnection(at url: URL) throws(StoreError) -> HearthDatabase {
        let path = url.standardizedFileURL.path
        guard FileManager.default.fileExists(atPath: path) else { return try open(at: url) }
        try PrivateDataDirectory.prepare(databasePath: path)
        do {
            let queue = try DatabaseQueue(path: path, configuration: singleConnectionConfiguration())
            let database = HearthDatabase(writer: queue, path: path)
            if try !queue.read({ db in try Schema.migrator.hasCompletedMigrations(db) }) {
                try database.migrate()
            }
            return database
        } catch let error as StoreError {
            throw error
        } catch {
            let mapped = StoreError.mapping(error, path: path)
            if case .database(let reason) = mapped { throw .cannotOpen(path: path, reason: reason) }
            throw mapped
        }
    }

    /// Every connection's settings, and SQLite reading the file through a memory mapping
    /// (`mmap_size`, capped by SQLite's compile-time maximum, 2 GB here) instead of copying each
    /// page with `pread` into its cache. A process that lives for one query pays that copy for
    /// everything it reads: a hybrid search reads every stored vector (89 MB at 60K messages),
    /// and the copy was half of that scan's CPU (sqlite3 CLI, the 60K bench store: 124–150 ms
    /// with `pread`, 67–69 ms mapped). Writes still go through SQLite's journal as before.
    static func singleConnectionConfiguration() -> Configuration {
        var config = configuration()
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = \(Int64(1) << 32)")
        }
        return config
    }

    /// `openSingleConnection(at:)` for a data directory (`<directory>/hearth.sqlite`).
    public static func openSingleConnection(directory: URL) throws(StoreError) -> HearthDatabase {
        try openSingleConnection(at: DataDirectory.databaseURL(in: directory))
    }
}
