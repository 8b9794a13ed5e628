import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

/// Screenshots of the mail screens (inbox and an open conversation) at 1400, 1024 and 390 px,
/// light and dark, in headless Chromium on the reading tests' imported mailbox. They go to
/// `artifacts/web-screens/`; with `HEARTH_WRITE_SCREENSHOTS=1` to `docs/screenshots/` (the
/// ones docs/web.md links; the wide ones at 60 % to keep the repository small). Every screen also gets the accessibility audit.
@Suite("Web app screenshots", .browserPresent, .serialized, .timeLimit(.minutes(3)))
struct WebScreenshotTests {
    static var writesDocs: Bool { ProcessInfo.processInfo.environment["HEARTH_WRITE_SCREENSHOTS"] == "1" }
    static var directory: URL {
        writesDocs ? Corpora.repositoryRoot.appendingPathComponent("docs/screenshots")
            : Corpora.repositoryRoot.appendingPathComponent("artifacts/web-screens")
    }

    @Test("inbox and conversation at 1400, 1024 and 390 px, light and dark")
    func mailScreens() throws {
        let fixture = try WebReadingBrowserTests.start()
        defer { fixture.server.stop(); try? FileManager.default.removeItem(at: fixture.dir) }
        try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
        let store = try MailStore.open(directory: fixture.dir)
        let fair = try #require(fixture.ids["Planning the spring fair"])
        let emails = try store.emails(inThread: ThreadID(fair))
        try store.saveThreadSummary(StoredThreadSummary(threadID: ThreadID(fair), messageCount: emails.count, lastEmailID: emails.last?.id,
                                                        text: "Anna proposes a spring fair; Bob and Dan take the stalls, Carol the music.",
                                                        modelIdentifier: "screenshot", createdAt: Date()))
        for subject in ["Spring sale: everything in the garden centre at half price this weekend only", "Weekly Garden Digest"] {
            let thread = try #require(fixture.ids[subject])
            try store.assignCategories(try store.emails(inThread: ThreadID(thread)).map {
                CategoryAssignment(emailID: $0.id!, category: .promotions, confidence: 1, source: .signals)
            })
        }
        // Kept small for the repository: the wide screens at 60 %, the phone at full size.
        let scale = { (width: Int) -> Double in Self.writesDocs && width > 500 ? 0.6 : 1 }
        var steps: [[String: Any]] = [["op": "viewport", "width": 1400, "height": 900, "scheme": "light"], ["op": "open", "url": fixture.server.url]]
        for theme in ["light", "dark"] {
            steps += [
                ["op": "open", "url": "\(fixture.server.base)/settings"],
                ["op": "wait", "selector": "#setting-theme"],
                ["op": "eval", "name": "theme-\(theme)", "expr": "(() => { const s = document.querySelector('#setting-theme'); s.value = '\(theme)'; s.dispatchEvent(new Event('change', {bubbles: true})); return true; })()"],
                ["op": "waitText", "selector": "#setting-theme-form .saved-status", "text": "Saved"],
            ]
            for (width, height) in [(1400, 900), (1024, 768), (390, 844)] {
                steps += [
                    ["op": "viewport", "width": width, "height": height, "scheme": theme, "mobile": width < 500],
                    ["op": "open", "url": "\(fixture.server.base)/mail?box=inbox"],
                    ["op": "wait", "selector": ".thread-row"],
                    ["op": "screenshot", "name": "\(theme)-\(width)-inbox", "scale": scale(width)],
                    ["op": "audit", "name": "\(theme)-\(width)-inbox"],
                ]
                steps += try WebReadingBrowserTests.open(fixture, "Planning the spring fair")
                steps += [
                    ["op": "screenshot", "name": "\(theme)-\(width)-conversation", "scale": scale(width)],
                    ["op": "audit", "name": "\(theme)-\(width)-conversation"],
                ]
            }
        }
        let report = try WebAppBrowserTests.drive(steps, label: "screenshots", artifacts: Self.directory, timeout: 150).report
        #expect(report.screenshots.count == 12)
    }
}
