import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOSSL

/// Talks to the authorization server's token and revocation endpoints (RFC 6749 §4.1.3, §6;
/// RFC 7009). Transient failures (network, HTTP 5xx, 429) are retried with growing delays; a
/// refused grant is reported at once as `.invalidGrant` so the caller can ask for a new sign-in.
///
/// Each call uses its own short-lived HTTP client: token calls happen about once an hour, and a
/// per-call client leaves nothing to shut down. Redirects are not followed and no proxy
/// environment is honoured: the only host contacted is the configured endpoint's.
public struct OAuthTokenClient: Sendable {
    public var configuration: OAuthClientConfiguration
    /// Delays before the 2nd, 3rd, … attempt of a transient failure.
    public var retryDelays: [Duration]
    public var requestTimeout: Duration
    public var logger: Logger
    var now: @Sendable () -> Date

    public init(
        configuration: OAuthClientConfiguration,
        retryDelays: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2)],
        requestTimeout: Duration = .seconds(20),
        logger: Logger = Logger(label: "hearth.oauth"),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration; self.retryDelays = retryDelays
        self.requestTimeout = requestTimeout; self.logger = logger; self.now = now
    }

    /// The URL to open in the browser (authorization code + PKCE S256, mail scope only).
    public func authorizationURL(pkce: PKCE, state: String, redirectURI: String, loginHint: String?) -> URL {
        var components = URLComponents(url: configuration.authorizationEndpoint, resolvingAgainstBaseURL: false)!
        var items = (components.queryItems ?? []) + [
            URLQueryItem(name: "client_id", value: configuration.clientID),
            URLQueryItem(name: "redirect_uri", value: redirectURI),
            URLQueryItem(name: "response_type", value: "code"),
            URLQueryItem(name: "scope", value: configuration.scope),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "code_challenge", value: pkce.challenge),
            URLQueryItem(name: "code_challenge_method", value: PKCE.method),
            // Google: offline access yields a refresh token; consent makes sure it is re-issued
            // on a re-authentication.
            URLQueryItem(name: "access_type", value: "offline"),
            URLQueryItem(name: "prompt", value: "consent"),
        ]
        if let loginHint, !loginHint.isEmpty { items.append(URLQueryItem(name: "login_hint", value: loginHint)) }
        components.percentEncodedQuery = items.map { "\(Self.formEncode($0.name))=\(Self.formEncode($0.value ?? ""))" }
            .joined(separator: "&")
        return components.url!
    }

    /// Exchanges an authorization code (with the PKCE verifier) for tokens.
    public func exchange(code: String, verifier: String, redirectURI: String) async throws(OAuthError) -> OAuthTokens {
        var form = [("grant_type", "authorization_code"), ("code", code), ("code_verifier", verifier),
                    ("redirect_uri", redirectURI), ("client_id", configuration.clientID)]
        if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
        let tokens = try await tokenRequest(form, previousRefreshToken: nil)
        guard tokens.refreshToken != nil else {
            throw .invalidResponse("no refresh token was issued (remove Hearth's access in your Google account and sign in again)")
        }
        return tokens
    }

    /// A new access token for a refresh token.
    public func refresh(_ refreshToken: String) async throws(OAuthError) -> OAuthTokens {
        var form = [("grant_type", "refresh_token"), ("refresh_token", refreshToken), ("client_id", configuration.clientID)]
        if let secret = configuration.clientSecret { form.append(("client_secret", secret)) }
        return try await tokenRequest(form, previousRefreshToken: refreshToken)
    }

    /// Revokes a token (RFC 7009). An already invalid token counts as revoked.
    public func revoke(_ token: String) async throws(OAuthError) {
        let (status, body) = try await post(configuration.revocationEndpoint, form: [("token", token)])
        if status == 200 { return }
        let error = Self.errorCode(body)
        if status == 400, error == "invalid_token" || error == "invalid_grant" { return }
        throw .server(endpoint: Self.name(configuration.revocationEndpoint), status: status, error: error)
    }

    // MARK: - HTTP

    private func tokenRequest(_ form: [(String, String)], previousRefreshToken: String?) async throws(OAuthError) -> OAuthTokens {
        let endpoint = configuration.tokenEndpoint
        let (status, body) = try await post(endpoint, form: form)
        guard status == 200 else {
            let error = Self.errorCode(body)
            let description = Self.errorDescription(body)
            switch error {
            case "invalid_grant": throw .invalidGrant(description ?? "the grant was refused")
            case "invalid_client", "unauthorized_client": throw .invalidClient(description ?? error ?? "refused")
            default: throw .server(endpoint: Self.name(endpoint), status: status, error: error)
            }
        }
        struct Response: Decodable {
            var access_token: String?
            var expires_in: Double?
            var refresh_token: String?
            var scope: String?
            var token_type: String?
        }
        guard let response = try? JSONDecoder().decode(Response.self, from: body) else {
            throw .invalidResponse("the token endpoint's answer is not JSON")
        }
        guard let access = response.access_token, !access.isEmpty else { throw .invalidResponse("no access_token") }
        guard response.token_type?.lowercased() == "bearer" else { throw .invalidResponse("token_type is not Bearer") }
        let scope = response.scope ?? configuration.scope
        guard scope.split(separator: " ").contains(Substring(configuration.scope)) else {
            throw .insufficientScope(granted: scope)
        }
        let lifetime = max(0, response.expires_in ?? 3600)
        return OAuthTokens(accessToken: access, refreshToken: response.refresh_token ?? previousRefreshToken,
                           expiresAt: now().addingTimeInterval(lifetime), scope: scope)
    }

    /// POSTs a form, retrying transient failures. Returns the final status and body.
    private func post(_ url: URL, form: [(String, String)]) async throws(OAuthError) -> (Int, Data) {
        var attempt = 0
        while true {
            do {
                let (status, body) = try await postOnce(url, form: form)
                let transient = status >= 500 || status == 429
                if !transient || attempt >= retryDelays.count { return (status, body) }
                logger.notice("token endpoint answered \(status); retrying", metadata: ["attempt": "\(attempt + 1)"])
            } catch let error where error.isTransient && attempt < retryDelays.count {
                logger.notice("token endpoint unreachable; retrying", metadata: ["reason": "\(error)"])
            }
            do { try await Task.sleep(for: retryDelays[attempt]) } catch {
                throw .network(endpoint: Self.name(url), reason: "cancelled")
            }
            attempt += 1
        }
    }

    private func postOnce(_ url: URL, form: [(String, String)]) async throws(OAuthError) -> (Int, Data) {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = .tlsv12
        tls.certificateVerification = .fullVerification
        if let ca = configuration.extraCAFile { tls.additionalTrustRoots = [.file(ca)] }
        var settings = HTTPClient.Configuration()
        settings.tlsConfiguration = tls
        settings.redirectConfiguration = .disallow
        settings.timeout = .init(connect: .seconds(10), read: .seconds(Int64(requestTimeout.components.seconds)))
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: settings)
        defer { client.shutdown { _ in } }
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        let body = form.map { "\(Self.formEncode($0.0))=\(Self.formEncode($0.1))" }.joined(separator: "&")
        request.body = .bytes(ByteBuffer(string: body))
        do {
            let response = try await client.execute(request, timeout: .seconds(Int64(requestTimeout.components.seconds)))
            var buffer = try await response.body.collect(upTo: 1 << 20)
            let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
            return (Int(response.status.code), Data(bytes))
        } catch {
            throw .network(endpoint: Self.name(url), reason: Self.describe(error))
        }
    }

    // MARK: - Helpers

    /// scheme://host[:port]/path, never the query (which could hold a token).
    static func name(_ url: URL) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        components?.query = nil
        return components?.string ?? url.host ?? "the OAuth server"
    }

    static func describe(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }

    static func errorCode(_ body: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error"] as? String
    }

    static func errorDescription(_ body: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["error_description"] as? String
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// application/x-www-form-urlencoded: everything but unreserved characters percent-encoded.
    static func formEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
