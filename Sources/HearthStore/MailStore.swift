import Foundation
import GRDB
import HearthCore
import HearthThreading

/// Hearth's SQLite store: one value implementing every repository protocol of `HearthCore`
/// (`AccountRepository`, `FolderRepository`, `EmailRepository`, `ThreadRepository`,
/// `StatisticsRepository`, `ContactRepository`, `SettingsRepository`) over one `HearthDatabase`.
///
/// ```swift
/// let store = try MailStore.open(directory: DataDirectory.resolve(explicit: nil))
/// let account = try store.create(Account(email: "me@example.org", …))
/// ```
///
/// Copies share the same database (one `DatabasePool` per file per process). Every method is
/// synchronous and thread-safe; writes are serialised by GRDB, reads run concurrently (WAL).
public struct MailStore: Sendable {
    public let database: HearthDatabase
    /// Thread assignment settings (subject window); the default is the spec's 30 days.
    public var assigner: ThreadAssigner

    public init(database: HearthDatabase, assigner: ThreadAssigner = ThreadAssigner()) {
        self.database = database
        self.assigner = assigner
    }

    /// Opens the store of a data directory (`<directory>/hearth.sqlite`), creating it if needed.
    public static func open(directory: URL) throws(StoreError) -> MailStore {
        MailStore(database: try HearthDatabase.open(directory: directory))
    }

    /// Opens the store in a database file at `url`, creating it and its directories if needed.
    public static func open(at url: URL) throws(StoreError) -> MailStore {
        MailStore(database: try HearthDatabase.open(at: url))
    }

    /// A private in-memory store, for tests and previews.
    public static func inMemory() throws(StoreError) -> MailStore {
        MailStore(database: try HearthDatabase.inMemory())
    }

    // MARK: Access helpers: every GRDB error goes through `StoreError.mapping`.

    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.writer.read(body) } catch {
            throw StoreError.mapping(error, path: database.path)
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.writer.write(body) } catch {
            throw StoreError.mapping(error, path: database.path)
        }
    }
}
