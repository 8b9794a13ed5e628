import Foundation
@testable import HearthAI
import HearthCore
import HearthTestSupport
import Testing

/// The real models through llama.cpp (scripts/fetch-models.sh installs them; CI runs these).
@Suite(.serialized, .timeLimit(.minutes(6)))
struct LlamaIntegrationTests {
    struct Reference: Decodable { let texts: [String]; let vectors: [[Float]] }

    @Test(.model("minilm")) func embeddingsMatchSentenceTransformers() async throws {
        let embedder = try await LlamaTextEmbedder.open(modelPath: try TestModels.require("minilm"), host: TestModels.host)
        #expect(embedder.dimensions == 384)
        let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: TestResources.url("minilm-reference.json")))
        let vectors = try await embedder.embed(reference.texts)
        #expect(vectors.count == reference.texts.count)
        var worst: Float = 1
        for (mine, theirs) in zip(vectors, reference.vectors) {
            let cosine = zip(mine, theirs).reduce(Float(0)) { $0 + $1.0 * $1.1 }
            worst = min(worst, cosine)
            #expect(abs(mine.reduce(0) { $0 + $1 * $1 } - 1) < 1e-3)
        }
        #expect(worst >= 0.999, "lowest cosine vs sentence-transformers: \(worst)")
        // Batching does not change results: one text alone gives the same vector.
        let single = try await embedder.embed([reference.texts[8]])[0]
        #expect(zip(single, vectors[8]).reduce(Float(0)) { $0 + $1.0 * $1.1 } > 0.9999)
        #expect(try await embedder.embed([]).isEmpty)
    }

    @Test(.model("smollm2-135m")) func generationIsBoundedByAHardTimeoutAndOneModelStaysLoaded() async throws {
        let host = InferenceHost(idleUnloadSeconds: 1)
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("smollm2-135m"), contextTokens: 1024, host: host)
        let out = try await generator.generate([ChatMessage(.user, "Name a colour.")], options: GenerationOptions(maxTokens: 8))
        #expect(out.generatedTokens > 0 && !out.text.isEmpty && out.promptTokens > 0)
        // Same prompt again: the KV prefix is reused, fewer tokens evaluated.
        let again = try await generator.generate([ChatMessage(.user, "Name a colour.")], options: GenerationOptions(maxTokens: 8))
        #expect(again.text == out.text && again.evaluatedPromptTokens < again.promptTokens)
        // A hard limit far below what 400 tokens take aborts inside llama.cpp.
        let started = Date()
        await #expect(throws: AIError.timedOut(seconds: 0.05)) {
            try await generator.generate([ChatMessage(.user, String(repeating: "Tell me a long story. ", count: 40))],
                                         options: GenerationOptions(maxTokens: 400, timeoutSeconds: 0.05))
        }
        #expect(Date().timeIntervalSince(started) < 5)
        // A choice ranking sums to 1.
        let ranks = try await generator.rankChoices([ChatMessage(.user, "Is the sky blue? Answer yes or no.")],
                                                    choices: ["yes", "no"], timeoutSeconds: 10)
        #expect(abs(ranks.reduce(0, +) - 1) < 1e-6)
        #expect(await host.residentModels().count == 1)
        // Idle: unloaded after a second.
        try await Task.sleep(for: .seconds(1.6))
        #expect(await host.residentModels().isEmpty)
    }

    @Test(.model("minilm"), .corporaPresent) func categorizationAccuracyOnTheHandLabelledSet() async throws {
        let embedder = try await LlamaTextEmbedder.open(modelPath: try TestModels.require("minilm"), host: TestModels.host)
        let categorizer = await EmailCategorizer.make(embedder: embedder, generator: nil)
        let items = try EvalCorpus.load()
        #expect(items.count >= 380)
        let decisions = await categorizer.categorize(items.map(\.input))
        // Misses are printed for the tuning (dev) part only: the held-out part is never looked at.
        let misses = zip(items, decisions).filter { !$0.holdout && $0.label != $1.category }
            .map { "\($0.key.prefix(24)) \($0.label.rawValue)->\($1.category.rawValue) [\($1.source.rawValue) \(String(format: "%.2f", $1.confidence))] \($1.reasons.joined(separator: "; "))" }
        print("dev misclassified:\n" + misses.joined(separator: "\n"))
        var accuracy: [Bool: Double] = [:]
        for holdout in [false, true] {
            let part = zip(items, decisions).filter { $0.0.holdout == holdout }
            let report = CategoryScores(pairs: part.map { ($0.0.label, $0.1.category) })
            accuracy[holdout] = report.accuracy
            print("\(holdout ? "holdout" : "dev"): \(report.summary)")
        }
        // A floor well under what is measured (docs/ai.md), so breakage shows and noise does not;
        // the figure itself is what `hearth-bench ai` prints.
        #expect((accuracy[true] ?? 0) >= 0.75)
    }

    @Test(.model("qwen2.5-coder-0.5b"), .corporaPresent) func summaryOfARealThreadMentionsItsDecision() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let keys = ["easy_ham/01350.a0f7f7dbe59f334cd83793d518e603c5", "easy_ham/01361.bc57ef0754c9fae5ab89cac38f656200",
                    "easy_ham/01372.67735089b50706e59ad0573492fc9af2", "easy_ham/01381.e8771e2f2786ccd37b1ecdbecd63c881"]
        let messages = try CorpusThread.messages(keys)
        let output = try await ThreadSummarizer(generator: generator, timeoutSeconds: 120)
            .summarize(subject: "[SAdev] 2.40: ready for release?", messages: messages)
        print("summary: \(output.text)")
        let text = output.text.lowercased()
        // The thread is about whether SpamAssassin 2.40 is ready to be released.
        #expect(text.contains("2.40") || text.contains("release"), "\(output.text)")
        #expect((1...4).contains(ThreadSummarizer.sentences(output.text).count))
    }

    /// Tomasz was to draft the proposal and Priya to review it; they swap. A summary that keeps
    /// the first plan, or swaps the names back, is wrong.
    static let swappedRoles = [
        ThreadMessageText(sender: "Priya Natarajan", date: Date(timeIntervalSince1970: 1_717_400_000), text: """
            Hi Tomasz, can you draft the grant proposal this week? I'll review it once you're done.
            """),
        ThreadMessageText(sender: "Tomasz Nowak", date: Date(timeIntervalSince1970: 1_717_486_400), text: """
            Sorry Priya, I'm travelling until Friday and can't write it. Could you draft it instead? I'll do the review.
            """),
        ThreadMessageText(sender: "Priya Natarajan", date: Date(timeIntervalSince1970: 1_717_572_800), text: """
            OK, I'll draft the proposal by Thursday and send it to you. Please review it on Friday so we can submit on Monday.
            """),
    ]

    @Test(.model("qwen2.5-coder-0.5b")) func aConstrainedOpeningIsTheChoiceTheModelFindsLikeliest() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let prompt = [ChatMessage(.user, "Priya Natarajan wrote the grant proposal; Tomasz Nowak only read it. Who wrote it? Answer with a sentence.")]
        // Listed first, Tomasz would win a tie: the answer opening with Priya is the model's choice.
        let output = try await generator.generate(prompt, options: GenerationOptions(
            maxTokens: 12, timeoutSeconds: 60, stopAfterSentences: 1, openingChoices: ["Tomasz Nowak", "Priya Natarajan"]))
        #expect(output.text.hasPrefix("Priya Natarajan"), "\(output.text)")
        #expect(output.text.count > "Priya Natarajan".count, "\(output.text)")
    }

    @Test(.model("qwen2.5-coder-0.5b")) func aThreadWhereTwoPeopleSwapRolesIsSummarisedWithTheRightNames() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let output = try await ThreadSummarizer(generator: generator, timeoutSeconds: 120)
            .summarize(subject: "Grant proposal", messages: Self.swappedRoles)
        print("summary: \(output.text)")
        let sentences = ThreadSummarizer.sentences(output.text).map { $0.lowercased() }
        #expect(output.text.contains("Priya") && output.text.contains("Tomasz"), "\(output.text)")
        // Whoever drafts in the summary is Priya; Tomasz never drafts.
        #expect(sentences.contains { $0.contains("priya") && $0.contains("draft") }, "\(output.text)")
        #expect(output.text.range(of: #"Tomasz (will |is going to |to )?(draft|write)s?\b"#, options: .regularExpression) == nil, "\(output.text)")
        // The superseded first plan ("Priya will review it") must not come back.
        #expect(output.text.range(of: #"Priya (will |is going to |to )?review"#, options: .regularExpression) == nil, "\(output.text)")
    }

    @Test(.model("qwen2.5-coder-0.5b")) func aRealSummaryPassesTheValidatorAndAnInventedNameDoesNot() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let output = try await ThreadSummarizer(generator: generator, timeoutSeconds: 120)
            .summarize(subject: "Grant proposal", messages: Self.swappedRoles)
        let validator = SummaryValidator(subject: "Grant proposal", messages: Self.swappedRoles, instructions: ThreadSummarizer.instructionTexts)
        #expect(try validator.validated(output.text) == output.text)
        #expect(throws: AIError.self) { try validator.validated(output.text + " Quentin approved the budget.") }
    }

    @Test(.model("qwen2.5-coder-0.5b")) func smartRepliesAreGeneratedAndNeverRepeatTheOriginal() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let message = ThreadMessageText(sender: "Alice Martin", date: Date(), text: """
            Hi Bob, can we move the product demo from Thursday to Tuesday at 10am? The client asked for an earlier slot.
            """)
        let (replies, output) = try await SmartReplyGenerator(generator: generator, timeoutSeconds: 120)
            .replies(to: message, subject: "Demo on Tuesday?")
        print("model wrote: \(output.text)\nreplies kept: \(replies.map { "\($0.intent.rawValue): \($0.text)" })")
        #expect(!replies.isEmpty)
        #expect(Set(replies.map(\.intent)).count == replies.count)
        let originalSentences = ThreadSummarizer.sentences(message.text).map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters) }
        for reply in replies {
            #expect(!originalSentences.contains { reply.text.lowercased().contains($0) }, "\(reply.text)")
            #expect(reply.text.last.map { ".!?".contains($0) } == true, "\(reply.text)")
        }
    }
}

