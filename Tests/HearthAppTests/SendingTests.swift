import Foundation
@testable import HearthApp
import HearthCore
import HearthOutbox
import HearthStore
import Testing

@Suite("Sending")
struct SendingTests {
    static func context() throws -> (AppContext, ann: Account, bob: Account) {
        let (store, dir) = try freshStore()
        func account(_ email: String) throws -> Account {
            try store.create(Account(email: email, displayName: email, provider: .imap, authType: .password,
                                     imap: ServerEndpoint(host: "127.0.0.1", port: 1, security: .implicitTLS),
                                     smtp: ServerEndpoint(host: "127.0.0.1", port: 1, security: .implicitTLS)))
        }
        let secrets = MemorySecrets()
        return (AppContext(dataDirectory: dir, store: store, secrets: { secrets }), try account("ann@example.test"), try account("bob@example.test"))
    }

    static func message(_ subject: String, from account: Account) -> ComposedMessage {
        ComposedMessage(from: EmailAddress(address: account.email), to: [EmailAddress(address: "x@example.test")], subject: subject, body: "b")
    }

    @Test("the undo window is the user's undo-send-delay setting")
    func undoWindowFollowsTheSetting() async throws {
        let (context, ann, _) = try Self.context()
        let sending = Sending(context, transport: NoTransport())
        #expect(sending.undoSeconds == 5)
        try context.settings.set(.undoSendDelay, to: "30")
        #expect(sending.undoSeconds == 30)
        let pending = try await sending.send(Self.message("hi", from: ann), account: ann)
        let entry = try #require(try context.store.outboxEntry(pending.ticket.id))
        #expect(pending.undoSeconds == 30)
        #expect(abs(try #require(entry.undoDeadline).timeIntervalSince(try #require(entry.queuedDate)) - 30) < 0.01)
        // One send may choose another window (`--undo 0`), and only allowed ones.
        await #expect(throws: AppError.self) { try await sending.send(Self.message("x", from: ann), account: ann, undoSeconds: 7) }
    }

    @Test("the outbox of one account lists only its messages and drafts")
    func listIsPerAccount() async throws {
        let (context, ann, bob) = try Self.context()
        let sending = Sending(context, transport: NoTransport())
        _ = try await sending.saveDraft(Self.message("ann's", from: ann), account: try #require(ann.id))
        _ = try await sending.saveDraft(Self.message("bob's", from: bob), account: try #require(bob.id))
        #expect(try await sending.list(account: bob.id, includeDrafts: true).map(\.message.subject) == ["bob's"])
        #expect(try await sending.list(account: nil, includeDrafts: true).count == 2)
    }

    @Test("a send without recipients or from an imported mailbox is refused before the window")
    func refusals() async throws {
        let (context, ann, _) = try Self.context()
        let sending = Sending(context, transport: NoTransport())
        var empty = Self.message("none", from: ann); empty.to = []
        let noRecipient = await #expect(throws: AppError.self) { try await sending.send(empty, account: ann) }
        #expect(noRecipient?.kind == .invalidInput)
        let local = try context.store.create(Account(email: "imported@example.test", displayName: "i", provider: .local, authType: .local))
        await #expect(throws: AppError.self) { try await sending.send(Self.message("x", from: local), account: local) }
    }

    @Test("undo then Send again: the stale countdown reports nothing, the newer one sends")
    func undoThenSendAgain() async throws {
        let (context, ann, _) = try Self.context()
        let clock = ManualOutboxClock(Date())
        let transport = CountingTransport()
        let sending = Sending(context, credentials: ClosureCredentialProvider { _, _ in .password("pw") }, transport: transport, clock: clock)
        let first = try await sending.send(Self.message("again", from: ann), account: ann)
        let firstDone = Task { await first.complete() }
        clock.advance(by: 1)
        let draft = try await sending.undo(first.ticket.id)
        let second = try await sending.send(draft, account: ann, draft: first.ticket.id)
        let secondDone = Task { await second.complete() }
        clock.advance(by: 4)
        #expect(await firstDone.value == nil, "the first countdown must not send or report")
        #expect(transport.count == 0)
        clock.advance(by: 1)
        _ = await secondDone.value
        #expect(transport.count == 1)
    }
}
