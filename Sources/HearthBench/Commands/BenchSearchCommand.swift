import ArgumentParser
import Foundation
import HearthCLI
import HearthCore
import HearthProcess
import HearthSearch
import HearthStore

/// `hearth-bench search`: builds a Maildir of N real messages (the linux-mips archive in
/// $HEARTH_CORPORA, every year present; above its size, further copies of the same mail with
/// rewritten Message-IDs, so 50K+ is still real text), indexes it with Hearth (`hearth import`,
/// whose triggers build the keyword index; then vectors), with `mu index` and with
/// `notmuch new`, then times each query class — written for that mail, including one letter
/// typed, two letters typed, words in most messages, and nonsense — in-process and as whole
/// processes, side by side with `mu find` and `notmuch search`. Medians and p95s; ratios.
struct BenchSearchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: "Search index build rate and query latency vs `mu find` and `notmuch search`.")

    @Option(help: "Corpus sizes in messages, comma-separated.")
    var sizes: String = "10000,50000"

    @Option(help: "In-process runs of each query.")
    var reps: Int = 20

    @Option(help: "Whole-process runs of each query per tool.")
    var processReps: Int = 5

    @Flag(help: "Skip `mu`.")
    var noMu = false

    @Flag(help: "Skip `notmuch`.")
    var noNotmuch = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    @Option(help: "Keep the work directory here instead of a temporary one (it is not deleted).")
    var workDir: String?

    @Flag(help: "With --work-dir: time the queries on the Maildir and indexes a previous run left there (no index build, no build figures).")
    var reuseIndexes = false

    @Option(help: "Embedder of the vector build and the hybrid class: hashing (model-free, default) or minilm (the installed model).")
    var embedder: String = "hashing"

    func validate() throws {
        guard reps > 0, processReps > 0 else { throw ValidationError("--reps and --process-reps must be positive") }
        guard !parsedSizes.isEmpty, parsedSizes.allSatisfy({ $0 > 0 }) else { throw ValidationError("--sizes: positive integers, comma-separated") }
        guard ["hashing", "minilm"].contains(embedder) else { throw ValidationError("--embedder: hashing or minilm") }
        if reuseIndexes && workDir == nil { throw ValidationError("--reuse-indexes needs --work-dir (where a previous run left its indexes)") }
    }

    var parsedSizes: [Int] { sizes.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } }

    func run() throws {
        let hearth = try BenchEnvironment.hearthExecutable()
        let mu = noMu ? nil : BenchTools.require("mu", package: "maildir-utils")
        let notmuch = noNotmuch ? nil : BenchTools.require("notmuch", package: "notmuch")
        var reports: [BenchSearchReport] = []
        for size in parsedSizes {
            let work = workDir.map { URL(fileURLWithPath: $0).appendingPathComponent("size-\(size)") }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-search-\(UUID().uuidString)")
            if !reuseIndexes { try? FileManager.default.removeItem(at: work) }
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { if workDir == nil { try? FileManager.default.removeItem(at: work) } }
            let runner = BenchSearchRun(size: size, work: work, hearth: hearth, mu: mu, notmuch: notmuch,
                                        reps: reps, processReps: processReps, embedder: embedder, reuse: reuseIndexes)
            reports.append(try runner.run())
        }
        StandardStreams.out(json ? try JSONOutput.render("bench.search", reports) : reports.map(\.table).joined(separator: "\n\n"))
    }
}

