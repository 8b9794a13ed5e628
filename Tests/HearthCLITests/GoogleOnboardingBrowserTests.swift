import Foundation
import HearthProcess
import HearthSecurity
import HearthTestSupport
import Testing

/// "Sign in with Google" from onboarding in a real headless Chromium (testenv/browser/
/// webapp_driver.py) against `hearth serve` and a private instance of the rig's fake Google
/// server (kate@gmail.test): fill the form, follow "Continue to Google", come back through the
/// cross-site redirect to the loopback callback (no session cookie on that request, the browser
/// enforces SameSite=Strict), continue into the app with the session, and see the account. No
/// console errors, no CSP violations.
@Suite(.mailRig, .browserPresent, .serialized, .timeLimit(.minutes(2)))
struct GoogleOnboardingBrowserTests {
    static let user = "kate@gmail.test"
    static let driver = Corpora.repositoryRoot.appendingPathComponent("testenv/browser/webapp_driver.py")

    struct Report: Decodable {
        struct Step: Decodable { let index: Int; let op: String; let ok: Bool; let error: String?; let url: String? }
        let steps: [Step]
        let console: [String]
        let exceptions: [String]
        let csp: [String]
    }

    @Test func signInWithGoogleInTheBrowser() throws {
        let rig = try MailRig.require()
        let submissionsPort = Int(rig.values["RIG_SUBMISSIONS_PORT"] ?? "") ?? rig.portBase + 465
        let dir = try Corpora.temporaryDirectory("hearth-google-browser")
        defer { try? FileManager.default.removeItem(at: dir) }
        let oauth = try PrivateOAuthServer.start(rig: rig, users: [Self.user], directory: dir)
        defer { oauth.stop() }
        let clientFile = dir.appendingPathComponent("client.json")
        try oauth.writeClientFile(to: clientFile)
        let data = dir.appendingPathComponent("data")
        let keyFile = dir.appendingPathComponent("key/secret.key")
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": keyFile.path,
                   "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "HEARTH_GOOGLE_OAUTH_CLIENT": clientFile.path,
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("models").path]
        let server = try ServeProcess.start(dataDirectory: data, environment: env)
        defer { server.stop() }

        func js(_ text: String) -> String { "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'" }
        let fill = """
            (() => { const set = (id, v) => { document.getElementById(id).value = v; };
            set('ob-google-imap', \(js(rig.host))); set('ob-google-imap-port', '\(rig.imapsPort)');
            set('ob-google-smtp-port', '\(submissionsPort)'); set('ob-google-ca', \(js(rig.caFile))); return true; })()
            """
        let steps: [[String: Any]] = [
            ["op": "open", "url": server.loginURL],
            ["op": "open", "url": server.base + "/welcome?step=2"],
            // The address comes first; Google's own sign-in page is the alternative below it.
            ["op": "click", "selector": "#google-alternative summary"],
            ["op": "wait", "selector": "#ob-google-email"],
            ["op": "type", "selector": "#ob-google-email", "text": Self.user],
            ["op": "expect", "expr": fill, "name": "advanced fields"],
            ["op": "click", "selector": "#google-sign-in button[type=submit]"],
            ["op": "wait", "selector": "#continue-to-google", "timeout": 15],
            ["op": "expect", "expr": "document.getElementById('continue-to-google').href.includes('redirect_uri=http%3A%2F%2F127.0.0.1%3A\(server.port)%2Foauth%2Fcallback')", "name": "redirect uri"],
            ["op": "click", "selector": "#continue-to-google"],
            ["op": "waitText", "selector": "h1", "text": "Signed in", "timeout": 30],
            ["op": "expect", "expr": "location.pathname === '/oauth/callback' && !document.querySelector('[name=_csrf]')", "name": "callback page"],
            ["op": "click", "selector": "a.button.primary"],
            ["op": "waitText", "selector": "h1", "text": "Protect your data", "timeout": 15],
            ["op": "open", "url": server.base + "/welcome?step=2"],
            ["op": "waitText", "selector": "ul.accounts", "text": Self.user],
        ]
        let scenario = dir.appendingPathComponent("scenario.json")
        try JSONSerialization.data(withJSONObject: ["steps": steps]).write(to: scenario)
        let out = dir.appendingPathComponent("report.json")
        let outcome = try Subprocess.run("/usr/bin/python3", [Self.driver.path, scenario.path, "--out", out.path, "--timeout", "90"], timeout: 100)
        #expect(outcome.status == 0, "driver: \(outcome.stderr.suffix(800))")
        let report = try JSONDecoder().decode(Report.self, from: Data(contentsOf: out))
        for step in report.steps where !step.ok {
            Issue.record("step \(step.index) \(step.op): \(step.error ?? "") at \(step.url ?? "")")
        }
        #expect(report.steps.count == steps.count)
        #expect(report.console.isEmpty, "console: \(report.console)")
        #expect(report.exceptions.isEmpty, "exceptions: \(report.exceptions)")
        #expect(report.csp.isEmpty, "CSP violations: \(report.csp)")
        let secrets = FileSecretStore(fileURL: data.appendingPathComponent(FileSecretStore.fileName), keyFile: SecretKeyFile(url: keyFile))
        #expect(try OAuthCredentials(store: secrets).refreshToken(for: Self.user) != nil, "the tokens are in the secret store")
    }
}
