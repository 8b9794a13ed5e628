import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// Settings as a person meets it, in headless Chromium against an in-process server: on a phone
/// the top bar stays while the page scrolls (as on the mail screen), Settings › AI tells each
/// model apart in plain words, and export runs as a background job with a progress bar.
@Suite("Web app in Chromium: Settings", .serialized, .timeLimit(.minutes(3)),
       .enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserHarness.skipReason)))
struct SettingsBrowserTests {
    static let artifacts = Corpora.repositoryRoot.appendingPathComponent("artifacts/web-settings")

    /// The top bar's place on screen, after the page was scrolled to its end by every means a
    /// phone has (the window and the main pane).
    static let topBarAfterScrolling = """
        (() => { const last = document.querySelector('main > :last-child') || document.body;
                 last.scrollIntoView({block: 'end'}); window.scrollTo(0, document.documentElement.scrollHeight);
                 const m = document.querySelector('main'); if (m) m.scrollTop = m.scrollHeight;
                 const r = document.querySelector('.topbar').getBoundingClientRect();
                 return [Math.round(r.top), Math.round(r.bottom), Math.round((m || document.body).scrollTop + window.scrollY)]; })()
        """

    @Test("at 390 px the Settings top bar is still on screen after scrolling to the end (light and dark); the mail screen's too; Settings › AI titles differ")
    func phoneTopBarStays() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let base = "http://127.0.0.1:\(web.server.port)"
        var steps: [[String: Any]] = [["op": "open", "url": "\(base)/login?s=\(web.policy.loginSecret)"]]
        for theme in ["light", "dark"] {
            steps.append(["op": "viewport", "width": 390, "height": 844, "mobile": true, "scheme": theme])
            for (name, path) in [("settings", "/settings"), ("mail", "/mail")] {
                steps += [
                    ["op": "open", "url": base + path],
                    ["op": "wait", "selector": ".topbar"],
                    ["op": "eval", "name": "\(theme)-\(name)", "expr": Self.topBarAfterScrolling],
                    ["op": "screenshot", "name": "\(theme)-390-\(name)-scrolled"],
                ]
            }
        }
        // Settings › AI: every model has a title of its own (the chat models said the same before).
        steps += [
            ["op": "open", "url": base + "/settings#ai"],
            ["op": "wait", "selector": "#ai .model-list h3"],
            ["op": "eval", "name": "modelTitles", "expr": "[...document.querySelectorAll('#ai .model-list h3')].map(h => h.textContent)"],
        ]
        let values = try BrowserDriver.run(steps, label: "phone top bar", artifacts: Self.artifacts).values
        let titles = try #require(values["modelTitles"] as? [String])
        #expect(titles.count >= 3 && Set(titles).count == titles.count, "each model told apart: \(titles)")
        for theme in ["light", "dark"] {
            let settings = try #require(values["\(theme)-settings"] as? [Int])
            #expect(settings[0] == 0 && settings[1] >= 48, "the Settings top bar stays at the top: \(settings)")
            #expect(settings[2] > 300, "the page did scroll: \(settings)")
            let mail = try #require(values["\(theme)-mail"] as? [Int])
            #expect(mail[0] == 0, "the mail screen's top bar stays: \(mail)")
        }
    }

    @Test("Export in Chromium: the click starts the background export, the bar and then the outcome are shown without a page load; a second click while it runs starts nothing")
    func exportWithProgress() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let base = "http://127.0.0.1:\(web.server.port)"
        let out = web.directory.appendingPathComponent("browser export")
        let messages = try web.store.statistics(account: nil).emails
        let steps: [[String: Any]] = [
            ["op": "open", "url": "\(base)/login?s=\(web.policy.loginSecret)"],
            ["op": "viewport", "width": 1024, "height": 800, "scheme": "light"],
            ["op": "open", "url": base + "/settings#export"],
            ["op": "wait", "selector": "#export-button"],
            ["op": "type", "selector": "#export-folder", "text": out.path],
            ["op": "expect", "name": "location", "expr": "(window.__page = location.href, true)"],
            ["op": "click", "selector": "#export-button"],
            ["op": "click", "selector": "#export-button"],
            ["op": "waitText", "selector": "#export-result", "text": "Exported", "timeout": 30],
            ["op": "eval", "name": "result", "expr": "document.getElementById('export-result').textContent"],
            ["op": "expect", "name": "noPageLoadAndBarGone", "expr": "window.__page === location.href && document.getElementById('export-progress').hidden"],
            ["op": "expect", "name": "buttonBack", "expr": "!document.getElementById('export-button').disabled"],
            ["op": "screenshot", "name": "light-1024-settings-export-done"],
            ["op": "audit", "name": "settings-export-done"],
        ]
        let values = try BrowserDriver.run(steps, label: "export", artifacts: Self.artifacts).values
        let result = try #require(values["result"] as? String)
        // The fixture's messages have no source on this device: each is named as not exported
        // (a real mailbox round trip is WebExportTests'; the progress counts ExportJobTests').
        #expect(result.hasPrefix("Exported 0 messages from 1 account as mbox to \(out.path).") && result.contains("\(messages) could not be exported"), "\(result)")
        let exports = try FileManager.default.contentsOfDirectory(atPath: web.directory.path).filter { $0.contains("export") }
        #expect(exports == ["browser export"], "one export only: \(exports)")
    }
}
