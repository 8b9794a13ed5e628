import Foundation
import HearthCore
import HearthMIME
@testable import HearthOutbox
import HearthSMTP
import HearthStore
import Testing

/// The send state machine with a fake transport and a manual clock: every rule of the issue
/// and proposal §3.5 that does not need a network.
@Suite("Outbox state machine")
struct OutboxStateMachineTests {
    @Test("stored as queued BEFORE the countdown; nothing submitted in the window; undo gives the draft back")
    func undoWindow() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        let outbox = OutboxFixture.outbox(store, transport: transport, clock: clock)
        let id = try await outbox.saveDraft(OutboxFixture.message(), account: account.id!)
        let ticket = try await outbox.send(id)
        #expect(ticket.deadline == clock.now().addingTimeInterval(5))
        let stored = try #require(try store.outboxEntry(id))
        #expect(stored.key == OutboxStateKey(.undo, .queued))
        #expect(stored.rendered != nil && stored.ownerPID == 4242)
        #expect(try store.email(id)?.sendState == .queued)
        // The queue never touches a message in its undo window.
        _ = await outbox.processQueue()
        #expect(transport.count == 0)
        let back = try await outbox.undo(id)
        #expect(back.subject == "Hello")
        #expect(try store.outboxEntry(id)?.key == OutboxStateKey(.draft, .none))
        #expect(try store.email(id)?.isDraft == true)
        // An undone send cannot be released any more.
        #expect(try await outbox.release(id) == false)
    }

    @Test("the window ends → one submission, the email is sent, in Sent, with its bytes; drafts copy removed; Sent copy appended")
    func completeSend() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        let mailboxes = FakeMailboxes()
        let outbox = OutboxFixture.outbox(store, transport: transport, mailboxes: mailboxes, clock: clock)
        var message = OutboxFixture.message()
        message.bcc = [EmailAddress(address: "hidden@example.test")]
        let id = try await outbox.saveDraft(message, account: account.id!)
        #expect(try await outbox.syncDraft(id))
        #expect(mailboxes.drafts.count == 1)
        let ticket = try await outbox.send(id)
        let task = Task { try await outbox.completeSend(ticket) }
        try await Task.sleep(for: .milliseconds(50))
        #expect(transport.count == 0, "nothing before the deadline")
        clock.advance(by: 5)
        #expect(try await task.value == .sent)
        #expect(transport.count == 1)
        let submission = try #require(transport.submissions.first)
        #expect(submission.to == ["gina@gmail.test", "hidden@example.test"])
        #expect(!String(decoding: submission.data, as: UTF8.self).contains("hidden@example.test"))
        let email = try #require(try store.email(id))
        #expect(email.sendState == .sent && !email.isDraft)
        #expect(try store.rawSource(of: id) == submission.data)
        let folders = try store.folders(of: id).compactMap { try store.folder($0.folderID)?.folderType }
        #expect(folders == [.sent])
        #expect(mailboxes.drafts.isEmpty, "server draft copy removed")
        #expect(mailboxes.sent == [submission.data], "Sent copy appended for a non-Gmail server")
        #expect(try store.outboxEntry(id) == nil, "bookkeeping finished")
        #expect(try store.contacts(matching: "hidden", account: account.id, limit: 5).count == 1)
    }

    @Test("undo, then Send again inside the first window: it goes out at the SECOND deadline, once")
    func undoThenSendAgain() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        let outbox = OutboxFixture.outbox(store, transport: transport, clock: clock)
        let id = try await outbox.saveDraft(OutboxFixture.message(), account: account.id!)
        let first = try await outbox.send(id)
        let firstSender = Task { try await outbox.completeSend(first) }
        clock.advance(by: 2)
        _ = try await outbox.undo(id)
        let second = try await outbox.send(id)
        #expect(second.deadline == first.deadline.addingTimeInterval(2))
        let secondSender = Task { try await outbox.completeSend(second) }
        clock.advance(by: 3)   // the first deadline
        guard case .skipped = try await firstSender.value else { Issue.record("the stale ticket sent the message"); return }
        try await Task.sleep(for: .milliseconds(50))
        #expect(transport.count == 0, "nothing leaves before the second deadline")
        #expect(try store.outboxEntry(id)?.key == OutboxStateKey(.undo, .queued), "still undoable")
        clock.advance(by: 2)   // the second deadline
        #expect(try await secondSender.value == .sent)
        #expect(transport.count == 1)
    }

    @Test("Gmail-style accounts: no APPEND to Sent")
    func gmailNoSentAppend() async throws {
        let store = try OutboxFixture.store()
        let account = try OutboxFixture.account(store, email: "gina@gmail.test", provider: .gmail, auth: .oauth2)
        let clock = ManualOutboxClock()
        let mailboxes = FakeMailboxes()
        let outbox = OutboxFixture.outbox(store, transport: FakeTransport(), mailboxes: mailboxes, clock: clock, undo: .zero,
                                          credentials: ClosureCredentialProvider { _, _ in .accessToken("t") })
        let id = try await outbox.saveDraft(OutboxFixture.message(from: "gina@gmail.test", to: "erin@example.test"), account: account.id!)
        #expect(try await outbox.completeSend(try await outbox.send(id)) == .sent)
        #expect(mailboxes.sent.isEmpty)
    }

    @Test("transient failures follow 30 s, 2 m, 8 m, 30 m, 2 h, then Failed")
    func retrySchedule() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        transport.onSubmit = { _ in .rejected(stage: .rcptTo, reply: SMTPReply(code: 451, enhanced: EnhancedStatusCode(4, 3, 0), lines: ["try later"])) }
        let outbox = OutboxFixture.outbox(store, transport: transport, clock: clock, undo: .zero)
        let id = try await outbox.saveDraft(OutboxFixture.message(), account: account.id!)
        let start = clock.now()
        var outcome = try await outbox.completeSend(try await outbox.send(id))
        var elapsed: TimeInterval = 0
        for (attempt, delay) in [30.0, 120, 480, 1800, 7200].enumerated() {
            guard case .retryScheduled(let at, _) = outcome else { Issue.record("attempt \(attempt): \(outcome)"); return }
            #expect(at == start.addingTimeInterval(elapsed + delay), "retry \(attempt + 1)")
            let entry = try #require(try store.outboxEntry(id))
            #expect(entry.sendState == .retryWait && entry.retryCount == attempt + 1)
            #expect(entry.status(now: clock.now()) == "Retry (attempt \(attempt + 1)/5)")
            clock.advance(by: delay - 1)
            #expect(await outbox.processQueue().isEmpty, "not due one second early")
            clock.advance(by: 1)
            elapsed += delay
            outcome = try #require(await outbox.processQueue()[id])
        }
        guard case .failed(let reason) = outcome else { Issue.record("expected failure, got \(outcome)"); return }
        #expect(reason.contains("gave up after 5 retries"))
        #expect(try store.email(id)?.sendState == .failed)
        // The user's Retry queues it again with a fresh schedule.
        transport.onSubmit = { _ in nil }
        try await outbox.retry(id)
        #expect(await outbox.processQueue()[id] == .sent)
    }

    @Test("a refused recipient fails at once, without retry")
    func badRecipient() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        transport.onSubmit = { _ in .recipientsRejected([RecipientRejection(address: "nobody@example.test", reply: SMTPReply(code: 550, enhanced: EnhancedStatusCode(5, 1, 1), lines: ["no such user"]))]) }
        let outbox = OutboxFixture.outbox(store, transport: transport, clock: clock, undo: .zero)
        let id = try await outbox.saveDraft(OutboxFixture.message(to: "nobody@example.test"), account: account.id!)
        guard case .failed(let reason) = try await outbox.completeSend(try await outbox.send(id)) else { Issue.record("not failed"); return }
        #expect(reason.contains("nobody@example.test") && reason.contains("5.1.1"))
        #expect(try store.email(id)?.sendState == .failed && (try store.email(id)?.sendRetryCount) == 0)
        clock.advance(by: 10_000)
        #expect(await outbox.processQueue().isEmpty)
    }

    @Test("an expired token is refreshed exactly once; a second refusal pauses the account")
    func tokenRefresh() async throws {
        let store = try OutboxFixture.store()
        let account = try OutboxFixture.account(store, email: "gina@gmail.test", provider: .gmail, auth: .oauth2)
        let clock = ManualOutboxClock()
        let refused = SMTPError.authenticationFailed(reply: SMTPReply(code: 535, enhanced: EnhancedStatusCode(5, 7, 8), lines: ["bad"]), details: nil)
        let transport = FakeTransport()
        transport.onOpen = { credentials in String(describing: credentials).isEmpty ? nil : nil }
        let tokens = TokenCounter()
        let provider = ClosureCredentialProvider { _, refresh in
            tokens.record(refresh: refresh)
            return .accessToken(refresh ? "fresh" : "stale")
        }
        let gate = TokenGate()
        transport.onOpen = { credentials in gate.isFresh(credentials) ? nil : refused }
        let outbox = OutboxFixture.outbox(store, transport: transport, clock: clock, undo: .zero, credentials: provider)
        let id = try await outbox.saveDraft(OutboxFixture.message(from: "gina@gmail.test", to: "erin@example.test"), account: account.id!)
        #expect(try await outbox.completeSend(try await outbox.send(id)) == .sent)
        #expect(tokens.refreshes == 1 && tokens.requests == 2)

        // The refreshed token is refused too: the account's queue pauses, the message waits.
        let always = ClosureCredentialProvider { _, refresh in tokens.record(refresh: refresh); return .accessToken("stale") }
        let paused = OutboxFixture.outbox(store, transport: transport, clock: clock, undo: .zero, credentials: always)
        let id2 = try await paused.saveDraft(OutboxFixture.message(from: "gina@gmail.test", to: "erin@example.test"), account: account.id!)
        guard case .paused = try await paused.completeSend(try await paused.send(id2)) else { Issue.record("not paused"); return }
        #expect(tokens.refreshes == 2, "one refresh for this send, not more")
        let entry = try #require(try store.outboxEntry(id2))
        #expect(entry.sendState == .retryWait && entry.status() == "Paused: sign-in needed")
    }

    @Test("recovery: a dead process's undo window becomes a draft (never sent); a live one is left alone; an interrupted send is queued again")
    func recovery() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        let mailboxes = FakeMailboxes()
        // Process 100 pressed Send and died; process 200 is still counting down.
        let dead = OutboxFixture.outbox(store, transport: transport, mailboxes: mailboxes, clock: clock, pid: 100)
        let alive = OutboxFixture.outbox(store, transport: transport, mailboxes: mailboxes, clock: clock, pid: 200)
        let a = try await dead.saveDraft(OutboxFixture.message(subject: "A"), account: account.id!)
        _ = try await dead.send(a)
        let b = try await alive.saveDraft(OutboxFixture.message(subject: "B"), account: account.id!)
        _ = try await alive.send(b)
        // Process 300 starts.
        let restarted = OutboxFixture.outbox(store, transport: transport, mailboxes: mailboxes, clock: clock, pid: 300, alive: { $0 == 200 })
        let report = await restarted.recoverAfterRestart()
        #expect(report.returnedToDrafts == [a])
        #expect(try store.outboxEntry(a)?.key == OutboxStateKey(.draft, .none))
        #expect(try store.outboxEntry(b)?.key == OutboxStateKey(.undo, .queued))
        #expect(mailboxes.drafts.count == 1, "the recovered draft is synced to the Drafts folder")
        clock.advance(by: 3600)
        _ = await restarted.processQueue()
        #expect(transport.count == 0, "never sent automatically")

        // A send interrupted mid-way (state sending, owner gone) is queued again.
        let c = try await dead.saveDraft(OutboxFixture.message(subject: "C"), account: account.id!)
        _ = try await dead.send(c)
        _ = try await dead.release(c)
        #expect(try store.apply(OutboxTransition(from: [OutboxStateKey(.ready, .queued)], to: .ready, sendState: .sending, ownerPID: .some(100)), to: c, at: clock.now()))
        let again = await restarted.recoverAfterRestart()
        #expect(again.requeued == [c])
        #expect(await restarted.processQueue()[c] == .sent)
    }

    @Test("72 hours in the queue: Failed")
    func maximumAge() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        transport.onOpen = { _ in .connectionFailed(host: "h", port: 1, reason: "offline") }
        let outbox = OutboxFixture.outbox(store, transport: transport, clock: clock, undo: .zero)
        let id = try await outbox.saveDraft(OutboxFixture.message(), account: account.id!)
        _ = try await outbox.completeSend(try await outbox.send(id))
        clock.advance(by: 72 * 3600)
        try await outbox.connectivityRestored()
        guard case .failed(let reason) = await outbox.processQueue()[id] else { Issue.record("not failed"); return }
        #expect(reason.contains("72 hours"))
    }

    @Test("edit a queued message: back to drafts, then sent with the edit; discard removes it")
    func editAndDiscard() async throws {
        let (store, account, clock, transport) = try OutboxFixture.bench()
        transport.onOpen = { _ in .connectionFailed(host: "h", port: 1, reason: "offline") }
        let outbox = OutboxFixture.outbox(store, transport: transport, clock: clock, undo: .zero)
        let id = try await outbox.saveDraft(OutboxFixture.message(subject: "v1"), account: account.id!)
        _ = try await outbox.completeSend(try await outbox.send(id))
        var message = try await outbox.edit(id)
        message.subject = "v2"
        #expect(try await outbox.saveDraft(message, account: account.id!, id: id) == id)
        transport.onOpen = { _ in nil }
        #expect(try await outbox.completeSend(try await outbox.send(id)) == .sent)
        #expect(String(decoding: try #require(transport.submissions.first).data, as: UTF8.self).contains("Subject: v2"))
        let other = try await outbox.saveDraft(OutboxFixture.message(subject: "bin"), account: account.id!)
        try await outbox.discard(other)
        #expect(try store.email(other) == nil)
        await #expect(throws: OutboxError.self) { try await outbox.discard(id) }
    }

    @Test("autosave: every 30 s the latest content is saved, once per change")
    func autosave() async throws {
        let store = try OutboxFixture.store()
        let account = try OutboxFixture.account(store)
        let clock = ManualOutboxClock()
        let mailboxes = FakeMailboxes()
        let outbox = OutboxFixture.outbox(store, transport: FakeTransport(), mailboxes: mailboxes, clock: clock)
        let saver = DraftAutosaver(outbox: outbox, account: account.id!, clock: clock)
        let loop = Task { await saver.run() }
        defer { loop.cancel() }
        await saver.update(OutboxFixture.message(subject: "first"))
        try await Task.sleep(for: .milliseconds(50))
        #expect(await saver.saves == 0)
        clock.advance(by: 30)
        try await waitUntil { await saver.saves == 1 }
        await saver.update(OutboxFixture.message(subject: "second"))
        clock.advance(by: 30)
        try await waitUntil { await saver.saves == 2 }
        clock.advance(by: 30)
        try await Task.sleep(for: .milliseconds(50))
        #expect(await saver.saves == 2, "nothing changed, nothing saved")
        let id = try #require(await saver.draftID)
        #expect(try store.outboxEntry(id)?.message.subject == "second")
        #expect(mailboxes.drafts.count == 1 && mailboxes.draftStores == 2, "server copy replaced")
    }

    func waitUntil(_ condition: () async -> Bool) async throws {
        for _ in 0..<200 where !(await condition()) { try await Task.sleep(for: .milliseconds(10)) }
        #expect(await condition())
    }
}

