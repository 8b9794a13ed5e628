import ArgumentParser
import Foundation
import HearthCore
import HearthSearch
import HearthStore

/// `hearth search "from john last week with attachments budget"`: local hybrid search
/// (docs/search.md). Keyword-only until an embedding model is installed; never an error for
/// any query text. With no query: recent searches and suggested contacts (the zero state).
struct SearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search your mail on this machine: words, \"phrases\", and filters in plain words.",
        discussion: """
            Filters: from john, from:"John Smith", to:bob, yesterday, last week, in January, before March, \
            since 2024-02-01, with attachments, unread, starred, promotions, in:sent, account:me@example.org. \
            The rest is matched as words (the last one as a prefix). See docs/search.md.
            """)

    /// The defaults of every option below (`SearchArguments` is what runs).
    private static let defaults = SearchArguments()

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The query (several arguments are joined with spaces). Empty: recent searches and suggestions.")
    var query: [String] = SearchCommand.defaults.query

    @Option(help: "all (every folder and account) or folder (only --folder).")
    var scope: Scope = SearchCommand.defaults.scope

    @Option(help: "The folder of --scope folder: a role (inbox, sent, …) or a folder name/path.")
    var folder: String?

    @Option(name: .customLong("account"), help: "Account id or address; repeat for several. Default: all.")
    var accounts: [String] = SearchCommand.defaults.accounts

    @Option(help: "How many conversations.")
    var limit: Int = SearchCommand.defaults.limit

    @Flag(help: "Match the last word exactly instead of as a prefix.")
    var exact = SearchCommand.defaults.exact

    @Flag(help: "Keyword search only, even when an embedding model is installed.")
    var noSemantic = SearchCommand.defaults.noSemantic

    @Flag(help: "Do not add this query to the recent searches.")
    var noHistory = SearchCommand.defaults.noHistory

    @Flag(help: "Forget the recent searches and exit.")
    var clearRecent = SearchCommand.defaults.clearRecent

    @Option(help: "Embedding model for the semantic side: minilm (default when installed), none, hashing (tests).")
    var embedder: String?

    enum Scope: String, ExpressibleByArgument, CaseIterable, Sendable { case all, folder }

    func validate() throws {
        if let problem = arguments.problem { throw ValidationError(problem) }
    }

    /// What ArgumentParser read, as the value that runs.
    var arguments: SearchArguments {
        SearchArguments(dataDirectory: global.dataDirectory, json: global.json, noProgress: global.noProgress,
                        query: query, scope: scope, folder: folder, accounts: accounts, limit: limit, exact: exact,
                        noSemantic: noSemantic, noHistory: noHistory, clearRecent: clearRecent, embedder: embedder)
    }

    func run() throws { try arguments.run() }
}

extension SearchArguments {
    /// Runs the search (or the zero state, or `--clear-recent`) and prints it.
    func run() throws {
        try reportingErrors(json: json) { try SearchWiring.mappingSearchErrors { try runSearch() } }
    }

