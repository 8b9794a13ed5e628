import Foundation
import HearthAI
import HearthCore
import HearthSearch
import HearthStore
import Testing

/// The background AI work of spec §5.6.6 (`PostSyncAIWork`, `PostSyncAIQueue`) over a real
/// store, with deterministic fake models: what it writes, what it leaves alone without a
/// model, its time bound, and the signal headers kept for mail without a raw source.
@Suite(.timeLimit(.minutes(1)))
struct PostSyncAIWorkTests {
    /// A store with one account and an inbox, in a temporary directory.
    struct Fixture {
        let directory: URL
        let store: MailStore
        let account: AccountID
        let inbox: FolderID

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-ai-work-\(UUID().uuidString)")
            store = try MailStore.open(directory: directory)
            let created = try store.create(Account(email: "una@example.test", displayName: "Una", provider: .imap,
                                                   authType: .password, syncWindowDays: nil))
            account = try #require(created.id)
            inbox = try #require(try store.upsert(Folder(accountID: account, name: "INBOX", imapPath: "INBOX", folderType: .inbox)).id)
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }

        /// Inserts one message as sync does: no raw source, signal headers picked from the header.
        @discardableResult
        func add(_ id: String, from: String, subject: String, body: String, day: Double, replyTo parent: String? = nil,
                 headers: [HeaderField] = [], attachments: [ParsedAttachment] = []) throws -> EmailID {
            let date = Date(timeIntervalSince1970: 1_760_000_000 + day * 86_400)
            let email = Email(accountID: account, messageID: id, inReplyTo: parent, references: parent.map { [$0] } ?? [],
                              from: EmailAddress(name: from, address: from.lowercased() + "@example.org"),
                              to: [EmailAddress(address: "una@example.test")], subject: subject, bodyPlain: body,
                              snippet: String(body.prefix(80)), dateReceived: date, dateSent: date,
                              listID: headers.first { $0.name == "List-Id" }?.value)
            var message = NewMessage(email: email, attachments: attachments, folderID: inbox, imapUID: nil,
                                     threadingKey: MessageMapping.threadingKey(for: email))
            // As sync and import store them: the signal fields and a note of a calendar part.
            message.signalHeaders = CategorizationHeaders.pick(headers + [HeaderField(name: "Received", value: "by mx")], attachments: attachments)
            return try #require(try store.insert([message]).first)
        }

