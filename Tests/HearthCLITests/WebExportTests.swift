import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// Settings › Data › Export your data, against `hearth serve` on the imported demo mailbox: the
/// export runs through the web (the application layer's `ExportData`, as `hearth export`), the
/// page says where it went and how many messages, and `hearth import` of the export into a
/// fresh data directory gives the same counts.
@Suite("Web app: export data", .serialized, .timeLimit(.minutes(3)))
struct WebExportTests {
    @Test("export as Maildir to a named folder and as mbox to the default folder; the Maildir re-imports to the same counts")
    func exportThroughTheWeb() throws {
        let dir = try ExportRoundTripTests.tempDirectory("hearth-web-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data")
        let original = HearthBinary(dataDirectory: data)
        #expect(try original.run(["import", try ExportRoundTripTests.demoMaildir(in: dir).path, "--account", ExportRoundTripTests.address,
                                  "--no-progress"]).status == 0)
        let before = try ExportRoundTripTests.counts(original)
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": dir.appendingPathComponent("key/secret.key").path,
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("models").path]
        let server = try ServeProcess.start(dataDirectory: data, environment: env)
        defer { server.stop() }
        let web = CurlSession(jar: dir.appendingPathComponent("cookies"), base: server.base)
        #expect(try web.get(server.loginURL).status == 303)
        let settings = try web.get(server.base + "/settings")
        #expect(settings.status == 200 && settings.body.contains("id=\"export-button\""))
        let csrf = try #require(settings.body.firstMatch(of: /name="csrf-token" content="([0-9a-f]+)"/)?.1).description

        // A relative folder is refused, nothing written.
        let relative = try web.post("/settings/export", ["_csrf": csrf, "format": "maildir", "folder": "exports/x"])
        #expect(relative.status == 400 && relative.body.contains("full path"))

        let out = dir.appendingPathComponent("my export")
        let exported = try web.post("/settings/export", ["_csrf": csrf, "format": "maildir", "folder": out.path])
        #expect(exported.status == 303, "\(exported.body.prefix(500))")
        let location = try #require(exported.location)
        // The export runs in the background: its progress reaches the total.
        let status = try Self.finished(web, server.base)
        #expect(status.state == "finished" && status.done == before.emails && status.total == before.emails, "\(status)")
        let page = try web.get(server.base + location)
        let result = try #require(page.body.firstMatch(of: /id="export-result">([^<]+)</)?.1).description
        #expect(result.contains("Exported \(before.emails) messages from 1 account as Maildir to \(out.path)."), "\(result)")
        #expect(result.contains("settings.json"))

        // The same folder again: refused (an export never overwrites), the first export intact.
        let again = try web.post("/settings/export", ["_csrf": csrf, "format": "maildir", "folder": out.path])
        #expect(again.status == 400 && again.body.contains("not empty"))

        // Re-imported with the CLI into a fresh data directory: the same counts.
        let copy = HearthBinary(dataDirectory: dir.appendingPathComponent("copy"))
        let reimport = try copy.run(["import", out.appendingPathComponent(ExportRoundTripTests.address).path,
                                     "--account", ExportRoundTripTests.address, "--no-progress"])
        #expect(reimport.status == 0, "\(reimport.stderr)")
        #expect(try ExportRoundTripTests.counts(copy) == before)

        // The page's download link: the same export as one ZIP, which unpacks and re-imports alike.
        #expect(page.body.contains("href=\"/settings/export-download\""))
        let zip = dir.appendingPathComponent("download.zip")
        let fetched = try Subprocess.run("/usr/bin/curl", ["-s", "-o", zip.path, "-w", "%{http_code} %{content_type}", "-b", web.jar.path,
                                                          server.base + "/settings/export-download"], timeout: 40)
        #expect(fetched.stdout.hasPrefix("200 application/zip"), "\(fetched.stdout)")
        let unpacked = dir.appendingPathComponent("unpacked")
        let unzip = try Subprocess.run("/usr/bin/python3", ["-m", "zipfile", "-e", zip.path, unpacked.path], timeout: 60)
        #expect(unzip.status == 0, "\(unzip.stderr)")
        let fromZip = HearthBinary(dataDirectory: dir.appendingPathComponent("from-zip"))
        let zipImport = try fromZip.run(["import", unpacked.appendingPathComponent(out.lastPathComponent).appendingPathComponent(ExportRoundTripTests.address).path,
                                         "--account", ExportRoundTripTests.address, "--no-progress"])
        #expect(zipImport.status == 0, "\(zipImport.stderr)")
        #expect(try ExportRoundTripTests.counts(fromZip) == before, "the downloaded ZIP re-imports to the same counts")

        // No folder given: a new one under the data directory, as mbox.
        let byDefault = try web.post("/settings/export", ["_csrf": csrf, "format": "mbox", "folder": ""])
        #expect(byDefault.status == 303)
        #expect(try Self.finished(web, server.base).state == "finished")
        let exports = data.appendingPathComponent("exports")
        let all = try FileManager.default.contentsOfDirectory(atPath: exports.path)
        let made = all.filter { !$0.hasSuffix(".zip") }
        #expect(made.count == 1 && made[0].hasPrefix("hearth-") && all.contains(made[0] + ".zip"), "the folder and its ZIP: \(all)")
        let mboxes = try FileManager.default.contentsOfDirectory(atPath: exports.appendingPathComponent(made[0]).appendingPathComponent(ExportRoundTripTests.address).path)
        #expect(mboxes.sorted() == ["Archive.mbox", "INBOX.mbox", "Sent.mbox"])
    }

    struct Status: Decodable { var state: String; var done: Int; var total: Int; var message: String? }

    /// Polls `/settings/export-status` until the background export is over (at most a minute).
    static func finished(_ web: CurlSession, _ base: String) throws -> Status {
        var status = Status(state: "none", done: 0, total: 0)
        for _ in 0..<240 {
            let response = try web.get(base + "/settings/export-status")
            status = try JSONDecoder().decode(Status.self, from: Data(response.body.utf8))
            if status.state != "running" { return status }
            Thread.sleep(forTimeInterval: 0.25)
        }
        return status
    }
}
