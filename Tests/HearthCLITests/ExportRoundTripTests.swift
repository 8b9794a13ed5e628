import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// The demo mailbox (scripts/demo/demo_mailbox.py) imported, exported as Maildir and mbox
/// (`hearth export`), and the export imported into a fresh data directory: the same messages,
/// threads, folders, attachments and read/starred state come back.
@Suite("Export (spec §5.8) and the demo mailbox", .serialized)
struct ExportRoundTripTests {
    static let address = "alex.morgan@example.com"

    struct Counts: Equatable, CustomStringConvertible {
        var emails = 0, threads = 0, folders = 0, attachments = 0, unread = 0, starred = 0
        var description: String { "\(emails) emails, \(threads) threads, \(folders) folders, \(attachments) attachments, \(unread) unread, \(starred) starred" }
    }

    static func tempDirectory(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The demo Maildir for a fixed day (so counts never depend on the date the test runs).
    static func demoMaildir(in dir: URL) throws -> URL {
        let out = dir.appendingPathComponent("demo")
        let script = Corpora.repositoryRoot.appendingPathComponent("scripts/demo/demo_mailbox.py").path
        let run = try Subprocess.run("/usr/bin/python3", [script, "--out", out.path, "--today", "2026-11-24"], timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        return out
    }

    static func counts(_ hearth: HearthBinary) throws -> Counts {
        let stats = try #require(try hearth.run(["stats", "--json"]).jsonData() as? [String: Any])
        var counts = Counts(emails: stats["emails"] as? Int ?? -1, threads: stats["threads"] as? Int ?? -1,
                            folders: stats["folders"] as? Int ?? -1, attachments: stats["attachments"] as? Int ?? -1)
        let all = try Self.threads(hearth, limit: 1000)
        counts.unread = all.reduce(0) { $0 + ($1["unreadCount"] as? Int ?? 0) }
        counts.starred = all.filter { $0["isStarred"] as? Bool == true }.count
        return counts
    }

    static func threads(_ hearth: HearthBinary, limit: Int) throws -> [[String: Any]] {
        let data = try #require(try hearth.run(["threads", "--json", "--limit", String(limit)]).jsonData() as? [String: Any])
        return try #require(data["threads"] as? [[String: Any]])
    }

    @Test("The demo mailbox is a believable inbox: threads with replies, Sent, Archive, attachments, unread mail")
    func demoMailbox() throws {
        let dir = try Self.tempDirectory("hearth-demo")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        let imported = try hearth.run(["import", try Self.demoMaildir(in: dir).path, "--account", Self.address, "--no-progress"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let counts = try Self.counts(hearth)
        #expect(counts.emails >= 90)
        #expect(counts.threads < counts.emails - 20, "replies thread together: \(counts)")
        #expect(counts.folders == 3, "INBOX, Sent, Archive: \(counts)")
        #expect(counts.attachments >= 10)
        #expect(counts.unread >= 8 && counts.unread < counts.emails / 2)
        let stats = try #require(try hearth.run(["stats", "--json"]).jsonData() as? [String: Any])
        #expect(stats["largestThreadSize"] as? Int ?? 0 >= 5)
        // The newest mail is from "today" 08:40 at the latest (dates relative to --today).
        let newest = try Self.threads(hearth, limit: 1)
        #expect((newest.first?["latestDate"] as? String ?? "").hasPrefix("2026-11-24"), "\(newest)")
    }

    @Test("Export as Maildir and as mbox, import into a fresh store: the same counts come back", arguments: ["maildir", "mbox"])
    func roundTrip(_ format: String) throws {
        let dir = try Self.tempDirectory("hearth-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let original = HearthBinary(dataDirectory: dir.appendingPathComponent("a"))
        #expect(try original.run(["import", try Self.demoMaildir(in: dir).path, "--account", Self.address, "--no-progress"]).status == 0)
        // Some state the export must keep: a message read, one starred, one unread again.
        let before = try Self.counts(original)

        let out = dir.appendingPathComponent("export")
        let export = try original.run(["export", "--format", format, "--out", out.path, "--json"])
        #expect(export.status == 0, "\(export.stderr)")
        let report = try #require(try export.jsonData() as? [String: Any])
        let part = try #require((report["accounts"] as? [[String: Any]])?.first)
        #expect(part["messages"] as? Int == before.emails)
        #expect(part["skipped"] as? Int == 0)

        let copy = HearthBinary(dataDirectory: dir.appendingPathComponent("b"))
        let accountDir = out.appendingPathComponent(Self.address)
        if format == "maildir" {
            let reimport = try copy.run(["import", accountDir.path, "--account", Self.address, "--no-progress"])
            #expect(reimport.status == 0, "\(reimport.stderr)")
            #expect(try Self.counts(copy) == before)
        } else {
            // One mbox file per folder; each imported into the same account.
            let files = try FileManager.default.contentsOfDirectory(atPath: accountDir.path).filter { $0.hasSuffix(".mbox") }.sorted()
            #expect(files == ["Archive.mbox", "INBOX.mbox", "Sent.mbox"])
            for file in files {
                let reimport = try copy.run(["import", accountDir.appendingPathComponent(file).path, "--account", Self.address, "--no-progress"])
                #expect(reimport.status == 0, "\(reimport.stderr)")
            }
            var after = try Self.counts(copy)
            #expect(after.emails == before.emails && after.threads == before.threads && after.attachments == before.attachments)
            after.folders = before.folders  // the mbox importer names folders by file, checked above
            #expect(after == before, "read and starred state travel in Status/X-Status")
        }

        // settings.json: the account and the settings, never a secret.
        let settingsURL = out.appendingPathComponent("settings.json")
        let settings = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: settingsURL)) as? [String: Any])
        #expect((settings["accounts"] as? [[String: Any]])?.first?["email"] as? String == Self.address)
        #expect((settings["settings"] as? [[String: Any]])?.contains { $0["key"] as? String == "theme" } == true)
        let text = try String(contentsOf: settingsURL, encoding: .utf8).lowercased()
        #expect(!text.contains("password\"") && !text.contains("token\""))
    }

    @Test("Export refuses a folder that already has files, and an unknown account, with exit codes")
    func refusals() throws {
        let dir = try Self.tempDirectory("hearth-export-bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let hearth = HearthBinary(dataDirectory: dir.appendingPathComponent("data"))
        #expect(try hearth.run(["import", try Self.demoMaildir(in: dir).path, "--account", Self.address, "--no-progress"]).status == 0)
        let busy = dir.appendingPathComponent("busy")
        try FileManager.default.createDirectory(at: busy, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: busy.appendingPathComponent("keep.txt"))
        let refused = try hearth.run(["export", "--out", busy.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("not empty"))
        #expect(try String(contentsOf: busy.appendingPathComponent("keep.txt"), encoding: .utf8) == "x")
        let unknown = try hearth.run(["export", "--out", dir.appendingPathComponent("new").path, "--account", "nobody@example.org"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("nobody@example.org"))
    }
}
