import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `kill -9` of `hearth compose` inside the undo window: on the next start the message is a
/// draft (also in the server's Drafts folder) and nothing reached SMTP (the sink is checked).
/// Users: erin@example.test only.
@Suite("CLI send: kill -9 in the undo window", .mailRig, .timeLimit(.minutes(2)), .serialized)
struct SendUndoKillTests {
    /// A store in `dir` with erin's rig account (IMAP and submission over implicit TLS).
    static func storeWithErin(in dir: URL, rig: MailRig) throws -> MailStore {
        let store = try MailStore.open(directory: dir)
        _ = try store.create(Account(
            email: "erin@example.test", displayName: "Erin", provider: .imap, authType: .password,
            imap: ServerEndpoint(host: "localhost", port: rig.imapsPort, security: .implicitTLS, extraCAFile: rig.caFile),
            smtp: ServerEndpoint(host: "localhost", port: rig.submissionsPort, security: .implicitTLS, extraCAFile: rig.caFile)))
        return store
    }

    @Test("killed during the undo window → a draft, never sent")
    func killInUndoWindow() async throws {
        let rig = try MailRig.require()
        let dir = try Corpora.temporaryDirectory("hearth-send-kill")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try Self.storeWithErin(in: dir, rig: rig)
        let mark = rig.sinkHighWaterMark()
        let subject = "kill in undo window \(UUID().uuidString)"

        let compose = try await UndoWindowProcess(
            ["compose", "--data-dir", dir.path, "--account", "erin@example.test", "--to", "gina@gmail.test",
             "--subject", subject, "--body", "never sent", "--undo", "30", "--password-command", "echo erin-pass"],
            store: store, subject: subject)
        let process = compose.process
        let entry = compose.entry
        let queued = try #require(entry)
        #expect(queued.phase == .undo && queued.sendState == .queued, "stored as queued before the countdown")
        #expect(queued.ownerPID == process.processIdentifier)
        compose.kill()
        #expect(process.terminationReason == .uncaughtSignal)

        // Next start: recovery makes it a draft and copies it to the server's Drafts folder.
        let binary = HearthBinary(dataDirectory: dir)
        let listed = try binary.run(["outbox", "list", "--data-dir", dir.path, "--drafts", "--json", "--password-command", "echo erin-pass"], useDataDir: false)
        #expect(listed.status == 0, "\(listed.stderr)")
        let items = try #require(try listed.jsonData() as? [[String: Any]])
        let item = try #require(items.first { $0["subject"] as? String == subject })
        #expect(item["status"] as? String == "Draft")
        #expect(item["sendState"] as? String == "none")
        let messageID = try #require(item["messageId"] as? String)
        #expect(try await rig.waitForMessage(user: "erin@example.test", mailbox: "Drafts", messageID: messageID, timeout: 10) != nil)

        // Running the queue does not send a draft.
        let flushed = try binary.run(["outbox", "send", "--data-dir", dir.path, "--password-command", "echo erin-pass"], useDataDir: false)
        #expect(flushed.status == 0, "\(flushed.stderr)")
        try await Task.sleep(for: .seconds(1))
        #expect(rig.sinkRecords(after: mark, containing: messageID).isEmpty, "nothing reached SMTP")
        #expect(try store.outboxEntry(queued.emailID)?.phase == .draft)
    }

    @Test("compose --undo 0 sends at once; the sink has it and contacts learn the recipient")
    func composeSends() async throws {
        let rig = try MailRig.require()
        let dir = try Corpora.temporaryDirectory("hearth-send-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try Self.storeWithErin(in: dir, rig: rig)
        let mark = rig.sinkHighWaterMark()
        let subject = "cli compose \(UUID().uuidString)"
        let binary = HearthBinary(dataDirectory: dir)
        let sent = try binary.run(["compose", "--to", "Gina <gina@gmail.test>", "--bcc", "records@elsewhere.test", "--subject", subject,
                                   "--body", "Hello *there*", "--markup", "--undo", "0", "--json", "--password-command", "echo erin-pass"])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect((try sent.jsonData() as? [String: Any])?["outcome"] as? String == "sent")
        let record = try #require(try await rig.waitForSink(after: mark, containing: subject))
        #expect(record.recipients.sorted() == ["gina@gmail.test", "records@elsewhere.test"])
        #expect(!String(decoding: record.raw, as: UTF8.self).contains("records@elsewhere.test"))
        let contacts = try binary.run(["contacts", "gi", "--json"])
        #expect((try contacts.jsonData() as? [[String: Any]])?.first?["address"] as? String == "gina@gmail.test")
        let badUndo = try binary.run(["compose", "--to", "gina@gmail.test", "--subject", "x", "--body", "x", "--undo", "7",
                                      "--password-command", "echo erin-pass"])
        #expect(badUndo.status != 0)
    }
}