extension LlamaIntegrationTests {
    /// A longer message whose sentences a small model is tempted to hand back: with the three
    /// prompts now the same up to the opening (session 8), no reply may contain a sentence of
    /// it, name someone it does not, or be unfinished; each intent appears at most once.
    @Test(.model("qwen2.5-coder-0.5b")) func repliesToALongerMessageRepeatNoneOfItsSentences() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let message = ThreadMessageText(sender: "Marta Ruiz <marta@example.test>", date: Date(), text: """
            Hi, the venue for the offsite fell through. I found two alternatives: the boathouse on Lake Street \
            holds 40 people and costs 900 euros, the library annex holds 25 and is free. Could you tell me by \
            Wednesday which one you prefer? I also need the final headcount from your team.
            """)
        let (replies, output) = try await SmartReplyGenerator(generator: generator, timeoutSeconds: 120)
            .replies(to: message, subject: "Offsite venue")
        print("model wrote: \(output.text)\nreplies kept: \(replies.map { "\($0.intent.rawValue): \($0.text)" })")
        #expect(!replies.isEmpty)
        #expect(Set(replies.map(\.intent)).count == replies.count)
        let originalSentences = ThreadSummarizer.sentences(message.text)
            .map { $0.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespaces)) }
        let grounding = Grounding(sources: [message.text, "Offsite venue", "Marta Ruiz"])
        for reply in replies {
            #expect(!originalSentences.contains { reply.text.lowercased().contains($0) }, "\(reply.text)")
            #expect(grounding.unsupportedClaims(in: reply.text, lenientSentenceStarts: true).isEmpty, "\(reply.text)")
            #expect(reply.text.hasPrefix("Hi Marta,"), "\(reply.text)")
            #expect(reply.text.last.map { ".!?".contains($0) } == true, "\(reply.text)")
        }
    }
}

