import Foundation
import HearthTestSupport
import Testing

/// End-to-end tests of the `hearth` binary: import → threads → show → stats, exit codes and
/// stream discipline, on a real SQLite file in a temporary data directory.
@Suite struct CLIImportTests {
    /// A small mbox with a three-message thread (one reply's parent missing → ghost), an
    /// unrelated message, a duplicate, and a message whose body contains an escaped From line.
    static let mbox = """
    From alice@example.com Mon Mar  1 10:00:00 2004
    Message-ID: <root@example.com>
    From: Alice Example <alice@example.com>
    To: Bob <bob@example.com>
    Subject: Budget for Q2
    Date: Mon, 1 Mar 2004 10:00:00 +0000

    Here is the budget.

    From bob@example.com Mon Mar  1 11:00:00 2004
    Message-ID: <reply1@example.com>
    In-Reply-To: <root@example.com>
    References: <root@example.com>
    From: Bob <bob@example.com>
    To: Alice Example <alice@example.com>
    Subject: Re: Budget for Q2
    Date: Mon, 1 Mar 2004 11:00:00 +0000

    Looks good.
    >From the spreadsheet it adds up.

    From carol@example.com Mon Mar  1 12:00:00 2004
    Message-ID: <reply2@example.com>
    References: <root@example.com> <missing@example.com>
    In-Reply-To: <missing@example.com>
    From: =?UTF-8?Q?Carol_M=C3=BCller?= <carol@example.com>
    To: Alice Example <alice@example.com>
    Subject: Re: Re: Budget for Q2
    Date: Mon, 1 Mar 2004 12:00:00 +0000

    Agreed.

    From dave@example.com Tue Mar  2 09:00:00 2004
    Message-ID: <other@example.com>
    From: Dave <dave@example.com>
    To: Alice Example <alice@example.com>
    Subject: Lunch?
    Date: Tue, 2 Mar 2004 09:00:00 +0000
    Content-Type: multipart/mixed; boundary="b1"

    --b1
    Content-Type: text/plain

    See attached menu.
    --b1
    Content-Type: application/pdf; name="menu.pdf"
    Content-Disposition: attachment; filename="menu.pdf"
    Content-Transfer-Encoding: base64

    JVBERi0xLjQK
    --b1--

    From dave@example.com Tue Mar  2 09:00:00 2004
    Message-ID: <other@example.com>
    From: Dave <dave@example.com>
    To: Alice Example <alice@example.com>
    Subject: Lunch?
    Date: Tue, 2 Mar 2004 09:00:00 +0000
    Content-Type: multipart/mixed; boundary="b1"

    --b1
    Content-Type: text/plain

    See attached menu.
    --b1
    Content-Type: application/pdf; name="menu.pdf"
    Content-Disposition: attachment; filename="menu.pdf"
    Content-Transfer-Encoding: base64

    JVBERi0xLjQK
    --b1--

    """

    func withImported(_ body: (HearthBinary, URL) throws -> Void) throws {
        let dir = try Corpora.temporaryDirectory("hearth-cli")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mboxURL = dir.appendingPathComponent("test.mbox")
        try Data(Self.mbox.utf8).write(to: mboxURL)
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        try body(hearth, mboxURL)
    }

