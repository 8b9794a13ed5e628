import ArgumentParser
import Foundation
import HearthCLI
import HearthAI
import HearthCore

/// `hearth-bench ai`: the on-device AI figures of issue 7, medians of `--reps` runs, with
/// llama.cpp's own prompt/generation speed for the same model in the same process, so the
/// overhead of HearthAI's layer shows as a ratio.
struct BenchAICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ai", abstract: "Embeddings, categorisation, smart replies, summary, memory; llama.cpp raw speed side by side.")
    @Option(help: "Runs per measurement; medians are reported.") var reps = 3
    @Flag(help: "Skip the summary/reply rubric on the judged set (saves a minute or two).") var noRubric = false
    @Flag(help: "Skip embeddings and categorisation (for tuning replies and summaries).") var noCategories = false
    @Flag(help: "Print the result as JSON.") var json = false

    struct Result: Encodable {
        var emails = 0
        var embeddingModel: String?
        var embeddingsPerSecond: Double?
        var categorizationSeconds: Double?
        var categorizationAccuracy: Double?
        /// Each labelled set's dev and held-out quality (docs/ai.md, "Evaluation set").
        var categorySets: [SetEvaluation] = []
        var categorizationLLMCalls: Int?
        var generationModel: String?
        var smartReplySeconds: Double?
        /// Where a reply set's time goes (medians over the repetitions, the three intents
        /// added up): prompt tokens (all / evaluated), generated tokens, seconds of each phase;
        /// and the first (cold) set's time.
        var replyPromptTokens: Double?
        var replyEvaluatedPromptTokens: Double?
        var replyGeneratedTokens: Double?
        var replyPromptSeconds: Double?
        var replyGenerationSeconds: Double?
        var coldReplySeconds: Double?
        var summarySeconds: Double?
        /// Where the summary's time goes (medians): prompt tokens (all / evaluated, the rest
        /// came from the KV-prefix cache), generated tokens, seconds of each phase; and the
        /// first (cold: nothing cached) summary's time.
        var summaryPromptTokens: Double?
        var summaryEvaluatedPromptTokens: Double?
        var summaryGeneratedTokens: Double?
        var summaryPromptSeconds: Double?
        var summaryGenerationSeconds: Double?
        var coldSummarySeconds: Double?
        /// Models resident after the summary (one at a time: only the chat model).
        var residentAfterSummary: [String] = []
        var layerPromptTokensPerSecond: Double?
        var layerGenerationTokensPerSecond: Double?
        var rawPromptTokensPerSecond: Double?
        var rawGenerationTokensPerSecond: Double?
        var promptRatio: Double?
        var generationRatio: Double?
        /// The judged set's rubric (docs/ai.md "Rubric scoring"): mean score 0…1 over the
        /// threads, the mean of each criterion, summaries refused, and the replies' score.
        var summaryRubric: Double?
        var summaryRubricCriteria: [String: Double]?
        var summariesRefused: Int?
        var judgedThreads: Int?
        var replyRubric: Double?
        var repliesPassing: Int?
        var repliesOffered: Int?
        /// The same figures over the six threads of the first judged set only (comparable with
        /// earlier sessions'), the number of messages replied to, and relevance over the
        /// messages with reply topics (session 11): replies naming a topic of offered ones.
        var summaryRubricOriginal: Double?
        var replyRubricOriginal: Double?
        var repliesPassingOriginal: Int?
        var repliesOfferedOriginal: Int?
        var replyMessages: Int?
        var repliesRelevant: Int?
        var repliesOfferedForRelevance: Int?
        var relevanceMessages: Int?
        var rubricLines: [String] = []
        var baselineRSSMB = 0.0
        var peakRSSMB = 0.0
        var peakAboveBaselineMB: Double { peakRSSMB - baselineRSSMB }
        /// Peak RSS from the moment the chat model is loaded to the end (replies, summaries,
        /// the rubric): the inference phase, without the loader's transient.
        var inferencePeakRSSMB: Double?
        /// Peak RSS up to and including the chat model's load (embeddings, categorisation).
        var peakBeforeInferenceMB = 0.0
        var inferencePeakAboveBaselineMB: Double? { inferencePeakRSSMB.map { $0 - baselineRSSMB } }
        /// What the resident memory is made of at the end, the chat model loaded: pages of
        /// mapped files (the model's weights) and anonymous memory (KV cache, compute
        /// buffers, the vocabulary, the process's own heap).
        var endRSSFileMB = 0.0
        var endRSSAnonMB = 0.0
        var loadAtStart = ""
        var loadAtEnd = ""
        var notes: [String] = []
    }

    func run() throws {
        try reportingAIErrors(json: json) {
            let all = try EvaluationSet.load(path: nil)
            let otherSets = EvaluationSet.named.dropFirst().compactMap { set in
                (try? EvaluationSet.load(path: set.path)).map { (name: set.name, items: $0) }
            }
            let items = all.prefix(100)
            let reps = max(1, self.reps)
            var result = Result(emails: items.count)
            result.loadAtStart = LoadAverage.text()
            result.baselineRSSMB = Memory.residentMB()
            Memory.resetPeak()
            let services = AIServices()
            let noCategories = self.noCategories
            result = try AsyncBridge.run { [result] in
                var r = result
                if noCategories {
                    r.notes.append("--no-categories: embeddings and categorisation not measured")
                } else {
                    try await Self.measureCategories(services: services, items: Array(items), sets: [("2002", all)] + otherSets, reps: reps, into: &r)
                }
                r.generationModel = services.generator()?.modelIdentifier
                guard let generator = services.generator() else { r.notes.append("no chat model installed: replies/summary not measured"); return r }
                let message = ThreadMessageText(sender: "Alice Martin", date: Date(), text: """
                    Hi Bob, can we move the product demo from Thursday to Tuesday at 10am? The client asked for an \
                    earlier slot. Carla would prepare the data on Monday.
                    """)
                // The chat model is loaded now (a token count needs it): from here on the peak
                // is the inference's, not the loader's.
                _ = try? await generator.tokenCount("load")
                r.peakBeforeInferenceMB = Memory.peakMB()
                Memory.resetPeak()
                var replyOutputs: [GenerationOutput] = []
                // Generous limits: a benchmark measures how long it takes, it does not give up at
                // the interactive limits (a timeout is recorded as a note, the rest still runs).
                do {
                    r.smartReplySeconds = try await Self.median(reps) {
                        replyOutputs.append(try await SmartReplyGenerator(generator: generator, timeoutSeconds: 120)
                            .replies(to: message, subject: "Demo on Tuesday?").output)
                    }
                } catch { r.notes.append("smart replies: \(error)") }
                r.replyPromptTokens = Statistics.median(replyOutputs.map { Double($0.promptTokens) })
                r.replyEvaluatedPromptTokens = Statistics.median(replyOutputs.map { Double($0.evaluatedPromptTokens) })
                r.replyGeneratedTokens = Statistics.median(replyOutputs.map { Double($0.generatedTokens) })
                r.replyPromptSeconds = Statistics.median(replyOutputs.map(\.promptSeconds))
                r.replyGenerationSeconds = Statistics.median(replyOutputs.map(\.generationSeconds))
                r.coldReplySeconds = replyOutputs.first.map { $0.promptSeconds + $0.generationSeconds }
                if let first = replyOutputs.first {
                    r.notes.append(String(format: "first reply set: prompt %d tokens (%d evaluated) %.2f s, generated %d tokens %.2f s",
                                          first.promptTokens, first.evaluatedPromptTokens, first.promptSeconds,
                                          first.generatedTokens, first.generationSeconds) + ": " + first.text.replacingOccurrences(of: "\n", with: " | "))
                }
                var outputs: [GenerationOutput] = []
                do {
                    // A different thread each repetition: repeating one would let the KV-prefix
                    // cache serve the whole prompt (measured: 1 of 207 tokens evaluated), which
                    // no real second summary gets. The shared system prompt is still reused.
                    var rep = 0
                    r.summarySeconds = try await Self.median(reps) {
                        rep += 1
                        outputs.append(try await ThreadSummarizer(generator: generator, timeoutSeconds: 120)
                            .summarize(subject: "Product demo", messages: Self.demoThread(variant: rep)))
                    }
                } catch { r.notes.append("summary: \(error)") }
                r.summaryPromptTokens = Statistics.median(outputs.map { Double($0.promptTokens) })
                r.summaryEvaluatedPromptTokens = Statistics.median(outputs.map { Double($0.evaluatedPromptTokens) })
                r.summaryGeneratedTokens = Statistics.median(outputs.map { Double($0.generatedTokens) })
                r.summaryPromptSeconds = Statistics.median(outputs.map(\.promptSeconds))
                r.summaryGenerationSeconds = Statistics.median(outputs.map(\.generationSeconds))
                r.coldSummarySeconds = outputs.first.map { $0.promptSeconds + $0.generationSeconds }
                for (index, output) in outputs.enumerated().dropFirst() {
                    r.notes.append("summary \(index + 1): \(output.generatedTokens) tokens in \(String(format: "%.2f", output.generationSeconds)) s: \(output.text)")
                }
                if let first = outputs.first {
                    r.notes.append(String(format: "first summary: prompt %d tokens (%d evaluated) %.2f s, generated %d tokens %.2f s",
                                          first.promptTokens, first.evaluatedPromptTokens, first.promptSeconds,
                                          first.generatedTokens, first.generationSeconds) + ": " + first.text)
                }
                if !noRubric {
                    do {
                        try await Self.scoreJudgedSet(generator: generator, into: &r)
                    } catch { r.notes.append("rubric: \(error)") }
                }
                r.residentAfterSummary = await InferenceHost.shared.residentModels().map { URL(fileURLWithPath: $0).lastPathComponent }
                r.inferencePeakRSSMB = Memory.peakMB()
                r.endRSSFileMB = Memory.value("RssFile:")
                r.endRSSAnonMB = Memory.value("RssAnon:")
                let prompt = outputs.map { Double($0.evaluatedPromptTokens) / max($0.promptSeconds, 1e-9) }
                let gen = outputs.filter { $0.generatedTokens > 0 }.map { Double($0.generatedTokens) / max($0.generationSeconds, 1e-9) }
                r.layerPromptTokensPerSecond = Statistics.median(prompt)
                r.layerGenerationTokensPerSecond = Statistics.median(gen)
                var raws: [(prompt: Double, generation: Double)] = []
                for _ in 0..<reps { raws.append(try await generator.rawThroughput(promptTokens: 256, generatedTokens: 32)) }
                r.rawPromptTokensPerSecond = Statistics.median(raws.map(\.prompt))
                r.rawGenerationTokensPerSecond = Statistics.median(raws.map(\.generation))
                r.promptRatio = r.layerPromptTokensPerSecond.flatMap { l in r.rawPromptTokensPerSecond.map { l / $0 } }
                r.generationRatio = r.layerGenerationTokensPerSecond.flatMap { l in r.rawGenerationTokensPerSecond.map { l / $0 } }
                return r
            }
            result.peakRSSMB = max(Memory.peakMB(), result.peakBeforeInferenceMB)
            result.loadAtEnd = LoadAverage.text()
            StandardStreams.out(json ? try JSONOutput.render("bench.ai", result) : Self.table(result))
        }
    }

    /// Embedding speed, categorisation time and accuracy on the first emails, and the category
    /// quality tables of every labelled set.
    static func measureCategories(services: AIServices, items: [EvaluationSet.Item], sets: [(name: String, items: [EvaluationSet.Item])],
                                  reps: Int, into r: inout Result) async throws {
        let inputs = items.map(\.input)
        let labels = items.map(\.label)
        if let embedder = await services.embedder() {
            r.embeddingModel = embedder.modelIdentifier
            let texts = inputs.map(\.embeddingText)
            r.embeddingsPerSecond = try await Self.median(reps) { _ = try await embedder.embed(texts) }.map { Double(texts.count) / $0 }
        } else { r.notes.append("no embedding model installed: embeddings not measured") }
        let generator = services.generator()
        let categorizer = await EmailCategorizer.make(embedder: await services.embedder(), generator: generator)
        var decisions: [CategoryDecision] = []
        r.categorizationSeconds = try await Self.median(reps) { decisions = await categorizer.categorize(inputs) }
        r.categorizationAccuracy = Double(zip(decisions, labels).filter { $0.category == $1 }.count) / Double(max(1, labels.count))
        r.categorizationLLMCalls = decisions.filter { $0.source == .llm }.count
        for set in sets {
            let decisions = await categorizer.categorize(set.items.map(\.input))
            r.categorySets.append(SetEvaluation(name: set.name, items: set.items, decisions: decisions))
        }
    }

    /// Summarises each judged thread and offers replies to its last message, scored by the
    /// rubric's automatic checks; the texts are printed so a reader can judge the rest.
    static func scoreJudgedSet(generator: any TextGenerator, into r: inout Result) async throws {
        let threads = try JudgedSet.load()
        var summaryScores: [(thread: JudgedThread, score: SummaryRubric.Score)] = []
        var replySets: [(thread: JudgedThread, last: ThreadMessageText, replies: [SmartReply])] = []
        var droppedLines: [String: [String]] = [:]
        for thread in threads {
            if let rubric = thread.rubric {
                let score: SummaryRubric.Score
                var text = ""
                var rejected: [String] = []
                do {
                    let summary = try await ThreadSummarizer(generator: generator, timeoutSeconds: 120)
                        .summarizeListingRejections(subject: thread.subject, messages: thread.messages)
                    text = summary.output.text
                    rejected = summary.rejected
                    score = rubric.score(text, thread: thread.messages, subject: thread.subject)
                } catch { score = .refused; text = "(refused: \(error))" }
                summaryScores.append((thread, score))
                r.rubricLines.append(String(format: "  %@ summary %.2f: %@", thread.id, score.total, text)
                                     + (score.notes.isEmpty ? "" : " [" + score.notes.joined(separator: "; ") + "]"))
                // The model's answers the validator refused (the text above is then the fallback).
                if !rejected.isEmpty { r.rubricLines.append("    rejected: " + rejected.map { "\"\($0)\"" }.joined(separator: " ")) }
            }
            guard let last = thread.messages.last else { continue }
            let answer = try? await SmartReplyGenerator(generator: generator, timeoutSeconds: 120).replies(to: last, subject: thread.subject)
            let replies = answer?.replies ?? []
            replySets.append((thread, last, replies))
            // What the model wrote and the validator dropped, for the reader.
            let dropped = (answer?.output.text ?? "").split(separator: "\n").map(String.init)
                .filter { line in !replies.contains { line.lowercased().hasPrefix($0.text.lowercased().prefix(40)) } }
            if !dropped.isEmpty { droppedLines[thread.id] = dropped }
        }
        let templates = ReplyRubric.templates(replySets.map { ($0.replies.map(\.text), $0.last.sender) })
        var replyScores: [(thread: JudgedThread, score: ReplyRubric.Score)] = []
        for set in replySets {
            let replyScore = ReplyRubric.score(set.replies.map { ($0.intent, $0.text) }, to: set.last, templates: templates, topics: set.thread.replyTopics, subject: set.thread.subject)
            replyScores.append((set.thread, replyScore))
            r.rubricLines.append(String(format: "  %@ replies %.2f: ", set.thread.id, replyScore.total) + set.replies.map { "\"\($0.text)\"" }.joined(separator: " ")
                                 + (replyScore.notes.isEmpty ? "" : " [" + replyScore.notes.joined(separator: "; ") + "]"))
            if let dropped = droppedLines[set.thread.id] { r.rubricLines.append("    dropped: " + dropped.map { "\"\($0)\"" }.joined(separator: " ")) }
        }
        guard !summaryScores.isEmpty else { return }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(max(1, values.count)) }
        let summaries = summaryScores.map(\.score)
        r.judgedThreads = summaries.count
        r.summaryRubric = mean(summaries.map(\.total))
        r.summaryRubricCriteria = ["grounded": mean(summaries.map(\.grounded)), "content": mean(summaries.map(\.content)),
                                   "people": mean(summaries.map(\.people)), "latestStatus": mean(summaries.map(\.latestStatus)),
                                   "length": mean(summaries.map(\.length))]
        r.summariesRefused = summaries.filter { $0 == .refused }.count
        r.summaryRubricOriginal = mean(summaryScores.filter(\.thread.original).map(\.score.total))
        let replies = replyScores.map(\.score)
        r.replyMessages = replies.count
        r.replyRubric = mean(replies.map(\.total))
        r.repliesPassing = replies.map(\.passing).reduce(0, +)
        r.repliesOffered = replies.map(\.offered).reduce(0, +)
        let original = replyScores.filter(\.thread.original).map(\.score)
        r.replyRubricOriginal = mean(original.map(\.total))
        r.repliesPassingOriginal = original.map(\.passing).reduce(0, +)
        r.repliesOfferedOriginal = original.map(\.offered).reduce(0, +)
        let judged = replies.filter { $0.relevant != nil }
        r.repliesRelevant = judged.compactMap(\.relevant).reduce(0, +)
        r.repliesOfferedForRelevance = judged.map(\.offered).reduce(0, +)
        r.relevanceMessages = judged.count
    }

    static func median(_ reps: Int, _ body: () async throws -> Void) async throws -> Double? {
        var times: [Double] = []
        for _ in 0..<reps {
            let start = DispatchTime.now().uptimeNanoseconds
            try await body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return Statistics.median(times)
    }

    /// The demo thread with the first sender's name varied, so each variant's prompt differs
    /// right after the shared system prompt.
    static func demoThread(variant: Int) -> [ThreadMessageText] {
        let names = ["Alice Martin", "Alina Moreau", "Alison Meyer", "Alma Novak", "Aliya Khan"]
        let name = names[(variant - 1) % names.count]
        return demoThread.map { message in
            var copy = message
            if copy.sender == "Alice Martin" { copy.sender = name }
            return copy
        }
    }

    static let demoThread: [ThreadMessageText] = [
        ThreadMessageText(sender: "Alice Martin", date: Date(timeIntervalSince1970: 1_700_000_000),
                          text: "The client wants the product demo moved from Thursday to Tuesday at 10am. Can we make it?"),
        ThreadMessageText(sender: "Bob Chen", date: Date(timeIntervalSince1970: 1_700_003_600),
                          text: "Tuesday works if we drop the export feature for now; it still has a bug with large files."),
        ThreadMessageText(sender: "Carla Diaz", date: Date(timeIntervalSince1970: 1_700_007_200),
                          text: "Fine with me. I will prepare the demo data set on Monday and write a note for the client that export comes in the next release."),
        ThreadMessageText(sender: "Alice Martin", date: Date(timeIntervalSince1970: 1_700_010_800),
                          text: "Agreed: demo Tuesday 10am without export. Bob, please have staging up by Monday noon."),
    ]

    static func table(_ r: Result) -> String {
        func f(_ v: Double?, _ format: String) -> String { v.map { String(format: format, $0) } ?? "n/a" }
        let categoryLines = (["category quality, per labelled set and part (held-out rows are never tuned on):"]
                             + r.categorySets.flatMap { $0.lines(matrices: false) }.map { "  " + $0 }).joined(separator: "\n")
        var lines = ["on-device AI, \(r.emails) emails, medians",
                     "embeddings (\(r.embeddingModel ?? "none")):      \(f(r.embeddingsPerSecond, "%.1f")) emails/s",
                     "categorise \(r.emails):                 \(f(r.categorizationSeconds, "%.2f")) s (spec < 30 s), accuracy \(f(r.categorizationAccuracy.map { $0 * 100 }, "%.0f"))%, LLM consulted for \(r.categorizationLLMCalls ?? 0)",
                     categoryLines,
                     "smart replies (\(r.generationModel ?? "none")): \(f(r.smartReplySeconds, "%.2f")) s (spec < 3 s; first, cold: \(f(r.coldReplySeconds, "%.2f")) s)",
                     "  prompt \(f(r.replyPromptTokens, "%.0f")) tokens (\(f(r.replyEvaluatedPromptTokens, "%.0f")) evaluated) in \(f(r.replyPromptSeconds, "%.2f")) s, generated \(f(r.replyGeneratedTokens, "%.0f")) tokens in \(f(r.replyGenerationSeconds, "%.2f")) s",
                     "summary of 4 messages:          \(f(r.summarySeconds, "%.2f")) s (spec < 3 s; first, cold: \(f(r.coldSummarySeconds, "%.2f")) s)",
                     "  all attempts (a rejected answer and its retry): prompt \(f(r.summaryPromptTokens, "%.0f")) tokens (\(f(r.summaryEvaluatedPromptTokens, "%.0f")) evaluated) in \(f(r.summaryPromptSeconds, "%.2f")) s, generated \(f(r.summaryGeneratedTokens, "%.0f")) tokens in \(f(r.summaryGenerationSeconds, "%.2f")) s",
                     "  resident after the summary: \(r.residentAfterSummary.joined(separator: ", "))",
                     "prompt tok/s: layer \(f(r.layerPromptTokensPerSecond, "%.0f")) vs llama.cpp raw \(f(r.rawPromptTokensPerSecond, "%.0f")) (ratio \(f(r.promptRatio, "%.2f")))",
                     "generation tok/s: layer \(f(r.layerGenerationTokensPerSecond, "%.1f")) vs raw \(f(r.rawGenerationTokensPerSecond, "%.1f")) (ratio \(f(r.generationRatio, "%.2f")))",
                     "summary rubric (\(r.judgedThreads ?? 0) judged threads, automatic checks): \(f(r.summaryRubric, "%.2f"))"
                        + (r.summaryRubricCriteria.map { c in " · " + ["grounded", "content", "people", "latestStatus", "length"].map { "\($0) \(f(c[$0], "%.2f"))" }.joined(separator: " · ") } ?? "")
                        + ", refused \(r.summariesRefused ?? 0); the first six threads: \(f(r.summaryRubricOriginal, "%.2f"))",
                     "reply rubric (\(r.replyMessages ?? 0) messages, automatic checks): \(f(r.replyRubric, "%.2f")) · \(r.repliesPassing ?? 0) passing of \(r.repliesOffered ?? 0) offered (3 asked per message); the first six threads: \(f(r.replyRubricOriginal, "%.2f")) · \(r.repliesPassingOriginal ?? 0) of \(r.repliesOfferedOriginal ?? 0)",
                     "reply relevance (\(r.relevanceMessages ?? 0) messages with topics): \(r.repliesRelevant ?? 0) of \(r.repliesOfferedForRelevance ?? 0) offered replies name what the message is about",
                     String(format: "memory: baseline %.0f MB, peak %.0f MB, peak above baseline %.0f MB (spec < 500 MB)", r.baselineRSSMB, r.peakRSSMB, r.peakAboveBaselineMB),
                     "  inference (chat model loaded → end): peak above baseline \(f(r.inferencePeakAboveBaselineMB, "%.0f")) MB; at the end \(String(format: "%.0f", r.endRSSFileMB)) MB file pages (model weights) + \(String(format: "%.0f", r.endRSSAnonMB)) MB anonymous",
                     "load average: \(r.loadAtStart) at the start, \(r.loadAtEnd) at the end (the box is shared)"]
        lines += r.notes
        if !r.rubricLines.isEmpty { lines += ["judged set (read these: relevance and who-did-what are not automatic):"] + r.rubricLines }
        return lines.joined(separator: "\n")
    }
}

/// Resident memory of this process from /proc/self/status (Linux).
enum Memory {
    static func value(_ key: String) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(key) {
            return (line.split(separator: " ").compactMap { Double($0) }.first ?? 0) / 1024
        }
        return 0
    }
    static func residentMB() -> Double { value("VmRSS:") }
    static func peakMB() -> Double { value("VmHWM:") }
    /// Resets VmHWM to the current RSS (writing 5 to clear_refs), so the peak is this run's.
    static func resetPeak() { try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }
}
