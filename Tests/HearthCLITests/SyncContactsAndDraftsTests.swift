import Foundation
import GRDB
import HearthCore
import HearthIMAP
import HearthOutbox
import HearthSMTP
import HearthStore
import HearthSync
import HearthTestSupport
import Testing

/// What sync stores besides mail, against the real rig, on both layouts:
/// - every From/To/Cc of synced mail feeds the account's contacts (autocomplete);
/// - a draft saved here, whose copy the outbox puts in the server's Drafts, stays ONE email after
///   the next sync (before: the local row and the server copy, same Message-ID).
/// vera@example.test (plain RFC 6154 layout, password) and wendy@gmail.test ([Gmail]/…, OAuth) only.
/// (In HearthCLITests because it needs the outbox and the sync engine together.)
@Suite("Sync: contacts recorded, local drafts stored once (vera, wendy)", .mailRig, .serialized, .timeLimit(.minutes(3)))
struct SyncContactsAndDraftsTests {
    struct Setup {
        let rig: MailRig
        let user: String
        let store: MailStore
        let account: Account
        let synchronizer: AccountSynchronizer
        let outbox: Outbox
        let clock: ManualOutboxClock
        let draftsPath: String

        var accountID: AccountID { account.id! }

        /// Emails of the account with this Message-ID.
        func rows(messageID: String) throws -> Int {
            try store.database.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM email WHERE account_id = ? AND message_id = ?",
                                 arguments: [accountID.rawValue, messageID]) ?? 0
            }
        }
    }

    static func setup(gmail: Bool) throws -> Setup {
        let rig = try MailRig.require()
        let user = gmail ? "wendy@gmail.test" : "vera@example.test"
        let store = try MailStore.inMemory()
        let account = try store.create(Account(
            email: user, displayName: gmail ? "Wendy" : "Vera", provider: gmail ? .gmail : .imap,
            authType: gmail ? .oauth2 : .password,
            imap: ServerEndpoint(host: "localhost", port: rig.imapsPort, security: .implicitTLS, extraCAFile: rig.caFile),
            syncWindowDays: nil))
        let imap = IMAPConfiguration(host: "127.0.0.1", port: rig.imapsPort, security: .implicitTLS, serverName: "localhost",
                                     extraCAFile: rig.caFile, readTimeout: .seconds(30))
        let smtp = SMTPConfiguration(host: "127.0.0.1", port: rig.submissionsPort, security: .implicitTLS, serverName: "localhost",
                                     extraCAFile: rig.caFile, readTimeout: .seconds(20), dataCompletionTimeout: .seconds(30))
        let settings = OutboxServerSettings(smtp: smtp, imap: imap)
        let credentials = ClosureCredentialProvider { _, _ in gmail ? .accessToken(try rig.token(user)) : .password("vera-pass") }
        let syncCredentials: SyncCredentials = gmail ? .oauth(user: user) { try rig.token(user) } : .password(user: user, "vera-pass")
        let synchronizer = AccountSynchronizer(account: account, credentials: syncCredentials, store: store,
                                               options: .init(imapConfiguration: imap))
        let clock = ManualOutboxClock(Date())
        let outbox = Outbox(store: store, mailboxes: IMAPServerMailboxes(settings: settings, credentials: credentials),
                            credentials: credentials, settings: settings, clock: clock,
                            configuration: Outbox.Configuration(undoWindow: .zero))
        return Setup(rig: rig, user: user, store: store, account: account, synchronizer: synchronizer, outbox: outbox,
                     clock: clock, draftsPath: gmail ? "[Gmail]/Drafts" : "Drafts")
    }

    static func draftIsStoredOnce(gmail: Bool) async throws {
        let s = try setup(gmail: gmail)
        _ = try await s.synchronizer.run()
        let subject = "Draft kept once \(UUID().uuidString.prefix(8))"
        var composed = ComposedMessage(from: EmailAddress(name: "Me", address: s.user), to: [EmailAddress(address: "ann@example.org")],
                                       subject: subject, body: "First words.\n")
        let id = try await s.outbox.saveDraft(composed, account: s.accountID)
        let messageID = try #require(try s.store.email(id)?.messageID)
        #expect(try await s.outbox.syncDraft(id))
        #expect(try s.rig.uids(user: s.user, mailbox: s.draftsPath, messageID: messageID).count == 1,
                "precondition: the outbox put the draft's copy in \(s.draftsPath)")

        let synced = try await s.synchronizer.run()
        #expect(try s.rows(messageID: messageID) == 1, "the server copy of the local draft was stored a second time")
        #expect(synced.folders.reduce(0) { $0 + $1.localCompositions } >= 1)

        // Edited and saved again: the server copy is replaced; still one email, the local one.
        composed.body = "First words, then more.\n"
        s.clock.advance(by: 30)
        _ = try await s.outbox.saveDraft(composed, account: s.accountID, id: id)
        #expect(try await s.outbox.syncDraft(id))
        _ = try await s.synchronizer.run()
        #expect(try s.rows(messageID: messageID) == 1)
        #expect(try s.store.email(id)?.bodyPlain?.contains("then more") == true)
        #expect(try s.store.outboxEntry(id)?.phase == .draft)

        try await s.outbox.discard(id)
        #expect(try s.rig.uids(user: s.user, mailbox: s.draftsPath, messageID: messageID).isEmpty)
    }

    @Test("plain IMAP layout: a draft saved here is one email after sync")
    func plainLayoutDraft() async throws { try await Self.draftIsStoredOnce(gmail: false) }

    @Test("Gmail layout: a draft saved here is one email after sync")
    func gmailLayoutDraft() async throws { try await Self.draftIsStoredOnce(gmail: true) }

    /// Each address's frequency is the number of synced emails it appears in (From, To or Cc),
    /// recorded for this account only.
    @Test("sync records every From/To/Cc of the account as a contact")
    func syncRecordsContacts() async throws {
        let s = try Self.setup(gmail: false)
        try s.rig.run(["seed", "6", "--user", s.user])
        let other = try s.store.create(Account(email: "other@example.org", displayName: "Other", provider: .local, authType: .local))
        let result = try await s.synchronizer.run()
        #expect(result.inserted >= 6)

        var expected: [String: Int] = [:]
        let emails: [Email] = try await s.store.database.writer.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM email WHERE account_id = ?", arguments: [s.accountID.rawValue])
        }.compactMap { try s.store.email(EmailID($0)) }
        #expect(emails.count == result.inserted)
        for email in emails {
            let addresses = Set(([email.from].compactMap { $0 } + email.to + email.cc).map { $0.normalizedAddress.trimmingCharacters(in: .whitespaces) })
            for address in addresses where !address.isEmpty { expected[address, default: 0] += 1 }
        }
        #expect(!expected.isEmpty)
        let recorded: [String: Int] = try await s.store.database.writer.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT address, frequency FROM contact WHERE account_id = ?",
                                                             arguments: [s.accountID.rawValue]).map { ($0[0] as String, $0[1] as Int) })
        }
        #expect(recorded == expected)
        // Autocomplete finds them for this account, not for another one.
        let someone = try #require(expected.keys.sorted().first)
        let prefix = String(someone.prefix(3))
        #expect(try s.store.contacts(matching: prefix, account: s.accountID, limit: 50).contains { $0.address == someone })
        #expect(try s.store.contacts(matching: prefix, account: other.id!, limit: 50).isEmpty)
    }
}
