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
/// consent page and comes back to show it installed. Screenshots in `artifacts/web-setup/`.
@Suite("Web app in Chromium: onboarding", .mailRig, .serialized, .timeLimit(.minutes(3)),
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
}
