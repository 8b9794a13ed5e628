import Foundation
import HearthAI
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// A deterministic chat model: answers the summary and smart-reply prompts with fixed text
/// (with markup in it, to prove the page escapes model output), or fails when told to.
struct FakeGenerator: TextGenerator {
    var fails = false
    var modelIdentifier: String { "fake-model" }
    var contextTokens: Int { 2048 }
    // Grounded in the fixture's thread: the summariser and reply validator drop names and dates the mail does not have.
    static let summary = "Anna shared the budget and Bob approved it. <b>Ship</b> it now."
    /// How the model continues each reply's opening (yes, no, question; the generator writes
    /// the greeting and the first words itself, `GenerationOptions.answerPrefix`).
    /// A question must name something of the message or its subject (session 11), so it asks
    /// about the budget.
    static let replyEndings = [" ship it today.", " approve this yet.", " could you send the final budget numbers?"]

    func generate(_ messages: [ChatMessage], options: GenerationOptions) async throws -> GenerationOutput {
        if fails { throw AIError.timedOut(seconds: options.timeoutSeconds) }
        let system = messages.first?.content ?? ""
        if system.contains("e-mail reply") {
            // The reply's opening (written for the model) steers the intent: "…I'll", "…won't be able to", "…question:".
            let opening = options.answerPrefix
            return GenerationOutput(text: Self.replyEndings[opening.hasSuffix("I'll") ? 0 : opening.contains("won't") ? 1 : 2])
        }
        return GenerationOutput(text: Self.summary)
    }

    func rankChoices(_ messages: [ChatMessage], choices: [String], timeoutSeconds: Double) async throws -> [Double] {
        choices.map { _ in 1 / Double(max(1, choices.count)) }
    }

    func tokenCount(_ text: String) async throws -> Int { text.count / 4 }
}

/// AI in the conversation view and its endpoints, with no model and with a fake one.
@Suite("Web app: AI in the conversation", .serialized, .timeLimit(.minutes(2)))
struct AITests {
    static let aiMarkers = ["ai-summary", "smart-replies", "Summarize", "Suggested replies", "/ai/"]

    func fixture(_ generator: FakeGenerator?) async throws -> WebFixture {
        let directory = try Corpora.temporaryDirectory("hearth-web-ai")
        var services = WebServices(modelDirectory: directory.appendingPathComponent("models"))
        services.textGenerator = generator.map { fake in { @Sendable in fake } }
        return try await WebFixture(directory: directory, services: services)
    }