enum BenchTools {
    /// The tool's path; when missing, tries `apt-get install` (as root), else says it is skipped.
    static func require(_ tool: String, package: String) -> String? {
        if let path = ChildProcess.which(tool) { return path }
        if getuid() == 0, let apt = ChildProcess.which("apt-get") {
            StandardStreams.err("bench: installing \(package) for the `\(tool)` comparison…")
            _ = try? Subprocess.run(apt, ["install", "-y", "-q", package], environment: ["DEBIAN_FRONTEND": "noninteractive",
                                    "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"], stdout: .discard, stderr: .discard)
            if let path = ChildProcess.which(tool) { return path }
        }
        StandardStreams.err("bench: `\(tool)` not found (apt-get install \(package)); skipping that comparison")
        return nil
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}

/// One query in the three tools' languages (nil: the tool has no equivalent).
struct BenchQuery: Sendable {
    let hearth: String
    let mu: String?
    let notmuch: String?
}

/// Query classes of issues 4 and 16, written for the linux-mips list: its words (rare and in
/// most messages), its people (Ralf Baechle, Maciej W. Rozycki), its years, what a user types
/// into a search-as-you-type box letter by letter, and nonsense.
enum BenchQueries {
    static let classes: [(name: String, hybrid: Bool, queries: [BenchQuery])] = [
        ("word", false, [
            BenchQuery(hearth: "framebuffer", mu: "framebuffer", notmuch: "framebuffer"),
            BenchQuery(hearth: "interrupt", mu: "interrupt", notmuch: "interrupt"),
            BenchQuery(hearth: "cache", mu: "cache", notmuch: "cache"),
        ]),
        ("many hits", false, [
            BenchQuery(hearth: "mips", mu: "mips", notmuch: "mips"),
            BenchQuery(hearth: "linux", mu: "linux", notmuch: "linux"),
            BenchQuery(hearth: "kernel", mu: "kernel", notmuch: "kernel"),
        ]),
        ("1 letter typed", false, [
            BenchQuery(hearth: "m", mu: "m*", notmuch: "m*"),
            BenchQuery(hearth: "k", mu: "k*", notmuch: "k*"),
        ]),
        ("2 letters typed", false, [
            BenchQuery(hearth: "mi", mu: "mi*", notmuch: "mi*"),
            BenchQuery(hearth: "ke", mu: "ke*", notmuch: "ke*"),
        ]),
        ("phrase", false, [
            BenchQuery(hearth: "\"cross compiler\"", mu: "\"cross compiler\"", notmuch: "\"cross compiler\""),
            BenchQuery(hearth: "\"page fault\"", mu: "\"page fault\"", notmuch: "\"page fault\""),
        ]),
        ("from", false, [
            BenchQuery(hearth: "from:ralf", mu: "from:ralf", notmuch: "from:ralf"),
            BenchQuery(hearth: "from:macro", mu: "from:macro", notmuch: "from:macro"),
        ]),
        ("date range", false, [
            BenchQuery(hearth: "after:2000-12-31 before:2001-02-01", mu: "date:20010101..20010131", notmuch: "date:2001-01-01..2001-01-31"),
            BenchQuery(hearth: "since:2003-03-01 before:2003-04-01", mu: "date:20030301..20030331", notmuch: "date:2003-03-01..2003-03-31"),
        ]),
        ("NL query", false, [
            BenchQuery(hearth: "from ralf in January 2001 kernel", mu: "from:ralf date:20010101..20010131 kernel",
                       notmuch: "from:ralf date:2001-01-01..2001-01-31 kernel"),
            BenchQuery(hearth: "patch before March 2000", mu: "patch date:..20000229", notmuch: "patch date:..2000-02-29"),
            // One word ("bootloader") is in no message with the others: found by the any-but-one fallback.
            BenchQuery(hearth: "indy serial console bootloader", mu: "indy serial console", notmuch: "indy serial console"),
        ]),
        ("nonsense", false, [
            BenchQuery(hearth: "zzzzqqq", mu: "zzzzqqq", notmuch: "zzzzqqq"),
        ]),
        ("hybrid", true, [
            BenchQuery(hearth: "cache flush problem on r4000", mu: nil, notmuch: nil),
            BenchQuery(hearth: "cross compiler toolchain fails", mu: nil, notmuch: nil),
            BenchQuery(hearth: "network card stops receiving packets", mu: nil, notmuch: nil),
        ]),
    ]
}

struct LatencyJSON: Encodable {
    let p50Ms: Double
    let p95Ms: Double
    let runs: Int
    init(_ seconds: [Double]) {
        p50Ms = (BenchTools.percentile(seconds, 0.5) * 1e5).rounded() / 100
        p95Ms = (BenchTools.percentile(seconds, 0.95) * 1e5).rounded() / 100
        runs = seconds.count
    }
}

struct BenchSearchReport: Encodable {
    struct Build: Encodable {
        let tool: String
        let seconds: Double
        let messagesPerSecond: Double
        let peakRSSMB: Double
    }
    struct QueryClass: Encodable {
        let name: String
        /// Conversations (Hearth) returned by the class's queries, summed; a sanity check.
        let hearthResults: Int
        let inProcess: LatencyJSON
        let hearthProcess: LatencyJSON
        let muProcess: LatencyJSON?
        let notmuchProcess: LatencyJSON?
        /// mu's p50 divided by Hearth's (> 1: Hearth is faster).
        let muOverHearth: Double?
        let notmuchOverHearth: Double?
    }
    let messages: Int
    let linuxMipsMessages: Int
    /// Messages beyond the corpus's own: copies of it with rewritten Message-IDs.
    let seededMessages: Int
    /// /proc/loadavg when the run ended (the box is shared: say how busy it was).
    var loadAverage: String = ""
    let builds: [Build]
    let vectorBuild: Build?
    let vectorIndexMemoryMB: Double
    let vectorIndexLoadMs: Double
    let classes: [QueryClass]

