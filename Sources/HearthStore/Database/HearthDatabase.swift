import Foundation
import CFTS5Snippet
import GRDB
import HearthCore

/// The SQLite database of a Hearth data directory: one GRDB `DatabasePool` per file per process
/// (WAL, one writer, concurrent readers), foreign keys on, migrated to the current schema.
///
/// `open(at:)` returns the already-open instance for a path while one is alive, so two parts of a
/// process never hold two pools on the same file. `inMemory()` is a private `DatabaseQueue` for
/// fast tests; `temporary()` a pool on a fresh file in the temporary directory.
public final class HearthDatabase: Sendable {
    /// The GRDB connection: a `DatabasePool` on disk, a `DatabaseQueue` in memory.
    public let writer: any DatabaseWriter
    /// Path of the database file; nil in memory.
    public let path: String?

    init(writer: any DatabaseWriter, path: String?) {
        self.writer = writer
        self.path = path
    }

    /// Opens (creating the file and its directories if needed) and migrates the database at `url`.
    /// The directory is 0700 and the database files 0600 (`PrivateDataDirectory`).
    public static func open(at url: URL) throws(StoreError) -> HearthDatabase {
        let path = url.standardizedFileURL.path
        return try Registry.shared.database(for: path) { () throws(StoreError) -> HearthDatabase in
            try PrivateDataDirectory.prepare(databasePath: path)
            let pool: DatabasePool
            do {
                pool = try DatabasePool(path: path, configuration: configuration())
            } catch {
                let mapped = StoreError.mapping(error, path: path)
                if case .database(let reason) = mapped { throw .cannotOpen(path: path, reason: reason) }
                throw mapped
            }
            let database = HearthDatabase(writer: pool, path: path)
            try database.migrate()
            return database
        }
    }

    /// Opens the database of a data directory (`<directory>/hearth.sqlite`).
    public static func open(directory: URL) throws(StoreError) -> HearthDatabase {
        try open(at: DataDirectory.databaseURL(in: directory))
    }

    /// A private, migrated in-memory database (a `DatabaseQueue`: no WAL, no readers).
    public static func inMemory() throws(StoreError) -> HearthDatabase {
        do {
            let queue = try DatabaseQueue(configuration: configuration())
            let database = HearthDatabase(writer: queue, path: nil)
            try database.migrate()
            return database
        } catch {
            throw StoreError.mapping(error)
        }
    }

    /// A migrated database on a fresh file in the temporary directory.
    public static func temporary() throws(StoreError) -> HearthDatabase {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("hearth-\(UUID().uuidString)", isDirectory: true)
        return try open(directory: url)
    }

    /// The connection settings every Hearth connection uses.
    /// Registers `hearth_snippet()`, FTS5's `snippet()` in linear time (CFTS5Snippet), on a
    /// connection: every store connection, and any other database whose FTS5 tables search's
    /// snippets come from (the in-memory page index of HearthSearch), so one function makes
    /// every snippet.
    public static func registerSnippetFunction(_ db: Database) throws {
        let registered = db.sqliteConnection.map { hearth_fts5_register_snippet($0) } ?? 1
        if registered != 0 {
            throw DatabaseError(resultCode: ResultCode(rawValue: registered), message: "cannot register hearth_snippet()")
        }
    }

    static func configuration() -> Configuration {
        var config = Configuration()
        config.label = "hearth"
        config.foreignKeysEnabled = true
        // Wait for a competing writer (another process) instead of failing at once.
        config.busyMode = .timeout(10)
        config.maximumReaderCount = 4
        config.prepareDatabase { db in
            // The keyword index's triggers call it (Schema+Search.swift).
            db.add(function: Schema.htmlTextFunction)
            try registerSnippetFunction(db)
            // GRDB's WAL setup (DatabasePool) also sets synchronous = NORMAL, which is durable
            // enough in WAL mode: a crash can lose the last commits, never corrupt the file.
            try db.execute(sql: """
                PRAGMA temp_store = MEMORY;
                PRAGMA cache_size = -16000;
                """)
        }
        return config
    }

    func migrate() throws(StoreError) {
        do {
            try Schema.migrator.migrate(writer)
        } catch {
            let mapped = StoreError.mapping(error, path: path)
            switch mapped {
            case .storageFull, .cannotOpen: throw mapped
            default: throw .migrationFailed("\(error)")
            }
        }
    }

    /// Size of the database on disk in bytes: the file plus its WAL, or the page count times the
    /// page size in memory.
    func sizeOnDisk(_ db: Database) throws -> Int64 {
        if let path {
            let fm = FileManager.default
            var total: Int64 = 0
            for file in [path, path + "-wal"] {
                if let size = (try? fm.attributesOfItem(atPath: file))?[.size] as? NSNumber {
                    total += size.int64Value
                }
            }
            return total
        }
        let pages = try Int64.fetchOne(db, sql: "PRAGMA page_count") ?? 0
        let pageSize = try Int64.fetchOne(db, sql: "PRAGMA page_size") ?? 0
        return pages * pageSize
    }

    /// Keeps one live database per path: `open` returns the live one while somebody holds it.
    private final class Registry: @unchecked Sendable {
        static let shared = Registry()
        private let lock = NSLock()
        private var live: [String: WeakBox] = [:]

        private final class WeakBox { weak var database: HearthDatabase? }

        func database(for path: String,
                      create: () throws(StoreError) -> HearthDatabase) throws(StoreError) -> HearthDatabase {
            lock.lock()
            defer { lock.unlock() }
            if let existing = live[path]?.database { return existing }
            let database = try create()
            let box = WeakBox()
            box.database = database
            live[path] = box
            live = live.filter { $0.value.database != nil }
            return database
        }
    }
}
