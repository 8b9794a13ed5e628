import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthSearch
import HearthStore
import Testing

/// The user's side of categorisation over a real store (spec §5.6.2, issue 15): an override
/// decides the sender's next mail, and a sender the user wrote to is primary — both through the
/// request path (`MailCategories`, what `hearth categorize` calls) and the background run after
/// sync (`PostSyncAIWork`), which read the same inputs.
@Suite(.timeLimit(.minutes(1)))
struct MailCategoriesTests {
    typealias Fixture = PostSyncAIWorkTests.Fixture

    /// A shop's newsletter: ESP fingerprint and a selling subject (promotions by the signals).
    @discardableResult
    func newsletter(_ f: Fixture, _ id: String, day: Double) throws -> EmailID {
        try f.add(id, from: "Deals", subject: "Winter sale: 40% off everything", body: "Shop now. Unsubscribe here.", day: day,
                  headers: [HeaderField(name: "List-Unsubscribe", value: "<https://esp.example/u>"), HeaderField(name: "Feedback-ID", value: "1:shop:esp")])
    }

    @Test func aSenderTheUserMovedToPrimaryKeepsThatCategoryForItsNextMail() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let first = try newsletter(f, "n1@x", day: 0)
        let before = try await MailCategories.categorizeUncategorized(store: f.store, embedder: HashingEmbedder(), generator: nil, limit: 10)
        #expect(before.map(\.decision.category) == [.promotions])

        // The user moves it to primary: stored on the email as the user's choice.
        _ = try await MailCategories.recategorize(first, to: .primary, store: f.store, embedder: HashingEmbedder())
        let moved = try #require(try f.store.categoryAssignment(of: first))
        #expect(moved.category == .primary && moved.source == .user)

