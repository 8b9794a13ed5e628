import Foundation
import HearthAI
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthWeb
#if canImport(Glibc)
import Glibc
#endif

/// Settings › AI models (FR-SET-04): the catalog with its details, the consent page before any
/// byte is fetched, a download with progress events from a loopback HTTP server (never the
/// internet), cancel, import by path, delete behind a confirmation.
@Suite("Web app: AI model settings", .serialized, .timeLimit(.minutes(2)))
struct ModelSettingsTests {
    /// `python3 -m http.server` on a free loopback port, serving one directory.
    final class FileServer {
        let process = Process()
        let port: Int

        init(directory: URL) throws {
            port = try Self.freePort()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", directory.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if let fd = try? RawHTTP.connect(port: port, timeoutSeconds: 1) { close(fd); return }
                Thread.sleep(forTimeInterval: 0.05)
            }
            process.terminate()
            throw RawHTTP.Failure.malformed("the loopback file server did not start")
        }

        static func freePort() throws -> Int {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(fd) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
            }
            guard bound else { throw RawHTTP.Failure.connect(errno) }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        /// SIGKILL without waiting: Foundation's `waitUntilExit` can spin forever when another part
        /// of the test process reaps children; a killed server needs no goodbye.
        func stop() { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    }

    /// A small file that looks like a GGUF (magic + version) and its catalog entry.
    static func fakeModel(in directory: URL, port: Int) throws -> (file: URL, entry: ModelCatalogEntry) {
        var bytes = Data("GGUF".utf8) + Data([3, 0, 0, 0])
        bytes += Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })   // 3 MiB: several progress events
        let file = directory.appendingPathComponent("tiny.gguf")
        try bytes.write(to: file)
        let entry = ModelCatalogEntry(id: "tiny", displayName: "Tiny test model", role: .generation, fileName: "tiny-installed.gguf",
                                      sizeBytes: Int64(bytes.count), sha256: try Self.sha256(file), license: "MIT-0 (test)",
                                      licenseURL: "https://example.invalid/licence",
                                      downloadURL: URL(string: "http://127.0.0.1:\(port)/tiny.gguf"),
                                      provenance: "made by the test", preference: 0)
        return (file, entry)
    }

    /// sha256sum(1): the test target does not link swift-crypto.
    static func sha256(_ file: URL) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [file.path]
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: " ").first.map(String.init) ?? ""
    }

    @Test("catalog, consent before download, progress events, install, delete confirmation, import by path")
    func consentDownloadDeleteImport() async throws {
        let setup = try await ServedModel.start()
        let (directory, models, files, file, entry) = (setup.directory, setup.models, setup.files, setup.file, setup.entry)
        let (web, cookie, headers) = (setup.web, setup.cookie, setup.headers)
        defer { files.stop(); Task { await web.stop() } }
        let installed = models.appendingPathComponent(entry.fileName)

        let settings = try await web.http.request("GET", "/settings", headers: ["Cookie": cookie])
        for detail in ["Tiny test model", "Summaries and reply suggestions", "Sums up long conversations", "3 MB download",
                       "MIT-0 (test) — an open licence", entry.sha256, "http://127.0.0.1:\(files.port)/tiny.gguf",
                       "○ Not installed", "href=\"/settings/models/tiny/consent\"", "action=\"/settings/models/tiny/import\""] {
            #expect(settings.body.contains(detail), "settings show \(detail)")
        }
        // Plain words first; the model's name, source, origin and hash behind "Details".
        let details = try #require(settings.body.range(of: "<details class=\"model-more\">"))
        let detailsEnd = try #require(settings.body.range(of: "</details>", range: details.upperBound..<settings.body.endIndex))
        let inside = settings.body[details.upperBound..<detailsEnd.lowerBound]
        for detail in ["Tiny test model", entry.sha256, "http://127.0.0.1:\(files.port)/tiny.gguf", "made by the test"] {
            #expect(inside.contains(detail), "\(detail) is behind Details")
            #expect(!settings.body[..<details.lowerBound].contains(detail), "\(detail) is not before Details")
        }
        let consent = try await web.http.request("GET", "/settings/models/tiny/consent", headers: ["Cookie": cookie])
        #expect(consent.status == 200)
        for detail in ["http://127.0.0.1:\(files.port)/tiny.gguf", "3.1 MB", "MIT-0 (test)", entry.sha256, "id=\"consent-download\"", "id=\"consent-cancel\""] {
            #expect(consent.body.contains(detail), "consent shows \(detail)")
        }
        #expect(!FileManager.default.fileExists(atPath: models.path), "showing the consent page fetched nothing")
        let noConsent = try await web.http.request("POST", "/settings/models/tiny/download", headers: headers)
        #expect(noConsent.status == 400)
        #expect(!FileManager.default.fileExists(atPath: models.path), "no download without consent")

        // Progress over server-sent events.
        let fd = try RawHTTP.connect(port: web.server.port, timeoutSeconds: 5)
        defer { close(fd) }
        RawHTTP.send(fd, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(web.server.port)\r\nCookie: \(cookie)\r\n\r\n")
        let reader = EventReader(fd: fd)
        _ = try await RawHTTP.offPool { reader.read(until: ": connected") }
        let started = try await web.http.request("POST", "/settings/models/tiny/download", headers: headers, body: "consent=yes")
        #expect(started.status == 303)
        let events = try await RawHTTP.offPool { reader.read(until: "\"phase\":\"installed\"") }
        #expect(events.contains("event: model") && events.contains("\"phase\":\"downloading\""))
        #expect(events.contains("\"phase\":\"installed\""), "\(events.suffix(400))")
        #expect(FileManager.default.contentsEqual(atPath: installed.path, andPath: file.path))
        var page = try await web.http.request("GET", "/settings", headers: ["Cookie": cookie])
        #expect(page.body.contains("✓ Installed") && page.body.contains("href=\"/settings/models/tiny/delete\""))

        // Delete: a confirmation page first (FR-SET-04's text), then the file is gone.
        let confirm = try await web.http.request("GET", "/settings/models/tiny/delete", headers: ["Cookie": cookie])
        #expect(confirm.body.contains(ModelManager.deleteWarning) && FileManager.default.fileExists(atPath: installed.path))
        let deleted = try await web.http.request("POST", "/settings/models/tiny/delete", headers: headers)
        #expect(deleted.status == 303 && !FileManager.default.fileExists(atPath: installed.path))

        // Import by path: a wrong file is refused, the right one installs.
        let wrong = directory.appendingPathComponent("wrong.gguf")
        try (Data("GGUF".utf8) + Data(repeating: 1, count: 64)).write(to: wrong)
        let refused = try await web.http.request("POST", "/settings/models/tiny/import", headers: headers,
                                                 body: "path=\(FormDecoding.encode(wrong.path))")
        #expect(refused.status == 400 && refused.body.contains("SHA-256"))
        let imported = try await web.http.request("POST", "/settings/models/tiny/import", headers: headers,
                                                  body: "path=\(FormDecoding.encode(file.path))")
        #expect(imported.status == 303)
        page = try await web.http.request("GET", "/settings", headers: ["Cookie": cookie])
        #expect(page.body.contains("✓ Installed"))
    }

    @Test("onboarding's AI step: the same list; consent, download with progress and back to the step; then Next")
    func onboardingDownload() async throws {
        let setup = try await ServedModel.start()
        let (models, files, file, entry) = (setup.models, setup.files, setup.file, setup.entry)
        let (web, cookie, headers) = (setup.web, setup.cookie, setup.headers)
        defer { files.stop(); Task { await web.stop() } }

        let step = try await web.http.request("GET", "/welcome?step=4", headers: ["Cookie": cookie])
        #expect(step.status == 200)
        #expect(step.body.contains("Summaries and reply suggestions") && step.body.contains("○ Not installed") && step.body.contains("Skip for now"))
        let link = "/settings/models/tiny/consent?return=%2Fwelcome%3Fstep%3D4"
        #expect(step.body.contains("href=\"\(link)\""), "Download… goes to Settings' consent page, and back")
        #expect(step.body.contains("/assets/models.js"), "the page shows progress with the models script")

        let consent = try await web.http.request("GET", link, headers: ["Cookie": cookie])
        #expect(consent.status == 200 && consent.body.contains(entry.sha256) && consent.body.contains("3.1 MB"))
        #expect(consent.body.contains("name=\"return\" value=\"/welcome?step=4\"") && consent.body.contains("href=\"/welcome?step=4\" id=\"consent-cancel\""))
        #expect(!consent.body.contains("class=\"sidebar"), "inside onboarding: no mailbox around it")
        #expect(!FileManager.default.fileExists(atPath: models.path), "the consent page fetched nothing")

        let fd = try RawHTTP.connect(port: web.server.port, timeoutSeconds: 5)
        defer { close(fd) }
        RawHTTP.send(fd, "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(web.server.port)\r\nCookie: \(cookie)\r\n\r\n")
        let reader = EventReader(fd: fd)
        _ = try await RawHTTP.offPool { reader.read(until: ": connected") }
        let started = try await web.http.request("POST", "/settings/models/tiny/download", headers: headers,
                                                 body: "consent=yes&return=%2Fwelcome%3Fstep%3D4")
        #expect(started.status == 303 && started.header("Location") == "/welcome?step=4")
        let events = try await RawHTTP.offPool { reader.read(until: "\"phase\":\"installed\"") }
        #expect(events.contains("\"phase\":\"downloading\"") && events.contains("\"phase\":\"installed\""))
        #expect(FileManager.default.contentsEqual(atPath: models.appendingPathComponent(entry.fileName).path, andPath: file.path))
        let after = try await web.http.request("GET", "/welcome?step=4", headers: ["Cookie": cookie])
        #expect(after.body.contains("✓ Installed") && after.body.contains(">Next</a>") && !after.body.contains("Skip for now"))

        // A foreign return address is never followed.
        let foreign = try await web.http.request("POST", "/settings/models/tiny/cancel", headers: headers, body: "return=https%3A%2F%2Fevil.example%2F")
        #expect(foreign.header("Location")?.hasPrefix("/settings") == true)
    }

    @Test("cancel: a download that cannot finish is cancelled and nothing is installed")
    func cancel() async throws {
        let directory = try Corpora.temporaryDirectory("hearth-web-models")
        let models = directory.appendingPathComponent("models")
        // A listener that accepts and never answers: the download hangs until cancelled.
        let silent = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(silent) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(silent, $0, length) == 0 && listen(silent, 4) == 0 && getsockname(silent, $0, &length) == 0 }
        }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let entry = ModelCatalogEntry(id: "tiny", displayName: "Tiny test model", role: .generation, fileName: "tiny.gguf", sizeBytes: 1000,
                                      sha256: String(repeating: "0", count: 64), license: "MIT-0 (test)",
                                      downloadURL: URL(string: "http://127.0.0.1:\(port)/tiny.gguf"), provenance: "test", preference: 0)
        var services = WebServices(modelDirectory: models)
        services.modelCatalog = ModelCatalog(entries: [entry])
        services.modelDownloader = ModelDownloader(allowInsecureLoopback: true, maxAttempts: 1, readTimeoutSeconds: 30)
        let web = try await WebFixture(directory: directory, services: services)
        defer { Task { await web.stop() } }
        let cookie = try await web.login()
        let headers = ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken, "Accept": "application/json"]
        _ = try await web.http.request("POST", "/settings/models/tiny/download", headers: headers, body: "consent=yes")
        var page = try await web.http.request("GET", "/settings", headers: ["Cookie": cookie])
        #expect(page.body.contains("Downloading…") && page.body.contains("action=\"/settings/models/tiny/cancel\""))
        let cancelled = try await web.http.request("POST", "/settings/models/tiny/cancel", headers: headers)
        #expect(cancelled.status == 200 && cancelled.body.contains("Download cancelled"))
        let deadline = Date().addingTimeInterval(10)
        while web.server.app.downloads.isAnyRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(50)) }
        #expect(!web.server.app.downloads.isAnyRunning)
        #expect(web.server.app.downloads.state(of: "tiny")?.phase == .cancelled)
        page = try await web.http.request("GET", "/settings", headers: ["Cookie": cookie])
        #expect(page.body.contains("○ Not installed") || page.body.contains("Partly downloaded"))
        #expect(!FileManager.default.fileExists(atPath: models.appendingPathComponent("tiny.gguf").path))
    }
}

