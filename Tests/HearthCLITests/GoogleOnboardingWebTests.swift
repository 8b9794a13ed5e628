import Foundation
import HearthCore
import HearthProcess
import HearthSecurity
import HearthTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// "Sign in with Google" in the web app's onboarding, at the HTTP level, against `hearth serve`
/// and a private instance of the rig's fake Google OAuth server (kate@gmail.test): the form starts a sign-in whose
/// redirect_uri is the server's own loopback callback; the callback works without the session
/// cookie and CSRF token but only with the pending state, only once, and only under the
/// loopback Host names; the account is saved after the IMAP/SMTP check, its tokens in the
/// secret store.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(2)))
struct GoogleOnboardingWebTests {
    static let user = "kate@gmail.test"

    @Test func signInWithGoogleFromOnboarding() throws {
        let rig = try MailRig.require()
        let submissionsPort = Int(rig.values["RIG_SUBMISSIONS_PORT"] ?? "") ?? rig.portBase + 465
        let dir = try Corpora.temporaryDirectory("hearth-google-onboarding")
        defer { try? FileManager.default.removeItem(at: dir) }
        let oauth = try PrivateOAuthServer.start(rig: rig, users: [Self.user], directory: dir)
        defer { oauth.stop() }
        let data = dir.appendingPathComponent("data")
        let keyFile = dir.appendingPathComponent("key/secret.key")
        let clientFile = dir.appendingPathComponent("client.json")
        try oauth.writeClientFile(to: clientFile)
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": keyFile.path,
                   "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "HEARTH_GOOGLE_OAUTH_CLIENT": clientFile.path]
        let server = try ServeProcess.start(dataDirectory: data, environment: env)
        defer { server.stop() }
        let web = CurlSession(jar: dir.appendingPathComponent("cookies"), base: server.base)

        // Log in (the per-launch secret → session cookie), then the onboarding account step.
        #expect(try web.get(server.loginURL).status == 303)
        let step = try web.get(server.base + "/welcome?step=2")
        #expect(step.status == 200 && step.body.contains("Sign in with Google"))
        let csrf = try #require(step.body.firstMatch(of: /name="csrf-token" content="([0-9a-f]+)"/)?.1).description

        // The form needs the CSRF token like every other.
        let fields = ["email": Self.user, "imapHost": rig.host, "imapPort": String(rig.imapsPort),
                      "smtpPort": String(submissionsPort), "caFile": rig.caFile]
        #expect(try web.post("/welcome/google", fields).status == 403)
        let posted = try web.post("/welcome/google", fields.merging(["_csrf": csrf]) { $1 })
        #expect(posted.status == 200 && posted.body.contains("continue-to-google"), "POST start: \(posted.status)")
        // What the page's form does: a GET with the session cookie (never without it).
        var query = URLComponents(string: server.base + "/welcome")!
        query.queryItems = [URLQueryItem(name: "google", value: "start")] + fields.map { URLQueryItem(name: $0.key, value: $0.value) }
        #expect(try web.get(query.url!.absoluteString, cookies: false).status == 401)
        let start = try web.get(query.url!.absoluteString)
        #expect(start.status == 200, "start: \(start.status) \(start.body.prefix(300))")
        let link = try #require(start.body.firstMatch(of: /id="continue-to-google" rel="noreferrer" href="([^"]+)"/)?.1)
            .replacingOccurrences(of: "&amp;", with: "&")
        let authorization = try #require(URLComponents(string: link))
        func item(_ name: String) -> String? { authorization.queryItems?.first { $0.name == name }?.value }
        #expect(item("redirect_uri") == server.base + "/oauth/callback")
        #expect(item("scope") == "https://mail.google.com/")
        #expect(item("code_challenge_method") == "S256")
        #expect(item("login_hint") == Self.user)
        let state = try #require(item("state"))

        // A forged callback (unknown state) does nothing, even with a code.
        let forged = try web.get(server.base + "/oauth/callback?code=x&state=forged", cookies: false)
        #expect(forged.status == 400)

        // "The browser" at Google: consent at once, 302 to our loopback callback.
        let consent = try web.get(link, cookies: false)
        #expect(consent.status == 302)
        let callback = try #require(consent.location)
        #expect(callback.hasPrefix(server.base + "/oauth/callback?") && callback.contains("state=\(state)"))

        // Under another Host name (DNS rebinding) the callback is refused before anything runs.
        let rebound = try web.get(callback, cookies: false, host: "evil.example:\(server.port)")
        #expect(rebound.status == 421)

        // The real callback: no session cookie (a cross-site navigation), no CSRF token.
        let done = try web.get(callback, cookies: false)
        #expect(done.status == 200, "callback: \(done.status) \(done.body.prefix(400))")
        #expect(done.body.contains("Signed in") && done.body.contains("/welcome?step=3"))
        #expect(!done.body.contains("_csrf"), "the session-less page carries no CSRF token")
        // Replayed: the state was consumed.
        #expect(try web.get(callback, cookies: false).status == 400)

        // The account exists (with the session), its tokens only in the secret store.
        let after = try web.get(server.base + "/welcome?step=2")
        #expect(after.body.contains(Self.user))
        let secrets = FileSecretStore(fileURL: data.appendingPathComponent(FileSecretStore.fileName), keyFile: SecretKeyFile(url: keyFile))
        let refresh = try #require(try OAuthCredentials(store: secrets).refreshToken(for: Self.user))
        let database = try Data(contentsOf: data.appendingPathComponent("hearth.sqlite"))
        #expect(database.range(of: Data(refresh.utf8)) == nil)
        server.stop()
        let listed = try HearthBinary(dataDirectory: data).run(["accounts", "--json", "--data-dir", data.path], environment: env, useDataDir: false)
        let rows = try #require(try listed.jsonData() as? [[String: Any]])
        #expect(rows.count == 1 && rows.first?["email"] as? String == Self.user)
        #expect(rows.first?["authType"] as? String == "oauth2" && rows.first?["state"] as? String == "ok")

        // Removing the account in Settings revokes the grant at the provider (as `hearth account
        // remove` does): the refresh token no longer works.
        let accountID = try #require(rows.first?["id"] as? Int)
        let again = try ServeProcess.start(dataDirectory: data, environment: env)
        defer { again.stop() }
        let settings = CurlSession(jar: dir.appendingPathComponent("cookies-2"), base: again.base)
        #expect(try settings.get(again.loginURL).status == 303)
        let page = try settings.get(again.base + "/settings")
        let token = try #require(page.body.firstMatch(of: /name="_csrf" value="([0-9a-f]+)"/)?.1).description
        let removed = try settings.post("/settings/remove-account", ["_csrf": token, "account": String(accountID)])
        #expect(removed.status == 303, "remove: \(removed.status) \(removed.body.prefix(300))")
        let provider = CurlSession(jar: dir.appendingPathComponent("cookies-oauth"), base: oauth.base)
        let refreshed = try provider.post("/token", ["grant_type": "refresh_token", "refresh_token": refresh,
                                                     "client_id": "hearth-test", "client_secret": "rig-secret"])
        #expect(refreshed.status == 400, "the grant still works after removal: \(refreshed.status) \(refreshed.body)")
    }
}