    var table: String {
        var lines = ["search benchmark: \(messages) real messages (\(linuxMipsMessages) distinct linux-mips + \(seededMessages) copies with rewritten Message-IDs); load average \(loadAverage)",
                     "index build     seconds   msgs/s   peak RSS"]
        for b in builds + [vectorBuild].compactMap({ $0 }) {
            lines.append(TextRendering.fit(b.tool, 14) + String(format: " %8.2f %8.0f %7.0f MB", b.seconds, b.messagesPerSecond, b.peakRSSMB))
        }
        lines.append(String(format: "vector index: %.1f MB in memory, loaded in %.0f ms", vectorIndexMemoryMB, vectorIndexLoadMs))
        lines.append("query class   in-process p50/p95 ms   hearth proc p50/p95   mu p50/p95        notmuch p50/p95   mu/hearth  notmuch/hearth  results")
        func pair(_ l: LatencyJSON?) -> String { l.map { String(format: "%7.2f /%7.2f", $0.p50Ms, $0.p95Ms) } ?? "      –         " }
        for c in classes {
            lines.append(TextRendering.fit(c.name, 12) + "  " + pair(c.inProcess) + "       " + pair(c.hearthProcess) + "   "
                + pair(c.muProcess) + "   " + pair(c.notmuchProcess) + "   "
                + (c.muOverHearth.map { String(format: "%6.2f", $0) } ?? "     –") + "     "
                + (c.notmuchOverHearth.map { String(format: "%6.2f", $0) } ?? "     –") + "        \(c.hearthResults)")
        }
        return lines.joined(separator: "\n")
    }
}

/// One size of the benchmark.
struct BenchSearchRun {
    let size: Int
    let work: URL
    let hearth: String
    let mu: String?
    let notmuch: String?
    let reps: Int
    let processReps: Int
    /// `hashing` or `minilm`: what the vectors and the hybrid class use.
    var embedder: String = "hashing"
    /// Query the indexes a previous run left in `work` instead of building them.
    var reuse = false

    func run() throws -> BenchSearchReport {
        let maildir = work.appendingPathComponent("Maildir")
        let dataDir = work.appendingPathComponent("hearth").path
        var builds: [BenchSearchReport.Build] = []
        var vectorBuild: BenchSearchReport.Build?
        let (mips, seeded): (Int, Int)
        if reuse {
            (mips, seeded) = try Self.reusedCounts(dataDir: dataDir)
        } else {
            (mips, seeded) = try buildMaildir(maildir)
        }
        let count = mips + seeded
        StandardStreams.err("bench search: \(count) messages (\(mips) linux-mips + \(seeded) copies) in \(maildir.path)")
        let muHome = work.appendingPathComponent("mu").path
        let notmuchConfig = work.appendingPathComponent("notmuch-config").path
        if !reuse {
            vectorBuild = try buildIndexes(maildir: maildir, dataDir: dataDir, muHome: muHome, notmuchConfig: notmuchConfig,
                                           count: count, builds: &builds)
        }
        return try timeQueries(count: count, mips: mips, seeded: seeded, dataDir: dataDir, muHome: muHome,
                               notmuchConfig: notmuchConfig, builds: builds, vectorBuild: vectorBuild)
    }

