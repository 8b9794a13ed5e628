import Foundation
import HearthCore
import HearthIMAP
import HearthOutbox
import HearthSMTP
import HearthStore
import HearthSync
import HearthTestSupport
import Testing

/// A message sent from a Gmail-style account (the server files its own copy in
/// `[Gmail]/Sent Mail` and `[Gmail]/All Mail`, we do not APPEND) ends as ONE email after the next
/// sync: the local sent row takes the server copy's UID and size. gina@gmail.test only.
/// (In HearthCLITests because it needs the outbox and the sync engine together.)
@Suite("Gmail: our sent row and the server's Sent copy are one email (gina)", .mailRig, .serialized, .timeLimit(.minutes(2)))
struct GmailSentCopyTests {
    static let gina = "gina@gmail.test"

    struct Setup {
        let rig: MailRig
        let store: MailStore
        let account: Account
        let synchronizer: AccountSynchronizer
        let mailboxes: IMAPServerMailboxes
        let credentials: ClosureCredentialProvider
        let settings: OutboxServerSettings
    }

    static func setup() throws -> Setup {
        let rig = try MailRig.require()
        let store = try MailStore.inMemory()
        let account = try store.create(Account(
            email: gina, displayName: "Gina", provider: .gmail, authType: .oauth2,
            imap: ServerEndpoint(host: "localhost", port: rig.imapsPort, security: .implicitTLS, extraCAFile: rig.caFile),
            syncWindowDays: nil))
        let imap = IMAPConfiguration(host: "127.0.0.1", port: rig.imapsPort, security: .implicitTLS, serverName: "localhost",
                                     extraCAFile: rig.caFile, readTimeout: .seconds(30))
        let smtp = SMTPConfiguration(host: "127.0.0.1", port: rig.submissionsPort, security: .implicitTLS, serverName: "localhost",
                                     extraCAFile: rig.caFile, readTimeout: .seconds(20), dataCompletionTimeout: .seconds(30))
        let settings = OutboxServerSettings(smtp: smtp, imap: imap)
        let credentials = ClosureCredentialProvider { _, _ in .accessToken(try rig.token(gina)) }
        let synchronizer = AccountSynchronizer(account: account, credentials: .oauth(user: gina) { try rig.token(gina) }, store: store,
                                               options: .init(imapConfiguration: imap))
        return Setup(rig: rig, store: store, account: account, synchronizer: synchronizer,
                     mailboxes: IMAPServerMailboxes(settings: settings, credentials: credentials), credentials: credentials, settings: settings)
    }

    static func send(_ s: Setup, withMailboxes: Bool) async throws -> EmailID {
        let outbox = Outbox(store: s.store, mailboxes: withMailboxes ? s.mailboxes : nil, credentials: s.credentials,
                            settings: s.settings, clock: ManualOutboxClock(Date()), configuration: Outbox.Configuration(undoWindow: .zero))
        let id = try await outbox.saveDraft(ComposedMessage(
            from: EmailAddress(name: "Gina", address: gina), to: [EmailAddress(address: "erin@example.test")],
            subject: "Sent copy check \(UUID().uuidString.prefix(8))", body: "One row, please.\n"), account: try #require(s.account.id))
        #expect(try await outbox.completeSend(try await outbox.send(id)) == .sent)
        return id
    }

    /// Every email of the account with this Message-ID (the ones sync stored, found by UID, and
    /// our sent row `local`, whose links may have no UID), with its (folder path → UID) links.
    static func copies(_ s: Setup, messageID: String, local: EmailID) throws -> [EmailID: [String: UInt32?]] {
        let folders = try s.store.folders(account: try #require(s.account.id))
        let paths = Dictionary(uniqueKeysWithValues: folders.map { ($0.id!, $0.imapPath) })
        var candidates: Set<EmailID> = [local]
        for folder in folders { candidates.formUnion(try s.store.uids(in: folder.id!).values) }
        var found: [EmailID: [String: UInt32?]] = [:]
        for email in candidates where try s.store.email(email)?.messageID == messageID {
            var links: [String: UInt32?] = [:]
            for link in try s.store.folders(of: email) { links[paths[link.folderID] ?? "?"] = link.imapUID }
            found[email] = links
        }
        return found
    }

    @Test("send, then sync: one email, with the server's UIDs in Sent Mail and All Mail")
    func sentRowAdoptsServerCopy() async throws {
        let s = try Self.setup()
        _ = try await s.synchronizer.run()
        let id = try await Self.send(s, withMailboxes: true)
        let messageID = try #require(try s.store.email(id)?.messageID)
        let serverUID = try #require(try s.rig.uids(user: Self.gina, mailbox: "[Gmail]/Sent Mail", messageID: messageID).first)
        // Adopted right after the send: the row carries the server copy's UID.
        let sentMail = try #require(try s.store.folders(account: s.account.id!).first { $0.imapPath == "[Gmail]/Sent Mail" })
        #expect(try s.store.uids(in: sentMail.id!)[UInt32(serverUID)] == id)

        _ = try await s.synchronizer.run()
        let copies = try Self.copies(s, messageID: messageID, local: id)
        #expect(copies.count == 1, "\(copies)")
        #expect(copies[id]?["[Gmail]/Sent Mail"] == UInt32(serverUID))
        #expect(copies[id]?["[Gmail]/All Mail"] != nil, "the All Mail copy is linked to the same row")
        #expect(try s.store.rawSource(of: id) != nil, "the row keeps our raw source")
    }

    @Test("a copy sync stored on its own first is merged into the sent row")
    func duplicateMergedIntoSentRow() async throws {
        let s = try Self.setup()
        _ = try await s.synchronizer.run()
        let id = try await Self.send(s, withMailboxes: false)   // nobody looks for the server copy
        let messageID = try #require(try s.store.email(id)?.messageID)
        _ = try await s.synchronizer.run()
        let before = try Self.copies(s, messageID: messageID, local: id)
        let localSize = try s.store.email(id)?.sizeBytes ?? 0
        #expect(before.count == 2, "precondition: sync stored the server copy as a second email: \(before), local size \(localSize)")

        let copy = try #require(try await s.mailboxes.locateSent(messageID: messageID, account: s.account))
        #expect(try s.store.adoptServerSentCopy(id, copy: copy))
        let copies = try Self.copies(s, messageID: messageID, local: id)
        #expect(copies.count == 1, "\(copies)")
        #expect(copies[id]?["[Gmail]/Sent Mail"] == copy.uid)
        #expect(copies[id]?["[Gmail]/All Mail"] != nil)
        // A further sync keeps it that way.
        _ = try await s.synchronizer.run()
        #expect(try Self.copies(s, messageID: messageID, local: id).count == 1)
    }
}
