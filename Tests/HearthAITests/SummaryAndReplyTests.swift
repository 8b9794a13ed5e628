import Foundation
@testable import HearthAI
import HearthCore
import Testing

@Suite struct SummaryAndReplyTests {
    static func email(_ id: Int64, from: String, _ body: String, at day: Double) -> Email {
        Email(id: EmailID(id), accountID: AccountID(1), threadID: ThreadID(1), from: EmailAddress(name: from, address: "\(from.lowercased())@example.org"),
              subject: "Demo", bodyPlain: body, dateReceived: Date(timeIntervalSince1970: 1_700_000_000 + day * 86_400))
    }

    @Test func summariesAreCachedAndInvalidatedWhenTheThreadGrows() async throws {
        let data = FakeMailData(
            thread: MailThread(id: ThreadID(1), accountID: AccountID(1), subject: "Demo", latestDate: Date(), messageCount: 3),
            messages: [Self.email(1, from: "Alice", "Can we move the demo to Tuesday?", at: 0),
                       Self.email(2, from: "Bob", "Tuesday works. Let's drop the export feature.\n> Can we move", at: 1),
                       Self.email(3, from: "Alice", "Agreed. Carla prepares the data on Monday.", at: 2)])
        let generator = FakeTextGenerator { messages in
            let count = (messages.last?.content.components(separatedBy: "\n[").count ?? 1) - 1
            return "Summary: The team moved the demo to Tuesday. Export is dropped. Thread of \(count) messages."
        }
        let service = ThreadSummaryService(summarizer: ThreadSummarizer(generator: generator), emails: data, threads: data, store: data)
        let first = try await service.summary(of: ThreadID(1))
        #expect(!first.cached && generator.calls == 1)
        #expect(first.text == "The team moved the demo to Tuesday. Export is dropped. Thread of 3 messages.")
        let second = try await service.summary(of: ThreadID(1))
        #expect(second.cached && second.text == first.text && generator.calls == 1)
        data.append(Self.email(4, from: "Carla", "Data is ready.", at: 3))
        let third = try await service.summary(of: ThreadID(1))
        #expect(!third.cached && generator.calls == 2 && third.text.contains("4 messages"))
    }

    @Test func withoutAModelSummariesAreUnavailableButACachedOneIsStillShown() async throws {
        let data = FakeMailData(thread: MailThread(id: ThreadID(1), accountID: AccountID(1), subject: "S", latestDate: Date()),
                                messages: [Self.email(1, from: "A", "Hello there, a question.", at: 0)])
        let none = ThreadSummaryService(summarizer: nil, emails: data, threads: data, store: data)
        await #expect(throws: AIError.modelNotInstalled("chat model")) { try await none.summary(of: ThreadID(1)) }
        try data.saveThreadSummary(StoredThreadSummary(threadID: ThreadID(1), messageCount: 1, lastEmailID: EmailID(1),
                                                       text: "Cached.", modelIdentifier: "m", createdAt: Date()))
        #expect(try await none.summary(of: ThreadID(1)).text == "Cached.")
    }

    @Test func summaryValidationCapsSentencesAndRejectsEchoes() throws {
        let prompt = [ChatMessage(.user, "Subject: x\n\nThe build is broken again.")]
        let five = "One is here. Two is here. Three is here. Four is here. Five is here."
        #expect(try ThreadSummarizer.validated(five, prompt: prompt) == "One is here. Two is here. Three is here. Four is here.")
        #expect(throws: AIError.self) { try ThreadSummarizer.validated("   ", prompt: prompt) }
        #expect(throws: AIError.self) { try ThreadSummarizer.validated("The build is broken again.", prompt: prompt) }
    }

    @Test func longThreadsAreTrimmedToFitTheContext() async throws {
        let generator = FakeTextGenerator(contextTokens: 600)
        let summarizer = ThreadSummarizer(generator: generator)
        let long = String(repeating: "word ", count: 2_000)
        let messages = (0..<12).map { ThreadMessageText(sender: "P\($0)", date: Date(), text: long) }
        let prompt = try await summarizer.fittedPrompt(subject: "Long", messages: messages)
        let tokens = try await generator.tokenCount(prompt.map(\.content).joined())
        #expect(tokens <= 600)
        #expect(prompt.last?.content.contains("[8] P11") == true)   // first two + last six messages
    }

    @Test func smartRepliesKeepGoodModelLinesAndReplaceBadOnes() {
        let original = "Can you join the review on Friday at 10?"
        let good = SmartReplyGenerator.validated("1. Yes, I'll be there on Friday.\n2. Sorry, I can't make it this week.\n3. Could we do 11 instead?",
                                                 original: original, subject: "Review")
        #expect(good.map(\.intent) == [.accept, .decline, .question])
        #expect(good.allSatisfy { $0.fromModel })
        #expect(good[0].text == "Yes, I'll be there on Friday.")
        // Degenerate output (the same line three times, an echo, no question): templates fill in.
        let bad = SmartReplyGenerator.validated("Summary of the review\nSummary of the review\nCan you join the review on Friday at 10?",
                                                original: original, subject: "Review")
        #expect(bad.count == 3)
        #expect(Set(bad.map(\.text)).count == 3)
        #expect(bad[0].fromModel && !bad[1].fromModel && !bad[2].fromModel)
        #expect(bad[2].text.contains("?"))
        let empty = SmartReplyGenerator.validated("", original: original, subject: "")
        #expect(empty.count == 3 && empty.allSatisfy { !$0.fromModel })
    }

    @Test func trimmerDropsQuotesSignaturesAndAttributionLines() {
        let text = "Sounds good.\nOn Tue, 5 Mar 2002, Bob wrote:\n> old text\n> more\nSee you.\n-- \nBob\nPhone 123"
        #expect(MailTextTrimmer.trim(text) == "Sounds good.\nSee you.")
        #expect(MailTextTrimmer.trim(String(repeating: "a ", count: 2000), maxCharacters: 100).count <= 102)
    }
}
