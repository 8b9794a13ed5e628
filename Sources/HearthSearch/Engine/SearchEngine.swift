import Foundation
import GRDB
import HearthCore
import HearthStore

/// Hybrid local search (FR-SEARCH-05): parse → keyword (FTS5, BM25) and semantic (vector
/// top-50) in parallel → Reciprocal Rank Fusion → filters ANDed → grouped by thread with the
/// best-matching message, match source and highlights. Never sends anything anywhere.
///
/// Without an embedder, with no vectors yet, or when the embedder fails, search is keyword-only
/// and says so only in `SearchResponse.usedSemantic` (E-04). A query string never causes an
/// error; only the store can.
public final class SearchEngine: Sendable {
    public let database: HearthDatabase
    public let embedder: (any TextEmbedder)?
    public let indexManager: SearchIndexManager
    let vectors: VectorIndexCache

    /// Semantic candidates per query (FR-SEARCH-07).
    public static let semanticTopK = 50
    /// Queries with fewer letters and digits than this skip the semantic side (E-02).
    public static let minimumSemanticCharacters = 3
    /// Search-as-you-type (`Options.prefixLastTerm`) sends nothing below this many letters or
    /// digits: one letter would be a prefix of most of the vocabulary.
    public static let minimumTypeAheadCharacters = FTSMatch.minimumPrefixCharacters

    /// Set once the first search has run the quick keyword-index check (E-05).
    private let checkedIndex = OnceFlag()

    public init(database: HearthDatabase, embedder: (any TextEmbedder)? = nil) {
        self.database = database
        self.embedder = embedder
        vectors = VectorIndexCache()
        indexManager = SearchIndexManager(database: database, vectors: vectors)
    }

    public convenience init(store: MailStore, embedder: (any TextEmbedder)? = nil) {
        self.init(database: store.database, embedder: embedder)
    }

    /// The semantic candidates and how many vectors the model has stored: from the in-memory
    /// index (loaded or brought up to date first), or — `readOnce`, unless this engine has
    /// loaded the index already — read straight from the database without keeping them.
    private func nearestVectors(to vector: [Float], of embedder: any TextEmbedder, allowed: Set<Int64>?,
                                readOnce: Bool) throws(SearchError) -> (nearest: [(id: Int64, score: Float)], stored: Int) {
        if readOnce, vectors.existing(model: embedder.modelIdentifier) == nil {
            return try indexManager.read { db in
                try VectorIndex.nearestStored(db, model: embedder.modelIdentifier, dimensions: embedder.dimensions,
                                              query: vector, k: Self.semanticTopK, allowed: allowed)
            }
        }
        let index = vectors.index(model: embedder.modelIdentifier, dimensions: embedder.dimensions)
        try indexManager.read { db in try index.refresh(db) }
        let stored = index.count
        return (stored > 0 ? index.nearest(vector, k: Self.semanticTopK, allowed: allowed) : [], stored)
    }

    public struct Options: Sendable {
        public var scope: SearchScope
        /// Accounts to search; empty = all (the unified view).
        public var accounts: [AccountID]
        /// Conversations returned at most.
        public var limit: Int
        /// "Now" and the calendar (time zone) that relative dates are resolved against; nil:
        /// the user's current calendar, looked up only when the query has a date.
        public var now: Date
        public var calendar: Calendar?
        /// Treat the last word as a prefix (search-as-you-type).
        public var prefixLastTerm: Bool
        /// Allow the semantic side (when an embedder exists).
        public var semantic: Bool
        /// How long the query vector may take; past it the search answers keyword-only. The
        /// model runs on one inference queue shared with the background AI work after sync (a
        /// summary holds it for seconds), and a screen searching as the user types must not wait
        /// for that. nil waits as long as the model needs (the CLI: one query per process).
        public var queryVectorWait: Duration?
        /// Read the stored vectors once from the database for this search instead of loading
        /// the in-memory vector index (and keeping it for the next search): for a process that
        /// searches once (the CLI). Same results either way.
        public var vectorsReadOnce = false

        public init(scope: SearchScope = .allMail, accounts: [AccountID] = [], limit: Int = 50,
                    now: Date = Date(), calendar: Calendar? = nil, prefixLastTerm: Bool = true,
                    semantic: Bool = true, queryVectorWait: Duration? = nil) {
            self.scope = scope; self.accounts = accounts; self.limit = limit; self.now = now
            self.calendar = calendar; self.prefixLastTerm = prefixLastTerm; self.semantic = semantic
            self.queryVectorWait = queryVectorWait
        }
    }