    private func runSearch() throws {
        let engine = try SearchWiring.openEngine(dataDirectory: dataDirectory)
        let recent = RecentSearches(settings: engine.store)
        if clearRecent {
            try recent.clear()
            if !json { StandardStreams.out("Recent searches cleared.") }
            return
        }
        let text = query.joined(separator: " ")
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            try printZeroState(engine)
            return
        }
        let accountIDs = try accounts.map { try engine.account(matching: $0) }.compactMap(\.id)
        var options = SearchEngine.Options(accounts: accountIDs, limit: limit, prefixLastTerm: !exact, semantic: !noSemantic)
        options.vectorsReadOnce = true   // one search per process: no in-memory index to keep
        if scope == .folder, let folder {
            options.scope = .folder(try SearchWiring.folderID(folder, engine: engine, accounts: accountIDs))
        }
        // Keyword-only by request and no embedder named: the installed model is not even looked
        // up (a stat, its checksum stamp, the owner's name).
        let embedder = noSemantic && self.embedder == nil ? nil : try SearchWiring.embedder(named: self.embedder)
        let search = SearchEngine(store: engine.store, embedder: embedder)
        let chosen = options
        let response = try SearchWiring.wait { () async throws -> SearchResponse in try await search.search(text, options: chosen) }
        if !noHistory { try recent.record(text) }
        if let repair = response.keywordIndexRepair {
            StandardStreams.err(String(format: "The keyword index was %@; rebuilt it (%d emails, %.1f s).",
                                       repair.problem.description, repair.emails, repair.seconds))
        }
        if json {
            StandardStreams.out(try JSONOutput.render("search", SearchResponseJSON(response)))
        } else {
            printText(response)
        }
    }

    private func printText(_ response: SearchResponse) {
        let chips = SearchResponseJSON.FiltersJSON(response.query.filters).summary
        if !chips.isEmpty { StandardStreams.err("filters: " + chips.joined(separator: " · ")) }
        if response.results.isEmpty {
            StandardStreams.out("No conversations match \"\(response.query.raw)\". Try fewer words or filters.")
            return
        }
        let bold = StandardStreams.stdoutIsTerminal
        for r in response.results {
            let sender = r.senderName.flatMap { $0.isEmpty ? nil : $0 } ?? r.senderEmail ?? "(no sender)"
            let count = r.threadMessageCount > 1 ? " (\(r.threadMessageCount))" : ""
            let clip = r.hasAttachment ? "@" : " "
            let subject = r.subject.text.isEmpty ? "(no subject)" : (bold ? r.subject.marked(before: "\u{1B}[1m", after: "\u{1B}[0m") : r.subject.text)
            StandardStreams.out("\(TextRendering.fit(String(r.threadID.rawValue), 7)) \(clip) "
                + "\(TextRendering.fit(TextRendering.shortDate(r.date), 10)) \(TextRendering.fit(sender + count, 24)) "
                + "\(subject)  [\(r.matchSource.rawValue)] <\(r.accountEmail)>")
            let snippet = bold ? r.snippet.marked(before: "\u{1B}[1m", after: "\u{1B}[0m") : r.snippet.text
            if !snippet.isEmpty { StandardStreams.out("          " + snippet.replacingOccurrences(of: "\n", with: " ")) }
        }
        if response.tooShort {
            StandardStreams.err("Type at least \(SearchEngine.minimumTypeAheadCharacters) letters (or use --exact).")
            return
        }
        let mode = response.usedSemantic ? "keyword + semantic" : "keyword"
        let order = response.keywordOrder == .newest ? ", newest first (the words are in many emails)" : ""
        let relaxed = response.relaxed ? ", no email has every word: showing those with all but one" : ""
        StandardStreams.err(String(format: "%d conversation(s), %@%@%@, %.1f ms", response.results.count, mode, order, relaxed,
                                   response.seconds * 1000))
        if response.pendingEmbeddings > 0 {
            StandardStreams.err("\(response.pendingEmbeddings) email(s) not yet embedded: `hearth reindex` adds them to semantic search")
        }
    }

    private func printZeroState(_ engine: Engine) throws {
        let zero = try ZeroState.load(store: engine.store)
        if json {
            StandardStreams.out(try JSONOutput.render("search.zero-state", ZeroStateJSON(zero)))
            return
        }
        StandardStreams.out(zero.recentSearches.isEmpty ? "No recent searches." : "Recent searches:")
        zero.recentSearches.forEach { StandardStreams.out("  \($0)") }
        if !zero.contacts.isEmpty {
            StandardStreams.out("Suggested:")
            for c in zero.contacts { StandardStreams.out("  \(c.query)" + (c.name.map { "  (\($0))" } ?? "")) }
        }
    }
}

/// The search side's wiring for the CLI: which embedder, folder names, async bridging.
package enum SearchWiring {
    /// The embedder search and reindex use. Default: the installed embedding model (MiniLM),
    /// opened only when a query vector is really needed (`DeferredEmbedder`); no model installed
    /// means keyword-only, silently (FR-SEARCH-05/07, E-04). `minilm` insists on the model (an
    /// error when it is not installed), `none` turns semantic search off, `hashing` is the
    /// deterministic model-free one of tests and benchmarks.
    package static func embedder(named name: String?) throws -> (any TextEmbedder)? {
        switch name?.lowercased() {
        case nil: return SearchEmbedders.installed()
        case "minilm":
            guard let model = SearchEmbedders.installed() else {
                throw CLIError.notFound("the embedding model (minilm) is not installed: see `hearth model list` (scripts/fetch-models.sh obtains it)")
            }
            return model
        case "none": return nil
        case "hashing": return HashingEmbedder()
        case let other?: throw CLIError.invalidInput("unknown embedder \"\(other)\" (known: minilm, hashing, none)")
        }
    }

    /// The store for one `hearth search` process: a single connection, no migrator run when the
    /// schema is current (`HearthDatabase.openSingleConnection`; docs/search.md "Per process").
    static func openEngine(dataDirectory explicit: String?) throws -> Engine {
        let directory = try Engine.dataDirectory(explicit: explicit)
        return Engine(dataDirectory: directory, store: MailStore(database: try HearthDatabase.openSingleConnection(directory: directory)))
    }

    static func folderID(_ name: String, engine: Engine, accounts: [AccountID]) throws -> FolderID {
        let scope = accounts.isEmpty ? try engine.store.accounts().compactMap(\.id) : accounts
        let role = FolderType(rawValue: name.lowercased())
        for account in scope {
            if let match = try engine.store.folders(account: account).first(where: {
                $0.folderType == role || $0.imapPath == name || $0.name.caseInsensitiveCompare(name) == .orderedSame
            }), let id = match.id { return id }
        }
        throw CLIError.notFound("no folder \"\(name)\"")
    }

    /// Turns `SearchError` into the CLI's errors (message and exit code).
    static func mappingSearchErrors(_ body: () throws -> Void) throws {
        do { try body() } catch let error as SearchError { throw CLIError.from(search: error) }
    }

    /// Runs async work from a synchronous command and waits for it.
    package static func wait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        try AsyncBridge.run(body)
    }
}


