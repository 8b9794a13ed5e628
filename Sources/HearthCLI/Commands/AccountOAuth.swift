import Foundation
import HearthCore
import HearthOutbox
import HearthSecurity
import HearthStore
import HearthSync
import Synchronization

/// The CLI's Gmail OAuth wiring (issue 9): the browser sign-in of `account add --oauth` and
/// `account reauth`, the connectivity check with the fresh token, and the token provider that
/// sync and send use for accounts whose tokens are in the secret store.
enum AccountOAuth {
    /// Seconds before expiry at which an access token is refreshed (default 300). Only worth
    /// changing to watch a refresh happen against a server issuing very short-lived tokens.
    static let refreshMarginVariable = "HEARTH_OAUTH_REFRESH_MARGIN"

    /// The user's own OAuth client (docs/security.md): `explicitFile`, `$HEARTH_GOOGLE_OAUTH_CLIENT`,
    /// `~/.config/hearth/google-oauth-client.json`, or `$HEARTH_GOOGLE_CLIENT_ID`/`_SECRET`.
    static func client(explicitFile: String? = nil) throws -> OAuthTokenClient {
        try SecurityErrors.mapping { OAuthTokenClient(configuration: try OAuthClientConfiguration.load(explicitFile: explicitFile)) }
    }

    /// Runs the RFC 8252 sign-in: the URL goes to stderr (always, so it can be opened by hand),
    /// and to the system browser unless `noBrowser`. Returns the tokens; nothing is stored.
    static func signIn(email: String, noBrowser: Bool, client: OAuthTokenClient) async throws -> OAuthTokens {
        let environment = ProcessInfo.processInfo.environment
        let opener: GmailSignIn.BrowserOpener = { url in
            StandardStreams.err("To sign in to \(email), open this address in a browser on this computer:\n  \(url.absoluteString)")
            guard !noBrowser else { return }
            if hasBrowser(environment) {
                try SystemBrowser.open(url, environment: environment)
                StandardStreams.err("hearth: opened your browser; waiting for the sign-in to finish (up to 5 minutes)")
            } else {
                StandardStreams.err("hearth: no browser command found (xdg-open is not installed, $BROWSER is not set); open the address yourself")
            }
        }
        return try await SecurityErrors.mapping { try await GmailSignIn(client: client, openBrowser: opener).run(loginHint: email) }
    }

    /// `$HEARTH_BROWSER`, `$BROWSER`, or `xdg-open` on the PATH.
    static func hasBrowser(_ environment: [String: String]) -> Bool {
        for name in [SystemBrowser.environmentVariable, "BROWSER"] where !(environment[name] ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
            return true
        }
        #if os(macOS)
        return true
        #else
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/xdg-open") }
        #endif
    }

    /// Signs in to IMAP (and lists folders) and to SMTP submission with the fresh access token,
    /// before anything is saved. Returns the number of IMAP folders.
    static func checkConnectivity(_ account: Account, serverName: String?, accessToken: String) async throws -> Int {
        let configuration = try IMAPSettings.configuration(for: account, serverName: serverName)
        let folders = try await AccountConnectivity.check(configuration, credentials: .oauth(user: account.email) { accessToken })
        if account.smtp != nil {
            do {
                try await SubmissionConnectivity.check(account, secret: .accessToken(accessToken), serverName: serverName)
            } catch {
                throw CLIError.unavailable("signed in to IMAP, but not to the SMTP server \(account.smtp?.host ?? ""):\(account.smtp?.port ?? 0): \(error)")
            }
        }
        return folders
    }

    /// Whether `account` keeps its OAuth tokens in the secret store (signed in with `--oauth`).
    static func hasStoredSignIn(_ account: Account, secrets: any SecretStore) throws -> Bool {
        try SecurityErrors.mapping { try OAuthCredentials(store: secrets).refreshToken(for: account.email) != nil }
    }

    /// The token provider of one account, shared by every caller in this process (so concurrent
    /// connections share one refresh). A refused refresh marks the account "re-authentication
    /// required" (inactive) in the store.
    static func provider(for account: Account, id: AccountID, engine: Engine, secrets: any SecretStore) throws -> OAuthTokenProvider {
        let key = "\(engine.dataDirectory.path)|\(account.email.lowercased())"
        if let existing = providers.withLock({ $0[key] }) { return existing }
        let margin = ProcessInfo.processInfo.environment[refreshMarginVariable].flatMap(TimeInterval.init) ?? 300
        let store = engine.store
        let provider = OAuthTokenProvider(
            accountEmail: account.email, secrets: secrets, client: try client(), refreshMargin: max(0, margin),
            onReauthenticationRequired: { reason in
                try? store.markReauthenticationRequired(id, reason: reason, at: Date())
            })
        return providers.withLock { table in
            if let raced = table[key] { return raced }
            table[key] = provider
            return provider
        }
    }

    /// Forgets the cached provider (after a new sign-in stored new tokens).
    static func forgetProvider(for account: Account, engine: Engine) {
        let key = "\(engine.dataDirectory.path)|\(account.email.lowercased())"
        _ = providers.withLock { $0.removeValue(forKey: key) }
    }

    private static let providers = Mutex<[String: OAuthTokenProvider]>([:])
}
