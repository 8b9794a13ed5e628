import Foundation
import HearthCore
import HearthIMAP
import HearthMIME
@testable import HearthOutbox
import HearthSMTP
import HearthStore
import HearthTestSupport
import Testing

/// The send pipeline against the rig's real submission, IMAP and relay sink. Users: erin
/// (password, ordinary IMAP server) and gina (OAuth, Gmail-style) only.
@Suite("Outbox against the rig", .mailRig, .timeLimit(.minutes(2)), .serialized)
struct OutboxRigTests {
    static let erin = "erin@example.test"
    static let gina = "gina@gmail.test"

    struct Setup {
        var rig: MailRig
        var store: MailStore
        var account: Account
        var outbox: Outbox
        var clock: ManualOutboxClock
        var tokens: TokenCounter
    }

    /// An outbox for erin or gina, pointed at the rig (direct or through the fault proxy).
    static func setup(_ user: String, proxy: Bool = false, readTimeout: Duration = .seconds(20),
                      token: (@Sendable (Bool) throws -> String)? = nil) throws -> Setup {
        let rig = try MailRig.require()
        let store = try MailStore.inMemory()
        let gmail = user.hasSuffix("@gmail.test")
        let account = try store.create(Account(email: user, displayName: gmail ? "Gina" : "Erin", provider: gmail ? .gmail : .imap,
                                               authType: gmail ? .oauth2 : .password))
        let smtp = SMTPConfiguration(host: "127.0.0.1", port: proxy ? rig.proxySubmissionsPort : rig.submissionsPort,
                                     security: .implicitTLS, serverName: "localhost", extraCAFile: rig.caFile,
                                     readTimeout: readTimeout, dataCompletionTimeout: .seconds(30))
        let imap = IMAPConfiguration(host: "127.0.0.1", port: rig.imapsPort, security: .implicitTLS, serverName: "localhost",
                                     extraCAFile: rig.caFile, readTimeout: .seconds(20))
        let settings = OutboxServerSettings(smtp: smtp, imap: imap)
        let tokens = TokenCounter()
        let credentials = ClosureCredentialProvider { _, refresh in
            tokens.record(refresh: refresh)
            if gmail { return .accessToken(try token?(refresh) ?? rig.token(user)) }
            return .password("erin-pass")
        }
        let clock = ManualOutboxClock(Date())
        let outbox = Outbox(store: store, mailboxes: IMAPServerMailboxes(settings: settings, credentials: credentials),
                            credentials: credentials, settings: settings, clock: clock,
                            configuration: Outbox.Configuration(undoWindow: .zero))
        return Setup(rig: rig, store: store, account: account, outbox: outbox, clock: clock, tokens: tokens)
    }

    @Test("a reply arrives byte-sound and threads with its parent; Bcc only in the envelope; Sent copy APPENDed (erin) or kept by the server (gina)")
    func replyThreadsAndArrives() async throws {
        // gina writes to erin (Gmail-style: the server keeps gina's Sent copy).
        let g = try Self.setup(Self.gina)
        let mark = g.rig.sinkHighWaterMark()
        let parentID = try await g.outbox.saveDraft(ComposedMessage(
            from: EmailAddress(name: "Gina", address: Self.gina), to: [EmailAddress(address: Self.erin)],
            subject: "Picnic on Sunday? \(UUID().uuidString.prefix(8))", body: "Shall we?\n"), account: g.account.id!)
        #expect(try await g.outbox.completeSend(try await g.outbox.send(parentID)) == .sent)
        let parentMessageID = try #require(try g.store.email(parentID)?.messageID)
        let parentRaw = try #require(try g.store.rawSource(of: parentID))
        #expect(try await g.rig.waitForMessage(user: Self.erin, mailbox: "INBOX", messageID: parentMessageID) != nil)
        #expect(try g.rig.uids(user: Self.gina, mailbox: "[Gmail]/Sent Mail", messageID: parentMessageID).count == 1,
                "one Sent copy: the server's, no APPEND of ours")

