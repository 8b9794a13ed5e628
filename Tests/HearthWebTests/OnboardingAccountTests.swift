import Foundation
import HearthApp
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// Adding an account from the web onboarding goes through the application layer with every
/// connection option: the security mode as chosen (never guessed from the port: the rig's
/// STARTTLS port is not 143), the extra CA file (the rig's own CA) and the certificate's server
/// name, all kept for every later connection. frank@example.test (the web area's user) is only signed in
/// to and listed, never changed.
@Suite("Web app: onboarding account options", .mailRig, .serialized, .timeLimit(.minutes(1)))
struct OnboardingAccountTests {
    @Test("STARTTLS on a non-standard port, an extra CA and a server name: checked, then saved with them")
    func addsWithTLSOptions() async throws {
        let rig = try MailRig.require()
        let secrets = MemorySecretStore()
        var services = WebServices(secrets: secrets)
        services.modelDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("no-models-\(UUID().uuidString)")
        let fixture = try await WebFixture(seed: false, services: services)
        defer { Task { await fixture.stop() } }
        let cookie = try await fixture.login()
        func post(_ fields: [String: String]) async throws -> RawHTTP.Response {
            let body = fields.map { "\($0.key)=\(FormDecoding.encode($0.value))" }.joined(separator: "&")
            return try await fixture.http.request("POST", "/welcome/account", headers: [
                "Cookie": cookie, "X-CSRF-Token": fixture.policy.csrfToken, "Content-Type": "application/x-www-form-urlencoded"], body: body)
        }
        let base = ["email": "frank@example.test", "password": "frank-pass", "host": rig.host, "port": String(rig.imapPort),
                    "security": "starttls", "smtp": rig.host, "smtpPort": String(rig.submissionPort), "smtpSecurity": "starttls",
                    "caFile": rig.caFile]

        let added = try await post(base.merging(["serverName": "localhost"]) { $1 })
        #expect(added.status == 303, "\(added.body.prefix(2000))")
        let account = try #require(try fixture.store.accounts().first { $0.email == "frank@example.test" })
        #expect(account.imap == ServerEndpoint(host: rig.host, port: rig.imapPort, security: .startTLS, extraCAFile: rig.caFile))
        #expect(account.smtp == ServerEndpoint(host: rig.host, port: rig.submissionPort, security: .startTLS, extraCAFile: rig.caFile))
        let context = AppContext(dataDirectory: fixture.directory, store: fixture.store, secrets: { secrets })
        #expect(context.servers.serverName(of: account) == "localhost")
        #expect(try secrets.load(SecretKey(accountEmail: "frank@example.test", kind: .password)) == Data("frank-pass".utf8))
    }
}
