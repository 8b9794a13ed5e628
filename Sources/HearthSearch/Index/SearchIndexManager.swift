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

    /// Characters of an email's body given to the embedder (the model reads a few hundred
    /// tokens at most).
    public static let embeddedBodyCharacters = 2_000

    init(database: HearthDatabase, vectors: VectorIndexCache) {
        self.database = database
        self.vectors = vectors
    }

    public struct Status: Sendable, Hashable, Codable {
        public var emails: Int
        /// Emails with a vector of the given model (0 without a model).
        public var embedded: Int
        /// Emails still to embed (FR-SEARCH-08 "detection of unindexed emails").
        public var pendingEmbeddings: Int
        public var model: String?
    }

    public func status(model: String?) throws(SearchError) -> Status {
        try read { db in
            let emails = try Int.fetchOne(db, sql: "SELECT count(*) FROM email") ?? 0
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

    /// Rebuilds the keyword index from the email table (E-05, `hearth reindex`).
    public func rebuildKeywordIndex() throws(SearchError) {
        try write { db in
            try db.execute(sql: "INSERT INTO email_fts (email_fts) VALUES ('rebuild')")
            try db.execute(sql: "INSERT INTO email_fts (email_fts) VALUES ('optimize')")
        }
    }

    public struct EmbeddingProgress: Sendable {
        public var done: Int
        public var total: Int
    }

    /// Embeds every email without a vector of `embedder`'s model, `batchSize` at a time, and
    /// returns how many were stored. Stops early (keeping what was stored) when `limit` is
    /// reached or the task is cancelled.
    @discardableResult
    public func embedPending(using embedder: any TextEmbedder, batchSize: Int = 32, limit: Int? = nil,
                             progress: @Sendable (EmbeddingProgress) -> Void = { _ in }) async throws(SearchError) -> Int {
        let model = embedder.modelIdentifier
        let dimensions = embedder.dimensions
        let total = min(try status(model: model).pendingEmbeddings, limit ?? .max)
        var done = 0
        var cursor = Int64.max
        let index = vectors.existing(model: model)
        while done < total, !Task.isCancelled {
            let take = min(max(1, batchSize), total - done)
            let batch = try read { db in try Self.pending(model: model, before: cursor, limit: take, db) }
            guard let last = batch.last else { break }
            cursor = last.id
            let texts = batch.map(\.text)
            let raw: [[Float]]
            do { raw = try await embedder.embed(texts) } catch {
                throw .embedder(reason: String(describing: error), indexed: done)
            }
            guard raw.count == batch.count else {
                throw .embedder(reason: "returned \(raw.count) vectors for \(batch.count) texts", indexed: done)
            }
            var ids: [Int64] = []
            var flat: [Float] = []
            for (item, vector) in zip(batch, raw) {
                guard vector.count == dimensions else { throw .dimensionMismatch(expected: dimensions, got: vector.count) }
                // Normalised here whatever the embedder promises: the dot product relies on it.
                guard let unit = VectorMath.normalized(vector) else { continue }
                ids.append(item.id)
                flat.append(contentsOf: unit)
            }
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
            index?.upsert(ids: ids, flat: flat)
            done += batch.count
            progress(EmbeddingProgress(done: done, total: total))
        }
        return done
    }

    struct PendingEmail {
        var id: Int64
        var text: String
    }

    /// Emails without a vector of `model`, newest id first, below `before`.
    static func pending(model: String, before: Int64, limit: Int, _ db: Database) throws -> [PendingEmail] {
        try Row.fetchAll(db, sql: """
            SELECT s.id, s.subject, s.sender_name, substr(s.body, 1, ?) FROM email_search_source s
            WHERE s.id < ? AND NOT EXISTS (
                SELECT 1 FROM search_index si WHERE si.email_id = s.id AND si.embedding_model = ?)
            ORDER BY s.id DESC LIMIT ?
            """, arguments: [embeddedBodyCharacters, before, model, limit]).map { row in
            let subject: String = row[1] ?? ""
            let sender: String = row[2] ?? ""
            let body: String = row[3] ?? ""
            return PendingEmail(id: row[0], text: embeddingText(subject: subject, sender: sender, body: body))
        }
    }

    /// What an email's vector is computed from: subject, sender and the start of the body.
    static func embeddingText(subject: String, sender: String, body: String) -> String {
        [subject, sender, body].filter { !$0.isEmpty }.joined(separator: "\n")
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
