import Foundation
import HearthCore
import HearthStore
import HearthTestSupport
import Testing

/// An accessibility check on every page of the web app, in headless Chromium: from the
/// accessibility tree Chromium computes (CDP `Accessibility.getFullAXTree`: what a screen reader
/// is given) every control has a name, every image a text alternative, there is exactly one
/// level-1 heading and one `main`; and the DOM audit of `webapp_driver.py` (names, labels,
/// contrast, duplicate ids, visible focus, reduced motion, `lang`) on the pages with the app's
/// frame (the bare pages — onboarding, errors — have no navigation by design).
@Suite("Web app accessibility in Chromium", .browserPresent, .serialized, .timeLimit(.minutes(3)))
struct WebAccessibilityBrowserTests {
    struct Page { let name: String; let url: String; let ready: String; let framed: Bool }

    @Test("every page: named controls, image alternatives, one h1 and one main; the DOM audit on the framed pages")
    func everyPage() throws {
        let fixture = try WebReadingBrowserTests.start()
        defer { fixture.server.stop(); try? FileManager.default.removeItem(at: fixture.dir) }
        let base = fixture.server.base
        let fair = try #require(fixture.ids["Planning the spring fair"])
        let pages: [Page] = [
            Page(name: "inbox", url: "\(base)/mail?box=inbox", ready: ".thread-row", framed: true),
            Page(name: "conversation", url: "\(base)/mail?box=inbox&t=\(fair)", ready: "#conversation iframe.body-frame.fitted", framed: true),
            Page(name: "empty-tab", url: "\(base)/mail?box=inbox&cat=social", ready: "#get-model-link", framed: true),
            Page(name: "search", url: "\(base)/search?q=tickets", ready: "#thread-list", framed: true),
            Page(name: "outbox", url: "\(base)/mail?box=outbox", ready: "#outbox-heading", framed: true),
            Page(name: "compose", url: "\(base)/compose", ready: "#composer", framed: true),
            Page(name: "reply", url: "\(base)/compose?thread=\(fair)&mode=reply", ready: "#composer", framed: true),
            Page(name: "settings", url: "\(base)/settings", ready: "#setting-theme", framed: true),
            Page(name: "not-found", url: "\(base)/mail?box=inbox&t=999999", ready: "main", framed: false),
        ] + (1...5).map { Page(name: "welcome-\($0)", url: "\(base)/welcome?step=\($0)", ready: "main", framed: false) }
        // Control: a page with a nameless button, a nameless field and an image without alt must be caught.
        let controlPage = "data:text/html,<html lang=en><title>c</title><main><h1>c</h1><button></button><input type=text><img src=x.png></main></html>"
        var steps: [[String: Any]] = [["op": "viewport", "width": 1400, "height": 900, "scheme": "light"],
                                      ["op": "open", "url": controlPage], ["op": "axaudit", "name": "control"],
                                      ["op": "open", "url": fixture.server.url]]
        for page in pages {
            steps += [["op": "open", "url": page.url], ["op": "wait", "selector": page.ready], ["op": "axaudit", "name": page.name]]
            if page.framed { steps.append(["op": "audit", "name": page.name]) }
        }
        // The keyboard help dialog, and Settings › AI's consent page for the first catalogue model.
        steps += [
            ["op": "open", "url": "\(base)/mail?box=inbox"], ["op": "wait", "selector": ".thread-row"],
            ["op": "click", "selector": "#help-button"], ["op": "wait", "selector": "#help-dialog[open]"],
            ["op": "axaudit", "name": "help-dialog"],
            ["op": "open", "url": "\(base)/settings"], ["op": "wait", "selector": "#setting-theme"],
            ["op": "eval", "name": "consentLink", "expr": "(() => { const a = document.querySelector('a[href*=\"/consent\"]'); return a ? a.getAttribute('href') : null; })()"],
        ]
        let (report, values) = try WebAppBrowserTests.drive(steps, label: "accessibility", artifacts: WebReadingBrowserTests.artifacts, timeout: 150)
        var audited = try Self.axAudits(report)
        let control = audited.removeValue(forKey: "control")
        let caught = try #require(control)
        #expect(caught.unnamed.count == 2 && caught.imagesWithoutText.count == 1, "the audit sees what it must: \(caught.unnamed) \(caught.imagesWithoutText)")
        let consentLink = values["consentLink"] as? String
        if let consent = consentLink {
            let (consentReport, _) = try WebAppBrowserTests.drive([
                ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"], ["op": "open", "url": fixture.server.url],
                ["op": "open", "url": base + consent], ["op": "wait", "selector": "main"], ["op": "axaudit", "name": "model-consent"],
            ], label: "accessibility (consent)", artifacts: WebReadingBrowserTests.artifacts)
            audited.merge(try Self.axAudits(consentReport)) { a, _ in a }
        }
        #expect(audited.count == pages.count + 1 + (consentLink == nil ? 0 : 1), "every page was audited: \(audited.keys.sorted())")
        for (name, audit) in audited.sorted(by: { $0.key < $1.key }) {
            #expect(audit.unnamed.isEmpty, "\(name): controls without an accessible name: \(audit.unnamed)")
            #expect(audit.imagesWithoutText.isEmpty, "\(name): images without a text alternative")
            #expect(audit.nodes > 10, "\(name): the tree was read (\(audit.nodes) nodes)")
            if name != "help-dialog" {
                #expect(audit.h1 == 1, "\(name): \(audit.h1) level-1 headings")
                #expect(audit.landmarks["main"] == 1, "\(name): landmarks \(audit.landmarks)")
            }
        }
        print("accessibility: " + audited.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value.nodes) nodes, h1 \($0.value.h1), \($0.value.landmarks.keys.sorted().joined(separator: "/"))" }.joined(separator: "; "))
    }

    typealias AXAudit = WebAppDriver.Report.AXAudit

    static func axAudits(_ report: WebAppBrowserTests.Report) throws -> [String: AXAudit] {
        report.axAudits ?? [:]
    }
}
