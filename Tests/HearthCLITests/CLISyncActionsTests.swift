import Foundation
import HearthTestSupport
import Testing

/// `hearth account add` → `sync` → actions, end to end through the binary against the rig, as a
/// user would run them (olga's mailbox is this suite's alone).
@Suite(.mailRig, .serialized, .timeLimit(.minutes(3)))
struct CLISyncActionsTests {
    let user = "olga@example.test"

    /// `--data-dir` goes after `add` (HearthBinary puts it after the first word, here `account`).
    func addArguments(_ rig: MailRig, dataDirectory: URL) -> [String] {
        ["account", "add", "--data-dir", dataDirectory.path, user, "--imap-host", rig.host, "--imap-port", String(rig.imapsPort),
         "--ca-file", rig.caFile, "--server-name", "localhost", "--provider", "imap", "--sync-window", "0"]
    }

    /// Message-IDs of a folder of olga's, read with doveadm on the server side.
    func serverMessageIDs(_ rig: MailRig, folder: String, flagged: Bool = false) throws -> [String] {
        let query = flagged ? ["mailbox", folder, "FLAGGED"] : ["mailbox", folder]
        let text = try rig.run(["doveadm", "fetch", "-u", user, "hdr.message-id"] + query)
        return text.split(separator: "\n").compactMap { line in
            // Compared without the angle brackets, as the store keeps Message-IDs.
            guard let start = line.firstIndex(of: "<"), let end = line.lastIndex(of: ">"), start < end else { return nil }
            return String(line[line.index(after: start)..<end])
        }
    }

    @Test func addSyncActOfflineAndCatchUp() throws {
        let rig = try MailRig.require()
        try rig.run(["seed", "3", "--user", user])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cli-sync-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir)
        let env = ["HEARTH_SECRET_STORE": "file", "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path]

        // A wrong password is refused before anything is saved.
        let refused = try hearth.run(addArguments(rig, dataDirectory: dir) + ["--password-stdin"], environment: env,
                                     useDataDir: false, stdin: "wrong\n")
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(refused.stderr.contains("sign"), "\(refused.stderr)")
        let none = try hearth.run(["accounts", "--json"], environment: env)
        #expect((try none.jsonData() as? [Any])?.isEmpty == true)

        let added = try hearth.run(addArguments(rig, dataDirectory: dir) + ["--password-stdin"], environment: env,
                                   useDataDir: false, stdin: "olga-pass\n")
        #expect(added.status == 0, "\(added.stderr)")
        // The password is in the secret store, never in the database.
        for file in try FileManager.default.contentsOfDirectory(atPath: dir.path) where file.hasPrefix("hearth.sqlite") {
            let bytes = try Data(contentsOf: dir.appendingPathComponent(file))
            #expect(bytes.range(of: Data("olga-pass".utf8)) == nil, "\(file) holds the password")
        }

        let synced = try hearth.run(["sync", "--json"], environment: env)
        #expect(synced.status == 0, "\(synced.stderr)")
        let outcome = try #require((try synced.jsonData() as? [[String: Any]])?.first)
        #expect(outcome["ok"] as? Bool == true)
        #expect((outcome["inserted"] as? Int ?? 0) >= 3)

        // The newest conversation's first message: archive it (online: sent at once).
        let page = try #require(try hearth.run(["threads", "--json", "--folder", "inbox", "--limit", "1"], environment: env).jsonData() as? [String: Any])
        let threads = try #require(page["threads"] as? [[String: Any]])
        let threadID = try #require(threads.first?["id"] as? Int)
        let detail = try #require(try hearth.run(["show", String(threadID), "--json"], environment: env).jsonData() as? [String: Any])
        let message = try #require((detail["messages"] as? [[String: Any]])?.last)
        let emailID = try #require(message["id"] as? Int)
        let messageID = try #require(message["messageId"] as? String)

        let archived = try hearth.run(["archive", String(emailID), "--json"], environment: env)
        #expect(archived.status == 0, "\(archived.stderr)")
        #expect((try archived.jsonData() as? [String: Any])?["sent"] as? Int == 1)
        #expect(try serverMessageIDs(rig, folder: "Archive").contains(messageID))
        #expect(try !serverMessageIDs(rig, folder: "INBOX").contains(messageID))

        // Offline: journalled only, visible in `hearth actions`, sent by the next sync.
        let starred = try hearth.run(["mark", "starred", String(emailID), "--offline", "--json"], environment: env)
        #expect((try starred.jsonData() as? [String: Any])?["pending"] as? Int == 1)
        let waiting = try #require(try hearth.run(["actions", "--json"], environment: env).jsonData() as? [[String: Any]])
        #expect(waiting.count == 1)
        #expect(waiting.first?["state"] as? String == "pending")
        let caughtUp = try hearth.run(["sync", "--json"], environment: env)
        let second = try #require((try caughtUp.jsonData() as? [[String: Any]])?.first)
        #expect(second["actionsSent"] as? Int == 1)
        #expect(second["inserted"] as? Int == 0)
        #expect(try serverMessageIDs(rig, folder: "Archive", flagged: true).contains(messageID))
        #expect((try hearth.run(["actions", "--json"], environment: env).jsonData() as? [Any])?.isEmpty == true)
    }

    @Test func unreachableServerExitsTempFail() throws {
        let rig = try MailRig.require()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-cli-down-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir)
        var arguments = addArguments(rig, dataDirectory: dir)
        arguments[arguments.firstIndex(of: String(rig.imapsPort)) ?? 0] = "1"
        let result = try hearth.run(arguments + ["--password-command", "echo olga-pass"], useDataDir: false)
        #expect(result.status == 75, "\(result.stderr)")
        #expect(result.stderr.contains("connect"), "\(result.stderr)")
    }
}
