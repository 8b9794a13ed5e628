import Foundation
import HearthAI
import HearthCLI
import HearthMIME

/// The judged set for summaries and smart replies (docs/ai.md, "Judged set"): real threads of
/// the SpamAssassin corpus named by key, and (session 11) single messages of the mime-* corpora
/// named by path, each with the rubric a reader wrote after reading the thread. Read through
/// the real MIME parser, like the categorisation set.
struct JudgedThread: Sendable {
    var id: String
    var subject: String
    var messages: [ThreadMessageText]
    /// Nil for a single message judged for its replies only (people column "-").
    var rubric: SummaryRubric?
    /// What a relevant reply to the last message talks about (alternatives); empty = not judged.
    var replyTopics: [String]
    /// One of the six threads of the first judged set (rows without a topics column): their
    /// scores stay comparable with the earlier sessions' figures.
    var original: Bool
}

enum JudgedSet {
    static var defaultPath: String { EvaluationSet.resources.appendingPathComponent("summary-judged.tsv").path }

    static func load(path: String? = nil) throws -> [JudgedThread] {
        let file = path ?? defaultPath
        guard let tsv = try? String(contentsOfFile: file, encoding: .utf8) else { throw CLIError.notFound("no judged set at \(file)") }
        let rows = tsv.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }.filter { $0.count >= 6 }
        let corpus = try EvaluationSet.corpus
        guard FileManager.default.fileExists(atPath: corpus.path) else {
            throw CLIError.notFound("the judged set needs \(corpus.path) (HEARTH_CORPORA names the corpora folder)")
        }
        let corpora = try BenchEnvironment.corpora()
        let keys = rows.flatMap { $0[1].split(separator: ",").map(String.init) }.filter { !Self.isCorpusPath($0) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-judged-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/bin/tar")
        tar.arguments = ["-xJf", corpus.path, "-C", dir.path] + keys.map { "spamassassin-public-corpus/\($0)" }
        try tar.run()
        tar.waitUntilExit()
        let parser = MIMEParser()
        return try rows.map { row in
            let messages = try row[1].split(separator: ",").enumerated().map { index, key in
                let url = Self.isCorpusPath(String(key)) ? corpora.appendingPathComponent(String(key))
                    : dir.appendingPathComponent("spamassassin-public-corpus/\(key)")
                guard let data = try? Data(contentsOf: url), let parsed = try? parser.parse(data) else {
                    throw CLIError.notFound("judged thread \(row[0]): message \(key) is not in the corpus or does not parse")
                }
                let body = parsed.textBody ?? parsed.htmlBody.map(MailTextTrimmer.plainText(fromHTML:)) ?? parsed.snippet
                return ThreadMessageText(sender: parsed.from.first?.name ?? parsed.from.first?.address ?? "unknown",
                                         date: parsed.date ?? Date(timeIntervalSince1970: 1_033_000_000 + Double(index) * 3_600), text: body)
            }
            let rubric = row[3] == "-" ? nil
                : SummaryRubric(people: Self.list(row[3], ","), facts: Self.list(row[4], ";").map { Self.list($0, "|") },
                                latestStatus: Self.list(row[5], "|"))
            let topics = row.count > 6 && row[6] != "-" ? Self.list(row[6], "|") : []
            return JudgedThread(id: row[0], subject: row[2], messages: messages, rubric: rubric, replyTopics: topics, original: row.count == 6)
        }
    }

    /// A key naming a file of a mime-* corpus ("mime-gmime/…"), read from the corpora folder;
    /// other keys are paths inside the SpamAssassin tarball.
    static func isCorpusPath(_ key: String) -> Bool { key.hasPrefix("mime-") }

    static func list(_ text: String, _ separator: Character) -> [String] {
        text.split(separator: separator).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
