import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import HearthSearch
import HearthStore
#if canImport(Glibc)
import Glibc
#endif

/// `hearth-bench embed`: how fast the search vectors are made and how well they retrieve, on a
/// real mailbox (issue 16: ≥ 100 emails/s is the goal). For each body trim asked for, the
/// messages of a `RetrievalSet` are embedded as the index embeds them (subject aside) and the
/// run prints emails per second of wall time and per CPU-second of this process (llama.cpp's
/// threads included: on a shared box the wall figure moves with the others' load, the CPU
/// figure much less), the load average around the run, and recall@10/MRR of thread subjects.
/// The model-free hashing embedder runs on the same set as the lexical baseline.
struct BenchEmbedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "embed",
        abstract: "Embedding rate (emails/s, per CPU-second) and retrieval quality of the search vectors on a mailbox.")

    @Option(help: "Data directory of the mailbox to read (e.g. a `bench search` store); read only.")
    var dataDir: String

    @Option(help: "Threads (2+ messages) whose subjects are the queries.")
    var threads: Int = 300

    @Option(help: "Messages of single-message threads added as distractors.")
    var distractors: Int = 600

    @Option(parsing: .upToNextOption, help: "Body characters kept per email (EmbeddingText's trim); several values compare trims.")
    var bodyCharacters: [Int] = [EmbeddingText.bodyCharacters]

    @Option(parsing: .upToNextOption, help: "Encoders side by side (the backfill's two-encoder path at 2); several values compare them.")
    var encoders: [Int] = [1, 2]

    @Option(help: "Emails per call, as the backfill's batch (`hearth reindex --batch-size`).")
    var batchSize: Int = 64

    @Option(help: "Embedder: minilm (the installed model) or hashing (model-free, fast).")
    var embedder: String = "minilm"

    @Flag(help: "Print the result as JSON.") var json = false

    struct Run: Codable {
        var embedder: String
        var bodyCharacters: Int
        var encoders: Int
        var emails: Int
        var medianCharacters: Int
        var seconds: Double
        var cpuSeconds: Double
        var emailsPerSecond: Double
        var emailsPerCPUSecond: Double
        var loadBefore: Double?
        var loadAfter: Double?
        var scores: RetrievalScores
    }

    struct Report: Codable {
        var queries: Int
        var documents: Int
        var runs: [Run]

        var table: String {
            var lines = ["\(queries) queries (thread subjects), \(documents) emails (subject left out)",
                         "embedder   body chars  encoders  chars/email  emails/s  per CPU-s  load before→after  recall@10   MRR"]
            for run in runs {
                let load = String(format: "%.1f→%.1f", run.loadBefore ?? .nan, run.loadAfter ?? .nan)
                let name = run.embedder.padding(toLength: 10, withPad: " ", startingAt: 0)
                let loadColumn = String(repeating: " ", count: max(0, 18 - load.count)) + load
                lines.append(name + String(format: " %10d %9d %12d %9.1f %10.1f ", run.bodyCharacters, run.encoders, run.medianCharacters,
                                           run.emailsPerSecond, run.emailsPerCPUSecond)
                             + loadColumn + String(format: " %10.3f %6.3f", run.scores.recallAt10, run.scores.meanReciprocalRank))
            }
            return lines.joined(separator: "\n")
        }
    }

    func validate() throws {
        guard threads > 0, distractors >= 0 else { throw ValidationError("--threads must be positive, --distractors not negative") }
        guard bodyCharacters.allSatisfy({ $0 > 0 }) else { throw ValidationError("--body-characters must be positive") }
        guard !encoders.isEmpty, encoders.allSatisfy({ $0 > 0 }), batchSize > 0 else {
            throw ValidationError("--encoders and --batch-size must be positive")
        }
        guard ["minilm", "hashing"].contains(embedder) else { throw ValidationError("--embedder: minilm or hashing") }
    }

    func run() throws {
        let store = try MailStore.open(directory: URL(fileURLWithPath: dataDir))
        let set = try RetrievalSet.build(store: store, threads: threads, distractors: distractors)
        guard !set.queries.isEmpty else { throw CLIError.notFound("no thread of 2+ messages with a subject in \(dataDir)") }
        StandardStreams.err("bench: \(set.queries.count) queries, \(set.messages.count) emails")
        var runs: [Run] = []
        let names = embedder == "hashing" ? ["hashing"] : [embedder, "hashing"]
        for name in names {
            guard let model = try SearchWiring.embedder(named: name) else { throw CLIError.notFound("no embedder \(name)") }
            // The model load is paid once per process, not per email: done before the clock starts.
            let queryVectors = try SearchWiring.wait { try await model.embed(set.queries.map(\.text)) }
            for characters in (name == "hashing" ? [bodyCharacters[0]] : bodyCharacters) {
                let documents = set.documents(bodyCharacters: characters)
                for encoderCount in (name == "hashing" ? [1] : encoders) {
                    let loadBefore = LoadAverage.oneMinute()
                    let cpuBefore = Self.cpuSeconds()
                    let started = DispatchTime.now().uptimeNanoseconds
                    let vectors = try SearchWiring.wait { try await Self.embed(documents, with: model, encoders: encoderCount, batch: batchSize) }
                    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
                    let cpu = Self.cpuSeconds() - cpuBefore
                    let scores = RetrievalScores.measure(queries: queryVectors, queryThreads: set.queries.map(\.thread),
                                                         documents: vectors, documentThreads: set.messages.map(\.thread))
                    let lengths = documents.map { Double($0.count) }
                    runs.append(Run(embedder: name, bodyCharacters: characters, encoders: encoderCount, emails: documents.count,
                                    medianCharacters: Int(Statistics.median(lengths)), seconds: seconds, cpuSeconds: cpu,
                                    emailsPerSecond: Double(documents.count) / max(seconds, 1e-9),
                                    emailsPerCPUSecond: Double(documents.count) / max(cpu, 1e-9),
                                    loadBefore: loadBefore, loadAfter: LoadAverage.oneMinute(), scores: scores))
                    StandardStreams.err(String(format: "bench: %@ %d chars, %d encoder(s): %.1f emails/s, %.1f per CPU-s, recall@10 %.3f",
                                               name, characters, encoderCount, runs[runs.count - 1].emailsPerSecond,
                                               runs[runs.count - 1].emailsPerCPUSecond, scores.recallAt10))
                }
            }
        }
        let report = Report(queries: set.queries.count, documents: set.messages.count, runs: runs)
        StandardStreams.out(json ? try JSONOutput.render("bench.embed", report) : report.table)
    }

    /// `texts` in calls of `batch`, as the backfill makes them (`SearchIndexManager.embedPending`).
    static func embed(_ texts: [String], with model: any TextEmbedder, encoders: Int, batch: Int) async throws -> [[Float]] {
        var vectors: [[Float]] = []
        vectors.reserveCapacity(texts.count)
        var start = 0
        while start < texts.count {
            let part = Array(texts[start..<min(texts.count, start + batch)])
            let made = await model.embedBulk(part, encoders: encoders)
            if let failure = made.failure { throw failure }
            vectors += made.vectors.map { $0 ?? [] }
            start += part.count
        }
        return vectors
    }

    /// User + system CPU time of this process, all threads.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

}