extension LlamaIntegrationTests {
    /// A note that asks for an opinion, not a favour (session 11): no refusal is asked for, and
    /// what is offered names something of the message, in the user's voice, not the assistant's.
    @Test(.model("qwen2.5-coder-0.5b")) func repliesToANoteAreAboutItAndOfferNoRefusal() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let message = ThreadMessageText(sender: "Dana Okafor <dana@example.test>", date: Date(), text: """
            Took a photo of the new mural by the office entrance this morning. The colours are really striking. What do you think?
            """)
        let (replies, output) = try await SmartReplyGenerator(generator: generator, timeoutSeconds: 120)
            .replies(to: message, subject: "Mural by the entrance")
        print("model wrote: \(output.text)\nreplies kept: \(replies.map { "\($0.intent.rawValue): \($0.text)" })")
        #expect(!replies.contains { $0.intent == .decline })
        let validator = SmartReplyValidator(original: message.text, subject: "Mural by the entrance", sender: "Dana Okafor",
                                            instructions: SmartReplyGenerator.instructionTexts(sender: "Dana Okafor"))
        for reply in replies {
            #expect(reply.text.hasPrefix("Hi Dana,"), "\(reply.text)")
            #expect(validator.isOnTopic(Grounding.words(reply.text)), "\(reply.text)")
            #expect(!["happy to help", "anything else", "help you"].contains { reply.text.lowercased().contains($0) }, "\(reply.text)")
        }
    }

    /// The demo mailbox's thread whose summary read "Hannah Ito is the local model for
    /// summaries." (session 10): whatever is shown says of nobody what the thread does not.
    @Test(.model("qwen2.5-coder-0.5b")) func theLocalModelThreadIsSummarisedWithoutJoiningANameToTheSubject() async throws {
        let generator = LlamaTextGenerator(modelPath: try TestModels.require("qwen2.5-coder-0.5b"), host: TestModels.host)
        let thread = [
            ThreadMessageText(sender: "Hannah Ito", date: Date(timeIntervalSince1970: 1_763_700_000),
                              text: "Curious what people use for thread summaries on older laptops. The small one is quick but a bit terse."),
            ThreadMessageText(sender: "Tom Becker", date: Date(timeIntervalSince1970: 1_763_703_600),
                              text: "I stick with the default. Summaries only run for threads of three or more messages anyway."),
            ThreadMessageText(sender: "Ravi Patel", date: Date(timeIntervalSince1970: 1_763_707_200),
                              text: "Same here. The bigger models were not worth the fan noise for me."),
            ThreadMessageText(sender: "Hannah Ito", date: Date(timeIntervalSince1970: 1_763_710_800), text: "Fair. Default it is."),
        ]
        let output = try await ThreadSummarizer(generator: generator, timeoutSeconds: 120)
            .summarize(subject: "Which local model for summaries?", messages: thread)
        print("summary: \(output.text)")
        #expect(IdentityClaims(people: ThreadPeople(messages: thread)).unsupported(in: output.text) == nil, "\(output.text)")
        #expect(output.text.range(of: #"(Hannah|Tom|Ravi)( \w+)? (is|was) the (local )?model"#, options: .regularExpression) == nil, "\(output.text)")
    }
}

/// Messages of a real thread from the SpamAssassin corpus, for the summary test.
enum CorpusThread {
    static func messages(_ keys: [String]) throws -> [ThreadMessageText] {
        let dir = try Corpora.temporaryDirectory("hearth-thread")
        defer { try? FileManager.default.removeItem(at: dir) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/tar")
        process.arguments = ["-xJf", Corpora.url("bulk-spamassassin-public/spamassassin-public-corpus-20030228.tar.xz").path,
                             "-C", dir.path] + keys.map { "spamassassin-public-corpus/\($0)" }
        try process.run()
        process.waitUntilExit()
        return try keys.enumerated().map { index, key in
            let input = EvalCorpus.input(from: try Data(contentsOf: dir.appendingPathComponent("spamassassin-public-corpus/\(key)")))
            let body = EvalCorpus.bodyText(headers: input.headers, body: String(decoding: try Data(contentsOf: dir.appendingPathComponent("spamassassin-public-corpus/\(key)")), as: UTF8.self)
                .replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n"))
            return ThreadMessageText(sender: input.from?.name ?? input.from?.address ?? "unknown",
                                     date: Date(timeIntervalSince1970: 1_033_000_000 + Double(index) * 3_600), text: body)
        }
    }
}