    /// (distinct, copies) of a store a previous run imported: copies carry `.copyN` in their
    /// Message-ID (`BenchMaildirWriter`).
    static func reusedCounts(dataDir: String) throws -> (Int, Int) {
        let store = try MailStore.open(directory: URL(fileURLWithPath: dataDir))
        return try store.database.writer.read { db in
            let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM email") ?? 0
            let copies = try Int.fetchOne(db, sql: "SELECT count(*) FROM email WHERE message_id LIKE '%.copy%'") ?? 0
            guard total > 0 else { throw CLIError.notFound("--reuse-indexes: no messages in \(dataDir); run once without it") }
            return (total - copies, copies)
        }
    }

    /// `hearth import`, the keyword and vector builds, `mu index` and `notmuch new`, timed.
    private func buildIndexes(maildir: URL, dataDir: String, muHome: String, notmuchConfig: String, count: Int,
                              builds: inout [BenchSearchReport.Build]) throws -> BenchSearchReport.Build {
        func build(_ tool: String, _ m: ChildProcess.Measurement) {
            builds.append(.init(tool: tool, seconds: m.seconds, messagesPerSecond: Double(count) / max(m.seconds, 1e-9),
                                peakRSSMB: Double(m.peakRSSBytes) / 1_048_576))
            StandardStreams.err(String(format: "bench search: %@ %.1f s (%.0f msgs/s)", tool, m.seconds, Double(count) / max(m.seconds, 1e-9)))
        }
        let imported = try ChildProcess.measure(hearth, ["import", maildir.path, "--data-dir", dataDir, "--no-progress", "--no-raw-source"])
        guard imported.exitStatus == 0 else { throw CLIError.io("hearth import failed (\(imported.exitStatus))") }
        build("hearth import", imported)
        let keyword = try ChildProcess.measure(hearth, ["reindex", "--keyword-only", "--data-dir", dataDir, "--no-progress"])
        build("hearth fts", keyword)
        let embedded = try ChildProcess.measure(hearth, ["reindex", "--data-dir", dataDir, "--no-progress", "--embedder", embedder])
        guard embedded.exitStatus == 0 else { throw CLIError.io("hearth reindex --embedder \(embedder) failed (\(embedded.exitStatus))") }
        let vectorBuild = BenchSearchReport.Build(tool: embedder == "minilm" ? "vectors (MiniLM)" : "vectors (hash)", seconds: embedded.seconds,
                                                  messagesPerSecond: Double(count) / max(embedded.seconds, 1e-9),
                                                  peakRSSMB: Double(embedded.peakRSSBytes) / 1_048_576)
        if let mu {
            _ = try ChildProcess.measure(mu, ["init", "--muhome=\(muHome)", "--maildir=\(maildir.path)"])
            build("mu index", try ChildProcess.measure(mu, ["index", "--muhome=\(muHome)"]))
        }
        if let notmuch {
            let db = work.appendingPathComponent("notmuch-db").path
            try FileManager.default.createDirectory(atPath: db, withIntermediateDirectories: true)
            try """
                [database]
                mail_root=\(maildir.path)
                path=\(db)
                [user]
                name=Bench
                primary_email=bench@hearth.local
                [new]
                tags=inbox;
                [search]
                exclude_tags=
                [maildir]
                synchronize_flags=false
                """.write(toFile: notmuchConfig, atomically: true, encoding: .utf8)
            let outcome = try Subprocess.run(notmuch, ["new", "--quiet"], environment: notmuchEnvironment(notmuchConfig),
                                             stdout: .discard, stderr: .discard)
            build("notmuch new", ChildProcess.Measurement(exitStatus: outcome.status, seconds: outcome.seconds, peakRSSBytes: outcome.peakRSSBytes))
        }
        return vectorBuild
    }

