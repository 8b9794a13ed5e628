import Foundation
import GRDB
import HearthCore
import HearthStore

/// The single owner of search-index mutations (FR-SEARCH-08).
///
/// - Keyword index: kept in step by the `v2-search` triggers inside every write transaction of
///   the store (import, sync, delete, account removal); this type checks and rebuilds it.
/// - Vectors: `embedPending` embeds emails that have no vector of the embedder's model yet, in
///   batches, newest first, and stores them (one transaction per batch), updating the
///   in-memory index of this process. Vectors of deleted emails go with them (foreign key
///   cascade); vectors of another model are ignored and replaced as emails are re-embedded.
public final class SearchIndexManager: Sendable {
    public let database: HearthDatabase
    let vectors: VectorIndexCache

    /// Characters of an email's body read from the store for its vector; `EmbeddingText`
    /// keeps the first paragraphs of what is left once quotes and signature are gone.
    public static let embeddedBodyCharacters = 4_000

    /// The indexer running in this process on this database, if any (what a progress
    /// indicator shows), whichever manager of the database runs it.
    let liveProgress: LiveEmbeddingProgress

    init(database: HearthDatabase, vectors: VectorIndexCache) {
        self.database = database
        self.vectors = vectors
        self.liveProgress = LiveEmbeddingProgress.shared(for: database)
    }

    public struct Status: Sendable, Hashable, Codable {
        public var emails: Int
        /// Emails with a vector of the given model (0 without a model).
        public var embedded: Int
        /// Emails still to embed (FR-SEARCH-08 "detection of unindexed emails").
        public var pendingEmbeddings: Int
        public var model: String?
    }

    /// Every search that could use a model asks for this (its pending count), so the emails
    /// come from the count the store's triggers keep (`email_count`: no row means none), not
    /// from `count(*)`, which reads an index of every email (2 ms of a 60K search process).
    public func status(model: String?) throws(SearchError) -> Status {
        try read { db in
            let emails = try Int.fetchOne(db, sql: "SELECT coalesce((SELECT emails FROM email_count WHERE id = 1), 0)") ?? 0
            guard let model else { return Status(emails: emails, embedded: 0, pendingEmbeddings: 0, model: nil) }
            let embedded = try Int.fetchOne(db, sql: """
                SELECT count(*) FROM search_index WHERE embedding_model = ?
                """, arguments: [model]) ?? 0
            return Status(emails: emails, embedded: embedded, pendingEmbeddings: max(0, emails - embedded), model: model)
        }
    }