    func post(_ web: WebFixture, _ path: String, cookie: String) async throws -> RawHTTP.Response {
        try await web.http.request("POST", path, headers: ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken, "Accept": "application/json"])
    }

    @Test("no model: no AI markup at all, and the endpoints say unavailable (not an error)")
    func noModelNoMarkup() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Quarterly budget")?.id)
        let page = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie])
        #expect(page.status == 200 && page.body.contains("id=\"conversation\""))
        for marker in Self.aiMarkers { #expect(!page.body.contains(marker), "no \(marker) without a model") }
        let fragment = try await web.http.request("GET", "/thread/\(thread.rawValue)", headers: ["Cookie": cookie])
        for marker in Self.aiMarkers { #expect(!fragment.body.contains(marker)) }
        let compose = try await web.http.request("GET", "/compose?thread=\(thread.rawValue)&mode=reply", headers: ["Cookie": cookie])
        #expect(compose.status == 200 && !compose.body.contains("composer-replies") && !compose.body.contains("Suggested replies"))
        let summary = try await post(web, "/ai/summary/\(thread.rawValue)", cookie: cookie)
        #expect(summary.status == 200 && summary.body.contains("\"state\":\"unavailable\""))
        let replies = try await post(web, "/ai/replies/\(thread.rawValue)", cookie: cookie)
        #expect(replies.status == 200 && replies.body.contains("\"state\":\"unavailable\""))
    }

    @Test("with a model, after the user's own message: no suggested replies on the page; asked anyway, none and a note why")
    func noSuggestionsAfterTheUsersOwnMessage() async throws {
        let web = try await fixture(FakeGenerator())
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Quarterly budget")?.id)
        let newest = try #require(try web.store.emails(inThread: thread).last)
        let date = newest.dateReceived.addingTimeInterval(60)
        let mine = Email(accountID: web.account.id!, messageID: "mine@x", inReplyTo: newest.messageID, references: newest.messageID.map { [$0] } ?? [],
                         from: EmailAddress(address: web.account.email), to: [EmailAddress(address: "bob@example.com")],
                         subject: "Re: Quarterly budget", bodyPlain: "Thanks, I'll look at it tomorrow.", snippet: "Thanks",
                         dateReceived: date, dateSent: date)
        _ = try web.store.insert([NewMessage(email: mine, attachments: [], folderID: web.inbox.id!, threadingKey: MessageMapping.threadingKey(for: mine))])
        #expect(try web.store.emails(inThread: thread).last?.messageID == "mine@x", "the user's reply is the newest message")
        let page = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie])
        #expect(page.body.contains("id=\"summarize-form\""), "the summary is still offered")
        #expect(!page.body.contains("id=\"smart-replies\"") && !page.body.contains("Suggest replies"))
        let replies = try await post(web, "/ai/replies/\(thread.rawValue)", cookie: cookie)
        #expect(replies.body.contains("\"state\":\"ready\"") && replies.body.contains("You wrote the newest message"), "\(replies.body)")
    }

    @Test("with a model: Summarize on demand (cached, escaped), three distinct replies that open the composer with their text")
    func summaryAndReplies() async throws {
        let web = try await fixture(FakeGenerator())
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Quarterly budget")?.id)
        var page = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie])
        #expect(page.body.contains("id=\"summarize-form\"") && page.body.contains("action=\"/ai/summary/\(thread.rawValue)\""))
        #expect(!page.body.contains("data-auto=\"1\""), "two messages: summarised only when asked")
        #expect(page.body.contains("id=\"smart-replies\"") && page.body.contains("action=\"/ai/replies/\(thread.rawValue)\""))
        #expect(try web.store.threadSummary(thread) == nil, "rendering the page computes nothing")

        let summary = try await post(web, "/ai/summary/\(thread.rawValue)", cookie: cookie)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(summary.body.utf8)) as? [String: Any])
        #expect(json["state"] as? String == "ready")
        #expect(json["text"] as? String == FakeGenerator.summary)
        #expect(json["cached"] as? Bool == false)
        page = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie])
        #expect(page.body.contains("&lt;b&gt;Ship&lt;/b&gt; it now."), "the cached summary is shown, escaped")
        #expect(!page.body.contains("<b>Ship</b>"))
        #expect(!page.body.contains("id=\"summarize-form\""))

        let replies = try await post(web, "/ai/replies/\(thread.rawValue)", cookie: cookie)
        struct Replies: Decodable { struct R: Decodable { let text: String; let compose: String; let fromModel: Bool }; let state: String; let replies: [R] }
        let decoded = try JSONDecoder().decode(Replies.self, from: Data(replies.body.utf8))
        #expect(decoded.state == "ready" && decoded.replies.count == 3)
        #expect(Set(decoded.replies.map(\.text)).count == 3, "three distinct replies")
        #expect(zip(decoded.replies.map(\.text), FakeGenerator.replyEndings).allSatisfy { $0.hasSuffix($1) } && decoded.replies.allSatisfy(\.fromModel),
                "\(decoded.replies.map(\.text))")
        let compose = try await web.http.request("GET", decoded.replies[2].compose, headers: ["Cookie": cookie])
        #expect(compose.status == 200)
        let body = try #require(compose.body.range(of: "<textarea id=\"compose-body\" name=\"body\" rows=\"14\">"))
        #expect(compose.body[body.upperBound...].hasPrefix(decoded.replies[2].text + "\n\n"), "the reply text opens the body, above the quote")
        #expect(!compose.body.contains("id=\"composer-replies\""), "a picked suggestion: no second offer")
        let plainReply = try await web.http.request("GET", "/compose?thread=\(thread.rawValue)&mode=reply", headers: ["Cookie": cookie])
        #expect(plainReply.body.contains("id=\"composer-replies\" data-thread=\"\(thread.rawValue)\""), "the reply composer offers suggestions")
        #expect(plainReply.body.contains("<a href=\"/mail?box=inbox\" aria-current=\"page\">"), "beside its conversation: the sidebar stays on Inbox")
        let conversation = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie])
        #expect(conversation.body.contains("data-suggest-now=\"1\""), "the conversation alone asks for suggestions unasked")
        #expect(!plainReply.body.contains("data-suggest-now=\"1\""), "beside a reply composer, only the composer asks the model")
        let forward = try await web.http.request("GET", "/compose?thread=\(thread.rawValue)&mode=forward", headers: ["Cookie": cookie])
        #expect(!forward.body.contains("composer-replies"))

        // A third message makes the cached summary stale; a 3+ thread asks for a new one itself.
        let account = web.account.id!
        let third = Email(accountID: account, messageID: "a3@x", inReplyTo: "a2@x", references: ["a1@x", "a2@x"],
                          from: EmailAddress(name: "Carol", address: "carol@example.com"), to: [EmailAddress(address: "me@example.org")],
                          subject: "Re: Quarterly budget", bodyPlain: "Agreed.", snippet: "Agreed.",
                          dateReceived: Date(timeIntervalSince1970: 1_704_068_000), dateSent: Date(timeIntervalSince1970: 1_704_068_000))
        _ = try web.store.insert([NewMessage(email: third, attachments: [], folderID: web.inbox.id!, threadingKey: MessageMapping.threadingKey(for: third))])
        page = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie])
        #expect(page.body.contains("data-auto=\"1\""), "3+ messages without a valid summary: summarised automatically")
        #expect(!page.body.contains("it on Friday."), "a stale summary is not shown")
    }

    @Test("suggested replies are prepared unasked only for mail a person may answer; otherwise a button")
    func repliesUnaskedOnlyForPersonalMail() async throws {
        let web = try await fixture(FakeGenerator())
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let account = try #require(web.account.id)
        func conversation(_ subject: String) async throws -> String {
            let thread = try #require(try web.thread(subject: subject)?.id)
            return try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie]).body
        }
        func deliver(_ id: String, subject: String, from: String, replyTo: String? = nil, minutes: Double) throws -> EmailID {
            let date = Date(timeIntervalSince1970: 1_704_070_000 + minutes * 60)
            let email = Email(accountID: account, messageID: id, inReplyTo: replyTo, references: replyTo.map { [$0] } ?? [],
                              from: EmailAddress(address: from), to: [EmailAddress(address: web.account.email)],
                              subject: subject, bodyPlain: "Text of \(id).", snippet: "Text of \(id).", dateReceived: date, dateSent: date)
            let inserted = try web.store.insert([NewMessage(email: email, attachments: [], folderID: web.inbox.id!,
                                                            threadingKey: MessageMapping.threadingKey(for: email))])
            return try #require(inserted.first)
        }
        let unasked = "data-suggest-now=\"1\""
        let personal = try await conversation("Quarterly budget")
        #expect(personal.contains("id=\"smart-replies\"") && personal.contains(unasked), "Bob wrote last: suggestions at once")

        let sale = try deliver("sale@x", subject: "Winter sale: 30% off", from: "news@shop.example", minutes: 1)
        try web.store.assignCategories([CategoryAssignment(emailID: sale, category: .promotions, confidence: 0.9, source: .signals)])
        _ = try deliver("alert@x", subject: "New sign-in to your account", from: "no-reply@bank.example", minutes: 2)
        _ = try deliver("mine@x", subject: "Re: Lunch on Friday?", from: web.account.email, replyTo: "c1@x", minutes: 3)
        for subject in ["Winter sale: 30% off", "New sign-in to your account"] {
            let page = try await conversation(subject)
            #expect(page.contains("id=\"suggest-form\""), "\(subject): the user can still ask")
            #expect(!page.contains(unasked), "\(subject): nothing computed unasked")
        }
        // The user wrote last: nothing to answer, so nothing offered.
        let answered = try await conversation("Lunch on Friday?")
        #expect(!answered.contains("id=\"smart-replies\"") && !answered.contains("id=\"suggest-form\""))

        // The reply composer follows the same rule: machine mail waits for its button.
        func composer(_ subject: String) async throws -> String {
            let thread = try #require(try web.thread(subject: subject)?.id)
            return try await web.http.request("GET", "/compose?thread=\(thread.rawValue)&mode=reply", headers: ["Cookie": cookie]).body
        }
        let onRequest = "data-on-request=\"1\""
        let toPerson = try await composer("Quarterly budget")
        #expect(toPerson.contains("id=\"composer-replies\"") && !toPerson.contains(onRequest) && !toPerson.contains("id=\"composer-suggest-button\""),
                "a reply to Bob: suggestions as the composer opens")
        for subject in ["Winter sale: 30% off", "New sign-in to your account"] {
            let page = try await composer(subject)
            #expect(page.contains("id=\"composer-replies\"") && page.contains(onRequest) && page.contains("id=\"composer-suggest-button\""),
                    "\(subject): the composer offers a button, computes nothing unasked")
        }
    }

    @Test("a failing model: a quiet note, the page still works")
    func failingModel() async throws {
        let web = try await fixture(FakeGenerator(fails: true))
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Lunch on Friday?")?.id)
        let summary = try await post(web, "/ai/summary/\(thread.rawValue)", cookie: cookie)
        #expect(summary.status == 200 && summary.body.contains("\"state\":\"failed\"") && summary.body.contains("did not answer in time"))
        let replies = try await post(web, "/ai/replies/\(thread.rawValue)", cookie: cookie)
        #expect(replies.status == 200)
        // The reply generator falls back to neutral templates when the model's lines are unusable,
        // but a model that throws gives no suggestions at all.
        #expect(replies.body.contains("\"state\":\"failed\""))
        let page = try await web.http.request("GET", "/mail?box=inbox&t=\(thread.rawValue)", headers: ["Cookie": cookie])
        #expect(page.status == 200 && page.body.contains("id=\"conversation\""))
        #expect(try web.store.threadSummary(thread) == nil)
    }

    @Test("AI requests are state changes: no CSRF token, no summary")
    func csrf() async throws {
        let web = try await fixture(FakeGenerator())
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let thread = try #require(try web.thread(subject: "Quarterly budget")?.id)
        let refused = try await web.http.request("POST", "/ai/summary/\(thread.rawValue)", headers: ["Cookie": cookie, "Accept": "application/json"])
        #expect(refused.status == 403)
        #expect(try web.store.threadSummary(thread) == nil)
        let unknown = try await post(web, "/ai/summary/999999", cookie: cookie)
        #expect(unknown.status == 404)
    }
}
