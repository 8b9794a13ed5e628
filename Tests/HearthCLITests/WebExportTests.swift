import Foundation
import HearthProcess
import HearthTestSupport
import Testing

/// Settings › Data › Export your data, against `hearth serve` on the imported demo mailbox: the
/// export runs through the web (the application layer's `ExportData`, as `hearth export`), the
/// page says where it went and how many messages, and `hearth import` of the export into a
/// fresh data directory gives the same counts.
@Suite("Web app: export data", .serialized, .timeLimit(.minutes(8)))
struct WebExportTests {
    @Test("export as Maildir to a named folder and as a ZIP only; the folder and the downloaded ZIP re-import to the same counts; the CLI's ZIP has the same files")
    func exportThroughTheWeb() throws {
        let dir = try ExportRoundTripTests.tempDirectory("hearth-web-export")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data")
        let original = HearthBinary(dataDirectory: data)
        #expect(try original.run(["import", try ExportRoundTripTests.demoMaildir(in: dir).path, "--account", ExportRoundTripTests.address,
                                  "--no-progress"]).status == 0)
        let before = try ExportRoundTripTests.counts(original)
        let (server, web, settings) = try Self.signedInSettings(data: data, dir: dir)
        defer { server.stop() }
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
        let head = try Subprocess.run("/usr/bin/curl", ["-s", "-D", "-", "-o", "/dev/null", "-b", web.jar.path,
                                                       server.base + "/settings/export-download"], timeout: 40).stdout
        let disposition = try #require(head.firstMatch(of: /(?i)content-disposition: attachment; filename="(hearth-export-[0-9-]+)\.zip"/)?.1,
                                       "\(head)").description
        #expect(head.lowercased().contains("content-length: \(try Self.size(zip))"), "the length is sent: \(head)")
        let unpacked = dir.appendingPathComponent("unpacked")
        let unzip = try Subprocess.run("/usr/bin/python3", ["-m", "zipfile", "-e", zip.path, unpacked.path], timeout: 60)
        #expect(unzip.status == 0, "\(unzip.stderr)")
        // One top folder named as the file, the export inside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: unpacked.path) == [disposition])
        let fromZip = HearthBinary(dataDirectory: dir.appendingPathComponent("from-zip"))
        let zipImport = try fromZip.run(["import", unpacked.appendingPathComponent(disposition).appendingPathComponent(ExportRoundTripTests.address).path,
                                         "--account", ExportRoundTripTests.address, "--no-progress"])
        #expect(zipImport.status == 0, "\(zipImport.stderr)")
        #expect(try ExportRoundTripTests.counts(fromZip) == before, "the downloaded ZIP re-imports to the same counts")

        // No folder given: the export is one ZIP in the data directory's export area (the earlier
        // ZIP removed), and `hearth export --zip` makes the same archive through the same use case.
        let byDefault = try web.post("/settings/export", ["_csrf": csrf, "format": "mbox", "folder": ""])
        #expect(byDefault.status == 303)
        let done = try Self.finished(web, server.base)
        #expect(done.state == "finished" && done.file?.hasSuffix(".zip") == true, "\(done)")
        let exports = data.appendingPathComponent("exports")
        let all = try FileManager.default.contentsOfDirectory(atPath: exports.path)
        #expect(all == [done.file ?? "?"], "only the new ZIP, no folder, no earlier ZIP: \(all)")
        let webZip = dir.appendingPathComponent("web.zip")
        _ = try Subprocess.run("/usr/bin/curl", ["-s", "-o", webZip.path, "-b", web.jar.path, server.base + "/settings/export-download"], timeout: 40)
        let webEntries = try Self.contents(webZip)
        #expect(Set(webEntries.keys) == ["settings.json", "\(ExportRoundTripTests.address)/Archive.mbox",
                                         "\(ExportRoundTripTests.address)/INBOX.mbox", "\(ExportRoundTripTests.address)/Sent.mbox"],
                "\(webEntries.keys.sorted())")
        let cliZip = dir.appendingPathComponent("cli.zip")
        let cli = try original.run(["export", "--format", "mbox", "--zip", cliZip.path])
        #expect(cli.status == 0 && cli.stdout.contains("ZIP: \(cliZip.path)"), "\(cli.stderr)")
        #expect(try Self.contents(cliZip) == webEntries, "the CLI's ZIP holds the same files, byte for byte")
        #expect(try original.run(["export", "--format", "mbox", "--zip", cliZip.path]).status != 0, "an existing ZIP is never overwritten")
    }

    static func size(_ url: URL) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue ?? -1
    }

    /// Each file of a ZIP (read by Python's zipfile) by its path below the top folder, as a
    /// SHA-256 of its bytes; settings.json without its `exportedAt` time.
    static func contents(_ archive: URL) throws -> [String: String] {
        let script = """
            import hashlib, json, sys, zipfile
            out = {}
            for info in zipfile.ZipFile(sys.argv[1]).infolist():
                if info.is_dir(): continue
                name = info.filename.split("/", 1)[1]
                data = zipfile.ZipFile(sys.argv[1]).read(info)
                if name == "settings.json":
                    doc = json.loads(data); doc.pop("exportedAt", None); data = json.dumps(doc, sort_keys=True).encode()
                out[name] = hashlib.sha256(data).hexdigest()
            print(json.dumps(out))
            """
        let run = try Subprocess.run("/usr/bin/python3", ["-c", script, archive.path], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        return (try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: String]) ?? [:]
    }

    @Test("A large export (500 messages, an ~80 MB ZIP) downloads with bounded server memory; Cancel leaves nothing behind")
    func largeExportStreamsAndCancels() throws {
        let dir = try ExportRoundTripTests.tempDirectory("hearth-web-export-large")
        defer { try? FileManager.default.removeItem(at: dir) }
        let data = dir.appendingPathComponent("data")
        let mbox = dir.appendingPathComponent("large.mbox")
        // 500 messages, each with a 160 KB attachment of random bytes (base64 does not deflate
        // much, so the ZIP stays large: about 80 MB).
        let generator = """
            import base64, os, sys
            with open(sys.argv[1], "w") as f:
                for n in range(500):
                    blob = base64.encodebytes(os.urandom(160 * 1024)).decode()
                    f.write(f"From sender{n % 7}@example.test Mon Nov 23 10:00:00 2026\\n"
                            f"From: Sender {n % 7} <sender{n % 7}@example.test>\\nTo: big@example.test\\n"
                            f"Subject: Report {n}\\nMessage-ID: <large{n}@example.test>\\n"
                            f"Date: Mon, 23 Nov 2026 10:{n % 60:02d}:00 +0000\\nMIME-Version: 1.0\\n"
                            f"Content-Type: multipart/mixed; boundary=b\\n\\n--b\\nContent-Type: text/plain\\n\\nReport number {n}.\\n"
                            f"--b\\nContent-Type: application/octet-stream\\nContent-Disposition: attachment; filename=r{n}.bin\\n"
                            f"Content-Transfer-Encoding: base64\\n\\n{blob}--b--\\n\\n")
            """
        let made = try Subprocess.run("/usr/bin/python3", ["-c", generator, mbox.path], timeout: 120)
        #expect(made.status == 0, "\(made.stderr)")
        let original = HearthBinary(dataDirectory: data)
        #expect(try original.run(["import", mbox.path, "--account", "big@example.test", "--no-progress"]).status == 0)
        let (server, web, settings) = try Self.signedInSettings(data: data, dir: dir)
        defer { server.stop() }
        let csrf = try #require(settings.body.firstMatch(of: /name="csrf-token" content="([0-9a-f]+)"/)?.1).description

        #expect(try web.post("/settings/export", ["_csrf": csrf, "format": "mbox", "folder": ""]).status == 303)
        let status = try Self.finished(web, server.base)
        #expect(status.state == "finished" && status.done == 500, "\(status)")
        let archive = data.appendingPathComponent("exports").appendingPathComponent(status.file ?? "?")
        let zipBytes = try Self.size(archive)
        #expect(zipBytes > 70_000_000, "a large ZIP: \(zipBytes)")

        // The server's peak RSS while the ZIP downloads: reset the high-water mark (clear_refs 5),
        // download, read VmHWM. Streamed from disk it grows by a few chunks, not by the file.
        let pid = server.pid
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/\(pid)/clear_refs"))
        let before = try Self.memory(pid)
        let download = dir.appendingPathComponent("large.zip")
        let fetched = try Subprocess.run("/usr/bin/curl", ["-s", "-o", download.path, "-w", "%{http_code}", "-b", web.jar.path,
                                                          server.base + "/settings/export-download"], timeout: 120)
        let after = try Self.memory(pid)
        let downloaded = try Self.size(download)
        #expect(fetched.stdout == "200" && downloaded == zipBytes)
        let growth = after.peak - before.rss
        let line = "export download: ZIP \(zipBytes / 1_000_000) MB; server RSS before \(before.rss / 1024) MB, peak during the download \(after.peak / 1024) MB (+\(growth / 1024) MB)"
        print(line)
        try? line.write(to: Corpora.repositoryRoot.appendingPathComponent("artifacts/export-download-rss.txt"), atomically: true, encoding: .utf8)
        // Bounded by chunks and allocator slack, not by the file: well under half of it.
        #expect(growth < 40 * 1024 && growth * 1024 < zipBytes / 2, "bounded: \(line)")
        let listing = try Subprocess.run("/usr/bin/python3", ["-c", "import sys, zipfile; print(len([i for i in zipfile.ZipFile(sys.argv[1]).infolist() if not i.is_dir()]))", download.path], timeout: 60)
        #expect(listing.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "2", "INBOX.mbox and settings.json: \(listing.stdout)")

        // Started again and cancelled while it runs: the state says so, and nothing is left —
        // neither the new export's files nor (a new export replaces the old) the earlier ZIP.
        #expect(try web.post("/settings/export", ["_csrf": csrf, "format": "maildir", "folder": ""]).status == 303)
        let cancel = try web.post("/settings/export-cancel", ["_csrf": csrf], json: true)
        #expect(cancel.status == 200 && cancel.body.contains("true"), "it was running: \(cancel.body)")
        let cancelled = try Self.finished(web, server.base)
        #expect(cancelled.state == "cancelled" && cancelled.message == "Export cancelled; nothing was kept.", "\(cancelled)")
        let left = try FileManager.default.contentsOfDirectory(atPath: data.appendingPathComponent("exports").path)
        #expect(left.isEmpty, "nothing left behind: \(left)")
        let page = try web.get(server.base + "/settings")
        #expect(page.body.contains("Export cancelled; nothing was kept.") && page.body.contains("id=\"export-download-line\" hidden"))
        let gone = try Subprocess.run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}", "-b", web.jar.path,
                                                       server.base + "/settings/export-download"], timeout: 40)
        #expect(gone.stdout == "404")

        // The same in Chromium, as screenshots of the three states.
        if BrowserHarness.isAvailable { try Self.exportScreenshots(server) }

        // `hearth export` stopped by Ctrl-C (SIGINT) while it runs: it says so, and neither
        // the folder nor the ZIP (nor its partial file) is left.
        let folder = dir.appendingPathComponent("cli-export"), zip = dir.appendingPathComponent("cli-export.zip")
        let child = Process()
        child.executableURL = HearthBinary.executable
        child.arguments = ["export", "--data-dir", data.path, "--format", "maildir", "--out", folder.path, "--zip", zip.path]
        child.standardOutput = FileHandle.nullDevice
        let errors = dir.appendingPathComponent("cli-export.err")
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        child.standardError = try FileHandle(forWritingTo: errors)
        try child.run()
        // Interrupted once it has started writing messages.
        let started = Date()
        while Date().timeIntervalSince(started) < 30 && (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty ?? true {
            Thread.sleep(forTimeInterval: 0.05)
        }
        kill(child.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(30)
        while child.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        #expect(!child.isRunning && child.terminationStatus != 0, "stopped with an error status")
        #expect(said.contains("The export was cancelled."), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: folder.path) && !FileManager.default.fileExists(atPath: zip.path)
                && !FileManager.default.fileExists(atPath: zip.path + ".partial"), "nothing left: \(said)")
    }

    /// Settings › Export while it runs (with Cancel), after Cancel, and finished (with the
    /// download), at 1400, 1024 and 390 px, light and dark, each audited, on the large mailbox
    /// (so the export runs long enough to be seen). `HEARTH_WRITE_SCREENSHOTS=1` writes them to
    /// docs/screenshots (linked from docs/web.md; the wide ones at 60 %).
    static func exportScreenshots(_ server: ServeProcess) throws {
        let write = ProcessInfo.processInfo.environment["HEARTH_WRITE_SCREENSHOTS"] == "1"
        let folder = Corpora.repositoryRoot.appendingPathComponent(write ? "docs/screenshots" : "artifacts/web-export")
        var steps: [[String: Any]] = [["op": "open", "url": server.loginURL]]
        for theme in ["light", "dark"] {
            for width in [1400, 1024, 390] {
                let name = "\(theme)-\(width)-settings-export"
                let scale = width == 390 ? 1 : 0.6
                steps += [
                    ["op": "viewport", "width": width, "height": width == 390 ? 844 : 900, "mobile": width == 390, "scheme": theme],
                    ["op": "open", "url": server.base + "/settings#export"],
                    ["op": "wait", "selector": "#export-button"],
                    ["op": "expect", "name": "to the export section \(name)", "expr": "(document.getElementById('export').scrollIntoView(), true)"],
                    ["op": "click", "selector": "#export-button"],
                    ["op": "wait", "selector": "#export-cancel", "timeout": 15],
                    ["op": "screenshot", "name": name + "-running", "scale": scale],
                    ["op": "audit", "name": name + "-running"],
                    ["op": "click", "selector": "#export-cancel"],
                    ["op": "waitText", "selector": "#export-result", "text": "Export cancelled; nothing was kept.", "timeout": 20],
                    ["op": "expect", "name": "bar and download hidden \(name)", "expr": "document.getElementById('export-progress').hidden && document.getElementById('export-download-line').hidden"],
                ]
                if width == 1024 && theme == "light" {
                    steps += [["op": "screenshot", "name": name + "-cancelled", "scale": scale]]
                }
                // A full export takes a while on this mailbox: finished once unless writing them all.
                guard write || (width == 1024 && theme == "light") else { continue }
                steps += [
                    ["op": "click", "selector": "#export-button"],
                    ["op": "waitText", "selector": "#export-result", "text": "Exported 500 messages", "timeout": 120],
                    ["op": "expect", "name": "download offered \(name)", "expr": "!document.getElementById('export-download-line').hidden && /hearth-export-.*\\.zip, \\d/.test(document.getElementById('export-download-name').textContent)"],
                    ["op": "screenshot", "name": name + "-done", "scale": scale],
                    ["op": "audit", "name": name + "-done"],
                ]
            }
        }
        try WebAppDriver.run(steps, label: "export screenshots", artifacts: folder, timeout: 600, rules: .anyPage)
    }

    /// VmRSS and VmHWM (peak) of a process, in KB.
    static func memory(_ pid: Int32) throws -> (rss: Int, peak: Int) {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func value(_ key: String) -> Int {
            status.split(separator: "\n").first { $0.hasPrefix(key + ":") }
                .flatMap { Int($0.split(separator: " ").dropFirst().first { !$0.isEmpty }?.trimmingCharacters(in: .whitespaces) ?? "") } ?? -1
        }
        return (value("VmRSS"), value("VmHWM"))
    }

    struct Status: Decodable { var state: String; var done: Int; var total: Int; var message: String?; var file: String? }

    /// Polls `/settings/export-status` until the background export is over (at most five minutes).
    static func finished(_ web: CurlSession, _ base: String) throws -> Status {
        var status = Status(state: "none", done: 0, total: 0)
        // A deadline, not a speed claim: deflating ~80 MB in a debug build on a loaded 2-core
        // box took over a minute once (the ZIP step alone), so the test waits up to five.
        let deadline = Date().addingTimeInterval(300)
        while Date() < deadline {
            let response = try web.get(base + "/settings/export-status")
            status = try JSONDecoder().decode(Status.self, from: Data(response.body.utf8))
            if status.state != "running" { return status }
            Thread.sleep(forTimeInterval: 0.25)
        }
        return status
    }

    /// `hearth serve` on `data` (file secret store, no models), signed in through the launch
    /// link, and its Settings page as the browser gets it.
    static func signedInSettings(data: URL, dir: URL) throws -> (ServeProcess, CurlSession, CurlSession.Response) {
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": dir.appendingPathComponent("key/secret.key").path,
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("models").path]
        let server = try ServeProcess.start(dataDirectory: data, environment: env)
        let web = CurlSession(jar: dir.appendingPathComponent("cookies"), base: server.base)
        #expect(try web.get(server.loginURL).status == 303)
        return (server, web, try web.get(server.base + "/settings"))
    }
}