    @Test func importThenListThreadsAndShow() throws {
        try withImported { hearth, mbox in
            let imported = try hearth.run(["import", mbox.path, "--json"])
            #expect(imported.status == 0, "\(imported.stderr)")
            let report = try #require(try imported.jsonData() as? [String: Any])
            #expect(report["messagesRead"] as? Int == 5)
            #expect(report["messagesStored"] as? Int == 4)
            #expect(report["duplicates"] as? Int == 1)

            let listed = try hearth.run(["threads", "--json"])
            #expect(listed.status == 0, "\(listed.stderr)")
            let page = try #require(try listed.jsonData() as? [String: Any])
            let threads = try #require(page["threads"] as? [[String: Any]])
            #expect(threads.count == 2)
            // Newest first: the lunch thread (2 Mar) before the budget thread (1 Mar).
            #expect(threads.first?["subject"] as? String == "Lunch?")
            #expect(threads.first?["hasAttachments"] as? Bool == true)
            let budget = try #require(threads.first { ($0["subject"] as? String) == "Budget for Q2" })
            #expect(budget["messageCount"] as? Int == 3)
            let names = (budget["participants"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
            #expect(names == ["Alice Example", "Bob", "Carol Müller"])

            let id = try #require(budget["id"] as? Int)
            let shown = try hearth.run(["show", String(id), "--json"])
            #expect(shown.status == 0, "\(shown.stderr)")
            let detail = try #require(try shown.jsonData() as? [String: Any])
            let messages = try #require(detail["messages"] as? [[String: Any]])
            #expect(messages.map { $0["messageId"] as? String } == ["root@example.com", "reply1@example.com", "reply2@example.com"])
            // mboxrd unescaping: ">From" in the file is "From" in the message.
            let body = try #require(messages[1]["bodyText"] as? String)
            #expect(body.contains("\nFrom the spreadsheet"))

            let stats = try #require(try hearth.run(["stats", "--json"]).jsonData() as? [String: Any])
            #expect(stats["emails"] as? Int == 4)
            #expect(stats["threads"] as? Int == 2)
            #expect(stats["ghostNodes"] as? Int == 1)
            #expect(stats["largestThreadSize"] as? Int == 3)
            #expect(stats["attachments"] as? Int == 1)
        }
    }

    @Test func textOutputGoesToStdoutAndNothingElse() throws {
        try withImported { hearth, mbox in
            let imported = try hearth.run(["import", mbox.path])
            #expect(imported.status == 0)
            #expect(imported.stdout.contains("Imported 4 of 5 messages"))
            let listed = try hearth.run(["threads"])
            #expect(listed.stdout.split(separator: "\n").count == 2)
            #expect(listed.stdout.contains("Budget for Q2"))
            #expect(listed.stderr.isEmpty)
        }
    }

    @Test func paginationVisitsEveryThreadOnce() throws {
        try withImported { hearth, mbox in
            try hearth.run(["import", mbox.path])
            let first = try #require(try hearth.run(["threads", "--limit", "1", "--json"]).jsonData() as? [String: Any])
            let cursor = try #require(first["nextCursor"] as? String)
            let second = try #require(try hearth.run(["threads", "--limit", "1", "--before", cursor, "--json"]).jsonData() as? [String: Any])
            let a = (first["threads"] as? [[String: Any]])?.first?["id"] as? Int
            let b = (second["threads"] as? [[String: Any]])?.first?["id"] as? Int
            #expect(a != nil && b != nil && a != b)
        }
    }

    @Test func exitCodesMeanSomething() throws {
        try withImported { hearth, mbox in
            try hearth.run(["import", mbox.path])
            let missingThread = try hearth.run(["show", "999999"])
            #expect(missingThread.status == 66)
            #expect(missingThread.stderr.contains("no thread 999999"))
            #expect(missingThread.stdout.isEmpty)

            let missingPath = try hearth.run(["import", "/nonexistent/mailbox"])
            #expect(missingPath.status == 66)

            let notMailbox = mbox.deletingLastPathComponent().appendingPathComponent("garbage.bin")
            try Data([0x00, 0x01, 0x02, 0xFF]).write(to: notMailbox)
            let bad = try hearth.run(["import", notMailbox.path, "--json"])
            #expect(bad.status == 65, "\(bad.stderr)")
            let error = try JSONSerialization.jsonObject(with: Data(bad.stderr.utf8)) as? [String: Any]
            #expect(error?["schema"] as? String == "hearth.error")

            let usage = try hearth.run(["threads", "--limit", "0"])
            #expect(usage.status == 64)
        }
    }

    @Test func dataDirectoryComesFromTheEnvironmentWhenNotGiven() throws {
        try withImported { hearth, mbox in
            let envDir = hearth.dataDirectory.deletingLastPathComponent().appendingPathComponent("env-data")
            let result = try hearth.run(["import", mbox.path], environment: ["HEARTH_DATA_DIR": envDir.path], useDataDir: false)
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: envDir.appendingPathComponent("hearth.sqlite").path))
            #expect(!FileManager.default.fileExists(atPath: hearth.dataDirectory.path))
        }
    }
}
