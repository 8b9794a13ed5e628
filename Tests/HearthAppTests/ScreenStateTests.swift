import Foundation
@testable import HearthApp
import HearthCore
import HearthStore
import Testing

@Suite("Screen state")
struct ScreenStateTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("composer: undo then send again — the first send's completion does not end the second countdown")
    func composerIgnoresStaleCompletion() {
        var state = ComposerState(account: AccountID(1))
        let id = EmailID(9)
        state.reduce(.sendStarted(id, deadline: start.addingTimeInterval(5)))
        state.reduce(.undone(id))
        #expect(state.phase == .editing)
        state.reduce(.sendStarted(id, deadline: start.addingTimeInterval(7)))
        // The first countdown's task reports (nothing, or even "sent" from an older build).
        state.reduce(.sendFinished(id, deadline: start.addingTimeInterval(5), .sent))
        #expect(state.phase == .countingDown(id, deadline: start.addingTimeInterval(7)))
        #expect(state.secondsLeft(at: start.addingTimeInterval(5)) == 2)
        state.reduce(.sendFinished(id, deadline: start.addingTimeInterval(7), .sent))
        #expect(state.phase == .sent(id))
        #expect(state.secondsLeft(at: start.addingTimeInterval(6)) == nil, "a sent message never counts down")
    }

    @Test("composer: wrong addresses are reported per field, right ones make the message")
    func composerValidation() {
        let me = Account(id: AccountID(1), email: "me@example.test", displayName: "Me", provider: .imap, authType: .password)
        var state = ComposerState(account: me.id)
        state.reduce(.edit(.to, "Ann <ann@example.test>, bob@"))
        #expect(state.message(from: me) == nil)
        #expect(state.problems["to"] != nil)
        state.reduce(.edit(.to, "Ann <ann@example.test>, bob@example.test"))
        state.reduce(.edit(.subject, "Hi"))
        let message = state.message(from: me)
        #expect(message?.to.map(\.address) == ["ann@example.test", "bob@example.test"])
        #expect(message?.from.address == "me@example.test")
    }

    @Test("onboarding form: security, CA file and server name reach the use case's input; bad ports are refused")
    func onboardingForm() throws {
        let form = try AccountForm(fields: ["email": "me@example.test", "password": "pw", "host": "mail.example.test", "port": "143",
                                            "security": "starttls", "smtp": "", "smtpPort": "587", "smtpSecurity": "starttls",
                                            "caFile": "/etc/ssl/my-ca.pem", "serverName": "localhost"])
        let setup = try form.setup()
        #expect(setup.imap == ServerChoice(host: "mail.example.test", port: 143, security: .startTLS))
        #expect(setup.smtp == ServerChoice(host: "mail.example.test", port: 587, security: .startTLS))
        #expect(setup.tls == TLSOptions(extraCAFile: "/etc/ssl/my-ca.pem", serverName: "localhost"))
        // Port 143 with TLS chosen stays TLS: nothing is guessed from the port.
        let tls = try AccountForm(fields: ["email": "me@example.test", "password": "pw", "host": "h", "port": "143"]).setup()
        #expect(tls.imap.security == .implicitTLS)
        #expect(throws: AppError.self) { try AccountForm(fields: ["email": "a@b", "password": "p", "host": "h", "port": "99999"]).setup() }
        #expect(throws: AppError.self) { try AccountForm(fields: ["security": "plain"]) }
        var state = OnboardingState()
        state.reduce(.next)
        state.reduce(.failed("wrong password"))
        #expect(state.step == .account && state.error == "wrong password")
        state.reduce(.added)
        #expect(state.step == .security && state.error == nil)
        state.reduce(.next)
        #expect(state.step == .ai)   // FR-OB-01: the model download is step 4, after security
    }

    @Test("onboarding: a screen restored from its step number, clamped; a refusal keeps the form")
    func onboardingFromAnAddress() {
        #expect(OnboardingState(stepNumber: nil).step == .welcome)
        #expect(OnboardingState(stepNumber: 4).step == .ai)
        #expect(OnboardingState(stepNumber: 0).step == .welcome)
        #expect(OnboardingState(stepNumber: 99).step == .done)
        var form = AccountForm()
        form.email = "me@example.test"
        let refused = OnboardingState.failed(form, "Wrong password.")
        #expect(refused.step == .account && refused.error == "Wrong password." && refused.form.email == "me@example.test")
        var added = OnboardingState.account(form)
        added.reduce(.added)
        #expect(added.step == .security && added.form.email.isEmpty)
    }

    @Test("search: a late answer to an older query is dropped")
    func searchDropsLateAnswers() {
        var state = SearchState<Int>()
        state.reduce(.type("bud"))
        #expect(state.pendingQuery == "bud")
        state.reduce(.type("budget"))
        state.reduce(.answered(query: "bud", [1]))
        #expect(state.results.isEmpty && state.isSearching)
        state.reduce(.answered(query: "budget", [2, 3]))
        #expect(state.results == [2, 3] && !state.isSearching && state.pendingQuery == nil)
        state.reduce(.type(""))
        #expect(state.results.isEmpty)
    }

    @Test("conversation: unread and newest expanded; a reload keeps what the user opened")
    func conversationExpansion() {
        func email(_ id: Int64, read: Bool) -> Email {
            Email(id: EmailID(id), accountID: AccountID(1), threadID: ThreadID(1), subject: "s",
                  dateReceived: start.addingTimeInterval(Double(id)), isRead: read)
        }
        let thread = MailThread(id: ThreadID(1), accountID: AccountID(1), subject: "s", latestDate: start)
        var state = ConversationState()
        state.reduce(.loaded(thread, [email(1, read: true), email(2, read: false), email(3, read: true)], aiAvailable: true))
        #expect(state.expanded == [EmailID(2), EmailID(3)])
        #expect(state.summary == .loading)
        state.reduce(.toggle(EmailID(1)))
        state.reduce(.loaded(thread, [email(1, read: true), email(2, read: true), email(3, read: true), email(4, read: false)], aiAvailable: true))
        #expect(state.expanded == [EmailID(1), EmailID(2), EmailID(3), EmailID(4)])
    }

    @Test("conversation: replies are prepared unasked for a person's mail, on request for broadcasts, not offered after the user's own last word")
    func conversationReplyOffer() {
        let thread = MailThread(id: ThreadID(1), accountID: AccountID(1), subject: "s", latestDate: start)
        func replies(from address: String, category: AICategory = .uncategorized, ai: Bool = true) -> ConversationState.AIReplies {
            let email = Email(id: EmailID(1), accountID: AccountID(1), threadID: ThreadID(1), from: EmailAddress(address: address),
                              subject: "s", dateReceived: start, aiCategory: category)
            var state = ConversationState()
            state.reduce(.loaded(thread, [email], aiAvailable: ai, ownAddress: "Me@Example.org"))
            return state.smartReplies
        }
        #expect(replies(from: "ann@example.org") == .loading)
        #expect(replies(from: "list-member@example.org", category: .forums) == .loading)
        #expect(replies(from: "ann@example.org", category: .primary) == .loading)
        #expect(replies(from: "me@example.org") == .notOffered, "the user wrote last: nothing to answer")
        #expect(replies(from: "news@shop.example", category: .promotions) == .onRequest)
        #expect(replies(from: "alerts@bank.example", category: .updates) == .onRequest)
        #expect(replies(from: "friend@network.example", category: .social) == .onRequest)
        #expect(replies(from: "no-reply@bank.example") == .onRequest, "a no-reply sender, even unsorted")
        #expect(replies(from: "ann@example.org", ai: false) == .unavailable)
    }

    @Test("thread list: pages follow the keyset cursor and stop at a short page")
    func threadListPaging() throws {
        let (store, _) = try freshStore()
        let account = try store.create(Account(email: "me@example.test", displayName: "Me", provider: .local, authType: .local))
        let accountID = try #require(account.id)
        let folder = try store.upsert(Folder(accountID: accountID, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        for n in 0..<5 {
            let date = start.addingTimeInterval(Double(n) * 60)
            let email = Email(accountID: accountID, messageID: "m\(n)@x", subject: "thread \(n)", dateReceived: date, dateSent: date)
            _ = try store.insert([NewMessage(email: email, attachments: [], folderID: folderID(folder),
                                             threadingKey: ThreadingKey(accountID: accountID, messageID: "m\(n)@x", ancestorIDs: [],
                                                                         normalizedSubject: "thread \(n)", date: date))])
        }
        var state = ThreadListState(query: ThreadQuery(limit: 2))
        let list = ThreadList(store: store)
        list.load(&state)
        #expect(state.threads.map(\.subject) == ["thread 4", "thread 3"])
        list.load(&state, more: true)
        list.load(&state, more: true)
        #expect(state.threads.map(\.subject) == ["thread 4", "thread 3", "thread 2", "thread 1", "thread 0"])
        #expect(!state.canLoadMore)

        // A front end that keeps no state between pages (the web app, `threads --before`)
        // restores the position from the cursor it printed: the same pages come back.
        var first = ThreadListState(query: ThreadQuery(limit: 2))
        try list.load(&first, from: nil)
        var second = ThreadListState(query: ThreadQuery(limit: 2))
        try list.load(&second, from: try #require(first.nextCursor))
        #expect(second.threads.map(\.subject) == ["thread 2", "thread 1"])
        var last = ThreadListState(query: ThreadQuery(limit: 2))
        try list.load(&last, from: try #require(second.nextCursor))
        #expect(last.threads.map(\.subject) == ["thread 0"] && last.nextCursor == nil)
    }

    func folderID(_ folder: Folder) -> FolderID { folder.id ?? FolderID(0) }
}
