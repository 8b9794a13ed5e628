import Foundation
import HearthCore
import HearthProcess
import HearthStore
import HearthTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The web app end to end: `hearth account add` + `hearth sync` of rig mailboxes (hank, Gmail
/// style with OAuth; frank, password), `hearth serve`, then a real headless Chromium
/// (testenv/browser/webapp_driver.py) reads, archives with the keyboard, searches with a
/// filter, changes a setting, composes, undoes a send and sends; `hearth serve` is restarted and
/// the setting must still be there. Screenshots (desktop and phone width, light and dark) go to
/// `artifacts/web/`; every page gets the accessibility audit (landmarks, names, contrast, focus).
@Suite("Web app in Chromium", .mailRig, .browserPresent, .serialized, .timeLimit(.minutes(3)))
struct WebAppBrowserTests {
    static let artifacts = Corpora.repositoryRoot.appendingPathComponent("artifacts/web")

    /// `hearth serve` as a child process; its first stdout line is the address.
    final class Server {
        let process = Process()
        let url: String
        var base: String { String(url[..<(url.range(of: "/login")?.lowerBound ?? url.endIndex)]) }

        init(dataDirectory: URL, environment: [String: String]) throws {
            let out = dataDirectory.appendingPathComponent("serve-\(UUID().uuidString).out")
            FileManager.default.createFile(atPath: out.path, contents: nil)
            process.executableURL = HearthBinary.executable
            process.arguments = ["serve", "--data-dir", dataDirectory.path, "--port", "0", "--no-open"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = FileHandle.nullDevice
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            var line = ""
            while Date() < deadline {
                line = (try? String(contentsOf: out, encoding: .utf8))?.split(separator: "\n").first.map(String.init) ?? ""
                if line.hasPrefix("http://127.0.0.1:") { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            guard line.hasPrefix("http://127.0.0.1:") else {
                process.terminate()
                throw RawFailure("hearth serve printed no address")
            }
            url = line
        }

        func stop() {
            guard process.isRunning else { return }
            kill(process.processIdentifier, SIGTERM)
            let deadline = Date().addingTimeInterval(10)
            while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
    }

    struct RawFailure: Error, CustomStringConvertible { let description: String; init(_ d: String) { description = d } }

    typealias Report = WebAppDriver.Report

    func drive(_ steps: [[String: Any]], label: String) throws -> Report {
        try Self.drive(steps, label: label).report
    }

    /// A scenario in headless Chromium against `hearth serve`, with the mail screens' audit rules
    /// (`WebAppDriver`). Returns the report and the values the scenario's `eval` steps collected.
    @discardableResult
    static func drive(_ steps: [[String: Any]], label: String, artifacts: URL = WebAppBrowserTests.artifacts,
                      timeout: Int = 100) throws -> (report: Report, values: [String: Any]) {
        try WebAppDriver.run(steps, label: label, artifacts: artifacts, timeout: timeout, rules: .mailScreens)
    }

    @Test("read, archive with the keyboard, search with a filter, settings across a restart, compose, undo, send")
    func endToEnd() async throws {
        let rig = try MailRig.require()
        let dir = try Corpora.temporaryDirectory("hearth-webapp")
        defer { try? FileManager.default.removeItem(at: dir) }
        try? FileManager.default.removeItem(at: Self.artifacts)
        try FileManager.default.createDirectory(at: Self.artifacts, withIntermediateDirectories: true)
        let hearth = HearthBinary(dataDirectory: dir)
        // No AI model here (WebAIBrowserTests covers AI): the pages and their timing stay the same on every machine.
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": dir.appendingPathComponent("secret.key").path,
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("no-models").path]
        let rigTool = Corpora.repositoryRoot.appendingPathComponent("testenv/rig/rig").path
        let hank = "hank@gmail.test", frank = "frank@example.test"
        let common = ["--imap-host", rig.host, "--imap-port", String(rig.imapsPort), "--smtp-port", String(rig.imapsPort - 993 + 465),
                      "--ca-file", rig.caFile, "--server-name", "localhost", "--sync-window", "0"]
        var added = try hearth.run(["account", "add", "--data-dir", dir.path, hank, "--provider", "gmail",
                                    "--token-command", "RIG_DIR=\(rig.directory) \(rigTool) token \(hank)"] + common, environment: env, useDataDir: false)
        #expect(added.status == 0, "\(added.stderr)")
        added = try hearth.run(["account", "add", "--data-dir", dir.path, frank, "--provider", "imap", "--display-name", "Frank",
                                "--password-command", "echo frank-pass"] + common, environment: env, useDataDir: false)
        #expect(added.status == 0, "\(added.stderr)")
        var synced = try hearth.run(["sync"], environment: env)
        #expect(synced.status == 0, "\(synced.stderr)")
        let store = try MailStore.open(directory: dir)
        if try store.threads(ThreadQuery(folderType: .inbox, limit: 100)).count < 8 {
            _ = try rig.run(["seed", "30", "--user", hank, "--profile", "small", "--seed", "hearth-web"])
            synced = try hearth.run(["sync"], environment: env)
            #expect(synced.status == 0, "\(synced.stderr)")
        }
        let inbox = try store.threads(ThreadQuery(folderType: .inbox, limit: 100))
        try #require(inbox.count >= 3, "hank's inbox has conversations")
        let archived = try #require(inbox.first?.id)
        // A conversation to find by sender and subject word (not the one archived).
        let target = try #require(inbox.dropFirst().first { thread in
            thread.participants.first.map { !$0.address.isEmpty } == true && thread.subject.split(separator: " ").contains { $0.count >= 4 && $0.allSatisfy(\.isLetter) }
        })
        let sender = String(target.participants.first!.address.split(separator: "@").first!)
        let word = String(target.subject.split(separator: " ").first { $0.count >= 4 && $0.allSatisfy(\.isLetter) }!)
        let subject = "web send \(UUID().uuidString.prefix(8))"
        let frankID = try #require(try store.accounts().first { $0.email == frank }?.id)
        let mark = rig.sinkHighWaterMark()

        let first = try Server(dataDirectory: dir, environment: env)
        defer { first.stop() }
        let base = first.base
        let desktop: [String: Any] = ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"]
        let phone: [String: Any] = ["op": "viewport", "width": 390, "height": 844, "scheme": "light", "mobile": true]
        var steps: [[String: Any]] = [
            desktop,
            ["op": "open", "url": first.url],
            ["op": "wait", "selector": ".thread-row"],
            ["op": "screenshot", "name": "desktop-light-inbox"],
            ["op": "audit", "name": "inbox"],
            // Open the newest conversation from the keyboard and archive it with `e`.
            ["op": "key", "key": "j"], ["op": "key", "key": "o"],
            ["op": "wait", "selector": "#conversation[data-thread=\"\(archived.rawValue)\"] iframe.body-frame"],
            ["op": "expect", "name": "openedRead", "expr": "!document.querySelector('.thread-row[data-thread=\"\(archived.rawValue)\"]').classList.contains('unread')"],
            ["op": "screenshot", "name": "desktop-light-conversation"],
            ["op": "audit", "name": "conversation"],
            ["op": "key", "key": "e"],
            ["op": "waitGone", "selector": "#conversation"],
            ["op": "waitGone", "selector": ".thread-row[data-thread=\"\(archived.rawValue)\"]"],
            // Search as you type with a filter.
            ["op": "key", "key": "/"],
            ["op": "type", "selector": "#search-input", "text": "from:\(sender) \(word)"],
            ["op": "waitText", "selector": "#filter-chips", "text": "From: \(sender)"],
            ["op": "wait", "selector": "#thread-list .thread-row[data-thread=\"\(target.id!.rawValue)\"]"],
            // The row can first arrive from the filter alone ("from:… " typed, no word yet, so
            // nothing to mark); the page for the whole query follows on a loaded machine.
            ["op": "wait", "selector": "#thread-list mark"],
            ["op": "expect", "name": "highlighted", "expr": "!!document.querySelector('#thread-list mark')"],
            ["op": "screenshot", "name": "desktop-light-search"],
            ["op": "audit", "name": "search"],
            // A setting, saved the moment it changes.
            ["op": "open", "url": "\(base)/settings"],
            ["op": "wait", "selector": "#setting-theme"],
            ["op": "audit", "name": "settings"],
            ["op": "eval", "name": "themeChange", "expr": "(() => { const s = document.querySelector('#setting-theme'); s.value = 'dark'; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()"],
            ["op": "waitText", "selector": "#setting-theme-form .saved-status", "text": "Saved"],
            ["op": "expect", "name": "themeApplied", "expr": "document.documentElement.dataset.theme === 'dark'"],
            // Compose, send, undo: back in the composer with the draft, nothing sent.
            ["op": "open", "url": "\(base)/compose"],
            ["op": "wait", "selector": "#composer"],
            ["op": "eval", "name": "from", "expr": "(() => { document.querySelector('#compose-from').value = '\(frankID.rawValue)'; return true; })()"],
            ["op": "type", "selector": "#compose-to", "text": "\(hank)"],
            ["op": "type", "selector": "#compose-subject", "text": subject],
            ["op": "type", "selector": "#compose-editor", "text": "Sent from the browser test."],
            ["op": "audit", "name": "compose"],
            ["op": "click", "selector": "#send-button"],
            ["op": "wait", "selector": "#undo-send"],
            ["op": "click", "selector": "#undo-send"],
            ["op": "wait", "selector": "#compose-subject"],
            ["op": "expect", "name": "draftBack", "expr": "location.pathname === '/compose' && document.querySelector('#composer input[name=draft]').value !== '' && document.querySelector('#compose-subject').value === '\(subject)'"],
            // Send for real: the undo window runs out, the rig's sink gets it.
            ["op": "click", "selector": "#send-button"],
            ["op": "wait", "selector": "#undo-send"],
            ["op": "sleep", "ms": 6500],
            // Phone width.
            phone,
            ["op": "open", "url": "\(base)/mail?box=inbox"],
            ["op": "wait", "selector": ".thread-row"],
            ["op": "screenshot", "name": "phone-dark-inbox"],
            ["op": "click", "selector": ".thread-row .thread-link"],
            ["op": "wait", "selector": "#conversation"],
            ["op": "expect", "name": "phoneOnePane", "expr": "getComputedStyle(document.querySelector('#list-pane')).display === 'none'"],
            ["op": "screenshot", "name": "phone-dark-conversation"],
            ["op": "audit", "name": "phone-conversation"],
        ]
        _ = try drive(steps, label: "first run")
        #expect(!(try store.threads(ThreadQuery(folderType: .inbox, limit: 100)).contains { $0.id == archived }), "archived in the store")
        let sent = try await rig.waitForSink(after: mark, containing: subject, timeout: 20)
        #expect(sent != nil, "the message reached the rig's SMTP sink")
        #expect(rig.sinkRecords(after: mark, containing: subject).count == 1, "sent once: the undone send never left")
        // The archive reached the server (the action journal is empty once replayed).
        var pending = -1
        for _ in 0..<40 {
            let listed = try hearth.run(["actions", "--json"], environment: env)
            pending = (try? listed.jsonData() as? [Any])?.count ?? -1
            if pending == 0 { break }
            try await Task.sleep(for: .milliseconds(250))
        }
        #expect(pending == 0, "the archive was replayed to the server")
        first.stop()

        // Restart: a new address (new secret); the theme chosen before is still dark.
        let second = try Server(dataDirectory: dir, environment: env)
        defer { second.stop() }
        #expect(second.url != first.url)
        steps = [
            desktop,
            ["op": "open", "url": "\(first.url)"],
            ["op": "expect", "name": "oldAddressRefused", "expr": "!document.querySelector('.thread-row')"],
            ["op": "open", "url": second.url],
            ["op": "wait", "selector": ".thread-row"],
            ["op": "expect", "name": "themeSurvived", "expr": "document.documentElement.dataset.theme === 'dark'"],
            ["op": "screenshot", "name": "desktop-dark-inbox"],
            ["op": "audit", "name": "inbox-dark"],
            ["op": "click", "selector": ".thread-row .thread-link"],
            ["op": "wait", "selector": "#conversation iframe.body-frame"],
            ["op": "screenshot", "name": "desktop-dark-conversation"],
            ["op": "audit", "name": "conversation-dark"],
            ["op": "open", "url": "\(second.base)/mail?box=outbox"],
            ["op": "wait", "selector": "#outbox-heading"],
            phone,
            // Light again, for the phone's light screenshots.
            ["op": "open", "url": "\(second.base)/settings"],
            ["op": "wait", "selector": "#setting-theme"],
            ["op": "eval", "name": "themeLight", "expr": "(() => { const s = document.querySelector('#setting-theme'); s.value = 'light'; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()"],
            ["op": "waitText", "selector": "#setting-theme-form .saved-status", "text": "Saved"],
            ["op": "open", "url": "\(second.base)/mail?box=inbox"],
            ["op": "wait", "selector": ".thread-row"],
            ["op": "screenshot", "name": "phone-light-inbox"],
            ["op": "click", "selector": ".thread-row .thread-link"],
            ["op": "wait", "selector": "#conversation"],
            ["op": "screenshot", "name": "phone-light-conversation"],
        ]
        let report = try drive(steps, label: "after restart")
        #expect(report.screenshots.count == 4)
    }
}
