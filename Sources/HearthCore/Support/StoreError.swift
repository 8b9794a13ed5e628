import Foundation

/// A failure of the local store, with what the user needs to act on it.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The database file could not be opened or created at this path.
    case cannotOpen(path: String, reason: String)
    /// A schema migration failed; the database is left as it was.
    case migrationFailed(String)
    /// The referenced row does not exist.
    case notFound(String)
    /// A write would break a rule of the data model (unique, foreign key, check).
    case constraintViolation(String)
    /// The disk is full: nothing was written.
    case storageFull
    /// Any other SQLite failure.
    case database(String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "cannot open the mail store at \(path): \(reason)"
        case .migrationFailed(let why): "the mail store could not be upgraded: \(why)"
        case .notFound(let what): "not found: \(what)"
        case .constraintViolation(let why): "refused by the data model: \(why)"
        case .storageFull: "the disk is full; free some space and try again"
        case .database(let why): "mail store error: \(why)"
        }
    }
}