/// Accepts only the refreshed token.
final class TokenGate: @unchecked Sendable {
    func isFresh(_ credentials: SMTPCredentials) -> Bool {
        if case .xoauth2(_, let token) = credentials { return token == "fresh" }
        return true
    }
}

@Suite("Contact suggestions")
struct ContactSuggestionTests {
    @Test("frequency first, recency second; merged across accounts")
    func ranking() throws {
        let store = try MailStore.inMemory()
        let a = try OutboxFixture.account(store).id!
        let b = try OutboxFixture.account(store, email: "gina@gmail.test", provider: .gmail, auth: .oauth2).id!
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        func see(_ address: String, _ name: String?, _ account: AccountID, times: Int, daysAgo: Double) throws {
            for _ in 0..<times {
                try store.recordSeen([EmailAddress(name: name, address: address)], account: account, date: now.addingTimeInterval(-daysAgo * 86_400))
            }
        }
        try see("old.friend@x.test", "Old Friend", a, times: 20, daysAgo: 700)
        try see("new.colleague@x.test", "New Colleague", a, times: 5, daysAgo: 2)
        try see("once@x.test", nil, a, times: 1, daysAgo: 1)
        try see("new.colleague@x.test", "N. Colleague", b, times: 3, daysAgo: 1)
        let perAccount = try store.suggestions(matching: "", account: a, limit: 10, now: now)
        #expect(perAccount.map(\.address) == ["new.colleague@x.test", "old.friend@x.test", "once@x.test"])
        let unified = try store.suggestions(matching: "n", account: nil, limit: 10, now: now)
        #expect(unified.map(\.address) == ["new.colleague@x.test"])
        #expect(unified.first?.frequency == 8 && unified.first?.accounts == [a, b])
        #expect(unified.first?.displayName == "N. Colleague", "the newest sighting names it")
        #expect(try store.suggestions(matching: "friend", account: nil, limit: 10, now: now).map(\.address) == ["old.friend@x.test"])
        try store.delete(b)
        #expect(try store.suggestions(matching: "new", account: nil, limit: 10, now: now).first?.frequency == 5, "deleted with the account")
        #expect(ContactRanking.score(frequency: 50, lastSeen: now.addingTimeInterval(-365 * 86_400), now: now)
                > ContactRanking.score(frequency: 1, lastSeen: now, now: now))
    }
}
