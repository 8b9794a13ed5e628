import Foundation
import GRDB
import HearthCore
import HearthStore

/// Why the keyword index was found unusable (spec E-05).
public enum KeywordIndexProblem: Sendable, Equatable, CustomStringConvertible {
    /// FTS5's own `integrity-check` failed, or a query on it reported corruption.
    case corrupt(String)
    /// The index does not hold one entry per email: rows lost or left behind (a crash outside a
    /// transaction, a file restored from a backup, someone editing the shadow tables).
    case outOfStep(indexed: Int, emails: Int)

    public var description: String {
        switch self {
        case .corrupt(let why): "damaged (\(why))"
        case .outOfStep(let indexed, let emails): "out of step (\(indexed) entries for \(emails) emails)"
        }
    }
}

/// What an automatic repair did: reported on stderr by the CLI, in JSON, and to the web app.
public struct KeywordIndexRepair: Sendable, Equatable {
    public var problem: KeywordIndexProblem
    public var emails: Int
    public var seconds: Double
}

extension SearchIndexManager {
    /// The cheap check a search runs when it opens the index (once per `hearth search`
    /// process): one entry per email, same highest id. It reads four rows — the email count the
    /// `v13-search-email-count` triggers keep, FTS5's own row total (`FTS5RowTotal`) and the
    /// two highest ids — instead of counting `email` and FTS5's docsize table, which cost
    /// ≈ 3.5 ms of CPU per process at 60K messages. Entries lost or left behind through FTS5
    /// (`'delete'` behind the triggers' back, a restored index) move its row total; rows deleted
    /// from the shadow tables by hand do not, and are caught when a query then fails
    /// (`keywordIndexProblem` counts exactly). Damage inside the inverted lists is not seen
    /// here either; queries then fail, and `SearchEngine.search` repairs.
    public func quickKeywordIndexProblem() throws(SearchError) -> KeywordIndexProblem? {
        try read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT emails FROM email_count WHERE id = 1), (SELECT coalesce(max(id), 0) FROM email),
                       (SELECT block FROM email_fts_data WHERE id = \(FTS5RowTotal.averagesRecordID)),
                       (SELECT coalesce(max(id), 0) FROM email_fts_docsize)
                """)
            let emails: Int = row?[0] ?? 0, maxEmail: Int64 = row?[1] ?? 0
            let averages: [UInt8]? = (row?[2] as Data?).map { [UInt8]($0) }
            let maxIndexed: Int64 = row?[3] ?? 0
            guard let indexed = FTS5RowTotal.rowCount(averagesRecord: averages) else {
                return .corrupt("the keyword index's row total is unreadable")
            }
            return emails == indexed && maxEmail == maxIndexed ? nil : .outOfStep(indexed: indexed, emails: emails)
        }
    }

    /// The same comparison from exact counts (`count(*)` of `email` and of FTS5's docsize
    /// table, one row per indexed email): part of the thorough check.
    func countedKeywordIndexProblem() throws(SearchError) -> KeywordIndexProblem? {
        try read { db in
            let row = try Row.fetchOne(db, sql: """
                SELECT (SELECT count(*) FROM email), (SELECT coalesce(max(id), 0) FROM email),
                       (SELECT count(*) FROM email_fts_docsize), (SELECT coalesce(max(id), 0) FROM email_fts_docsize)
                """)
            let emails: Int = row?[0] ?? 0, maxEmail: Int64 = row?[1] ?? 0
            let indexed: Int = row?[2] ?? 0, maxIndexed: Int64 = row?[3] ?? 0
            return emails == indexed && maxEmail == maxIndexed ? nil : .outOfStep(indexed: indexed, emails: emails)
        }
    }

    /// The thorough check: the quick check, exact counts, then FTS5's `integrity-check` against
    /// the email text (reads the whole index; seconds at 50K — run on failure, not on every
    /// search).
    public func keywordIndexProblem() throws(SearchError) -> KeywordIndexProblem? {
        if let problem = try? quickKeywordIndexProblem() { return problem }
        if let problem = try? countedKeywordIndexProblem() { return problem }
        do {
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO email_fts (email_fts, rank) VALUES ('integrity-check', 1)")
            }
            return nil
        } catch let error as DatabaseError where !Self.isEnvironmental(error.resultCode) {
            // CORRUPT/CORRUPT_VTAB, and what junk in the inverted lists also produces: NOMEM
            // (a garbage length), "invalid fts5 file format", "malformed". Rebuilding from the
            // email table is always safe, so any failure of the check itself counts as damage.
            return .corrupt(error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")
        } catch {
            throw .store(StoreError.mapping(error, path: database.path))
        }
    }

    /// Failures that say nothing about the index: another writer, the disk, permissions.
    static func isEnvironmental(_ code: ResultCode) -> Bool {
        [.SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_IOERR, .SQLITE_FULL, .SQLITE_READONLY, .SQLITE_CANTOPEN,
         .SQLITE_PERM, .SQLITE_INTERRUPT, .SQLITE_NOTADB].contains(code)
    }

    /// Rebuilds the keyword index when `problem` (or the thorough check) says it is damaged.
    /// Returns what was done, or nil when the index was fine.
    public func repairKeywordIndex(knownProblem: KeywordIndexProblem? = nil) throws(SearchError) -> KeywordIndexRepair? {
        var found = knownProblem
        if found == nil { found = try keywordIndexProblem() }
        guard let problem = found else { return nil }
        let started = DispatchTime.now()
        try rebuildKeywordIndex()
        let emails = (try? status(model: nil).emails) ?? 0
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return KeywordIndexRepair(problem: problem, emails: emails, seconds: seconds)
    }
}