    /// Whether any vector of `model` is stored (an index probe: cheap enough for every search).
    public func hasVectors(model: String) throws(SearchError) -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM search_index WHERE embedding_model = ?)",
                              arguments: [model]) ?? false
        }
    }

    /// FTS5's own consistency check of the keyword index against the email table.
    public func keywordIndexIsConsistent() throws(SearchError) -> Bool {
        do {
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO email_fts (email_fts, rank) VALUES ('integrity-check', 1)")
            }
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_CORRUPT_VTAB {
            return false
        } catch {
            throw .store(StoreError.mapping(error, path: database.path))
        }
    }

    /// Rebuilds the keyword index from the email table (E-05, `hearth reindex`), and sets the
    /// email count the quick check compares it with (`email_count`) from the table too, so a
    /// count that drifted is repaired once rather than found again by every search.
    public func rebuildKeywordIndex() throws(SearchError) {
        try write { db in
            try db.execute(sql: "INSERT INTO email_fts (email_fts) VALUES ('rebuild')")
            try db.execute(sql: "INSERT INTO email_fts (email_fts) VALUES ('optimize')")
            try db.execute(sql: """
                INSERT INTO email_count (id, emails) SELECT 1, count(*) FROM email WHERE true
                    ON CONFLICT (id) DO UPDATE SET emails = excluded.emails
                """)
        }
    }

    public struct EmbeddingProgress: Sendable, Hashable, Codable {
        /// Emails embedded by this run so far.
        public var done: Int
        /// Emails this run set out to embed.
        public var total: Int
        /// Emails per second of this run so far.
        public var emailsPerSecond: Double = 0
        /// Emails of the whole store still without a vector (after this run's progress).
        public var pendingInStore: Int = 0
        /// The model being embedded with.
        public var model: String = ""
        /// Encoders working side by side (one per core for a backlog, else 1).
        public var encoders: Int = 1

        /// 0…1 of this run.
        public var fraction: Double { total > 0 ? min(1, Double(done) / Double(total)) : 1 }

        /// Seconds this run still needs at its rate so far (a 60K backfill takes most of an
        /// hour on two cores, so the user is told how long, not just how far); nil until a
        /// rate is known.
        public var secondsLeft: Double? {
            guard emailsPerSecond > 0, emailsPerSecond.isFinite else { return nil }
            return Double(max(0, total - done)) / emailsPerSecond
        }
    }

    /// The embedding run of this process, while one runs (nil otherwise): what a progress
    /// indicator polls (the web app's; the CLI draws its own bar from `embedPending`'s callback).
    /// For the store as a whole, with or without a run, see `status(model:)`.
    public var embeddingProgress: EmbeddingProgress? { liveProgress.current }

    /// A run with at least this many emails to embed is a backlog: it is embedded with one
    /// encoder per core (`encoders(forBacklog:)`). Fewer (the mail of one sync) take one
    /// encoder: done in a second or two either way, without a second context's memory.
    public static let bulkBacklog = 32

    /// Encoders for a run of `total` emails: one per core for a backlog, at most 4 (the cap of
    /// llama.cpp threads one encoder gets, so a bigger machine keeps the cores a single
    /// four-thread encoder used; each further context costs ≈ 70 MB, docs/benchmarks.md), and
    /// one otherwise or on a single-core machine.
    public static func encoders(forBacklog total: Int, cores: Int = ProcessInfo.processInfo.activeProcessorCount) -> Int {
        total >= bulkBacklog ? max(1, min(4, cores)) : 1
    }

    /// Embeds every email without a vector of `embedder`'s model, `batchSize` at a time (a
    /// batch is split between the encoders: `encoders`, or `encoders(forBacklog:)` when nil),
    /// and returns how many were stored. Stops early (keeping what was stored) when `limit` is
    /// reached or the task is cancelled. When part of a batch fails, the rest of the batch is
    /// still stored and `SearchError.embedder` is thrown: the failed emails stay pending and
    /// the next run embeds them.
    @discardableResult
    public func embedPending(using embedder: any TextEmbedder, batchSize: Int = 32, limit: Int? = nil, encoders: Int? = nil,
                             progress: @Sendable (EmbeddingProgress) -> Void = { _ in }) async throws(SearchError) -> Int {
        let model = embedder.modelIdentifier
        let dimensions = embedder.dimensions
        let pendingAtStart = try status(model: model).pendingEmbeddings
        let total = min(pendingAtStart, limit ?? .max)
        let encoderCount = max(1, encoders ?? Self.encoders(forBacklog: total))
        var done = 0
        var cursor = PendingCursor.start
        let index = vectors.existing(model: model)
        let started = DispatchTime.now().uptimeNanoseconds
        liveProgress.begin(EmbeddingProgress(done: 0, total: total, pendingInStore: pendingAtStart, model: model,
                                             encoders: encoderCount))
        defer { liveProgress.end() }
        while done < total, !Task.isCancelled {
            let take = min(max(1, batchSize), total - done)
            let batch = try read { db in try Self.pending(model: model, after: cursor, limit: take, db) }
            guard let last = batch.last else { break }
            cursor = PendingCursor(date: last.date, id: last.id)
            let made = await embedder.embedBulk(batch.map(\.text), encoders: encoderCount)
            guard made.vectors.count == batch.count else {
                throw .embedder(reason: "returned \(made.vectors.count) vectors for \(batch.count) texts", indexed: done)
            }
            var ids: [Int64] = []
            var flat: [Float] = []
            for (item, vector) in zip(batch, made.vectors) {
                guard let vector else { continue }
                guard vector.count == dimensions else { throw .dimensionMismatch(expected: dimensions, got: vector.count) }
                // Normalised here whatever the embedder promises: the dot product relies on it.
                guard let unit = VectorMath.normalized(vector) else { continue }
                ids.append(item.id)
                flat.append(contentsOf: unit)
            }
            try store(ids: ids, flat: flat, dimensions: dimensions, model: model)
            index?.upsert(ids: ids, flat: flat)
            if let failure = made.failure {
                throw .embedder(reason: String(describing: failure), indexed: done + ids.count)
            }
            done += batch.count
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let now = EmbeddingProgress(done: done, total: total, emailsPerSecond: Double(done) / max(seconds, 1e-6),
                                        pendingInStore: max(0, pendingAtStart - done), model: model, encoders: encoderCount)
            liveProgress.update(now)
            progress(now)
        }
        return done
    }

    /// Stores one batch's vectors (one transaction), skipping emails deleted meanwhile.
    private func store(ids: [Int64], flat: [Float], dimensions: Int, model: String) throws(SearchError) {
        guard !ids.isEmpty else { return }
        try write { db in
            let statement = try db.cachedStatement(sql: """
                INSERT INTO search_index (email_id, content, embedding, embedding_model)
                SELECT ?1, '', ?2, ?3 WHERE EXISTS (SELECT 1 FROM email WHERE id = ?1)
                ON CONFLICT (email_id) DO UPDATE SET embedding = excluded.embedding,
                                                     embedding_model = excluded.embedding_model
                """)
            for (n, id) in ids.enumerated() {
                let vector = Array(flat[(n * dimensions)..<((n + 1) * dimensions)])
                try statement.execute(arguments: [id, VectorMath.encode(vector), model])
            }
        }
    }

    struct PendingEmail {
        var id: Int64
        var date: Int64
        var text: String
    }

    /// Where the newest-first walk over emails without a vector has got to.
    struct PendingCursor {
        var date: Int64
        var id: Int64
        static let start = PendingCursor(date: .max, id: .max)
    }

    /// Emails without a vector of `model`, newest first (sort date, then id), after `cursor`:
    /// a user who has just synced gets meaning-based search for the mail they are looking at
    /// first, not for 1996's. Walks `email_search_by_date` backwards; texts are read only for
    /// the emails chosen.
    static func pending(model: String, after cursor: PendingCursor, limit: Int, _ db: Database) throws -> [PendingEmail] {
        let chosen = try Row.fetchAll(db, sql: """
            SELECT e.id, e.sort_date FROM email e INDEXED BY email_search_by_date
            WHERE (e.sort_date < ?1 OR (e.sort_date = ?1 AND e.id < ?2)) AND NOT EXISTS (
                SELECT 1 FROM search_index si WHERE si.email_id = e.id AND si.embedding_model = ?3)
            ORDER BY e.sort_date DESC, e.id DESC LIMIT ?4
            """, arguments: [cursor.date, cursor.id, model, limit]).map { (id: $0[0] as Int64, date: $0[1] as Int64) }
        guard !chosen.isEmpty else { return [] }
        var arguments: StatementArguments = [embeddedBodyCharacters]
        arguments += StatementArguments(chosen.map(\.id))
        let rows = try Row.fetchAll(db, sql: """
            SELECT s.id, s.subject, s.sender_name, substr(s.body, 1, ?) FROM email_search_source s
            WHERE s.id IN (\(FilterSQL.placeholders(chosen.count)))
            """, arguments: arguments)
        var texts: [Int64: String] = [:]
        for row in rows {
            texts[row[0]] = EmbeddingText.make(subject: row[1] ?? "", sender: row[2] ?? "", body: row[3] ?? "")
        }
        return chosen.map { PendingEmail(id: $0.id, date: $0.date, text: texts[$0.id] ?? "") }
    }

    func read<T>(_ body: (Database) throws -> T) throws(SearchError) -> T {
        do { return try database.writer.read(body) } catch {
            throw .store(StoreError.mapping(error, path: database.path))
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(SearchError) -> T {
        do { return try database.writer.write(body) } catch {
            throw .store(StoreError.mapping(error, path: database.path))
        }
    }
}
