import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// `hearth sync` of several accounts where one fails (issue 9, multi-account): quinn syncs,
/// ivan's password stopped working (his password command now prints a wrong one). The run
/// exits with the documented code of the failure (docs/cli.md: 77, credentials refused — the
/// first failure decides), names the failing account and why, and quinn's mail is there.
/// The stalled-server case is `MultiAccountIsolationTests` (HearthSyncTests), where timeouts
/// can be short.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(2)))
struct MultiAccountSyncCLITests {
    @Test func oneAccountWithAWrongPasswordDoesNotStopTheOther() throws {
        let rig = try MailRig.require()
        _ = try rig.run(["seed", "3", "--user", "quinn@example.test"])
        let dir = try Corpora.temporaryDirectory("hearth-multi-account")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data").path
        let passwordFile = dir.appendingPathComponent("ivan-password")
        try Data("ivan-pass\n".utf8).write(to: passwordFile)
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": dir.appendingPathComponent("key/secret.key").path,
                   "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("models").path]
        let hearth = HearthBinary(dataDirectory: dir)
        func run(_ arguments: [String], stdin: String? = nil) throws -> HearthBinary.Result {
            try hearth.run(arguments + ["--data-dir", data], environment: env, useDataDir: false, stdin: stdin)
        }
        let server = ["--imap-host", rig.host, "--imap-port", String(rig.imapsPort), "--ca-file", rig.caFile,
                      "--server-name", "localhost", "--provider", "imap", "--sync-window", "0"]
        let quinn = try run(["account", "add", "quinn@example.test"] + server + ["--password-stdin"], stdin: "quinn-pass\n")
        #expect(quinn.status == 0, "\(quinn.stderr)")
        let ivan = try run(["account", "add", "ivan@example.test"] + server + ["--password-command", "cat \(passwordFile.path)"])
        #expect(ivan.status == 0, "\(ivan.stderr)")
        try Data("not-ivans-password\n".utf8).write(to: passwordFile)

        let started = Date()
        let sync = try run(["sync"])
        let seconds = Date().timeIntervalSince(started)
        #expect(sync.status == 77, "exit \(sync.status): \(sync.stdout) \(sync.stderr)")
        let lines = sync.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("ivan@example.test: failed") && $0.contains("password") }, "\(sync.stdout)")
        #expect(lines.contains { $0.hasPrefix("quinn@example.test: ") && $0.contains(" new") }, "\(sync.stdout)")
        #expect(seconds < 30, "took \(seconds) s")

        let json = try run(["sync", "--json"])
        #expect(json.status == 77)
        let outcomes = try #require(try json.jsonData() as? [[String: Any]])
        let byAccount = Dictionary(uniqueKeysWithValues: outcomes.compactMap { o in (o["account"] as? String).map { ($0, o) } })
        #expect(byAccount["quinn@example.test"]?["ok"] as? Bool == true)
        #expect(byAccount["ivan@example.test"]?["ok"] as? Bool == false)
        #expect((byAccount["ivan@example.test"]?["error"] as? String)?.isEmpty == false)
        print("multi-account CLI: hearth sync of 2 accounts, one refused, took \(String(format: "%.2f", seconds)) s")
    }
}