    /// `embedder`, when given, is used instead of the engine's own for this search (the web app
    /// hands in its lazily loaded model per request). Vectors are only ever compared with
    /// vectors of the same `modelIdentifier`.
    public func search(_ text: String, options: Options = Options(),
                       embedder: (any TextEmbedder)? = nil) async throws(SearchError) -> SearchResponse {
        let query = SearchQueryParser(now: options.now, calendar: options.calendar,
                                      knownSenders: StoreKnownSenders(database: database)).parse(text)
        return try await search(query, options: options, embedder: embedder)
    }

    /// The search, guarded by E-05: the first search of this engine checks that the keyword
    /// index holds one entry per email, and a search that fails has the index checked
    /// thoroughly; a damaged index is rebuilt and the search run again, so the user gets
    /// results (and `keywordIndexRepair` says what happened) instead of an error.
    public func search(_ query: SearchQuery, options: Options = Options(),
                       embedder: (any TextEmbedder)? = nil) async throws(SearchError) -> SearchResponse {
        let chosen = embedder ?? self.embedder
        var repair: KeywordIndexRepair?
        if checkedIndex.claim(), let problem = try? indexManager.quickKeywordIndexProblem() {
            repair = try? indexManager.repairKeywordIndex(knownProblem: problem)
        }
        do {
            var response = try await searchOnce(query, options: options, embedder: chosen)
            response.keywordIndexRepair = repair
            return response
        } catch {
            guard let fixed = (try? indexManager.repairKeywordIndex()) ?? nil else { throw error }
            var response = try await searchOnce(query, options: options, embedder: chosen)
            response.keywordIndexRepair = fixed
            return response
        }
    }

    private func searchOnce(_ query: SearchQuery, options: Options,
                            embedder: (any TextEmbedder)?) async throws(SearchError) -> SearchResponse {
        let started = DispatchTime.now()
        var response = SearchResponse(query: query, results: [], usedSemantic: false, keywordHits: 0,
                                      semanticHits: 0, pendingEmbeddings: 0, seconds: 0)
        func finish() -> SearchResponse {
            response.seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
            return response
        }
        guard options.limit > 0 else { return finish() }
        let messageLimit = max(200, options.limit * 4)
        let prefixLast = options.prefixLastTerm && !query.lastWordIsComplete
        let plan = FTSMatch.plan(query.terms, prefixLast: prefixLast)
        // One letter being typed is not a search (it would list most of the mailbox): with no
        // filter either, nothing is sent; with filters, they are the search.
        let stillTyping = plan == nil && prefixLast && query.hasFreeText
            && FTSMatch.tokenCharacterCount(query.freeText) < FTSMatch.minimumPrefixCharacters
        if stillTyping && query.filters.isEmpty {
            response.tooShort = true
            return finish()
        }
        let hasFreeText = query.hasFreeText && !stillTyping

        // The model is asked for a query vector only when it could be used: an eligible query
        // and stored vectors of that very model (opening the model costs more than the search).
        // The query vector is then computed while the keyword side runs.
        let candidate = hasFreeText ? semanticEmbedder(for: query, options: options, embedder: embedder) : nil
        let semanticEmbedder = try withStoredVectors(candidate)
        async let queryVector = Self.embedQuery(query.freeText, with: semanticEmbedder, waitingAtMost: options.queryVectorWait)

        let keywordSide = try indexManager.read { db -> (FilterSQL, KeywordOutcome, Set<Int64>?) in
            // Built once: the keyword side ANDs the senders into its MATCH expression instead.
            let withoutSenders = try FilterSQL.build(query.filters, scope: options.scope, accounts: options.accounts,
                                                     includeSenders: false, db)
            let filters = withoutSenders.addingSenders(query.filters.senders)
            if filters.matchesNothing { return (filters, KeywordOutcome(), nil) }
            var outcome = KeywordOutcome()
            if let plan {
                outcome = try Self.keyword(plan, senders: query.filters.senders, filters: withoutSenders, limit: messageLimit, db)
            } else if !hasFreeText {
                outcome.hits = try KeywordSearcher.filtered(filters, limit: messageLimit, db)
            }
            let allowed = semanticEmbedder != nil && !filters.predicates.isEmpty
                ? Set(try KeywordSearcher.allowed(filters, db)) : nil
            return (filters, outcome, allowed)
        }
        let (filters, keywordOutcome, allowed) = keywordSide
        let keyword = keywordOutcome.hits
        let match = keywordOutcome.match
        response.keywordHits = keyword.count
        response.keywordOrder = keywordOutcome.order
        response.relaxed = keywordOutcome.relaxed
        let vector = await queryVector
        if filters.matchesNothing { return finish() }

        var semantic: [Int64] = []
        if let embedder = semanticEmbedder, let vector {
            let (nearest, stored) = try nearestVectors(to: vector, of: embedder, allowed: allowed, readOnce: options.vectorsReadOnce)
            if stored > 0 {
                // Only neighbours similar enough to mean something: the nearest vectors of a
                // nonsense word ("zzzzqqq") are still 50 vectors, just unrelated ones.
                let floor = SemanticFloor.minimumSimilarity(model: embedder.modelIdentifier)
                var neighbours = nearest.filter { $0.score >= floor }
                if keyword.isEmpty, !neighbours.isEmpty, let plan,
                   try !indexManager.read({ db in try KeywordSearcher.anyTermOccurs(plan.terms, db) }),
                   !SemanticFloor.standsOut(neighbours.map(\.score), allScores: nearest.map(\.score), model: embedder.modelIdentifier) {
                    neighbours = []   // no word of it is in the mail, and nothing is clearly like it
                }
                neighbours = SemanticFloor.nearTheBest(neighbours, model: embedder.modelIdentifier)
                semantic = neighbours.map(\.id)
                response.usedSemantic = true
            }
        }
        if let candidate {
            response.pendingEmbeddings = (try? indexManager.status(model: candidate.modelIdentifier).pendingEmbeddings) ?? 0
        }
        response.semanticHits = semantic.count

        // Fusion, then one result per thread (its best message).
        var threadOf = Dictionary(keyword.map { ($0.emailID, $0.threadID) }, uniquingKeysWith: { a, _ in a })
        let semanticOnly = semantic.filter { threadOf[$0] == nil }
        if !semanticOnly.isEmpty {
            let found = try indexManager.read { db in try KeywordSearcher.threads(of: semanticOnly, filters: filters, db) }
            threadOf.merge(found) { a, _ in a }
        }
        let fused: [RankFusion.Fused] = hasFreeText
            ? RankFusion.fuse(keyword: keyword.map(\.emailID), semantic: semantic)
            : keyword.map { RankFusion.Fused(id: $0.emailID, score: 0, source: .filters) }
        var groups: [Int64: (best: RankFusion.Fused, source: MatchSource, count: Int)] = [:]
        var threadOrder: [Int64] = []
        for hit in fused {
            guard let thread = threadOf[hit.id] else { continue }   // a vector of a deleted email
            if var group = groups[thread] {
                group.source = group.source.merged(with: hit.source)
                group.count += 1
                groups[thread] = group
            } else {
                groups[thread] = (hit, hit.source, 1)
                threadOrder.append(thread)
            }
        }
        let shown = threadOrder.prefix(options.limit).compactMap { groups[$0] }
        response.results = try display(shown, match: match)
        return finish()
    }

