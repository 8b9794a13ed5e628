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
}
