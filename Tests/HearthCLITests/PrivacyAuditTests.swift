import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// Privacy proof (goal G-07, NFR-SEC-03): the client runs under a connect() audit
/// (`scripts/privacy/connect-audit.py`: strace -f on connect/sendto/sendmsg) and every outbound
/// connection must go to a configured mail/OAuth server of the rig on 127.0.0.1; any other
/// address or any DNS lookup fails the test. To cover a new feature, add its command to `steps`.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(3)),
       .enabled(if: Subprocess.which("strace") != nil, "strace not installed (scripts/setup-system.sh installs it)"))
struct PrivacyAuditTests {
    let user = "ivan@example.test"

    @Test func everyConnectionGoesToAConfiguredServer() throws {
        let rig = try MailRig.require()
        try rig.run(["seed", "3", "--user", user])
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hearth-privacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let mbox = dir.appendingPathComponent("import.mbox")
        try Data("""
            From someone@example.org Mon Jan  1 00:00:00 2024
            From: Someone <someone@example.org>
            To: ivan@example.test
            Subject: privacyprobe import
            Message-ID: <privacy-1@example.org>
            Date: Mon, 01 Jan 2024 00:00:00 +0000

            Imported without touching the network.

            """.utf8).write(to: mbox)

        // Configured servers: the rig's IMAP, submission and OAuth endpoints, and nothing else.
        let allow = [rig.imapsPort, rig.imapPort, rig.submissionsPort, rig.submissionPort, rig.portBase + 80, rig.portBase + 443]
            .flatMap { ["--allow", "\(rig.host):\($0)"] }
        let data = dir.appendingPathComponent("data").path
        let env = ["HEARTH_SECRET_STORE": "file", "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("models").path]
        let steps: [(arguments: [String], stdin: String?)] = [
            (["account", "add", user, "--data-dir", data, "--imap-host", rig.host, "--imap-port", String(rig.imapsPort),
              "--ca-file", rig.caFile, "--server-name", "localhost", "--provider", "imap", "--sync-window", "0", "--password-stdin"], "ivan-pass\n"),
            (["sync", "--data-dir", data], nil),
            (["import", mbox.path, "--data-dir", data], nil),
            (["threads", "--data-dir", data, "--limit", "5"], nil),
            (["search", "privacyprobe", "--data-dir", data], nil),
            (["settings", "set", "theme", "dark", "--data-dir", data], nil),
            (["storage", "--data-dir", data], nil),
        ]
        let script = Corpora.repositoryRoot.appendingPathComponent("scripts/privacy/connect-audit.py").path
        var environment = ProcessInfo.processInfo.environment
        environment.merge(env) { $1 }
        var destinations: Set<String> = []
        for step in steps {
            let report = dir.appendingPathComponent("audit-\(step.arguments[0]).json")
            let outcome = try Subprocess.run("/usr/bin/python3", [script, "--report", report.path] + allow + ["--", HearthBinary.executable.path] + step.arguments,
                                             environment: environment, stdin: step.stdin, timeout: 300)
            #expect(outcome.status != 3, "hearth \(step.arguments[0]) broke the privacy rule: \(outcome.stderr)")
            #expect(outcome.status == 0, "hearth \(step.arguments[0]) failed: \(outcome.stderr)")
            if let json = try? JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any] {
                destinations.formUnion((json["destinations"] as? [String] ?? []).filter { !$0.hasPrefix("unix:") })
            }
        }
        // The audit saw the mail traffic (so it really watched the client).
        #expect(destinations.contains("\(rig.host):\(rig.imapsPort)"), "seen: \(destinations)")
        #expect(destinations.allSatisfy { $0.hasPrefix("\(rig.host):") }, "seen: \(destinations)")
    }
}