    /// What the keyword side found and with which expression (the highlights use the same).
    struct KeywordOutcome {
        var hits: [MessageHit] = []
        var match: String?
        var order: KeywordOrder?
        var relaxed = false
    }

    /// All words first; when that finds nothing and there are several terms, any n−1 of them
    /// (a natural-language query with one word the mail does not use still finds it). Sender
    /// filters are ANDed into the expression, so FTS5 intersects them with the words before
    /// anything is counted or ranked.
    /// `filters` leave the senders out (`FilterSQL.build(includeSenders: false)`).
    private static func keyword(_ plan: FTSMatch.Plan, senders: [String], filters: FilterSQL, limit: Int,
                                _ db: Database) throws -> KeywordOutcome {
        var outcome = KeywordOutcome()
        for (expression, relaxed) in [(plan.all, false), (plan.relaxed, true)] {
            guard let expression, let match = FTSMatch.withSenders(expression, senders) else { continue }
            let page = try KeywordSearcher.search(match: match, filters: filters, limit: limit,
                                                  subset: FTSMatch.withoutPrefixes(match), db)
            outcome = KeywordOutcome(hits: page.hits, match: match, order: page.order, relaxed: relaxed)
            if !page.hits.isEmpty { break }
        }
        return outcome
    }

    private func semanticEmbedder(for query: SearchQuery, options: Options, embedder: (any TextEmbedder)?) -> (any TextEmbedder)? {
        guard options.semantic, let embedder, query.hasFreeText else { return nil }
        let characters = query.freeText.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.count
        return characters >= Self.minimumSemanticCharacters ? embedder : nil
    }

