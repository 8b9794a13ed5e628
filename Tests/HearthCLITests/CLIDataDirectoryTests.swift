import Foundation
import HearthTestSupport
import Testing

/// Where `hearth` keeps its data, as a user meets it: global options before or after the
/// command, `$HOME`/XDG honoured, a mistyped data directory refused, private permissions, and a
/// tree of Maildirs (mbsync, offlineimap) imported as the folders of one account.
@Suite struct CLIDataDirectoryTests {
    static let message = """
        From: Ann <ann@example.org>
        To: Me <me@example.org>
        Subject: %@
        Message-ID: <%@@example.org>
        Date: Mon, 1 Mar 2004 10:00:00 +0000

        Hello.

        """

    static func writeMessage(_ root: URL, _ relative: String, subject: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(String(format: message, subject, subject.replacingOccurrences(of: " ", with: "-")).utf8).write(to: url)
    }

    /// A one-message Maildir to import.
    static func maildir(in dir: URL) throws -> URL {
        let root = dir.appendingPathComponent("Maildir")
        try writeMessage(root, "cur/1.M1P1.host:2,S", subject: "Hello there")
        return root
    }

    /// The environment without the runner's own data-directory variables.
    static let clean = ["HEARTH_DATA_DIR": "", "XDG_DATA_HOME": ""]

    static func mode(_ path: String) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: path))[.posixPermissions] as? Int)
    }

    @Test func globalOptionsWorkBeforeAndAfterTheCommand() throws {
        let dir = try Corpora.temporaryDirectory("hearth-global")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data").path
        let hearth = HearthBinary(dataDirectory: dir)
        let imported = try hearth.run(["--data-dir", data, "--json", "import", try Self.maildir(in: dir).path],
                                      environment: Self.clean, useDataDir: false)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect((try? imported.jsonData()) != nil, "--json before the command was ignored: \(imported.stdout)")
        let before = try hearth.run(["--json", "--data-dir=\(data)", "threads"], environment: Self.clean, useDataDir: false)
        #expect(before.status == 0, "\(before.stderr)")
        let after = try hearth.run(["threads", "--data-dir", data, "--json"], environment: Self.clean, useDataDir: false)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(before.stdout == after.stdout)
        #expect(before.stdout.contains("Hello there"))
        // A subcommand's own options still work with global ones in front.
        let limited = try hearth.run(["--data-dir", data, "threads", "--limit", "1"], environment: Self.clean, useDataDir: false)
        #expect(limited.status == 0 && limited.stdout.contains("Hello there"), "\(limited.stderr)")
    }

    @Test func homeIsHonouredAndXDGDataHomeWins() throws {
        let dir = try Corpora.temporaryDirectory("hearth-home")
        defer { try? FileManager.default.removeItem(at: dir) }
        let home = dir.appendingPathComponent("home")
        let hearth = HearthBinary(dataDirectory: dir)
        let mail = try Self.maildir(in: dir).path
        let viaHome = try hearth.run(["import", mail], environment: Self.clean.merging(["HOME": home.path]) { $1 }, useDataDir: false)
        #expect(viaHome.status == 0, "\(viaHome.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/hearth/hearth.sqlite").path))

        let xdg = dir.appendingPathComponent("xdg-data")
        let viaXDG = try hearth.run(["import", mail], environment: ["HEARTH_DATA_DIR": "", "XDG_DATA_HOME": xdg.path, "HOME": home.path],
                                    useDataDir: false)
        #expect(viaXDG.status == 0, "\(viaXDG.stderr)")
        #expect(FileManager.default.fileExists(atPath: xdg.appendingPathComponent("hearth/hearth.sqlite").path))
    }

    @Test func aMistypedDataDirectoryIsRefusedAndNotCreated() throws {
        let dir = try Corpora.temporaryDirectory("hearth-typo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let typo = dir.appendingPathComponent("hearht-data")
        let hearth = HearthBinary(dataDirectory: typo)
        for command in [["threads"], ["stats"], ["accounts"], ["search", "hello"], ["show", "1"], ["outbox"], ["contacts", "a"]] {
            let result = try hearth.run(command)
            #expect(result.status == 66, "\(command): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("no Hearth mailbox in \(typo.path)"), "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        let json = try hearth.run(["threads", "--json"])
        #expect(json.status == 66 && json.stderr.contains("\"not_found\""), "\(json.stderr)")
        #expect(!FileManager.default.fileExists(atPath: typo.path), "a read command created the data directory")
        // Import is what creates a mailbox.
        let imported = try hearth.run(["import", try Self.maildir(in: dir).path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try hearth.run(["threads"]).status == 0)
    }

    @Test func theDataDirectoryIsPrivate() throws {
        let dir = try Corpora.temporaryDirectory("hearth-perms")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data")
        let hearth = HearthBinary(dataDirectory: data)
        #expect(try hearth.run(["import", try Self.maildir(in: dir).path]).status == 0)
        #expect(try hearth.run(["settings", "--json"]).status == 0)
        #expect(try Self.mode(data.path) == 0o700)
        let walker = try #require(FileManager.default.enumerator(atPath: data.path))
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            let path = data.appendingPathComponent(relative).path
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            #expect(try Self.mode(path) == (isDirectory.boolValue ? 0o700 : 0o600), "\(relative)")
            files.append(relative)
        }
        // -wal and -shm are gone once the last connection closed (the store test checks them open).
        #expect(files.contains("hearth.sqlite"), "\(files)")
    }

    /// mbsync `SubFolders Verbatim` / offlineimap: one Maildir per folder under ~/Mail.
    @Test func aTreeOfMaildirsIsImportedAsFoldersOfOneAccount() throws {
        let dir = try Corpora.temporaryDirectory("hearth-tree")
        defer { try? FileManager.default.removeItem(at: dir) }
        let mail = dir.appendingPathComponent("Mail")
        try Self.writeMessage(mail, "INBOX/cur/1.M1P1.host:2,S", subject: "In the inbox")
        try Self.writeMessage(mail, "Work/cur/2.M2P1.host:2,S", subject: "About work")
        try Self.writeMessage(mail, "Work/Projects/new/3.M3P1.host", subject: "A project")
        try Self.writeMessage(mail, "Sent/cur/4.M4P1.host:2,S", subject: "What I sent")
        try Self.writeMessage(mail, ".Lists.swift/cur/5.M5P1.host:2,S", subject: "A list post")
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let imported = try hearth.run(["import", mail.path, "--json"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let report = try #require(try imported.jsonData() as? [String: Any])
        #expect(report["messagesStored"] as? Int == 5)
        let accounts = try #require(try hearth.run(["accounts", "--json"]).jsonData() as? [[String: Any]])
        #expect(accounts.count == 1)
        for (folder, subject) in [("inbox", "In the inbox"), ("Work", "About work"), ("Work/Projects", "A project"),
                                  ("sent", "What I sent"), ("Lists/swift", "A list post")] {
            let listed = try hearth.run(["threads", "--folder", folder, "--json"])
            #expect(listed.status == 0, "\(folder): \(listed.stderr)")
            let threads = (try listed.jsonData() as? [String: Any])?["threads"] as? [[String: Any]]
            #expect(threads?.map { $0["subject"] as? String } == [subject], "\(folder)")
        }
    }
}
