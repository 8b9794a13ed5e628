import Foundation
import HearthTestSupport
import Testing

/// `compose` without `--password-command`: the secret `hearth account add` stored is used
/// (olga's mailbox is CLISyncActionsTests's alone, so this runs inside that serialized suite).
extension CLISyncActionsTests {
    @Test func composeSendsWithTheSecretAccountAddStored() throws {
        let rig = try MailRig.require()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cli-send-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir)
        let env = ["HEARTH_SECRET_STORE": "file", "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path]
        let added = try hearth.run(addArguments(rig, dataDirectory: dir)
                                   + ["--smtp-port", String(rig.submissionsPort), "--password-stdin"],
                                   environment: env, useDataDir: false, stdin: "olga-pass\n")
        #expect(added.status == 0, "\(added.stderr)")

        let subject = "stored-secret-\(UUID().uuidString.prefix(8))"
        // Leave olga's mailbox as the suite's other test expects it (the sent copy is in Sent too).
        defer {
            for folder in ["INBOX", "Sent", "Archive"] {
                _ = try? rig.run(["doveadm", "expunge", "-u", user, "mailbox", folder, "subject", subject])
            }
        }
        let sent = try hearth.run(["compose", "--to", user, "--subject", subject, "--body", "sent with the stored password",
                                   "--undo", "0", "--json"], environment: env)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(!sent.stderr.contains("--password-command"), "\(sent.stderr)")

        // It arrived: the server has a message with that subject in olga's INBOX.
        var found = false
        for _ in 0..<50 where !found {
            let text = try rig.run(["doveadm", "fetch", "-u", user, "hdr.subject", "mailbox", "INBOX"])
            found = text.contains(subject)
            if !found { Thread.sleep(forTimeInterval: 0.2) }
        }
        #expect(found, "the message sent with the stored secret never arrived")
    }
}
