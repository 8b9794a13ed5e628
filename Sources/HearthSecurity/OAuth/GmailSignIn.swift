import Foundation

/// Gmail sign-in as RFC 8252 prescribes for native apps: the system browser (never an embedded
/// web view, which would let the app see the password), authorization code with PKCE S256, a
/// loopback redirect on 127.0.0.1 at a random port with `state` checked, and the mail scope only.
///
/// ```swift
/// let signIn = GmailSignIn(client: OAuthTokenClient(configuration: try .load()))
/// let tokens = try await signIn.run(loginHint: "me@gmail.com")
/// try OAuthCredentials(store: secrets).save(tokens, for: "me@gmail.com")
/// ```
public struct GmailSignIn: Sendable {
    /// Shows the authorization URL to the user: opens the browser (the default), or, in tests,
    /// fetches it with an HTTP client that follows the redirect as a browser would.
    public typealias BrowserOpener = @Sendable (URL) async throws -> Void

    public let client: OAuthTokenClient
    public let openBrowser: BrowserOpener
    /// How long the user has to finish in the browser.
    public let timeout: Duration

    public init(client: OAuthTokenClient, timeout: Duration = .seconds(300),
                openBrowser: @escaping BrowserOpener = SystemBrowser.open) {
        self.client = client; self.timeout = timeout; self.openBrowser = openBrowser
    }

    /// Runs the whole flow and returns the tokens (with a refresh token). Nothing is stored.
    public func run(loginHint: String?) async throws(OAuthError) -> OAuthTokens {
        let listener = try LoopbackRedirectListener()
        defer { listener.shutdownSocket() }
        let pkce = PKCE()
        let state = PKCE.randomToken(bytes: 24)
        let url = client.authorizationURL(pkce: pkce, state: state, redirectURI: listener.redirectURI, loginHint: loginHint)
        // Listen before the browser is sent there, so a fast redirect is never missed.
        let timeout = self.timeout
        let waiting = Task { () async throws(OAuthError) -> String in
            try await listener.waitForCode(expectedState: state, timeout: timeout)
        }
        do {
            try await openBrowser(url)
        } catch {
            waiting.cancel()
            throw error as? OAuthError ?? .browserUnavailable(String(describing: error))
        }
        let code: String
        do { code = try await waiting.value } catch { throw error as? OAuthError ?? .listener("\(error)") }
        return try await client.exchange(code: code, verifier: pkce.verifier, redirectURI: listener.redirectURI)
    }
}

/// Opens a URL in the user's browser: `$HEARTH_BROWSER` (a command line; the URL is appended),
/// else `$BROWSER`, else `xdg-open` (`open` on macOS). Does not wait for the browser to exit.
/// The URL is also printed by callers, so a headless user can paste it elsewhere.
public enum SystemBrowser {
    public static let environmentVariable = "HEARTH_BROWSER"

    @Sendable public static func open(_ url: URL) async throws {
        try open(url, environment: ProcessInfo.processInfo.environment)
    }

    public static func open(_ url: URL, environment: [String: String]) throws {
        let command = [environment[environmentVariable], environment["BROWSER"]]
            .compactMap { $0?.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty }
        #if os(macOS)
        let fallback = "/usr/bin/open"
        #else
        let fallback = "xdg-open"
        #endif
        let words = (command ?? fallback).split(separator: " ").map(String.init)
        guard let program = words.first else { throw OAuthError.browserUnavailable("empty browser command") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + words.dropFirst() + [url.absoluteString]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch {
            throw OAuthError.browserUnavailable("\(program): \(error.localizedDescription)")
        }
    }
}