        // erin replies, with a Bcc to herself.
        let e = try Self.setup(Self.erin)
        let parsed = try MIMEParser().parse(parentRaw)
        var reply = ReplyBuilder.reply(to: OriginalMessage(messageID: parsed.messageID, references: parsed.references, from: parsed.from.first,
                                                           to: parsed.to, subject: parsed.subject, date: parsed.date, textBody: parsed.textBody),
                                       from: EmailAddress(name: "Erin", address: Self.erin), all: false, body: "Yes — *gladly*!")
        reply.bodyFormat = .markup
        // A Bcc outside the rig (only recorded): the rig's sink cannot LMTP-deliver one message
        // to two local users (its smtplib LMTP call fails on the second reply).
        reply.bcc = [EmailAddress(address: "records@elsewhere.test")]
        let replyID = try await e.outbox.saveDraft(reply, account: e.account.id!)
        let replyOutcome = try await e.outbox.completeSend(try await e.outbox.send(replyID))
        #expect(replyOutcome == .sent, "\(replyOutcome)")
        let replyMessageID = try #require(try e.store.email(replyID)?.messageID)
        let submitted = try #require(try e.store.rawSource(of: replyID))

        let record = try #require(try await e.rig.waitForSink(after: mark, containing: replyMessageID))
        #expect(record.recipients.sorted() == [Self.gina, "records@elsewhere.test"])
        let recorded = String(decoding: record.raw, as: UTF8.self)
        #expect(recorded.hasSuffix(String(decoding: submitted, as: UTF8.self)), "byte-sound: only trace headers prepended")
        #expect(!recorded.lowercased().contains("\nbcc:"), "no Bcc header leaks")
        #expect(!recorded.contains("records@elsewhere.test"), "the Bcc address is nowhere in the message")

