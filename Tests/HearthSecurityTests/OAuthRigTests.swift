import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthSecurity

/// Sign-in, refresh, revocation and faults against the rig's fake Google OAuth server (HTTP and
/// HTTPS with the rig CA). The account is kate@gmail.test (accounts/privacy suites own kate+ivan).
/// The server's fault switches are global, so the suite is serialized and resets them (the
/// other suites that flip them run their own instance: HearthCLITests' `PrivateOAuthServer`).
@Suite(.mailRig, .serialized, .timeLimit(.minutes(2)))
struct OAuthRigTests {
    static let user = "kate@gmail.test"

    let rig: MailRig
    let root: URL
    let secrets: FileSecretStore

    init() throws {
        rig = try MailRig.require()
        root = try Corpora.temporaryDirectory("hearth-oauth")
        secrets = FileSecretStore(fileURL: root.appendingPathComponent("secrets.enc"),
                                  keyFile: SecretKeyFile(url: root.appendingPathComponent("key/secret.key")))
    }

    /// The rig's endpoints as a user's client file would name them.
    func configuration(tls: Bool = false) throws -> OAuthClientConfiguration {
        let base = tls ? rig.values["RIG_OAUTH_TLS_URL"] ?? "https://localhost:14443" : rig.values["RIG_OAUTH_URL"] ?? "http://127.0.0.1:14080"
        var json: [String: String] = ["client_id": "hearth-test", "client_secret": "rig-secret",
                                      "auth_uri": base + "/o/oauth2/v2/auth", "token_uri": base + "/token"]
        if tls { json["ca_file"] = rig.caFile }
        return try OAuthClientConfiguration.parse(try JSONEncoder().encode(json), source: "rig")
    }