        func work(embedder: (any TextEmbedder)?, generator: (any TextGenerator)?,
                  limits: PostSyncAIWork.Limits = PostSyncAIWork.Limits()) -> PostSyncAIWork {
            let index = SearchEngine(store: store).indexManager
            return PostSyncAIWork(store: store, embedder: embedder, generator: generator, indexVectors: { embedder, limit in
                try await index.embedPending(using: embedder, batchSize: limit, limit: limit)
            }, limits: limits)
        }
    }

    /// A chat model that answers every prompt with a fixed summary (and even odds for choices).
    struct ScriptedGenerator: TextGenerator {
        let modelIdentifier = "scripted"
        let contextTokens = 2048
        var delay: Duration = .zero
        func generate(_ messages: [ChatMessage], options: GenerationOptions) async throws -> GenerationOutput {
            // Like the real generator: a request past its hard limit stops and says so.
            if delay > .seconds(options.timeoutSeconds) {
                try await Task.sleep(for: .seconds(options.timeoutSeconds))
                throw AIError.timedOut(seconds: options.timeoutSeconds)
            }
            try await Task.sleep(for: delay)
            // Grounded in the thread (the summariser rejects names and numbers it does not contain);
            // whether Ben's fourth message was in the prompt shows in the answer.
            let grown = messages.last?.content.contains("Plan updated") == true
            return GenerationOutput(text: "Ana and Ben moved the launch to Tuesday. " + (grown ? "Ben updated the plan." : "Ben updates the plan."),
                                    promptTokens: 10, evaluatedPromptTokens: 10, generatedTokens: 10)
        }
        func rankChoices(_ messages: [ChatMessage], choices: [String], timeoutSeconds: Double) async throws -> [Double] {
            choices.map { _ in 1 / Double(max(1, choices.count)) }
        }
        func tokenCount(_ text: String) async throws -> Int { text.count / 4 }
    }

    func seedConversation(_ f: Fixture) throws -> (thread: ThreadID, listPost: EmailID) {
        let first = try f.add("a1@x", from: "Ana", subject: "Launch date", body: "Can we move the launch to Tuesday?", day: 0)
        try f.add("a2@x", from: "Ben", subject: "Re: Launch date", body: "Tuesday works for me.", day: 1, replyTo: "a1@x")
        try f.add("a3@x", from: "Ana", subject: "Re: Launch date", body: "Decided: Tuesday. Ben updates the plan.", day: 2, replyTo: "a2@x")
        // A synced list reply: without its List-Post header it would look like personal mail.
        let listPost = try f.add("l1@x", from: "Carl", subject: "Re: [swift-dev] build flags", body: "I see the same on arm64.",
                                 day: 3, replyTo: "l0@x", headers: [HeaderField(name: "List-Id", value: "<swift-dev.lists.example.org>"),
                                                                    HeaderField(name: "List-Post", value: "<mailto:swift-dev@lists.example.org>")])
        let thread = try #require(try f.store.email(first)?.threadID)
        return (thread, listPost)
    }

    @Test func categorisesEmbedsAndSummarisesNewMailAndResummarisesAGrownThread() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let (thread, listPost) = try seedConversation(f)
        #expect(try f.store.signalHeaders(of: [listPost])[listPost]?.map(\.name) == ["List-Id", "List-Post"])

        let report = await f.work(embedder: HashingEmbedder(), generator: ScriptedGenerator()).run()
        #expect(report.categorized == 4 && report.embedded == 4, "\(report)")
        #expect(report.summarized == [thread.rawValue], "\(report)")
        #expect(try f.store.uncategorizedEmails(limit: 10).isEmpty)
        let list = try #require(try f.store.categoryAssignment(of: listPost))
        #expect(list.category == .forums && list.source == .signals && list.confidence >= 0.85)
        #expect(try SearchEngine(store: f.store).indexManager.status(model: HashingEmbedder().modelIdentifier).pendingEmbeddings == 0)
        #expect(try f.store.threadSummary(thread)?.text.contains("Tuesday") == true)

        // Nothing new: a second run writes nothing.
        let idle = await f.work(embedder: HashingEmbedder(), generator: ScriptedGenerator()).run()
        #expect(!idle.didWork, "\(idle)")

        // The thread grows: its new email is categorised and embedded, its summary rewritten.
        try f.add("a4@x", from: "Ben", subject: "Re: Launch date", body: "Plan updated.", day: 4, replyTo: "a3@x")
        let grown = await f.work(embedder: HashingEmbedder(), generator: ScriptedGenerator()).run()
        #expect(grown.categorized == 1 && grown.embedded == 1 && grown.summarized == [thread.rawValue], "\(grown)")
        #expect(try f.store.threadSummary(thread)?.messageCount == 4)
        #expect(try f.store.threadSummary(thread)?.text.contains("Ben updated the plan") == true)
    }

    @Test func withoutAnyModelNothingIsWritten() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let (thread, listPost) = try seedConversation(f)
        let report = await f.work(embedder: nil, generator: nil).run()
        #expect(!report.didWork && report.notes == ["no model installed"])
        #expect(try f.store.categoryAssignment(of: listPost) == nil)
        #expect(try f.store.uncategorizedEmails(limit: 10).count == 4)
        #expect(try f.store.threadSummary(thread) == nil)
        #expect(try SearchEngine(store: f.store).indexManager.status(model: HashingEmbedder().modelIdentifier).embedded == 0)
    }

    @Test func theTimeBudgetStopsSlowSummariesAndTheNextRunContinues() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let (thread, _) = try seedConversation(f)
        let slow = ScriptedGenerator(delay: .seconds(30))
        let started = Date()
        let cut = await f.work(embedder: HashingEmbedder(), generator: slow, limits: .init(timeBudget: 4)).run()
        // Far from both ends: a 4 s budget ends the run long before the generator's 30 s, even on a
        // loaded machine; the bound only has to tell "cut" from "waited it out".
        #expect(Date().timeIntervalSince(started) < 20, "the summary is cut at the budget, not at its 30 s")
        #expect(cut.categorized == 4 && cut.summarized.isEmpty && cut.summaryFailures == 1, "\(cut)")
        let next = await f.work(embedder: nil, generator: ScriptedGenerator()).run()
        #expect(next.summarized == [thread.rawValue], "\(next)")
    }

    @Test func theQueueCoalescesBurstsIntoAtMostOneFollowUpRun() async throws {
        let counter = Counter()
        let queue = PostSyncAIQueue(makeWork: {
            await counter.increment()
            try? await Task.sleep(for: .milliseconds(200))
            return nil
        })
        for _ in 0..<5 { await queue.mailArrived() }
        await queue.idle()
        let runs = await counter.value
        #expect(runs >= 1 && runs <= 2, "\(runs) runs for a burst of 5")
        await queue.mailArrived()
        await queue.idle()
        #expect(await counter.value == runs + 1)
    }

    actor Counter {
        var value = 0
        func increment() { value += 1 }
    }
}