        let uid = try #require(try await e.rig.waitForMessage(user: Self.gina, mailbox: "INBOX", messageID: replyMessageID))
        let arrived = try MIMEParser().parse(Data(try e.rig.fetchText(user: Self.gina, mailbox: "INBOX", uid: uid).utf8))
        #expect(arrived.inReplyTo == [parentMessageID])
        #expect(arrived.references.last == parentMessageID)
        #expect(arrived.subject == "Re: " + parsed.subject)
        #expect(arrived.htmlBody?.contains("<b>gladly</b>") == true)
        let key = MessageMapping.threadingKey(for: MessageMapping.email(from: arrived, account: AccountID(1), received: nil, flags: []))
        #expect(key.ancestorIDs.contains(parentMessageID), "threads with its parent at the recipient")
        // erin's server is ordinary IMAP: our APPEND made the Sent copy.
        #expect(try e.rig.uids(user: Self.erin, mailbox: "Sent", messageID: replyMessageID).count == 1)
        // Locally, the reply is in the parent's thread when both are in one store.
        #expect(try e.store.email(replyID)?.sendState == .sent)
    }

    @Test("drafts: synced to the server's Drafts folder, replaced on each save, removed when sent")
    func draftSync() async throws {
        let e = try Self.setup(Self.erin)
        let subject = "Draft sync \(UUID().uuidString.prefix(8))"
        var message = ComposedMessage(from: EmailAddress(address: Self.erin), to: [EmailAddress(address: Self.gina)], subject: subject, body: "v1\n")
        let id = try await e.outbox.saveDraft(message, account: e.account.id!)
        try await e.outbox.syncDraft(id)
        let messageID = try #require(try e.store.outboxEntry(id)?.message.messageID)
        #expect(try e.rig.uids(user: Self.erin, mailbox: "Drafts", messageID: messageID).count == 1)
        message.body = "v2 with more text\n"
        e.clock.advance(by: 30)
        _ = try await e.outbox.saveDraft(message, account: e.account.id!, id: id)
        try await e.outbox.syncDraft(id)
        let uids = try e.rig.uids(user: Self.erin, mailbox: "Drafts", messageID: messageID)
        #expect(uids.count == 1, "the old copy was replaced")
        #expect(try e.rig.fetchText(user: Self.erin, mailbox: "Drafts", uid: try #require(uids.first)).contains("v2 with more text"))
        #expect(try await e.outbox.completeSend(try await e.outbox.send(id)) == .sent)
        #expect(try e.rig.uids(user: Self.erin, mailbox: "Drafts", messageID: messageID).isEmpty)
    }

    @Test("a 5xx recipient fails at once; nothing reaches the sink")
    func badRecipient() async throws {
        let e = try Self.setup(Self.erin)
        let mark = e.rig.sinkHighWaterMark()
        let id = try await e.outbox.saveDraft(ComposedMessage(from: EmailAddress(address: Self.erin),
                                                              to: [EmailAddress(address: Self.gina), EmailAddress(address: "x@[999.1.1.1]")],
                                                              subject: "bad rcpt", body: "x"), account: e.account.id!)
        let messageID = try #require(try e.store.outboxEntry(id)?.message.messageID)
        guard case .failed(let reason) = try await e.outbox.completeSend(try await e.outbox.send(id)) else { Issue.record("not failed"); return }
        #expect(reason.contains("x@[999.1.1.1]"))
        #expect(try e.store.email(id)?.sendRetryCount == 0)
        try await Task.sleep(for: .milliseconds(500))
        #expect(e.rig.sinkRecords(after: mark, containing: messageID).isEmpty)
    }

    @Test("an expired token is refreshed once against the real server")
    func expiredToken() async throws {
        let rig = try MailRig.require()
        // Like a real provider: the stored token has expired; once refreshed, the new one is used
        // (also by the IMAP session that finds the server's Sent copy after the send).
        let renewed = RenewedFlag()
        let g = try Self.setup(Self.gina) { refresh in
            if refresh { renewed.set() }
            return try rig.token(Self.gina, renewed.isSet ? [] : ["--expired"])
        }
        let id = try await g.outbox.saveDraft(ComposedMessage(from: EmailAddress(address: Self.gina), to: [EmailAddress(address: Self.erin)],
                                                              subject: "token refresh", body: "x"), account: g.account.id!)
        #expect(try await g.outbox.completeSend(try await g.outbox.send(id)) == .sent)
        #expect(g.tokens.refreshes == 1)
    }

    @Test("offline (the proxy refuses): queued for 30 s by the schedule; sent when the server is back")
    func offlineQueue() async throws {
        let e = try Self.setup(Self.erin, proxy: true, readTimeout: .seconds(5))
        _ = try e.rig.run(["proxy", "start"])
        try e.rig.run(["proxy", "refuse", "on"])
        defer { _ = try? e.rig.run(["proxy", "refuse", "off"]) }
        let mark = e.rig.sinkHighWaterMark()
        let id = try await e.outbox.saveDraft(ComposedMessage(from: EmailAddress(address: Self.erin), to: [EmailAddress(address: Self.gina)],
                                                              subject: "offline queue", body: "x"), account: e.account.id!)
        let messageID = try #require(try e.store.outboxEntry(id)?.message.messageID)
        let start = e.clock.now()
        let offlineOutcome = try await e.outbox.completeSend(try await e.outbox.send(id))
        guard case .retryScheduled(let at, _) = offlineOutcome else { Issue.record("not scheduled: \(offlineOutcome)"); return }
        #expect(at == start.addingTimeInterval(30))
        try e.rig.run(["proxy", "refuse", "off"])
        #expect(await e.outbox.processQueue().isEmpty, "not due yet")
        e.clock.advance(by: 30)
        #expect(await e.outbox.processQueue()[id] == .sent)
        #expect(try await e.rig.waitForSink(after: mark, containing: messageID) != nil)
    }

    @Test("a silent server (proxy stall) times out and is retried on the schedule")
    func silentServer() async throws {
        let e = try Self.setup(Self.erin, proxy: true, readTimeout: .seconds(3))
        _ = try e.rig.run(["proxy", "start"])
        let id = try await e.outbox.saveDraft(ComposedMessage(from: EmailAddress(address: Self.erin), to: [EmailAddress(address: Self.gina)],
                                                              subject: "stall", body: "x"), account: e.account.id!)
        let ticket = try await e.outbox.send(id)
        try e.rig.run(["proxy", "stall", "on"])
        defer { _ = try? e.rig.run(["proxy", "stall", "off"]) }
        let outcome = try await e.outbox.completeSend(ticket)
        guard case .retryScheduled(_, let reason) = outcome else { Issue.record("not scheduled: \(outcome)"); return }
        #expect(reason.contains("no answer"), "a silent server times out: \(reason)")
        try e.rig.run(["proxy", "stall", "off"])
        e.clock.advance(by: 30)
        let retried = await e.outbox.processQueue()[id]
        #expect(retried == .sent, "\(String(describing: retried))")
    }
}

/// Whether a token refresh happened (read from several tasks).
final class RenewedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
