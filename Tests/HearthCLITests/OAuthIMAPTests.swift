import Foundation
import HearthCore
import HearthIMAP
import HearthProcess
import HearthSecurity
import HearthTestSupport
import Testing

/// The OAuth tokens Hearth obtains are the ones Dovecot accepts: sign in to the rig's fake Google
/// endpoint, then AUTHENTICATE XOAUTH2 at the rig's IMAP server (a sync-free token check), let
/// the token expire mid-session and see the provider's silent refresh sign in again. It uses a
/// private instance of the fake server (`PrivateOAuthServer`): its 5-second token lifetime must
/// not reach the suites that use the shared one.
@Suite(.mailRig, .serialized, .timeLimit(.minutes(2)))
struct OAuthIMAPTests {
    static let user = "kate@gmail.test"

    func setUp() throws -> (MailRig, OAuthTokenClient, URL, PrivateOAuthServer) {
        let rig = try MailRig.require()
        let dir = try Corpora.temporaryDirectory("hearth-oauth-imap")
        let server = try PrivateOAuthServer.start(rig: rig, users: [Self.user], directory: dir)
        let base = server.base
        let json = try JSONEncoder().encode(["client_id": "hearth-test", "client_secret": "rig-secret",
                                             "auth_uri": base + "/o/oauth2/v2/auth", "token_uri": base + "/token"])
        let client = OAuthTokenClient(configuration: try OAuthClientConfiguration.parse(json, source: "rig"),
                                      retryDelays: [.milliseconds(100)])
        return (rig, client, dir, server)
    }

    func imapSignIn(_ rig: MailRig, token: String) async throws {
        let configuration = IMAPConfiguration(host: rig.host, port: rig.imapsPort, security: .implicitTLS, serverName: "localhost",
                                              extraCAFile: rig.caFile, connectTimeout: .seconds(10), readTimeout: .seconds(20))
        let connection = try await IMAPConnection.connect(configuration)
        do {
            try await connection.authenticate(.xoauth2(user: Self.user, accessToken: token))
            await connection.logout()
        } catch {
            await connection.close()
            throw error
        }
    }

    func admin(_ base: String, _ path: String) throws {
        let outcome = try Subprocess.run("/usr/bin/curl", ["-sS", "-f", "-X", "POST", "--max-time", "10", base + path], timeout: 20)
        guard outcome.status == 0 else { throw MailRig.RigError.commandFailed("POST \(path): \(outcome.stderr)") }
    }

    @Test func signedInTokenAuthenticatesAndExpiryIsRefreshedSilently() async throws {
        let (rig, client, dir, server) = try setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        defer { server.stop() }
        try admin(server.base, "/admin/ttl?seconds=5")
        let browser = "curl -sS -L -o /dev/null --max-time 20"
        let tokens = try await GmailSignIn(client: client, timeout: .seconds(30)) { url in
            try SystemBrowser.open(url, environment: [SystemBrowser.environmentVariable: browser])
        }.run(loginHint: Self.user)
        let secrets = FileSecretStore(fileURL: dir.appendingPathComponent("secrets.enc"),
                                      keyFile: SecretKeyFile(url: dir.appendingPathComponent("key")))
        try OAuthCredentials(store: secrets).save(tokens, for: Self.user)
        try await imapSignIn(rig, token: tokens.accessToken)

        let provider = OAuthTokenProvider(accountEmail: Self.user, secrets: secrets, client: client, refreshMargin: 2)
        try await Task.sleep(for: .milliseconds(7500))
        // The first token is dead now: Dovecot refuses it...
        await #expect(throws: IMAPError.self) { try await imapSignIn(rig, token: tokens.accessToken) }
        // ...and the provider hands out a fresh one without asking the user.
        let fresh = try await provider.accessToken()
        #expect(fresh != tokens.accessToken)
        #expect(await provider.refreshCount == 1)
        try await imapSignIn(rig, token: fresh)
    }
}