/// `hearth serve --port 0` as a child process; its first stdout line is the login address.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let loginURL: String
    var base: String { String(loginURL[..<(loginURL.range(of: "/login")?.lowerBound ?? loginURL.endIndex)]) }
    var port: String { String(base.split(separator: ":").last ?? "") }

    private init(loginURL: String) { self.loginURL = loginURL }

    static func start(dataDirectory: URL, environment: [String: String]) throws -> ServeProcess {
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let out = dataDirectory.deletingLastPathComponent().appendingPathComponent("serve-\(UUID().uuidString).out")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        let process = Process()
        process.executableURL = HearthBinary.executable
        process.arguments = ["serve", "--data-dir", dataDirectory.path, "--port", "0", "--no-open", "--no-watch"]
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("http://127.0.0.1:") }) {
                let server = ServeProcess(loginURL: String(line))
                server.adopt(process)
                return server
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        process.terminate()
        throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "hearth serve printed no address"])
    }

    private var child: Process?
    private func adopt(_ process: Process) { child = process }
    /// The server's process id (to read its memory use from /proc).
    var pid: Int32 { child?.processIdentifier ?? 0 }

    /// SIGTERM, then at most 5 s for the exit (never `waitUntilExit`, which can hang on Linux).
    func stop() {
        guard let child, child.isRunning else { return }
        child.terminate()
        let deadline = Date().addingTimeInterval(5)
        while child.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if child.isRunning { kill(child.processIdentifier, SIGKILL) }
    }
}

/// curl with a cookie jar: what a browser does at the HTTP level (redirects are not followed,
/// so each hop can be checked).
struct CurlSession {
    struct Response {
        var status: Int
        var body: String
        var location: String?
    }

    let jar: URL
    let base: String

    func get(_ url: String, cookies: Bool = true, host: String? = nil) throws -> Response {
        try run(["-X", "GET"] + (host.map { ["-H", "Host: \($0)"] } ?? []), url: url, cookies: cookies)
    }

    func post(_ path: String, _ fields: [String: String], json: Bool = false) throws -> Response {
        let form = fields.flatMap { ["--data-urlencode", "\($0.key)=\($0.value)"] }
        return try run(["-H", "Origin: \(base)"] + (json ? ["-H", "Accept: application/json"] : []) + form, url: base + path, cookies: true)
    }

    private func run(_ arguments: [String], url: String, cookies: Bool) throws -> Response {
        let head = jar.deletingLastPathComponent().appendingPathComponent("headers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: head) }
        var args = ["-sS", "--max-time", "30", "-D", head.path, "-w", "\n%{http_code}"] + arguments
        if cookies { args += ["-b", jar.path, "-c", jar.path] }
        let outcome = try Subprocess.run("/usr/bin/curl", args + [url], timeout: 40)
        guard outcome.status == 0, let cut = outcome.stdout.lastIndex(of: "\n") else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "curl \(url): \(outcome.stderr)"])
        }
        let headers = (try? String(contentsOf: head, encoding: .utf8)) ?? ""
        let location = headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("location:") }
            .map { String($0.dropFirst("location:".count)).trimmingCharacters(in: .whitespaces) }
        return Response(status: Int(outcome.stdout[outcome.stdout.index(after: cut)...]) ?? 0,
                        body: String(outcome.stdout[..<cut]), location: location)
    }
}
