import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

/// Send-side bugs where the CLI had drifted from the web app (issue 13). No server is needed:
/// the accounts point at a closed port, and nothing here gets past the undo window.
@Suite("CLI outbox: the undo setting and the account filter", .timeLimit(.minutes(2)))
struct CLIOutboxDriftTests {
    static func store(in dir: URL) throws -> (MailStore, ann: Account, bob: Account) {
        let store = try MailStore.open(directory: dir)
        func account(_ email: String) throws -> Account {
            try store.create(Account(email: email, displayName: email, provider: .imap, authType: .password,
                                     imap: ServerEndpoint(host: "127.0.0.1", port: 1, security: .implicitTLS),
                                     smtp: ServerEndpoint(host: "127.0.0.1", port: 1, security: .implicitTLS)))
        }
        return (store, try account("ann@example.test"), try account("bob@example.test"))
    }

    static func draft(_ subject: String, from account: Account) -> ComposedMessage {
        ComposedMessage(from: EmailAddress(address: account.email), to: [EmailAddress(address: "x@example.test")],
                        subject: subject, body: "text")
    }

    @Test("`outbox list --drafts --account X` lists only X's drafts")
    func listFiltersByAccount() throws {
        let dir = try Corpora.temporaryDirectory("hearth-outbox-filter")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, ann, bob) = try Self.store(in: dir)
        _ = try store.saveDraft(Self.draft("ann's draft", from: ann), account: ann.id!, id: nil, at: Date())
        _ = try store.saveDraft(Self.draft("bob's draft", from: bob), account: bob.id!, id: nil, at: Date())

        let binary = HearthBinary(dataDirectory: dir)
        let listed = try binary.run(["outbox", "list", "--data-dir", dir.path, "--drafts", "--json", "--account", "bob@example.test"],
                                    useDataDir: false)
        #expect(listed.status == 0, "\(listed.stderr)")
        let items = try #require(try listed.jsonData() as? [[String: Any]])
        #expect(items.compactMap { $0["subject"] as? String } == ["bob's draft"])

        // Without --account: every account's, even with several accounts.
        let all = try binary.run(["outbox", "list", "--data-dir", dir.path, "--drafts", "--json"], useDataDir: false)
        #expect(all.status == 0, "\(all.stderr)")
        #expect((try all.jsonData() as? [[String: Any]])?.count == 2)
    }

    @Test("compose uses the undo-send-delay setting when --undo is not given")
    func undoSettingIsRead() async throws {
        let dir = try Corpora.temporaryDirectory("hearth-undo-setting")
        defer { try? FileManager.default.removeItem(at: dir) }
        let (store, _, _) = try Self.store(in: dir)
        let binary = HearthBinary(dataDirectory: dir)
        let set = try binary.run(["settings", "set", "--data-dir", dir.path, "undo-send-delay", "30"], useDataDir: false)
        #expect(set.status == 0, "\(set.stderr)")

        let subject = "undo setting \(UUID().uuidString)"
        let compose = try await UndoWindowProcess(
            ["compose", "--data-dir", dir.path, "--account", "ann@example.test", "--to", "x@example.test",
             "--subject", subject, "--body", "never sent", "--password-command", "echo pw"], store: store, subject: subject)
        defer { compose.kill() }
        let entry = compose.entry
        let queued = try #require(entry)
        let window = try #require(queued.undoDeadline).timeIntervalSince(try #require(queued.queuedDate))
        #expect(abs(window - 30) < 0.01, "the window is the setting's 30 s, not the default 5 s (was \(window))")
    }
}
