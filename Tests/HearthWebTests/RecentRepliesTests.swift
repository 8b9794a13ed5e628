import Foundation
@testable import HearthAI
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// The conversation's suggested replies are generated once per newest message: the reply
/// composer opened next gets the same suggestions without a second generation.
@Suite("Web app: suggested replies are not generated twice", .serialized, .timeLimit(.minutes(2)))
struct RecentRepliesTests {
    /// Counts the reply generations (the fake answers three prompts per reply set).
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var calls = 0
        func add() { lock.withLock { calls += 1 } }
        var count: Int { lock.withLock { calls } }
    }

    struct CountingGenerator: TextGenerator {
        let counter: Counter
        var modelIdentifier = "fake-model"
        var contextTokens: Int { 2048 }
        func generate(_ messages: [ChatMessage], options: GenerationOptions) async throws -> GenerationOutput {
            counter.add()
            return try await FakeGenerator().generate(messages, options: options)
        }
        func rankChoices(_ messages: [ChatMessage], choices: [String], timeoutSeconds: Double) async throws -> [Double] {
            choices.map { _ in 1 / Double(max(1, choices.count)) }
        }
        func tokenCount(_ text: String) async throws -> Int { text.count / 4 }
    }

    @Test("the same thread twice: one generation; a new message in the thread: a new one")
    func secondRequestReusesTheFirst() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let counter = Counter()
        let ai = ConversationAI(manager: ModelManager(directory: web.directory.appendingPathComponent("models")),
                                override: { CountingGenerator(counter: counter) })
        let thread = try #require(try web.thread(subject: "Quarterly budget")?.id)

        guard case .ready(let first) = await ai.replies(to: thread, store: web.store) else { Issue.record("no replies"); return }
        let afterFirst = counter.count
        #expect(!first.replies.isEmpty && afterFirst > 0)
        guard case .ready(let second) = await ai.replies(to: thread, store: web.store) else { Issue.record("no replies"); return }
        #expect(second.replies == first.replies)
        #expect(counter.count == afterFirst, "the second request generated nothing")

        let newest = try #require(try web.store.emails(inThread: thread).last)
        let date = newest.dateReceived.addingTimeInterval(60)
        let reply = Email(accountID: web.account.id!, messageID: "later@x", inReplyTo: newest.messageID, references: newest.messageID.map { [$0] } ?? [],
                          from: EmailAddress(address: "bob@example.com"), to: [EmailAddress(address: web.account.email)],
                          subject: "Re: Quarterly budget", bodyPlain: "One more thing: can we meet on Monday?",
                          snippet: "One more thing", dateReceived: date, dateSent: date)
        _ = try web.store.insert([NewMessage(email: reply, attachments: [], folderID: web.inbox.id!,
                                             threadingKey: MessageMapping.threadingKey(for: reply))])
        #expect(try web.store.emails(inThread: thread).count == 3, "the reply joined the thread")
        _ = await ai.replies(to: thread, store: web.store)
        #expect(counter.count > afterFirst, "a new newest message: generated again")
    }

    @Test("another chat model: generated again, not the first model's suggestions")
    func anotherModelGeneratesAgain() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let counter = Counter()
        let model = Locked("fake-model")
        let ai = ConversationAI(manager: ModelManager(directory: web.directory.appendingPathComponent("models")),
                                override: { CountingGenerator(counter: counter, modelIdentifier: model.value) })
        let thread = try #require(try web.thread(subject: "Quarterly budget")?.id)
        _ = await ai.replies(to: thread, store: web.store)
        let afterFirst = counter.count
        #expect(afterFirst > 0)
        model.value = "another-model"
        _ = await ai.replies(to: thread, store: web.store)
        #expect(counter.count > afterFirst, "the new model answered for itself")
    }

    @Test("at most the capacity is kept, oldest dropped first")
    func capacity() {
        var recent = RecentReplies()
        let reply = [SmartReply(intent: .accept, text: "Yes, fine.", fromModel: true)]
        for n in 1...(RecentReplies.capacity + 1) {
            recent.remember(reply, for: .init(thread: ThreadID(Int64(n)), newest: EmailID(Int64(n)), model: "m"))
        }
        #expect(recent.replies(for: .init(thread: ThreadID(1), newest: EmailID(1), model: "m")) == nil)
        #expect(recent.replies(for: .init(thread: ThreadID(2), newest: EmailID(2), model: "m")) == reply)
    }
}
