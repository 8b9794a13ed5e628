import Foundation
import HearthCore
import HearthProcess
import HearthSecurity
import HearthTestSupport
import Testing

/// Gmail sign-in end to end through the `hearth` binary, against the rig's fake Google OAuth
/// server and Dovecot's XOAUTH2 (pat@gmail.test, used by nobody else): `account add --oauth`
/// (the "browser" is curl following the authorization URL to the loopback listener), sync, the
/// access token expires and the next sync refreshes it silently (the stored token changes),
/// the grant is revoked at the server and the account shows "re-authentication required",
/// `account reauth --no-browser` recovers, `account remove` revokes.
/// It runs its own instance of the rig's fake server (`PrivateOAuthServer`): short token
/// lifetimes and revocations stay out of other suites' way.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(3)))
struct GmailOAuthCLITests {
    static let user = "pat@gmail.test"

    @Test func signInSyncSilentRefreshRevokeAndReauthenticate() throws {
        let rig = try MailRig.require()
        let submissionsPort = Int(rig.values["RIG_SUBMISSIONS_PORT"] ?? "") ?? rig.portBase + 465
        let dir = try Corpora.temporaryDirectory("hearth-gmail-oauth")
        defer { try? FileManager.default.removeItem(at: dir) }
        let server = try PrivateOAuthServer.start(rig: rig, users: [Self.user], directory: dir)
        defer { server.stop() }
        let oauthBase = server.base
        let data = dir.appendingPathComponent("data")
        let keyFile = dir.appendingPathComponent("key/secret.key")
        let clientFile = dir.appendingPathComponent("google-oauth-client.json")
        try server.writeClientFile(to: clientFile)
        let hearth = HearthBinary(dataDirectory: data)
        let env = ["HEARTH_SECRET_STORE": "file", "HEARTH_SECRET_KEY_FILE": keyFile.path,
                   "XDG_CONFIG_HOME": dir.appendingPathComponent("config").path,
                   "HEARTH_GOOGLE_OAUTH_CLIENT": clientFile.path,
                   "HEARTH_BROWSER": "curl -sS -L -o /dev/null --max-time 20",
                   "HEARTH_OAUTH_REFRESH_MARGIN": "2",
                   // No AI models: sync's AI pass is not what this suite measures.
                   "HEARTH_MODEL_CACHE": dir.appendingPathComponent("models").path]
        let ttl = 6.0
        try Self.admin(oauthBase, "/admin/ttl?seconds=\(Int(ttl))")
        _ = try rig.run(["seed", "3", "--user", Self.user])

        // 1. Sign in through the "browser"; IMAP and SMTP are checked before saving.
        let add = try hearth.run(["account", "add", Self.user, "--oauth", "--imap-host", rig.host,
                                  "--imap-port", String(rig.imapsPort), "--smtp-port", String(submissionsPort),
                                  "--ca-file", rig.caFile, "--server-name", "localhost", "--sync-window", "0", "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(add.status == 0, "account add --oauth: \(add.stderr)")
        #expect(add.stderr.contains("/o/oauth2/v2/auth?"), "the sign-in URL is shown: \(add.stderr)")
        let secrets = FileSecretStore(fileURL: data.appendingPathComponent(FileSecretStore.fileName), keyFile: SecretKeyFile(url: keyFile))
        let refreshToken = try #require(try OAuthCredentials(store: secrets).refreshToken(for: Self.user))
        let firstAccess = try #require(try secrets.load(SecretKey(accountEmail: Self.user, kind: .oauthAccessToken)))
        // Tokens only in the secret store: not in the database, the output, or any file in clear.
        for file in try FileManager.default.subpathsOfDirectory(atPath: data.path) {
            let bytes = (try? Data(contentsOf: data.appendingPathComponent(file))) ?? Data()
            #expect(bytes.range(of: Data(refreshToken.utf8)) == nil, "\(file) contains the refresh token")
        }
        #expect(!(add.stdout + add.stderr).contains(refreshToken))

        // 2. Sync with the fresh token.
        let sync1 = try hearth.run(["sync", Self.user, "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(sync1.status == 0, "first sync: \(sync1.stdout) \(sync1.stderr)")

        // 3. The access token expires; the next sync refreshes it silently.
        Thread.sleep(forTimeInterval: ttl - 1)
        _ = try rig.run(["deliver", Self.user, "1"])
        let sync2 = try hearth.run(["sync", Self.user, "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(sync2.status == 0, "sync after expiry: \(sync2.stdout) \(sync2.stderr)")
        #expect(sync2.stdout.contains("1 new"), "the new message arrived: \(sync2.stdout)")
        let secondAccess = try #require(try secrets.load(SecretKey(accountEmail: Self.user, kind: .oauthAccessToken)))
        #expect(secondAccess != firstAccess, "the stored access token was refreshed")

        // 4. Revoked at the provider: the next refresh is refused, the account needs a sign-in.
        try Self.admin(oauthBase, "/admin/revoke-user?user=\(Self.user)")
        Thread.sleep(forTimeInterval: ttl - 1)
        let sync3 = try hearth.run(["sync", Self.user, "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(sync3.status == 77, "sync after revocation: \(sync3.status) \(sync3.stdout) \(sync3.stderr)")
        #expect((sync3.stdout + sync3.stderr).contains("hearth account reauth"), "says how to recover: \(sync3.stdout) \(sync3.stderr)")
        // Named explicitly, the inactive account fails at once, the same way (no refresh attempt).
        let again = try hearth.run(["sync", Self.user, "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(again.status == 77 && again.stdout.contains("account reauth"), "\(again.status) \(again.stdout) \(again.stderr)")
        let listed = try hearth.run(["accounts", "--json", "--data-dir", data.path], environment: env, useDataDir: false)
        let rows = try #require(try listed.jsonData() as? [[String: Any]])
        #expect(rows.first?["state"] as? String == "reauthentication-required", "\(listed.stdout)")
        #expect(rows.first?["isActive"] as? Bool == false)
        let text = try hearth.run(["accounts", "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(text.stdout.contains("reauthentication-required") && text.stdout.contains("account reauth \(Self.user)"), "\(text.stdout)")

        // The web app shows it too: Settings' account list, and onboarding's "Sign in again".
        let serve = try ServeProcess.start(dataDirectory: data, environment: env)
        let web = CurlSession(jar: dir.appendingPathComponent("cookies"), base: serve.base)
        _ = try web.get(serve.loginURL)
        let settings = try web.get(serve.base + "/settings")
        #expect(settings.body.contains("Needs sign-in"), "settings shows the state")
        let welcome = try web.get(serve.base + "/welcome?step=2")
        #expect(welcome.body.contains("re-authentication required") && welcome.body.contains("Sign in again"))
        serve.stop()

        // 5. `account reauth --no-browser`: the URL is printed; "the user" opens it.
        let reauth = try Self.reauthWithoutBrowser(dataDirectory: data, env: env)
        #expect(reauth.status == 0, "reauth: \(reauth.stdout) \(reauth.stderr)")
        let after = try #require(try hearth.run(["accounts", "--json", "--data-dir", data.path], environment: env, useDataDir: false).jsonData() as? [[String: Any]])
        #expect(after.first?["state"] as? String == "ok")
        #expect(after.first?["isActive"] as? Bool == true)
        _ = try rig.run(["deliver", Self.user, "1"])
        let sync4 = try hearth.run(["sync", Self.user, "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(sync4.status == 0 && sync4.stdout.contains("1 new"), "sync after reauth: \(sync4.stdout) \(sync4.stderr)")

        // 6. Removal revokes the grant at the provider: the refresh token stops working.
        let newRefresh = try #require(try OAuthCredentials(store: secrets).refreshToken(for: Self.user))
        let remove = try hearth.run(["account", "remove", Self.user, "--yes", "--data-dir", data.path], environment: env, useDataDir: false)
        #expect(remove.status == 0 && remove.stdout.contains("grant: revoked"), "remove: \(remove.stdout) \(remove.stderr)")
        #expect(try OAuthCredentials(store: secrets).refreshToken(for: Self.user) == nil)
        let refused = try Subprocess.run("/usr/bin/curl", ["-sS", "--max-time", "10", "-o", "/dev/null", "-w", "%{http_code}",
                                                           "-d", "grant_type=refresh_token&client_id=hearth-test&client_secret=rig-secret&refresh_token=\(newRefresh)",
                                                           oauthBase + "/token"], timeout: 20)
        #expect(refused.stdout == "400", "the revoked refresh token is refused: \(refused.stdout)")
    }

    /// Runs `hearth account reauth --no-browser` and, like a user, opens the URL it prints on
    /// stderr (curl follows Google's redirect to the loopback listener). Bounded at 60 s.
    static func reauthWithoutBrowser(dataDirectory: URL, env: [String: String]) throws -> Subprocess.Outcome {
        let err = dataDirectory.deletingLastPathComponent().appendingPathComponent("reauth.err")
        let script = """
            "$HEARTH" account reauth "$USER_EMAIL" --data-dir "$DATA" --no-browser 2>"$ERR" & pid=$!
            for i in $(seq 300); do grep -q 'oauth2/v2/auth?' "$ERR" && break; sleep 0.1; done
            url=$(grep -o 'http://[^ ]*oauth2/v2/auth?[^ ]*' "$ERR" | head -n 1)
            curl -sS -L -o /dev/null --max-time 20 "$url"
            wait $pid; status=$?; cat "$ERR" >&2; exit $status
            """
        var environment = ProcessInfo.processInfo.environment
        environment.merge(env) { $1 }
        environment.removeValue(forKey: "HEARTH_BROWSER")
        environment.merge(["HEARTH": HearthBinary.executable.path, "USER_EMAIL": user, "DATA": dataDirectory.path, "ERR": err.path]) { $1 }
        return try Subprocess.run("/bin/sh", ["-c", script], environment: environment, timeout: 60)
    }

    static func admin(_ base: String, _ path: String) throws {
        let outcome = try Subprocess.run("/usr/bin/curl", ["-sS", "-f", "-X", "POST", "--max-time", "10", base + path], timeout: 20)
        guard outcome.status == 0 else { throw MailRig.RigError.commandFailed("POST \(path): \(outcome.stderr)") }
    }
}
