import Foundation
import HearthTestSupport
import Testing

/// The web composer: Send, Undo, then Send again inside the first send's window. The message
/// must leave at the SECOND deadline (once), not at the first — against `hearth serve` and the
/// rig's submission server. frank@example.test sends (the web area's user); the subject is unique.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(2)))
struct WebUndoSendAgainTests {
    @Test func sendUndoSendAgainLeavesAtTheSecondDeadline() throws {
        let rig = try MailRig.require()
        let dir = try Corpora.temporaryDirectory("hearth-web-undo-again")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data")
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": dir.appendingPathComponent("key/secret.key").path,
                   "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path]
        let hearth = HearthBinary(dataDirectory: data)
        let added = try hearth.run(["account", "add", "--data-dir", data.path, "frank@example.test", "--imap-host", rig.host,
                                    "--imap-port", String(rig.imapsPort), "--smtp-port", String(rig.submissionsPort),
                                    "--ca-file", rig.caFile, "--server-name", "localhost", "--password-stdin"],
                                   environment: env, useDataDir: false, stdin: "frank-pass\n")
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try hearth.run(["settings", "set", "--data-dir", data.path, "undo-send-delay", "10"], environment: env, useDataDir: false).status == 0)
        let accounts = try hearth.run(["accounts", "--json", "--data-dir", data.path], environment: env, useDataDir: false)
        let accountID = try #require((try accounts.jsonData() as? [[String: Any]])?.first?["id"] as? Int)

        let server = try ServeProcess.start(dataDirectory: data, environment: env)
        defer { server.stop() }
        let web = CurlSession(jar: dir.appendingPathComponent("cookies"), base: server.base)
        #expect(try web.get(server.loginURL).status == 303)
        let page = try web.get(server.base + "/compose")
        let csrf = try #require(page.body.firstMatch(of: /name="_csrf" value="([0-9a-f]+)"/)?.1).description
        let subject = "undo and send again \(UUID().uuidString)"
        let mark = rig.sinkHighWaterMark()
        let fields = ["_csrf": csrf, "account": String(accountID), "to": "hank@gmail.test", "subject": subject, "body": "once, late"]

        let first = try web.post("/compose/send", fields, json: true)
        #expect(first.status == 200, "\(first.body)")
        let ticket = try #require(try JSONSerialization.jsonObject(with: Data(first.body.utf8)) as? [String: Any])
        let id = try #require(ticket["id"] as? Int)
        let firstSent = Date()
        Thread.sleep(forTimeInterval: 3)
        let undone = try web.post("/outbox/\(id)/undo", ["_csrf": csrf], json: true)
        #expect(undone.status == 200, "\(undone.body)")
        let second = try web.post("/compose/send", fields.merging(["draft": String(id)]) { $1 }, json: true)
        #expect(second.status == 200, "\(second.body)")
        let secondSent = Date()

        // Past the first deadline (+2 s for the submission): nothing has left.
        let firstDeadline = firstSent.addingTimeInterval(10)
        Thread.sleep(forTimeInterval: max(0, firstDeadline.timeIntervalSinceNow + 2))
        #expect(rig.sinkRecords(after: mark, containing: subject).isEmpty, "sent at the first deadline")
        // Then, after the second deadline: exactly once.
        let deadline = secondSent.addingTimeInterval(10 + 20)
        while rig.sinkRecords(after: mark, containing: subject).isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.5) }
        #expect(Date().timeIntervalSince(secondSent) >= 9.5, "sent before the second window ended")
        Thread.sleep(forTimeInterval: 1)
        #expect(rig.sinkRecords(after: mark, containing: subject).count == 1)
    }
}