        // The sender's next mail, categorised on request and by the background run after sync.
        let second = try newsletter(f, "n2@x", day: 1)
        let next = try await MailCategories.categorizeUncategorized(store: f.store, embedder: HashingEmbedder(), generator: nil, limit: 10)
        #expect(next.map(\.decision.category) == [.primary] && next.first?.decision.source == .preference)
        #expect(try f.store.categoryAssignment(of: second)?.category == .primary)
        let third = try newsletter(f, "n3@x", day: 2)
        _ = await f.work(embedder: HashingEmbedder(), generator: nil).run()
        #expect(try f.store.categoryAssignment(of: third)?.category == .primary)
        #expect(try f.store.categoryAssignment(of: third)?.source == .preference)
    }

    @Test func aSenderTheUserWroteToIsPrimaryEvenWhenTheMailLooksAutomated() async throws {
        let f = try Fixture()
        defer { f.remove() }
        // Maria's first mail reads like a report (informing subject, several links): alone, not decided as a person's.
        let body = "The figures: https://a.example/1 https://a.example/2 https://a.example/3 https://a.example/4 https://a.example/5"
        let before = try f.add("m1@x", from: "Maria", subject: "Weekly status report and invoice", body: body, day: 0)
        let unknown = try await MailCategories.categorizeUncategorized(store: f.store, embedder: HashingEmbedder(), generator: nil, limit: 10)
        #expect(unknown.first?.decision.reasons.contains { $0.hasPrefix("you wrote to") } == false)
        #expect(!(unknown.first?.decision.category == .primary && unknown.first?.decision.source == .signals))

        // The user writes to Maria (a message in the Sent folder); her next mail of the same kind is primary.
        let sent = try #require(try f.store.upsert(Folder(accountID: f.account, name: "Sent", imapPath: "Sent", folderType: .sent)).id)
        let date = Date(timeIntervalSince1970: 1_760_100_000)
        let reply = Email(accountID: f.account, messageID: "u1@x", from: EmailAddress(name: "Una", address: "una@example.test"),
                          to: [EmailAddress(address: "maria@example.org")], subject: "Re: Weekly status report", bodyPlain: "Thanks!",
                          snippet: "Thanks!", dateReceived: date, dateSent: date)
        _ = try f.store.insert([NewMessage(email: reply, attachments: [], folderID: sent, imapUID: nil,
                                           threadingKey: MessageMapping.threadingKey(for: reply))])
        let later = try f.add("m2@x", from: "Maria", subject: "Weekly status report and invoice", body: body, day: 2)
        let known = try await MailCategories.categorizeUncategorized(store: f.store, embedder: HashingEmbedder(), generator: nil, limit: 10)
        let decision = try #require(known.first { $0.email.id == later }?.decision)
        #expect(decision.category == .primary && decision.source == .signals)
        #expect(decision.reasons.contains { $0.hasPrefix("you wrote to maria@example.org") })
        // The background run reads the same history.
        let third = try f.add("m3@x", from: "Maria", subject: "Weekly status report and invoice", body: body, day: 3)
        _ = await f.work(embedder: HashingEmbedder(), generator: nil).run()
        #expect(try f.store.categoryAssignment(of: third)?.category == .primary)
        _ = before
    }

    /// A helpdesk's answer to the user's own message (a role address, an organisation's name:
    /// alone, automated mail) is a conversation the user started: primary, through the request
    /// path and the background run, which both read which messages are the user's.
    @Test func anAnswerToAMessageTheUserSentIsPrimaryEvenFromARoleAddress() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let sent = try #require(try f.store.upsert(Folder(accountID: f.account, name: "Sent", imapPath: "Sent", folderType: .sent)).id)
        let date = Date(timeIntervalSince1970: 1_760_000_000)
        let question = Email(accountID: f.account, messageID: "q1@x", from: EmailAddress(name: "Una", address: "una@example.test"),
                             to: [EmailAddress(address: "support@example.org")], subject: "Laptop won't charge",
                             bodyPlain: "It stopped charging yesterday.", snippet: "It stopped charging", dateReceived: date, dateSent: date)
        _ = try f.store.insert([NewMessage(email: question, attachments: [], folderID: sent, imapUID: nil,
                                           threadingKey: MessageMapping.threadingKey(for: question))])
        let answer = try f.add("a1@x", from: "Support", subject: "Re: Laptop won't charge",
                               body: "Hi Una, could you try another charger and tell me if the light comes on? Maria", day: 1, replyTo: "q1@x")
        let notice = try f.add("a2@x", from: "Support", subject: "Laptop won't charge",
                               body: "Could you try another charger and tell us if the light comes on?", day: 1)
        let results = try await MailCategories.categorizeUncategorized(store: f.store, embedder: HashingEmbedder(), generator: nil, limit: 10)
        let decision = try #require(results.first { $0.email.id == answer }?.decision)
        #expect(decision.category == .primary && decision.source == .signals)
        #expect(decision.reasons.contains("answers a message you sent"))
        #expect(results.first { $0.email.id == notice }?.decision.reasons.contains("answers a message you sent") == false)
        let later = try f.add("a3@x", from: "Support", subject: "Re: Laptop won't charge", body: "Did the other charger work?", day: 2, replyTo: "q1@x")
        _ = await f.work(embedder: HashingEmbedder(), generator: nil).run()
        #expect(try f.store.categoryAssignment(of: later)?.category == .primary)
    }

    @Test func movingAConversationLearnsFromTheOtherSenderNotFromTheUsersReply() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let first = try newsletter(f, "n1@x", day: 0)
        // The user answered the newsletter: the conversation's newest message is the user's own.
        let date = Date(timeIntervalSince1970: 1_760_200_000)
        let reply = Email(accountID: f.account, messageID: "u1@x", inReplyTo: "n1@x", references: ["n1@x"],
                          from: EmailAddress(name: "Una", address: "Una@Example.test"), to: [EmailAddress(address: "deals@example.org")],
                          subject: "Re: Winter sale: 40% off everything", bodyPlain: "Is the offer valid in shops?",
                          snippet: "Is the offer valid in shops?", dateReceived: date, dateSent: date)
        let replyID = try #require(try f.store.insert([NewMessage(email: reply, attachments: [], folderID: f.inbox, imapUID: nil,
                                                                    threadingKey: MessageMapping.threadingKey(for: reply))]).first)
        let thread = try #require(try f.store.email(first)?.threadID)
        #expect(try f.store.email(replyID)?.threadID == thread)

        let learnt = try await MailCategories.recategorizeConversation(thread, to: .primary, store: f.store, embedder: nil)
        #expect(learnt.id == first, "the preference is about the newsletter's sender")
        #expect(try f.store.thread(thread)?.aiCategory == .primary, "the conversation's tab is its newest message's")
        #expect(try f.store.categoryAssignment(of: replyID)?.category == .primary)
        #expect(try f.store.corrections(account: nil).map(\.senderAddress) == ["deals@example.org"])

        let next = try newsletter(f, "n2@x", day: 1)
        _ = try await MailCategories.categorizeUncategorized(store: f.store, embedder: HashingEmbedder(), generator: nil, limit: 10)
        #expect(try f.store.categoryAssignment(of: next)?.category == .primary, "the sender's next mail follows")
        await #expect(throws: AppError.self) {
            try await MailCategories.recategorizeConversation(ThreadID(999_999), to: .updates, store: f.store, embedder: nil)
        }
    }

    /// A correction of a machine sender covers the organisation's other machine senders (a shop
    /// mails from deals@, news@ and orders@ alike) through the application layer, never a person
    /// writing from the same domain.
    @Test func movingAShopsMachineSenderCoversItsOtherMachineSendersButNotItsPeople() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let first = try newsletter(f, "n1@x", day: 0)
        _ = try await MailCategories.categorizeUncategorized(store: f.store, embedder: nil, generator: nil, limit: 10)
        _ = try await MailCategories.recategorize(first, to: .updates, store: f.store, embedder: nil)
        let news = try f.add("w1@x", from: "News", subject: "Spring sale: 30% off", body: "Shop now. Unsubscribe here.", day: 1,
                             headers: [HeaderField(name: "List-Unsubscribe", value: "<https://esp.example/u>")])
        let person = try f.add("p1@x", from: "Maria", subject: "Lunch on Friday?", body: "Hi Una, are you free on Friday? Maria", day: 1)
        let results = try await MailCategories.categorizeUncategorized(store: f.store, embedder: nil, generator: nil, limit: 10)
        let newsDecision = try #require(results.first { $0.email.id == news }?.decision)
        #expect(newsDecision.category == .updates && newsDecision.source == .preference)
        let personDecision = try #require(results.first { $0.email.id == person }?.decision)
        #expect(personDecision.category == .primary && personDecision.source == .signals)
    }

    /// A colleague's invitation built by a calendar service (its footer is bulk wording) is
    /// primary once ingestion notes its calendar part, through the request path and the
    /// background run alike; the same mail without the part is not decided as a person's.
    @Test func aPersonsCalendarInvitationIsPrimaryThroughTheStore() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let body = "You have been invited to the following event. Project sync, Wed 2 Dec 2026 10:00. "
            + "You are receiving this email because you are an attendee of the event."
        let subject = "Invitation: Project sync @ Wed 2 Dec 2026 10:00 (una@example.test)"
        let part = ParsedAttachment(filename: "invite.ics", mimeType: "application/ics", sizeBytes: 900, partPath: "2")
        let plain = try f.add("c0@x", from: "Jane", subject: subject, body: body, day: 0)
        let invitation = try f.add("c1@x", from: "Jane", subject: subject, body: body, day: 1, attachments: [part])
        let decided = try await MailCategories.categorizeUncategorized(store: f.store, embedder: HashingEmbedder(), generator: nil, limit: 10)
        #expect(decided.first { $0.email.id == invitation }?.decision.category == .primary)
        #expect(decided.first { $0.email.id == plain }?.decision.category != .primary)
        let later = try f.add("c2@x", from: "Jane", subject: subject, body: body, day: 2, attachments: [part])
        _ = await f.work(embedder: HashingEmbedder(), generator: nil).run()
        #expect(try f.store.categoryAssignment(of: later)?.category == .primary)
    }

    @Test func anOverrideToNoCategoryOrOfAMissingEmailIsRefusedAndChangesNothing() async throws {
        let f = try Fixture()
        defer { f.remove() }
        let id = try newsletter(f, "n1@x", day: 0)
        await #expect(throws: AppError.self) { try await MailCategories.recategorize(id, to: .uncategorized, store: f.store, embedder: nil) }
        await #expect(throws: AppError.self) { try await MailCategories.recategorize(EmailID(9_999), to: .primary, store: f.store, embedder: nil) }
        #expect(try f.store.corrections(account: nil).isEmpty)
    }
}
