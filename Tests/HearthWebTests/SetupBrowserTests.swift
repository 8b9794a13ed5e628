import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// Onboarding as a new user meets it, in headless Chromium against an in-process server whose
/// discovery asks the rig's DNS server and whose model catalog points at a loopback file
/// server: `/mail` leads to onboarding; the address finds sam@rig.test's servers by SRV; the
/// account is added with the rig's CA (Advanced); step 4 downloads a model through Settings'
/// consent page and comes back to show it installed. The composer opens beside its
/// conversation. One browser at a time (serialized). Screenshots in `artifacts/web-setup/`.
@Suite("Web app in Chromium: onboarding and composer", .mailRig, .serialized, .timeLimit(.minutes(3)),
       .enabled(if: BrowserDriver.isAvailable, Comment(rawValue: BrowserHarness.skipReason)))
struct SetupBrowserTests {
    static let artifacts = Corpora.repositoryRoot.appendingPathComponent("artifacts/web-setup")

    @Test("address first, servers found by SRV, account added, model downloaded in step 4")
    func onboarding() async throws {
        let rig = try MailRig.require()
        let directory = try Corpora.temporaryDirectory("hearth-web-setup")
        let served = directory.appendingPathComponent("served")
        try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
        let files = try ModelSettingsTests.FileServer(directory: served)
        defer { files.stop() }
        let (_, entry) = try ModelSettingsTests.fakeModel(in: served, port: files.port)

        var services = WebServices(secrets: MemorySecretStore())
        services.modelDirectory = directory.appendingPathComponent("models")
        services.modelCatalog = ModelCatalog(entries: [entry])
        services.modelDownloader = ModelDownloader(allowInsecureLoopback: true, maxAttempts: 1, readTimeoutSeconds: 10)
        let dnsPort = Int(rig.values["RIG_DNS_PORT"] ?? "") ?? rig.portBase + 53
        services.discovery = DiscoverAccountSettings(dnsServer: (rig.host, dnsPort), probeTimeout: .seconds(1))
        let store = try MailStore.open(directory: directory)
        let server = WebServer(app: WebApp(store: store, dataDirectory: directory, services: services))
        _ = try await server.start(port: 0)
        defer { Task { await server.stop() } }
        let base = "http://127.0.0.1:\(server.port)"
        let model = ".model[data-model=\"tiny\"]"
        func js(_ text: String) -> String { "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }
        func value(_ id: String) -> String { "document.getElementById('\(id)').value" }

        let steps: [[String: Any]] = [
            ["op": "open", "url": "\(base)/login?s=\(server.app.policy.loginSecret)"],
            ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"],
            ["op": "open", "url": "\(base)/mail?box=inbox"],
            ["op": "expect", "name": "mail leads to onboarding", "expr": "location.pathname === '/welcome' && location.search === '?step=2'"],
            ["op": "open", "url": "\(base)/"],
            ["op": "click", "selector": "a.button.primary"],
            ["op": "wait", "selector": "#ob-address"],
            ["op": "sleep", "ms": 300],
            ["op": "screenshot", "name": "onboarding-address-desktop-light"],
            ["op": "audit", "name": "address"],
            ["op": "type", "selector": "#ob-address", "text": "sam@rig.test"],
            ["op": "type", "selector": "#ob-address-name", "text": "Sam Rig"],
            ["op": "click", "selector": "#find-settings"],
            ["op": "wait", "selector": "#account-form", "timeout": 20],
            ["op": "sleep", "ms": 300],
            ["op": "expect", "name": "found by SRV", "expr": """
                document.getElementById('found-by').textContent.includes('DNS service records')
                && \(value("ob-host")) === 'localhost' && \(value("ob-port")) === '\(rig.imapsPort)' && \(value("ob-security")) === 'tls'
                && \(value("ob-smtp")) === 'localhost' && \(value("ob-smtp-port")) === '\(rig.portBase + 465)' && \(value("ob-smtp-security")) === 'tls'
                && \(value("ob-name")) === 'Sam Rig' && !document.querySelector('details.advanced').open
                """],
            ["op": "screenshot", "name": "onboarding-found-desktop-light"],
            ["op": "audit", "name": "found"],
            ["op": "click", "selector": "details.advanced summary"],
            ["op": "type", "selector": "#ob-ca", "text": rig.caFile],
            ["op": "type", "selector": "#ob-password", "text": "sam-pass"],
            ["op": "click", "selector": "#account-form button[type=submit]"],
            ["op": "waitText", "selector": "h1", "text": "Protect your data", "timeout": 30],
            ["op": "click", "selector": "a.button.primary"],
            ["op": "wait", "selector": "\(model) .model-download"],
            ["op": "sleep", "ms": 300],
            ["op": "expect", "name": "plain words, details closed", "expr": """
                document.querySelector('\(model) h3').textContent === 'Summaries and reply suggestions'
                && !document.querySelector('\(model) details.model-more').open
                && document.querySelector('\(model) details.model-more').textContent.includes(\(js(entry.sha256)))
                """],
            ["op": "screenshot", "name": "onboarding-ai-desktop-light"],
            ["op": "audit", "name": "ai step"],
            ["op": "click", "selector": "\(model) .model-download"],
            ["op": "wait", "selector": "#consent-download"],
            // A page reached by a click (not `open`) may still be loading its stylesheet.
            ["op": "sleep", "ms": 300],
            ["op": "audit", "name": "consent"],
            ["op": "click", "selector": "#consent-download"],
            ["op": "waitText", "selector": "\(model) .model-state", "text": "Installed", "timeout": 40],
            ["op": "expect", "name": "back on step 4, Next offered", "expr": "location.search === '?step=4' && document.querySelector('a.button.primary').textContent === 'Next'"],
            ["op": "click", "selector": "a.button.primary"],
            ["op": "waitText", "selector": "h1", "text": "all set"],
        ]
        try BrowserDriver.run(steps, label: "onboarding", artifacts: Self.artifacts, timeout: 120)
        let account = try #require(try store.accounts().first)
        #expect(account.email == "sam@rig.test" && account.imap?.extraCAFile == rig.caFile)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("models/\(entry.fileName)").path))
    }

    @Test("composer beside the thread at 1400 px, Send on screen at 390 px, Cc/Bcc on demand, a half-typed recipient kept")
    func panelInChromium() async throws {
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let thread = try #require(try web.thread(subject: "Re: Quarterly budget") ?? web.thread(subject: "Quarterly budget"))
        let base = "http://127.0.0.1:\(web.server.port)"
        let reply = "\(base)/compose?thread=\(thread.id!.rawValue)&mode=reply"
        let visible = """
            (() => { const r = e => document.querySelector(e).getBoundingClientRect();
              const c = r('#conversation'), m = r('#composer');
              return c.width > 300 && m.width > 380 && c.right <= m.left + 1 && m.right <= innerWidth && c.left >= 0
                && c.top < innerHeight && m.top < innerHeight && document.querySelector('#conversation').textContent.includes('Quarterly budget'); })()
            """
        let sendOnScreen = """
            (() => { const b = document.getElementById('send-button').getBoundingClientRect();
              return b.top >= 0 && b.bottom <= innerHeight && b.width > 0 && !document.querySelector('#conversation-pane, .conversation-pane')?.offsetParent; })()
            """
        let steps: [[String: Any]] = [
            ["op": "open", "url": "\(base)/login?s=\(web.policy.loginSecret)"],
            ["op": "viewport", "width": 1400, "height": 900, "scheme": "light"],
            ["op": "open", "url": reply],
            ["op": "wait", "selector": "#composer"],
            ["op": "expect", "name": "thread and composer both visible", "expr": visible],
            ["op": "expect", "name": "Send on screen beside the thread", "expr": "(() => { const b = document.getElementById('send-button').getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; })()"],
            ["op": "expect", "name": "Cc/Bcc hidden until asked", "expr": "!document.getElementById('cc-bcc').open && !document.getElementById('compose-cc').checkVisibility()"],
            ["op": "click", "selector": "#cc-bcc summary"],
            ["op": "expect", "name": "Cc/Bcc shown when asked", "expr": "document.getElementById('compose-cc').checkVisibility()"],
            ["op": "expect", "name": "pop-out and close", "expr": "document.getElementById('pop-out').href.includes('popout=1') && document.getElementById('close-composer').href.includes('t=')"],
            // Bold on a selection in the formatted editor; the toolbar says what is applied.
            ["op": "expect", "name": "editor shown, textarea hidden, toolbar labelled", "expr": "document.getElementById('compose-editor').checkVisibility() && !document.getElementById('compose-body').checkVisibility() && document.getElementById('format-bar').getAttribute('aria-label') === 'Formatting' && document.querySelector('[data-format=bold]').getAttribute('aria-pressed') === 'false'"],
            ["op": "expect", "name": "the reply quotes as before", "expr": "document.getElementById('compose-editor').textContent.includes('> Looks fine to me, ship it.')"],
            ["op": "expect", "name": "caret at the top", "expr": "(() => { const ed = document.getElementById('compose-editor'); ed.focus(); const r = document.createRange(); r.setStart(ed, 0); r.collapse(true); const s = getSelection(); s.removeAllRanges(); s.addRange(r); return true; })()"],
            ["op": "type", "selector": "#compose-editor", "text": "Sounds good"],
            ["op": "expect", "name": "select a word", "expr": "(() => { const ed = document.getElementById('compose-editor'); const w = document.createTreeWalker(ed, NodeFilter.SHOW_TEXT); for (let n = w.nextNode(); n; n = w.nextNode()) { const at = n.nodeValue.indexOf('good'); if (at >= 0) { const r = document.createRange(); r.setStart(n, at); r.setEnd(n, at + 4); const s = getSelection(); s.removeAllRanges(); s.addRange(r); return true; } } return false; })()"],
            ["op": "click", "selector": "[data-format=bold]"],
            ["op": "expect", "name": "bold applied and shown pressed", "expr": "document.querySelector('#compose-editor b')?.textContent === 'good' && document.querySelector('[data-format=bold]').getAttribute('aria-pressed') === 'true' && document.querySelector('#composer [name=format]').value === 'rich'"],
            ["op": "screenshot", "name": "composer-1400-light", "scale": 0.6],
            ["op": "audit", "name": "composer wide"],
            // Caret at the end of the To field, then a half-typed second recipient.
            ["op": "expect", "name": "caret at the end", "expr": "(() => { const e = document.getElementById('compose-to'); e.focus(); e.setSelectionRange(e.value.length, e.value.length); return e.value.length > 0; })()"],
            ["op": "type", "selector": "#compose-to", "text": ", ann@"],
            ["op": "click", "selector": "#save-draft"],
            ["op": "waitText", "selector": "#autosave-status", "text": "Draft saved"],
            ["op": "expect", "name": "half-typed address kept, saved, and pointed out",
             "expr": "document.getElementById('compose-to').value.endsWith(', ann@') && document.getElementById('autosave-status').textContent.includes('check ann@') && document.querySelector('#composer [name=draft]').value !== ''"],
            ["op": "viewport", "width": 1400, "height": 900, "scheme": "dark"],
            ["op": "open", "url": reply],
            ["op": "wait", "selector": "#composer"],
            ["op": "screenshot", "name": "composer-1400-dark", "scale": 0.6],
            ["op": "viewport", "width": 390, "height": 844, "mobile": true, "scheme": "light"],
            ["op": "open", "url": reply],
            ["op": "wait", "selector": "#composer"],
            ["op": "expect", "name": "Send visible without scrolling at 390 px", "expr": sendOnScreen],
            ["op": "expect", "name": "no sideways scrolling", "expr": "document.documentElement.scrollWidth <= innerWidth + 1"],
            ["op": "screenshot", "name": "composer-390-light"],
            ["op": "audit", "name": "composer phone"],
            ["op": "viewport", "width": 390, "height": 844, "mobile": true, "scheme": "dark"],
            ["op": "open", "url": reply],
            ["op": "wait", "selector": "#composer"],
            ["op": "expect", "name": "Send visible without scrolling at 390 px (dark)", "expr": sendOnScreen],
            ["op": "screenshot", "name": "composer-390-dark"],
        ]
        try BrowserDriver.run(steps, label: "composer", artifacts: Self.artifacts)
    }

    /// Screenshots of onboarding, Settings and the composer at 1400 and 390 px, light and dark,
    /// each screen audited. `HEARTH_WRITE_SCREENSHOTS=1` writes them to docs/screenshots
    /// (linked from docs/web.md; the wide ones at 60 %); otherwise to artifacts/web-setup.
    @Test("onboarding (servers found, AI step), Settings (AI, export) and the composer beside its thread")
    func screenshots() async throws {
        let write = ProcessInfo.processInfo.environment["HEARTH_WRITE_SCREENSHOTS"] == "1"
        let folder = write ? Corpora.repositoryRoot.appendingPathComponent("docs/screenshots") : Self.artifacts
        let web = try await WebFixture()
        defer { Task { await web.stop() } }
        let thread = try #require(try web.thread(subject: "Re: Quarterly budget") ?? web.thread(subject: "Quarterly budget"))
        let base = "http://127.0.0.1:\(web.server.port)"
        let screens: [(name: String, path: String, ready: String)] = [
            ("onboarding", "/welcome?step=2&email=sam.rivera%40gmail.com&name=Sam+Rivera", "#account-form"),
            ("onboarding-ai", "/welcome?step=4", ".model-list"),
            ("settings-ai", "/settings#ai", "#ai"),
            ("settings-export", "/settings#export", "#export-button"),
            ("composer", "/compose?thread=\(thread.id!.rawValue)&mode=reply", "#composer"),
        ]
        var steps: [[String: Any]] = [["op": "open", "url": "\(base)/login?s=\(web.policy.loginSecret)"]]
        for theme in ["light", "dark"] {
            for width in [1400, 1024, 390] {
                steps.append(["op": "viewport", "width": width, "height": width == 390 ? 844 : 900, "mobile": width == 390, "scheme": theme])
                for screen in screens {
                    steps.append(["op": "open", "url": base + screen.path])
                    steps.append(["op": "wait", "selector": screen.ready])
                    if let hash = screen.path.split(separator: "#").last, screen.path.contains("#") {
                        // The page scrolls inside its main pane: bring the section into view.
                        steps.append(["op": "expect", "name": "\(screen.name) in view", "expr": "(document.getElementById('\(hash)').scrollIntoView(), true)"])
                    }
                    steps.append(["op": "expect", "name": "\(screen.name) \(width): no sideways scrolling", "expr": "document.documentElement.scrollWidth <= innerWidth + 1"])
                    steps.append(["op": "screenshot", "name": "\(theme)-\(width)-\(screen.name)", "scale": width == 390 ? 1 : 0.6])
                    if theme == "light" { steps.append(["op": "audit", "name": "\(screen.name)-\(width)"]) }
                }
            }
        }
        try BrowserDriver.run(steps, label: "setup screenshots", artifacts: folder, timeout: 150)
    }
}