    func client(tls: Bool = false) throws -> OAuthTokenClient {
        OAuthTokenClient(configuration: try configuration(tls: tls),
                         retryDelays: [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
    }

    /// The "browser": curl following the server's 302 to our loopback listener (trusting the
    /// rig's CA, as a browser of a user of that server would).
    var curlBrowser: GmailSignIn.BrowserOpener {
        let command = "curl -sS -L -o /dev/null --max-time 20 --cacert \(rig.caFile)"
        return { url in try SystemBrowser.open(url, environment: [SystemBrowser.environmentVariable: command]) }
    }

    func admin(_ path: String) throws {
        let base = rig.values["RIG_OAUTH_URL"] ?? "http://127.0.0.1:14080"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-sS", "-f", "-X", "POST", "--max-time", "10", base + path]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw MailRig.RigError.commandFailed("POST \(path) failed") }
    }

    func signIn(tls: Bool = false) async throws -> OAuthTokens {
        try await GmailSignIn(client: try client(tls: tls), timeout: .seconds(30), openBrowser: curlBrowser)
            .run(loginHint: Self.user)
    }

    @Test func signInWithPKCEOverHTTPSAndStoreTheTokens() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tokens = try await signIn(tls: true)
        #expect(tokens.refreshToken?.isEmpty == false)
        #expect(tokens.scope == "https://mail.google.com/")
        #expect(tokens.expiresAt > Date().addingTimeInterval(60))
        try OAuthCredentials(store: secrets).save(tokens, for: Self.user)
        #expect(try OAuthCredentials(store: secrets).refreshToken(for: Self.user) == tokens.refreshToken)
        // A second process reuses the stored, still valid access token without a refresh.
        let provider = OAuthTokenProvider(accountEmail: Self.user, secrets: secrets, client: try client(tls: true))
        #expect(try await provider.accessToken() == tokens.accessToken)
        #expect(await provider.refreshCount == 0)
    }

    @Test func aWrongVerifierIsRefused() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let client = try client()
        let listener = try LoopbackRedirectListener()
        let pkce = PKCE()
        let url = client.authorizationURL(pkce: pkce, state: "s1", redirectURI: listener.redirectURI, loginHint: Self.user)
        let waiting = Task { try await listener.waitForCode(expectedState: "s1", timeout: .seconds(20)) }
        try await curlBrowser(url)
        let code = try await waiting.value
        await #expect(throws: OAuthError.invalidGrant("Invalid code verifier.")) {
            try await client.exchange(code: code, verifier: PKCE().verifier, redirectURI: listener.redirectURI)
        }
    }

    @Test func expiryMidSessionIsRefreshedSilently() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        try admin("/admin/ttl?seconds=4")
        defer { try? admin("/admin/ttl?seconds=3600") }
        let tokens = try await signIn()
        try OAuthCredentials(store: secrets).save(tokens, for: Self.user)
        let provider = OAuthTokenProvider(accountEmail: Self.user, secrets: secrets, client: try client(), refreshMargin: 2)
        let first = try await provider.accessToken()
        #expect(first == tokens.accessToken)
        try await Task.sleep(for: .milliseconds(2500))
        // Now within the margin: the provider refreshes before the token dies.
        let second = try await provider.accessToken()
        #expect(second != first)
        #expect(await provider.refreshCount == 1)
        // Concurrent callers share one refresh.
        try await Task.sleep(for: .milliseconds(2500))
        async let a = provider.accessToken()
        async let b = provider.accessToken()
        let (x, y) = try await (a, b)
        #expect(x == y)
        #expect(await provider.refreshCount == 2)
    }

    @Test func revokedGrantMarksReauthenticationAndASignInRecovers() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tokens = try await signIn()
        try OAuthCredentials(store: secrets).save(tokens, for: Self.user)
        let flagged = ReauthRecorder()
        let provider = OAuthTokenProvider(accountEmail: Self.user, secrets: secrets, client: try client(),
                                          onReauthenticationRequired: { reason in await flagged.record(reason) })
        try admin("/admin/revoke-user?user=\(Self.user)")
        let outcome = await #expect(throws: OAuthError.self) { try await provider.accessToken(forceRefresh: true) }
        guard case .reauthenticationRequired(let account, _)? = outcome else {
            Issue.record("expected reauthenticationRequired, got \(String(describing: outcome))"); return
        }
        #expect(account == Self.user)
        #expect(await flagged.reasons.count == 1)
        #expect(try secrets.load(SecretKey(accountEmail: Self.user, kind: .oauthAccessToken)) == nil, "the dead access token is forgotten")
        // Re-authenticate: a new sign-in replaces the grant, and the provider works again.
        let again = try await signIn()
        try OAuthCredentials(store: secrets).save(again, for: Self.user)
        await provider.invalidate()
        #expect(try await provider.accessToken() == again.accessToken)
        #expect(try await provider.accessToken(forceRefresh: true) != again.accessToken)
    }

    @Test func revocationOnRemovalKillsTheRefreshToken() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tokens = try await signIn()
        let refresh = try #require(tokens.refreshToken)
        try await client().revoke(refresh)
        await #expect(throws: OAuthError.self) { try await client().refresh(refresh) }
        try await client().revoke(refresh) // already revoked: still fine
    }

    @Test func injected503sAreRetriedAndAnOutageKeepsTheCurrentToken() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let tokens = try await signIn()
        try OAuthCredentials(store: secrets).save(tokens, for: Self.user)
        let refresh = try #require(tokens.refreshToken)
        // Two failures, three retries allowed: the refresh succeeds.
        try admin("/admin/fail-next?status=503&count=2")
        let clock = ContinuousClock()
        var refreshed: OAuthTokens?
        let elapsed = try await clock.measure { refreshed = try await client().refresh(refresh) }
        #expect(refreshed?.accessToken.isEmpty == false)
        #expect(elapsed >= .milliseconds(300), "waited 100 + 200 ms between the attempts")
        // Four failures (one attempt + three retries): the refresh fails, but the provider keeps
        // handing out the still valid token.
        try admin("/admin/fail-next?status=503&count=4")
        let provider = OAuthTokenProvider(accountEmail: Self.user, secrets: secrets, client: try client(), refreshMargin: 7200)
        #expect(try await provider.accessToken() == tokens.accessToken)
        let events = await provider.events
        #expect(events.contains { if case .refreshFailedUsingCurrent = $0 { true } else { false } }, "events: \(events)")
    }
}

actor ReauthRecorder {
    var reasons: [String] = []
    func record(_ reason: String) { reasons.append(reason) }
}
