import Foundation
import HearthCore
import Testing
@testable import HearthSecurity

/// PKCE, configuration parsing, the authorization URL and the loopback listener, without servers.
@Suite("OAuth pieces", .timeLimit(.minutes(1)))
struct OAuthUnitTests {
    @Test func pkceMatchesRFC7636AppendixB() {
        // The example verifier and challenge of RFC 7636, Appendix B.
        let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
        #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
        let fresh = PKCE()
        #expect(fresh.verifier.count == 43)
        #expect(fresh.verifier != PKCE().verifier)
        #expect(fresh.verifier.allSatisfy { $0.isLetter || $0.isNumber || "-_".contains($0) })
    }

    @Test func parsesGooglesDownloadFormatAndDerivesRevocation() throws {
        let google = Data("""
            {"installed":{"client_id":"123.apps.googleusercontent.com","project_id":"p","auth_uri":"https://accounts.google.com/o/oauth2/auth",
            "token_uri":"https://oauth2.googleapis.com/token","client_secret":"GOCSPX-x","redirect_uris":["http://localhost"]}}
            """.utf8)
        let configuration = try OAuthClientConfiguration.parse(google, source: "client.json")
        #expect(configuration.clientID == "123.apps.googleusercontent.com")
        #expect(configuration.clientSecret == "GOCSPX-x")
        #expect(configuration.revocationEndpoint == OAuthClientConfiguration.googleRevocationEndpoint)
        #expect(configuration.scope == "https://mail.google.com/")
        let rig = Data("""
            {"client_id":"rig-client","auth_uri":"http://127.0.0.1:14080/o/oauth2/v2/auth","token_uri":"http://127.0.0.1:14080/token"}
            """.utf8)
        let local = try OAuthClientConfiguration.parse(rig, source: "rig.json")
        #expect(local.revocationEndpoint.absoluteString == "http://127.0.0.1:14080/revoke")
        #expect(local.hosts == ["127.0.0.1"])
    }

    @Test func refusesPlainHTTPToARemoteHostAndWebClients() {
        let remote = Data(#"{"client_id":"x","token_uri":"http://oauth.example.com/token"}"#.utf8)
        #expect(throws: OAuthError.self) { try OAuthClientConfiguration.parse(remote, source: "f") }
        let web = Data(#"{"web":{"client_id":"x"}}"#.utf8)
        #expect(throws: OAuthError.self) { try OAuthClientConfiguration.parse(web, source: "f") }
        #expect(throws: OAuthError.self) {
            try OAuthClientConfiguration.load(environment: ["XDG_CONFIG_HOME": "/nonexistent-\(UUID())"], home: URL(fileURLWithPath: "/nonexistent"))
        }
    }

    @Test func authorizationURLAsksForTheMailScopeOnlyWithS256() throws {
        let client = OAuthTokenClient(configuration: OAuthClientConfiguration(clientID: "id 1", clientSecret: nil))
        let pkce = PKCE()
        let url = client.authorizationURL(pkce: pkce, state: "st", redirectURI: "http://127.0.0.1:5555/oauth2callback", loginHint: "kate@gmail.test")
        let items = Dictionary(uniqueKeysWithValues: (URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map { ($0.name, $0.value ?? "") })
        #expect(url.host == "accounts.google.com")
        #expect(items["scope"] == "https://mail.google.com/")
        #expect(items["code_challenge_method"] == "S256")
        #expect(items["code_challenge"] == pkce.challenge)
        #expect(items["response_type"] == "code")
        #expect(items["client_id"] == "id 1")
        #expect(items["redirect_uri"] == "http://127.0.0.1:5555/oauth2callback")
        #expect(items["login_hint"] == "kate@gmail.test")
        #expect(!url.absoluteString.contains(pkce.verifier), "the verifier never leaves the process before the exchange")
    }

    @Test func loopbackListenerChecksStateAndIgnoresStrayRequests() async throws {
        let listener = try LoopbackRedirectListener()
        #expect(listener.port > 0)
        #expect(listener.redirectURI.hasPrefix("http://127.0.0.1:"))
        let waiting = Task { try await listener.waitForCode(expectedState: "good-state", timeout: .seconds(20)) }
        let base = "http://127.0.0.1:\(listener.port)"
        #expect(try await httpStatus(base + "/favicon.ico") == 404)
        #expect(try await httpStatus(base + "/oauth2callback?code=forged&state=bad-state") == 400)
        #expect(try await httpStatus(base + "/oauth2callback?code=4%2Freal&state=good-state") == 200)
        #expect(try await waiting.value == "4/real")
    }

    @Test func loopbackListenerReportsDenialAndTimeout() async throws {
        let denied = try LoopbackRedirectListener()
        let waiting = Task { try await denied.waitForCode(expectedState: "s", timeout: .seconds(20)) }
        _ = try await httpStatus("http://127.0.0.1:\(denied.port)/oauth2callback?error=access_denied&state=s")
        await #expect(throws: OAuthError.authorizationDenied("access_denied")) { try await waiting.value }
        let quiet = try LoopbackRedirectListener()
        await #expect(throws: OAuthError.timedOut(seconds: 1)) {
            try await quiet.waitForCode(expectedState: "s", timeout: .seconds(1))
        }
    }

    @Test func tokensNeverPrintThemselves() {
        let tokens = OAuthTokens(accessToken: "ya29.secret", refreshToken: "1//refresh", expiresAt: Date(), scope: "s")
        #expect(!tokens.description.contains("ya29"))
        #expect(!tokens.description.contains("1//refresh"))
        #expect(!"\(OAuthError.invalidGrant("Token has been expired or revoked."))".contains("1//"))
    }
}

/// A plain GET with curl (the status code only), what a browser does to the loopback address.
/// Awaits curl's exit without blocking a cooperative thread (the listener's task needs one).
func httpStatus(_ url: String) async throws -> Int {
    let output = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
    process.arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10", url]
    FileManager.default.createFile(atPath: output.path, contents: nil)
    process.standardOutput = try FileHandle(forWritingTo: output)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        process.terminationHandler = { _ in continuation.resume() }
        do { try process.run() } catch { continuation.resume() }
    }
    let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
}
