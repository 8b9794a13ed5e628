import Foundation
import HearthCLI
import HearthAI
import HearthCore
import HearthMIME

/// The hand-labelled categorisation evaluation set: keys into the SpamAssassin corpus tarball
/// with a label, read through the real MIME parser (docs/ai.md, "Evaluation set").
enum EvaluationSet {
    /// `holdout`: the rows never looked at while tuning (5th column, docs/ai.md "Evaluation set");
    /// `blind`: a row of the blind set (5th column `blind`), held out too, but kept out of the other
    /// sets' held-out total so that figure stays comparable across sessions.
    struct Item {
        let key: String; let label: AICategory; let clear: Bool; var holdout = false; var blind = false
        let input: CategorizationInput
    }

    static var resources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/HearthAITests/Resources")
    }

    /// The 2002 SpamAssassin set (dev and held-out rows).
    static var defaultPath: String { resources.appendingPathComponent("category-eval.tsv").path }
    /// Newer real mail from the mime-* corpora (docs/ai.md, "Modern set").
    static var modernPath: String { resources.appendingPathComponent("category-eval-modern.tsv").path }
    /// Older or undated real mail of the mime-* corpora and linux-mips posts (session 8).
    static var olderPath: String { resources.appendingPathComponent("category-eval-older.tsv").path }

    /// More 2002 first messages with a sender name and no list or bulk header (session 13): all
    /// dev rows, read while labelling.
    static var morePath: String { resources.appendingPathComponent("category-eval-more.tsv").path }
    /// The blind set (session 9): only ever measured, its misses never printed or read.
    static var blindPath: String { resources.appendingPathComponent("category-eval-blind.tsv").path }
    /// A third blind set (session 20): labelled blind by a helper, counted, never read.
    static var blind3Path: String { resources.appendingPathComponent("category-eval-blind3.tsv").path }
    /// A fourth blind set (session 21): labelled blind by a helper, counted, never read.
    static var blind4Path: String { resources.appendingPathComponent("category-eval-blind4.tsv").path }
    /// A second sample of the 2002 corpus (session 20), labelled before its first (blind) count,
    /// tuned on since: all dev rows.
    static var sample20Path: String { resources.appendingPathComponent("category-eval-sample20.tsv").path }

    /// Every labelled set the benchmarks report, by the name they print.
    static var named: [(name: String, path: String)] {
        [("2002", defaultPath), ("modern", modernPath), ("older", olderPath), ("2002 more", morePath), ("2002 sample 20", sample20Path), ("blind", blindPath), ("blind 3", blind3Path), ("blind 4", blind4Path)]
    }

    static var corpus: URL {
        get throws {
            try BenchEnvironment.corpora().appendingPathComponent("bulk-spamassassin-public/spamassassin-public-corpus-20030228.tar.xz")
        }
    }

    /// Rows are keys into the SpamAssassin tarball, paths of message files inside the corpora
    /// folder (the modern set) or absolute paths; all are read through the real MIME parser.
    static func load(path: String?) throws -> [Item] {
        let file = path ?? defaultPath
        guard let tsv = try? String(contentsOfFile: file, encoding: .utf8) else { throw CLIError.notFound("no evaluation set at \(file)") }
        let corpora = try BenchEnvironment.corpora()
        let rows = tsv.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t").map(String.init) }.filter { $0.count >= 3 }
        // An absolute path names a message file anywhere (a sanity-check set of generated mail).
        func messageURL(_ key: String) -> URL { key.hasPrefix("/") ? URL(fileURLWithPath: key) : corpora.appendingPathComponent(key) }
        let inMailboxes = try MailboxArchive.messages(keys: rows.map { $0[0] }.filter { $0.contains(".mboxrd.xz#") }, corpora: corpora)
        let inTarball = rows.filter { !FileManager.default.fileExists(atPath: messageURL($0[0]).path) && inMailboxes[$0[0]] == nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-eval-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        if !inTarball.isEmpty {
            let corpus = try Self.corpus
            guard FileManager.default.fileExists(atPath: corpus.path) else {
                throw CLIError.notFound("the evaluation set needs \(corpus.path) (HEARTH_CORPORA names the corpora folder)")
            }
            let tar = Process()
            tar.executableURL = URL(fileURLWithPath: "/bin/tar")
            tar.arguments = ["-xJf", corpus.path, "-C", dir.path] + inTarball.map { "spamassassin-public-corpus/\($0[0])" }
            try tar.run()
            tar.waitUntilExit()
        }
        let parser = MIMEParser()
        return rows.compactMap { row in
            let direct = messageURL(row[0])
            let file = FileManager.default.fileExists(atPath: direct.path) ? direct : dir.appendingPathComponent("spamassassin-public-corpus/\(row[0])")
            guard let label = AICategory(rawValue: row[1]), let data = inMailboxes[row[0]] ?? (try? Data(contentsOf: file)),
                  let parsed = try? parser.parse(data) else { return nil }
            let body = parsed.textBody ?? parsed.htmlBody.map(MailTextTrimmer.plainText(fromHTML:)) ?? parsed.snippet
            let input = CategorizationInput(from: parsed.from.first, recipients: parsed.to + parsed.cc, subject: parsed.subject,
                                            text: MailTextTrimmer.trim(body, maxCharacters: 1_000),
                                            headers: parsed.headers + CategorizationHeaders.calendarPart(parsed.attachments),
                                            listID: parsed.header("List-Id"), isReply: !parsed.inReplyTo.isEmpty || !parsed.references.isEmpty,
                                            replyTo: parsed.replyTo, htmlBuild: HTMLBuild.read(parsed.htmlBody),
                                            footer: CategorizationInput.footer(of: body))
            let part = row.count >= 5 ? row[4] : "dev"
            return Item(key: row[0], label: label, clear: row[2] == "clear", holdout: part == "holdout" || part == "blind",
                        blind: part == "blind", input: input)
        }
    }
}

