import Foundation
import HearthCore
import HearthSecurity

/// The CLI's part of the Gmail OAuth sign-in (issue 9): finding the user's OAuth client and
/// running the browser sign-in of `account add --oauth` and `account reauth`. Checking the
/// tokens, storing them and refreshing them is the application layer's (HearthApp).
enum AccountOAuth {
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
}
