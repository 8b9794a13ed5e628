import ArgumentParser
import Foundation
import HearthCLI
import HearthCore

/// `hearth-bench …`: performance figures, printed, never asserted (the machine is noisy:
/// medians of several runs). Reference tools run in the same invocation so ratios are fair.
/// A developer tool of its own, so benchmarks and evaluation sets stay out of the `hearth` binary
/// users run; where it needs paths (the `hearth` binary, corpora, the rig) they come from flags
/// and environment variables (`BenchEnvironment`), never from a guessed location.
public struct BenchCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hearth-bench", abstract: "Measure the Hearth engine (and reference tools, side by side).",
        discussion: BenchEnvironment.help,
        subcommands: [BenchImportCommand.self, BenchSyncCommand.self, BenchAICommand.self, BenchSearchCommand.self, BenchSendCommand.self, BenchWebCommand.self,
                      BenchCategorizeCommand.self, BenchEmbedCommand.self])

    public init() {}
}

/// `hearth-bench import`: import the linux-mips slice (as a Maildir) with Hearth and index the
/// same Maildir with `mu index`, each in a fresh directory, and print medians and the ratio.
struct BenchImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import throughput and peak memory vs `mu index` on the same messages.")

    @Argument(help: "Mailboxes to benchmark (default: $HEARTH_CORPORA/bulk-linux-mips/*.mboxrd.xz, 1996–2005).")
    var paths: [String] = []

    @Option(help: "Runs per tool; the median is reported.")
    var reps: Int = 3

    @Option(help: "Use at most this many messages (0 = all).")
    var limit: Int = 0

    @Flag(help: "Skip the `mu index` comparison.")
    var noMu = false

    @Flag(help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let sources = paths.isEmpty ? try defaultCorpus() : paths
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let maildir = work.appendingPathComponent("Maildir")
        StandardStreams.err("bench: writing the messages of \(sources.count) mailbox(es) into a Maildir…")
        let (count, bytes) = try BenchMaildirWriter.write(sources: sources, to: maildir, limit: limit)
        StandardStreams.err("bench: \(count) messages, \(TextRendering.byteCount(Int(bytes)))")

        let hearth = try BenchEnvironment.hearthExecutable()
        var hearthRuns: [ChildProcess.Measurement] = []
        for rep in 1...max(1, reps) {
            let dataDir = work.appendingPathComponent("hearth-\(rep)").path
            let m = try ChildProcess.measure(hearth, ["import", maildir.path, "--data-dir", dataDir, "--no-progress", "--no-raw-source"])
            guard m.exitStatus == 0 else { throw CLIError.io("hearth import failed with status \(m.exitStatus)") }
            hearthRuns.append(m)
            StandardStreams.err(String(format: "bench: hearth run %d: %.2f s", rep, m.seconds))
            try? FileManager.default.removeItem(atPath: dataDir)
        }
        var muRuns: [ChildProcess.Measurement] = []
        if !noMu, let mu = BenchTools.require("mu", package: "maildir-utils") {
            for rep in 1...max(1, reps) {
                let home = work.appendingPathComponent("mu-\(rep)").path
                _ = try ChildProcess.measure(mu, ["init", "--muhome=\(home)", "--maildir=\(maildir.path)"])
                let m = try ChildProcess.measure(mu, ["index", "--muhome=\(home)"])
                guard m.exitStatus == 0 else { throw CLIError.io("mu index failed with status \(m.exitStatus)") }
                muRuns.append(m)
                StandardStreams.err(String(format: "bench: mu run %d: %.2f s", rep, m.seconds))
                try? FileManager.default.removeItem(atPath: home)
            }
        }
        let result = BenchImportResult(messages: count, bytes: bytes, hearth: .init(hearthRuns, count: count),
                                       mu: muRuns.isEmpty ? nil : .init(muRuns, count: count))
        StandardStreams.out(json ? try JSONOutput.render("bench.import", result) : result.table)
    }

    /// The slice the issue names: the linux-mips years 1996–2005.
    private func defaultCorpus() throws -> [String] {
        try BenchCorpus.linuxMips().filter { path in
            let name = URL(fileURLWithPath: path).lastPathComponent
            guard let year = name.split(separator: "-").dropFirst(2).first.flatMap({ Int($0.prefix(4)) }) else { return false }
            return year <= 2005
        }
    }
}

/// Medians of several runs of one tool.
struct BenchToolResult: Encodable {
    let runs: Int
    let medianSeconds: Double
    let messagesPerSecond: Double
    let medianPeakRSSMB: Double

    init(_ runs: [ChildProcess.Measurement], count: Int) {
        self.runs = runs.count
        medianSeconds = Statistics.median(runs.map(\.seconds))
        messagesPerSecond = medianSeconds > 0 ? Double(count) / medianSeconds : 0
        medianPeakRSSMB = Statistics.median(runs.map { Double($0.peakRSSBytes) / 1_048_576 })
    }
}

struct BenchImportResult: Encodable {
    let messages: Int
    let bytes: Int64
    let hearth: BenchToolResult
    let mu: BenchToolResult?
    /// Hearth's throughput divided by mu's (> 1: Hearth is faster).
    var throughputRatio: Double? { mu.map { hearth.messagesPerSecond / max($0.messagesPerSecond, 0.0001) } }

    enum CodingKeys: String, CodingKey { case messages, bytes, hearth, mu, throughputRatio }
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(messages, forKey: .messages); try c.encode(bytes, forKey: .bytes)
        try c.encode(hearth, forKey: .hearth); try c.encodeIfPresent(mu, forKey: .mu)
        try c.encodeIfPresent(throughputRatio, forKey: .throughputRatio)
    }

    var table: String {
        var lines = ["import of \(messages) messages (\(TextRendering.byteCount(Int(bytes)))), medians of \(hearth.runs) run(s)",
                     "tool          seconds   msgs/s    peak RSS"]
        func row(_ name: String, _ r: BenchToolResult) -> String {
            TextRendering.fit(name, 12) + String(format: " %8.2f %8.0f %7.0f MB", r.medianSeconds, r.messagesPerSecond, r.medianPeakRSSMB)
        }
        lines.append(row("hearth", hearth))
        if let mu { lines.append(row("mu index", mu)) }
        if let ratio = throughputRatio { lines.append(String(format: "hearth/mu throughput ratio: %.2f", ratio)) }
        return lines.joined(separator: "\n")
    }
}

enum Statistics {
    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
}