struct EvaluationReport: Encodable {
    struct Line: Encodable { let category: String; let correct: Int; let total: Int; let accuracy: Double }
    let items: Int
    let correct: Int
    let accuracy: Double
    let clearOnlyAccuracy: Double
    let seconds: Double
    let perCategory: [Line]
    let bySource: [String: Int]
    /// Of the emails each stage decided, how many it got right: what asking a stage costs and buys.
    let correctBySource: [String: Int]
    /// Per-class precision and recall of the rows tuned on and of the held-out rows (nil: none).
    let dev: CategoryScores?
    let holdout: CategoryScores?

    init(items set: [EvaluationSet.Item], decisions: [CategoryDecision], seconds: Double) {
        var per: [AICategory: (Int, Int)] = [:]
        var clear = (0, 0)
        for (item, d) in zip(set, decisions) {
            let hit = item.label == d.category ? 1 : 0
            per[item.label, default: (0, 0)].0 += hit
            per[item.label, default: (0, 0)].1 += 1
            if item.clear { clear.0 += hit; clear.1 += 1 }
        }
        items = set.count
        correct = per.values.reduce(0) { $0 + $1.0 }
        accuracy = set.isEmpty ? 0 : Double(correct) / Double(set.count)
        clearOnlyAccuracy = clear.1 == 0 ? 0 : Double(clear.0) / Double(clear.1)
        self.seconds = seconds
        perCategory = CategorySignals.allCategories.map { c in
            let (right, total) = per[c] ?? (0, 0)
            return Line(category: c.rawValue, correct: right, total: total, accuracy: total == 0 ? 0 : Double(right) / Double(total))
        }
        bySource = Dictionary(grouping: decisions, by: { $0.source.rawValue }).mapValues(\.count)
        correctBySource = Dictionary(grouping: zip(set, decisions).filter { $0.0.label == $0.1.category }, by: { $0.1.source.rawValue })
            .mapValues(\.count)
        let pairs = zip(set, decisions).map { (item: $0.0, label: $0.0.label, predicted: $0.1.category) }
        let devPairs = pairs.filter { !$0.item.holdout }.map { ($0.label, $0.predicted) }
        let holdoutPairs = pairs.filter { $0.item.holdout && !$0.item.blind }.map { ($0.label, $0.predicted) }
        dev = devPairs.isEmpty ? nil : CategoryScores(pairs: devPairs)
        holdout = holdoutPairs.isEmpty ? nil : CategoryScores(pairs: holdoutPairs)
    }

    var table: String {
        var lines = [String(format: "evaluation set: %d emails, %d correct = %.1f%% (clear-cut labels only: %.1f%%), %.1f s",
                            items, correct, accuracy * 100, clearOnlyAccuracy * 100, seconds)]
        for line in perCategory {
            lines.append(line.total == 0 ? "  \(line.category): no examples"
                         : String(format: "  %-10@ %3d/%-3d %5.1f%%", line.category, line.correct, line.total, line.accuracy * 100))
        }
        if let dev { lines.append("  tuning part: \(dev.summary)") }
        if let holdout { lines.append("  held out:    \(holdout.summary)") }
        lines.append("  decided by: " + bySource.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value) (\(correctBySource[$0.key] ?? 0) right)" }.joined(separator: ", "))
        return lines.joined(separator: "\n")
    }
}