extension CLIError {
    static func from(search error: SearchError) -> CLIError {
        switch error {
        case .store(let e): CLIError.from(e) ?? .io(e.description)
        case .embedder, .dimensionMismatch: .io(error.description)
        }
    }
}

// MARK: JSON (docs/json-schema.md: hearth.search, hearth.search.zero-state, hearth.reindex)

struct HighlightJSON: Encodable {
    let text: String
    /// `[start, end)` UTF-16 offsets of the matched words.
    let highlights: [[Int]]
    init(_ h: HighlightedText) { text = h.text; highlights = h.utf16Ranges }
}

struct SearchResultJSON: Encodable {
    let threadId: Int64
    let emailId: Int64
    let accountId: Int64
    let account: String
    let subject: HighlightJSON
    let snippet: HighlightJSON
    let from: AddressJSON?
    let date: Date
    let hasAttachments: Bool
    let score: Double
    let matchSource: String
    let matchedMessages: Int
    let messageCount: Int

    init(_ r: SearchResult) {
        threadId = r.threadID.rawValue; emailId = r.emailID.rawValue; accountId = r.accountID.rawValue
        account = r.accountEmail; subject = HighlightJSON(r.subject); snippet = HighlightJSON(r.snippet)
        from = r.senderEmail.map { AddressJSON(EmailAddress(name: r.senderName, address: $0)) }
        date = r.date; hasAttachments = r.hasAttachment; score = r.score; matchSource = r.matchSource.rawValue
        matchedMessages = r.matchedMessages; messageCount = r.threadMessageCount
    }
}

struct SearchResponseJSON: Encodable {
    struct FiltersJSON: Encodable {
        let from: [String]
        let to: [String]
        let dateStart: Date?
        let dateEnd: Date?
        let hasAttachments: Bool?
        let folder: String?
        let account: String?
        let category: String?
        let isRead: Bool?
        let isStarred: Bool?

        init(_ f: SearchFilters) {
            from = f.senders; to = f.recipients; dateStart = f.dateRange?.start; dateEnd = f.dateRange?.end
            hasAttachments = f.hasAttachment; account = f.account; category = f.category?.rawValue
            isRead = f.isRead; isStarred = f.isStarred
            folder = f.folder.map { folder in
                switch folder {
                case .type(let t): t.rawValue
                case .named(let n): n
                }
            }
        }

        /// The filter chips, as text.
        var summary: [String] {
            var chips = from.map { "from \($0)" } + to.map { "to \($0)" }
            if dateStart != nil || dateEnd != nil {
                let f = DateFormatter()
                f.dateFormat = "yyyy-MM-dd HH:mm"
                chips.append("date \(dateStart.map(f.string(from:)) ?? "…") – \(dateEnd.map(f.string(from:)) ?? "…")")
            }
            if let hasAttachments { chips.append(hasAttachments ? "with attachments" : "without attachments") }
            if let folder { chips.append("in \(folder)") }
            if let account { chips.append("account \(account)") }
            if let category { chips.append("category \(category)") }
            if let isRead { chips.append(isRead ? "read" : "unread") }
            if isStarred == true { chips.append("starred") }
            return chips
        }
    }

    let query: String
    let text: String
    let filters: FiltersJSON
    let results: [SearchResultJSON]
    let usedSemantic: Bool
    let keywordHits: Int
    let semanticHits: Int
    let pendingEmbeddings: Int
    let milliseconds: Double
    /// Present when this search found the keyword index damaged and rebuilt it (E-05).
    let keywordIndexRepair: RepairJSON?
    /// `relevance` or `newest` (nil: no keyword search ran).
    let keywordOrder: String?
    /// True when no email had every word (the results have all but one).
    let relaxed: Bool
    /// True when nothing was searched: one letter being typed.
    let tooShort: Bool

    struct RepairJSON: Encodable {
        let problem: String
        let emails: Int
        let seconds: Double
    }

    init(_ r: SearchResponse) {
        query = r.query.raw; text = r.query.freeText; filters = FiltersJSON(r.query.filters)
        results = r.results.map(SearchResultJSON.init); usedSemantic = r.usedSemantic
        keywordHits = r.keywordHits; semanticHits = r.semanticHits; pendingEmbeddings = r.pendingEmbeddings
        milliseconds = (r.seconds * 1000 * 100).rounded() / 100
        keywordOrder = r.keywordOrder?.rawValue; relaxed = r.relaxed; tooShort = r.tooShort
        keywordIndexRepair = r.keywordIndexRepair.map {
            RepairJSON(problem: $0.problem.description, emails: $0.emails, seconds: ($0.seconds * 1000).rounded() / 1000)
        }
    }
}

struct ZeroStateJSON: Encodable {
    struct Suggestion: Encodable {
        let name: String?
        let email: String
        let query: String
    }
    let recentSearches: [String]
    let suggestions: [Suggestion]
    init(_ z: ZeroState) {
        recentSearches = z.recentSearches
        suggestions = z.contacts.map { Suggestion(name: $0.name, email: $0.address, query: $0.query) }
    }
}