    /// `embedder` when vectors of its model are stored, else nil (E-04: no vectors yet).
    private func withStoredVectors(_ embedder: (any TextEmbedder)?) throws(SearchError) -> (any TextEmbedder)? {
        guard let embedder, try indexManager.hasVectors(model: embedder.modelIdentifier) else { return nil }
        return embedder
    }

    /// The normalised query vector, or nil (no embedder, or it failed: keyword-only, E-04).
    private static func embedQuery(_ text: String, with embedder: (any TextEmbedder)?) async -> [Float]? {
        guard let embedder else { return nil }
        guard let vectors = try? await embedder.embed([text]), let first = vectors.first,
              first.count == embedder.dimensions else { return nil }
        return VectorMath.normalized(first)
    }

    /// The same, or nil once `limit` has passed (`Options.queryVectorWait`): the model's
    /// answer is then left to arrive unused and the search goes on keyword-only.
    static func embedQuery(_ text: String, with embedder: (any TextEmbedder)?, waitingAtMost limit: Duration?) async -> [Float]? {
        guard let limit, embedder != nil else { return await embedQuery(text, with: embedder) }
        return await withTaskGroup(of: [Float]?.self) { group in
            group.addTask { await embedQuery(text, with: embedder) }
            group.addTask { try? await Task.sleep(for: limit); return nil }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Display data and highlights of each group's best message.
    private func display(_ groups: [(best: RankFusion.Fused, source: MatchSource, count: Int)],
                         match: String?) throws(SearchError) -> [SearchResult] {
        let ids = groups.map(\.best.id)
        guard !ids.isEmpty else { return [] }
        return try indexManager.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT e.id, e.thread_id, e.account_id, a.email, e.subject, e.from_name, e.from_address,
                       e.sort_date, e.has_attachments, e.snippet, t.message_count
                FROM email e JOIN account a ON a.id = e.account_id JOIN thread t ON t.id = e.thread_id
                WHERE e.id IN (\(FilterSQL.placeholders(ids.count)))
                """, arguments: StatementArguments(ids))
            let byID = Dictionary(rows.map { ($0[0] as Int64, $0) }, uniquingKeysWith: { a, _ in a })
            let matching = Set(groups.filter { $0.best.source != .semantic }.map(\.best.id))
            let marks = try match.map { try KeywordSearcher.highlights(match: $0, ids: ids, matching: matching, db) } ?? [:]
            let open = Unicode.Scalar(0xE000)!, close = Unicode.Scalar(0xE001)!
            return groups.compactMap { group -> SearchResult? in
                guard let row = byID[group.best.id] else { return nil }
                let subject: String = row[4] ?? ""
                let storedSnippet: String = row[9] ?? ""
                var subjectText = HighlightedText(text: subject)
                var snippetText = HighlightedText(text: storedSnippet)
                if let mark = marks[group.best.id] {
                    subjectText = HighlightedText.parse(mark.subject, open: open, close: close)
                    let body = HighlightedText.parse(mark.snippet, open: open, close: close)
                    // A match only in the subject or sender gives a snippet without marks; the
                    // stored snippet (quotes and signatures dropped) reads better then.
                    if !body.ranges.isEmpty || storedSnippet.isEmpty { snippetText = body }
                }
                return SearchResult(
                    threadID: ThreadID(row[1] as Int64), emailID: EmailID(row[0] as Int64),
                    accountID: AccountID(row[2] as Int64), accountEmail: row[3] ?? "",
                    subject: subjectText, senderName: row[5], senderEmail: row[6],
                    date: Date(timeIntervalSince1970: Double(row[7] as Int64) / 1000),
                    snippet: snippetText, hasAttachment: row[8] ?? false, score: group.best.score,
                    matchSource: group.source, matchedMessages: group.count,
                    threadMessageCount: row[10] ?? 1)
            }
        }
    }

    /// Bytes held in memory by the vector index of the embedder's model (0 before the first
    /// semantic search loads it).
    public var vectorIndexMemoryBytes: Int {
        guard let embedder, let index = vectors.existing(model: embedder.modelIdentifier) else { return 0 }
        return index.memoryBytes
    }

    /// Loads the vector index now instead of on the first semantic search (a server warming up).
    public func warmUp() throws(SearchError) {
        guard let embedder else { return }
        let index = vectors.index(model: embedder.modelIdentifier, dimensions: embedder.dimensions)
        try indexManager.read { db in try index.refresh(db) }
    }
}

/// A flag the first caller claims (thread-safe).
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    /// True exactly once.
    func claim() -> Bool { lock.withLock { defer { claimed = true }; return !claimed } }
}