    /// In-process and whole-process latencies of every query class.
    private func timeQueries(count: Int, mips: Int, seeded: Int, dataDir: String, muHome: String, notmuchConfig: String,
                             builds: [BenchSearchReport.Build], vectorBuild: BenchSearchReport.Build?) throws -> BenchSearchReport {

        // In-process latencies.
        let store = try MailStore.open(directory: URL(fileURLWithPath: dataDir))
        let keywordEngine = SearchEngine(store: store)
        guard let hybridEmbedder = try SearchWiring.embedder(named: embedder) else { throw CLIError.notFound("no embedder \(embedder)") }
        let hybridEngine = SearchEngine(store: store, embedder: hybridEmbedder)
        if embedder == "minilm" {
            // The model load is a one-time cost of a long-running process, not of a query.
            _ = try SearchWiring.wait { () async throws -> [[Float]] in try await hybridEmbedder.embed(["warm up"]) }
        }
        let loadStarted = DispatchTime.now()
        try hybridEngine.warmUp()
        let loadMs = Double(DispatchTime.now().uptimeNanoseconds - loadStarted.uptimeNanoseconds) / 1e6
        let memoryMB = Double(hybridEngine.vectorIndexMemoryBytes) / 1_048_576
        var classes: [BenchSearchReport.QueryClass] = []
        for queryClass in BenchQueries.classes {
            let engine = queryClass.hybrid ? hybridEngine : keywordEngine
            var inProcess: [Double] = []
            var results = 0
            for q in queryClass.queries {
                for rep in 0..<reps {
                    let response = try SearchWiring.wait { () async throws -> SearchResponse in
                        try await engine.search(q.hearth, options: SearchEngine.Options(limit: 20))
                    }
                    inProcess.append(response.seconds)
                    if rep == 0 { results += response.results.count }
                }
            }
            var hearthRuns: [Double] = [], muRuns: [Double] = [], notmuchRuns: [Double] = []
            for q in queryClass.queries {
                var arguments = ["search", q.hearth, "--data-dir", dataDir, "--json", "--limit", "20", "--no-history"]
                // Keyword classes run as a user would (default embedder: the installed model, which
                // they never load); hybrid ones name the bench's embedder.
                if queryClass.hybrid { arguments += ["--embedder", embedder] }
                for _ in 0..<processReps {
                    let m = try ChildProcess.measure(hearth, arguments)
                    guard m.exitStatus == 0 else { throw CLIError.io("hearth search \(q.hearth) failed (\(m.exitStatus))") }
                    hearthRuns.append(m.seconds)
                }
                if let mu, let muQuery = q.mu {
                    for _ in 0..<processReps {
                        muRuns.append(try ChildProcess.measure(mu, ["find", "--muhome=\(muHome)", "--maxnum=20"] + muQuery.split(separator: " ").map(String.init)).seconds)
                    }
                }
                if let notmuch, let nmQuery = q.notmuch {
                    for _ in 0..<processReps {
                        notmuchRuns.append(try Subprocess.run(notmuch, ["search", "--limit=20", nmQuery],
                                                              environment: notmuchEnvironment(notmuchConfig),
                                                              stdout: .discard, stderr: .discard).seconds)
                    }
                }
            }
            let hearthLatency = LatencyJSON(hearthRuns)
            let muLatency = muRuns.isEmpty ? nil : LatencyJSON(muRuns)
            let notmuchLatency = notmuchRuns.isEmpty ? nil : LatencyJSON(notmuchRuns)
            classes.append(.init(name: queryClass.name, hearthResults: results, inProcess: LatencyJSON(inProcess),
                                 hearthProcess: hearthLatency, muProcess: muLatency, notmuchProcess: notmuchLatency,
                                 muOverHearth: muLatency.map { $0.p50Ms / max(hearthLatency.p50Ms, 1e-6) },
                                 notmuchOverHearth: notmuchLatency.map { $0.p50Ms / max(hearthLatency.p50Ms, 1e-6) }))
            StandardStreams.err("bench search: \(queryClass.name) done")
        }
        return BenchSearchReport(messages: count, linuxMipsMessages: mips, seededMessages: seeded, loadAverage: LoadAverage.text(), builds: builds,
                                 vectorBuild: vectorBuild, vectorIndexMemoryMB: (memoryMB * 10).rounded() / 10,
                                 vectorIndexLoadMs: loadMs.rounded(), classes: classes)
    }

    private func notmuchEnvironment(_ config: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NOTMUCH_CONFIG"] = config
        return environment
    }

    /// `size` real messages: the linux-mips archive, then copies of it whose Message-ID,
    /// In-Reply-To and References get a `.copyN` suffix (so every tool stores them as new
    /// messages and threads stay threads). Returns (distinct, copies).
    private func buildMaildir(_ maildir: URL) throws -> (Int, Int) {
        try BenchMaildirWriter.writeCopies(sources: try BenchCorpus.linuxMips(), to: maildir, count: size)
    }
}
