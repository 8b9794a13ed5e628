import Foundation
import HearthAI
@testable import HearthApp
import HearthCore
import HearthStore
import Testing

/// `SuggestedReplies`: the one flow behind `hearth replies` and the web app's suggestions. They
/// answer the message Reply answers, and nothing when the user wrote the newest message.
@Suite("Suggested replies answer the message Reply answers")
struct SuggestedRepliesTests {
    /// Answers every reply prompt with the same words and keeps the prompts it was given.
    final class RecordingGenerator: TextGenerator, @unchecked Sendable {
        let modelIdentifier = "recording"
        let contextTokens = 2048
        private let lock = NSLock()
        private var prompts: [String] = []
        var seen: [String] { lock.withLock { prompts } }

        func generate(_ messages: [ChatMessage], options: GenerationOptions) async throws -> GenerationOutput {
            lock.withLock { prompts.append(messages.map(\.content).joined(separator: "\n")) }
            return GenerationOutput(text: " send the slides to the team before Friday.")
        }
        func rankChoices(_ messages: [ChatMessage], choices: [String], timeoutSeconds: Double) async throws -> [Double] {
            choices.map { _ in 1 / Double(max(1, choices.count)) }
        }
        func tokenCount(_ text: String) async throws -> Int { text.count / 4 }
    }

    /// A conversation: Bob asks, then `then` (the user's answer or draft) when given.
    func conversation(then: ((Email) -> Email)? = nil) throws -> (MailStore, ThreadID, Account) {
        let (store, _) = try freshStore()
        let account = try store.create(Account(email: "me@example.test", displayName: "Me", provider: .local, authType: .password))
        let inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        let asked = Date(timeIntervalSince1970: 1_700_000_000)
        let question = Email(accountID: account.id!, messageID: "<q1@example.test>", from: EmailAddress(name: "Bob Stone", address: "bob@example.test"),
                             to: [EmailAddress(address: account.email)], subject: "Slides",
                             bodyPlain: "Could you send the slides for the review by Friday?", snippet: "Could you send",
                             dateReceived: asked, dateSent: asked, sizeBytes: 100)
        var messages = [question]
        if let then { messages.append(then(question)) }
        var ids: [EmailID] = []
        for email in messages {
            ids += try store.insert([NewMessage(email: email, attachments: [], folderID: inbox.id!, threadingKey: MessageMapping.threadingKey(for: email))])
        }
        let first = try #require(ids.first)
        let thread = try #require(try store.email(first)?.threadID)
        #expect(try store.emails(inThread: thread).count == messages.count, "one conversation")
        return (store, thread, account)
    }

    func answer(from address: String, draft: Bool) -> (Email) -> Email {
        { question in
            var reply = Email(accountID: question.accountID, messageID: "<a1@example.test>", inReplyTo: question.messageID,
                              references: [question.messageID ?? ""], from: EmailAddress(name: "Me", address: address),
                              to: [question.from!], subject: "Re: Slides", bodyPlain: "Sure, tomorrow.", snippet: "Sure",
                              dateReceived: question.dateReceived.addingTimeInterval(600), dateSent: question.dateReceived.addingTimeInterval(600))
            reply.isDraft = draft
            return reply
        }
    }

    @Test("the user answered last: no suggestions and a note saying why, and the model is not asked")
    func nothingToAnswerAfterTheUsersOwnMessage() async throws {
        let (store, thread, _) = try conversation(then: answer(from: "ME@example.test", draft: false))
        let generator = RecordingGenerator()
        let made = try await SuggestedReplies.suggest(for: thread, store: store, generator: generator)
        #expect(made.replies.isEmpty && made.note?.contains("You wrote the newest message") == true)
        #expect(made.answering.from?.address == "ME@example.test")
        #expect(generator.seen.isEmpty)
    }

    @Test("a draft of the user's is not what they answer: the replies answer Bob's question")
    func aDraftIsSkipped() async throws {
        let (store, thread, _) = try conversation(then: answer(from: "me@example.test", draft: true))
        let generator = RecordingGenerator()
        let made = try await SuggestedReplies.suggest(for: thread, store: store, generator: generator)
        #expect(made.answering.from?.address == "bob@example.test")
        #expect(!generator.seen.isEmpty && generator.seen.allSatisfy { $0.contains("From: Bob Stone") && $0.contains("send the slides for the review") })
        // Bob asked the user to send the slides: the yes first tries to take that up ("I'll send
        // them"); this fake restarts the sentence there, so the yes is asked as any other.
        #expect(generator.seen.count == 4)
        #expect(made.replies.first?.text.hasPrefix("Hi Bob, thanks! I'll send the slides") == true, "\(made.replies)")
        #expect(made.note == nil)
    }

    @Test("a conversation that does not exist is a not-found error")
    func missingConversation() async throws {
        let (store, _) = try freshStore()
        await #expect(throws: AppError.notFound("There is no conversation 99 (it may have been deleted).")) {
            _ = try await SuggestedReplies.suggest(for: ThreadID(99), store: store, generator: RecordingGenerator())
        }
    }
}
