import ArgumentParser
import Foundation
import HearthCore
import HearthSearch

/// `hearth reindex`: checks and rebuilds the keyword index, then embeds every email that has no
/// vector of the installed embedding model yet (FR-SEARCH-08). Progress on stderr.
struct ReindexCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reindex",
        abstract: "Rebuild the search index (keywords, and meaning when a model is installed).")

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Only check the keyword index; rebuild it only if the check fails.")
    var checkOnly = false

    @Flag(help: "Skip the embeddings (semantic index).")
    var keywordOnly = false

    /// 256, not the 64 of the after-sync work: a batch is one request of the inference queue,
    /// and the encoders wait while a batch is read and stored and for the last packed group of
    /// each batch. The web app keeps 64 so a search typed meanwhile waits at most a short
    /// batch; a reindex is a bulk job (9,866 emails: 99–100 s at 64, 95 s at 256).
    @Option(help: "Emails per embedding batch.")
    var batchSize: Int = 256

    @Option(help: "Embedding model: minilm (default when installed), none, hashing (tests).")
    var embedder: String?

    struct ReportJSON: Encodable {
        let emails: Int
        let keywordIndexConsistent: Bool
        let keywordIndexRebuilt: Bool
        let keywordSeconds: Double
        let embeddingModel: String?
        let embedded: Int
        let embeddingSeconds: Double
        let pendingEmbeddings: Int
    }

    func validate() throws {
        guard batchSize > 0 else { throw ValidationError("--batch-size must be positive") }
    }

    func run() throws {
        try reportingErrors(json: global.json) { try SearchWiring.mappingSearchErrors { try reindex() } }
    }

    private func reindex() throws {
        let engine = try Engine.open(global)
        let embedder = try SearchWiring.embedder(named: embedder)
        let search = SearchEngine(store: engine.store, embedder: embedder)
        let manager = search.indexManager
        let showProgress = !global.noProgress && !global.json

        let keywordStarted = Date()
        let consistent = try manager.keywordIndexIsConsistent()
        var rebuilt = false
        if !checkOnly || !consistent {
            if showProgress { StandardStreams.err("Rebuilding the keyword index…") }
            try manager.rebuildKeywordIndex()
            rebuilt = true
        }
        let keywordSeconds = Date().timeIntervalSince(keywordStarted)

        var embedded = 0
        var embeddingSeconds = 0.0
        if let embedder, !keywordOnly, !checkOnly {
            let bar = ProgressRelay(ProgressBar(label: "Embedding", enabled: showProgress))
            let started = Date()
            let size = batchSize
            embedded = try SearchWiring.wait { () async throws -> Int in
                try await manager.embedPending(using: embedder, batchSize: size) { p in
                    // The run's own rate: the same one its time left is computed from.
                    let left = p.secondsLeft.map { ", \(TextRendering.timeLeft($0)) left" } ?? ""
                    bar.update(fraction: p.fraction, detail: "\(p.done)/\(p.total) emails, \(Int(p.emailsPerSecond))/s\(left)")
                }
            }
            bar.finish()
            embeddingSeconds = Date().timeIntervalSince(started)
        } else if embedder == nil, !keywordOnly, showProgress {
            StandardStreams.err("No embedding model installed: keyword index only (search works; meaning-based matches come with the model).")
        }
        let status = try manager.status(model: embedder?.modelIdentifier)
        let report = ReportJSON(emails: status.emails, keywordIndexConsistent: consistent, keywordIndexRebuilt: rebuilt,
                                keywordSeconds: keywordSeconds, embeddingModel: embedder?.modelIdentifier, embedded: embedded,
                                embeddingSeconds: embeddingSeconds, pendingEmbeddings: status.pendingEmbeddings)
        if global.json {
            StandardStreams.out(try JSONOutput.render("reindex", report))
        } else {
            var line = String(format: "Keyword index: %d emails, %@ (%.1f s).", status.emails,
                              rebuilt ? (consistent ? "rebuilt" : "was damaged, rebuilt") : "consistent", keywordSeconds)
            if let model = embedder?.modelIdentifier {
                line += String(format: " Embedded %d emails with %@ (%.1f s); %d still pending.", embedded, model,
                               embeddingSeconds, status.pendingEmbeddings)
            }
            StandardStreams.out(line)
        }
    }
}

/// Lets the embedding task draw the progress bar owned by the waiting command thread (only one
/// of them touches it at a time).
final class ProgressRelay: @unchecked Sendable {
    private let lock = NSLock()
    private let bar: ProgressBar
    init(_ bar: ProgressBar) { self.bar = bar }
    func update(fraction: Double?, detail: String) { lock.withLock { bar.update(fraction: fraction, detail: detail) } }
    func finish() { lock.withLock { bar.finish() } }
}
