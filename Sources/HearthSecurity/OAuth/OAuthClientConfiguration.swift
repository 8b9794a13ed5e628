import Foundation
import HearthCore

/// The user's own OAuth client ("Desktop app" client id and secret from the Google Cloud console;
/// docs/security.md explains how to create one) and the endpoints it talks to.
///
/// Hearth ships no client id of its own: a shared id would tie every user to one Google project
/// (and its quota and verification status). The configuration comes, in this order, from an
/// explicit file, `$HEARTH_GOOGLE_OAUTH_CLIENT` (a file path), `$XDG_CONFIG_HOME/hearth/google-oauth-client.json`,
/// or `$HEARTH_GOOGLE_CLIENT_ID` + `$HEARTH_GOOGLE_CLIENT_SECRET`. The file may be the JSON Google
/// offers for download (`{"installed": {...}}`) or the same keys at the top level, plus two
/// Hearth extensions: `revoke_uri`, and `ca_file` (an extra trusted CA, for a test server).
public struct OAuthClientConfiguration: Sendable, Equatable {
    public static let gmailScope = "https://mail.google.com/"
    public static let googleAuthorizationEndpoint = URL(string: "https://accounts.google.com/o/oauth2/v2/auth")!
    public static let googleTokenEndpoint = URL(string: "https://oauth2.googleapis.com/token")!
    public static let googleRevocationEndpoint = URL(string: "https://oauth2.googleapis.com/revoke")!

    public static let fileEnvironmentVariable = "HEARTH_GOOGLE_OAUTH_CLIENT"
    public static let clientIDEnvironmentVariable = "HEARTH_GOOGLE_CLIENT_ID"
    public static let clientSecretEnvironmentVariable = "HEARTH_GOOGLE_CLIENT_SECRET"

    public var clientID: String
    /// Google issues a secret to desktop clients too and requires it at the token endpoint; it is
    /// not confidential in a native app (RFC 8252 §8.5), PKCE is what protects the code.
    public var clientSecret: String?
    public var authorizationEndpoint: URL
    public var tokenEndpoint: URL
    public var revocationEndpoint: URL
    /// Always exactly `https://mail.google.com/`: the only scope Google offers for IMAP/SMTP, and
    /// all Hearth asks for.
    public var scope: String
    /// PEM file trusted in addition to the system store (only for a test or self-hosted server).
    public var extraCAFile: String?

    public init(
        clientID: String, clientSecret: String?,
        authorizationEndpoint: URL = Self.googleAuthorizationEndpoint,
        tokenEndpoint: URL = Self.googleTokenEndpoint,
        revocationEndpoint: URL = Self.googleRevocationEndpoint,
        scope: String = Self.gmailScope, extraCAFile: String? = nil
    ) {
        self.clientID = clientID; self.clientSecret = clientSecret
        self.authorizationEndpoint = authorizationEndpoint; self.tokenEndpoint = tokenEndpoint
        self.revocationEndpoint = revocationEndpoint; self.scope = scope; self.extraCAFile = extraCAFile
    }

    /// Every host this configuration connects to (the privacy audit's allow-list).
    public var hosts: Set<String> {
        Set([authorizationEndpoint, tokenEndpoint, revocationEndpoint].compactMap(\.host))
    }

    /// Finds the configuration (see the type's documentation for the order).
    public static func load(
        explicitFile: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: URL? = nil
    ) throws(OAuthError) -> OAuthClientConfiguration {
        if let explicitFile, !explicitFile.isEmpty { return try load(file: URL(fileURLWithPath: explicitFile)) }
        if let path = environment[fileEnvironmentVariable], !path.isEmpty { return try load(file: URL(fileURLWithPath: path)) }
        let configHome = home.map { UserDirectories.absolute(environment["XDG_CONFIG_HOME"]) ?? $0.appendingPathComponent(".config") }
            ?? UserDirectories.configHome(environment: environment)
        let defaultFile = configHome.appendingPathComponent("hearth/google-oauth-client.json")
        if FileManager.default.fileExists(atPath: defaultFile.path) { return try load(file: defaultFile) }
        if let id = environment[clientIDEnvironmentVariable], !id.isEmpty {
            let secret = environment[clientSecretEnvironmentVariable].flatMap { $0.isEmpty ? nil : $0 }
            return OAuthClientConfiguration(clientID: id, clientSecret: secret)
        }
        throw .notConfigured("""
            no OAuth client found; create a "Desktop app" client in the Google Cloud console, download its JSON \
            to \(defaultFile.path) (or set \(fileEnvironmentVariable)); see docs/security.md
            """)
    }

    /// Reads a client file (Google's download format, or the same keys at the top level).
    public static func load(file: URL) throws(OAuthError) -> OAuthClientConfiguration {
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw .notConfigured("cannot read \(file.path): \(error.localizedDescription)")
        }
        return try parse(data, source: file.path)
    }

    /// Parses client JSON (a file's content; `source` names it in errors).
    public static func parse(_ data: Data, source: String) throws(OAuthError) -> OAuthClientConfiguration {
        struct Client: Decodable {
            var client_id: String?
            var client_secret: String?
            var auth_uri: String?
            var token_uri: String?
            var revoke_uri: String?
            var ca_file: String?
        }
        struct File: Decodable {
            var installed: Client?
            var web: Client?
        }
        let client: Client
        do {
            let file = try JSONDecoder().decode(File.self, from: data)
            if let installed = file.installed { client = installed }
            else if file.web != nil {
                throw OAuthError.notConfigured("\(source) is a \"Web application\" client; create a \"Desktop app\" client instead")
            } else { client = try JSONDecoder().decode(Client.self, from: data) }
        } catch let error as OAuthError {
            throw error
        } catch {
            throw .notConfigured("\(source) is not an OAuth client JSON file")
        }
        guard let id = client.client_id, !id.isEmpty else { throw .notConfigured("\(source) has no client_id") }
        var configuration = OAuthClientConfiguration(clientID: id, clientSecret: client.client_secret)
        if let auth = client.auth_uri { configuration.authorizationEndpoint = try endpoint(auth, source) }
        if let token = client.token_uri {
            configuration.tokenEndpoint = try endpoint(token, source)
            // Google's own token URI keeps Google's revocation endpoint; a test server gets /revoke.
            if configuration.tokenEndpoint != googleTokenEndpoint, client.revoke_uri == nil,
               var parts = URLComponents(url: configuration.tokenEndpoint, resolvingAgainstBaseURL: false) {
                parts.path = "/revoke"
                if let url = parts.url { configuration.revocationEndpoint = url }
            }
        }
        if let revoke = client.revoke_uri { configuration.revocationEndpoint = try endpoint(revoke, source) }
        configuration.extraCAFile = client.ca_file
        return configuration
    }

    /// HTTPS only, except plain HTTP to a loopback address (a local test server).
    static func endpoint(_ text: String, _ source: String) throws(OAuthError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host else {
            throw .notConfigured("\(source): \(text) is not a URL")
        }
        let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback) else {
            throw .notConfigured("\(source): \(text) must use https (plain http only for a loopback test server)")
        }
        return url
    }
}
