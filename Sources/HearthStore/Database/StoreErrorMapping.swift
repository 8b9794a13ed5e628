import Foundation
import GRDB
import HearthCore

extension StoreError {
    /// The one mapping from GRDB/SQLite failures to the domain's `StoreError`, used by every
    /// store method: `SQLITE_FULL` → `storageFull`, constraint failures (unique, foreign key,
    /// check, not null) → `constraintViolation`, `SQLITE_CANTOPEN`/`SQLITE_NOTADB`/`SQLITE_PERM`
    /// → `cannotOpen`, anything else → `database`. A `StoreError` passes through unchanged.
    public static func mapping(_ error: any Error, path: String? = nil) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            let message = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
            switch error.resultCode {
            case .SQLITE_FULL:
                return .storageFull
            case .SQLITE_CONSTRAINT:
                return .constraintViolation(message)
            case .SQLITE_CANTOPEN, .SQLITE_NOTADB, .SQLITE_PERM:
                return .cannotOpen(path: path ?? "(unknown)", reason: message)
            default:
                return .database(message)
            }
        }
        if let error = error as? CocoaError, error.code == .fileWriteOutOfSpace {
            return .storageFull
        }
        return .database(String(describing: error))
    }
}

extension Optional {
    /// The value, or `StoreError.notFound(what)`: for rows a statement should always return
    /// (RETURNING, a re-read after a write), so a surprise is an error, never a crash.
    func orThrow(_ what: @autoclosure () -> String) throws(StoreError) -> Wrapped {
        guard let self else { throw StoreError.notFound(what()) }
        return self
    }
}