/// What both download tests start from: a loopback file server holding a fake model, that
/// model as the only catalog entry, and a signed-in web app whose model directory is empty.
struct ServedModel {
    let directory: URL
    let models: URL
    let file: URL
    let files: ModelSettingsTests.FileServer
    let entry: ModelCatalogEntry
    let web: WebFixture
    let cookie: String
    let headers: [String: String]

    static func start() async throws -> ServedModel {
        let directory = try Corpora.temporaryDirectory("hearth-web-models")
        let served = directory.appendingPathComponent("served")
        let models = directory.appendingPathComponent("models")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let files = try ModelSettingsTests.FileServer(directory: served)
        do {
            let (file, entry) = try ModelSettingsTests.fakeModel(in: served, port: files.port)
            var services = WebServices(modelDirectory: models)
            services.modelCatalog = ModelCatalog(entries: [entry])
            services.modelDownloader = ModelDownloader(allowInsecureLoopback: true, maxAttempts: 1, readTimeoutSeconds: 10)
            let web = try await WebFixture(directory: directory, services: services)
            let cookie = try await web.login()
            return ServedModel(directory: directory, models: models, file: file, files: files, entry: entry, web: web,
                               cookie: cookie, headers: ["Cookie": cookie, "X-CSRF-Token": web.policy.csrfToken])
        } catch {
            files.stop()
            throw error
        }
    }
}
