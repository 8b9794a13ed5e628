import Foundation
import HearthApp
import HearthCore
import HearthStore
import HearthTestSupport
import Testing
@testable import HearthWeb

/// Onboarding asks for the address first and fills the servers in through the application
/// layer's discovery (the one `hearth account discover` uses). sam@rig.test is found by the
/// rig's DNS server (dnsmasq: RFC 6186 SRV records for rig.test), then added with the password.
@Suite("Web app: onboarding finds the servers from the address", .serialized, .timeLimit(.minutes(1)))
struct OnboardingDiscoveryTests {
    /// A server over a store with no account at all.
    struct Empty {
        let directory: URL
        let store: MailStore
        let server: WebServer
        let http: RawHTTP
        var policy: LocalAccessPolicy { server.app.policy }

        init(services: WebServices) async throws {
            directory = try Corpora.temporaryDirectory("hearth-web-onboarding")
            store = try MailStore.open(directory: directory)
            server = WebServer(app: WebApp(store: store, dataDirectory: directory, services: services))
            _ = try await server.start(port: 0)
            http = RawHTTP(port: server.port)
        }

        func login() async throws -> String {
            let response = try await http.request("GET", "/login?s=\(policy.loginSecret)")
            return String(try #require(response.header("Set-Cookie")?.split(separator: ";").first))
        }

        func post(_ path: String, _ fields: [String: String], cookie: String) async throws -> RawHTTP.Response {
            let body = fields.map { "\($0.key)=\(FormDecoding.encode($0.value))" }.joined(separator: "&")
            return try await http.request("POST", path, headers: ["Cookie": cookie, "X-CSRF-Token": policy.csrfToken], body: body)
        }
    }

    static func services(discovery: DiscoverAccountSettings = DiscoverAccountSettings()) -> WebServices {
        var services = WebServices(secrets: MemorySecretStore())
        services.modelDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("no-models-\(UUID().uuidString)")
        services.discovery = discovery
        return services
    }

    /// The value attribute of the input with `id` (the page escapes values; ours need none).
    static func value(of id: String, in page: String) -> String? {
        guard let start = page.range(of: "id=\"\(id)\"") else { return nil }
        let tag = page[start.upperBound...].prefix { $0 != ">" }
        guard let value = tag.range(of: "value=\"") else { return nil }
        return String(tag[value.upperBound...].prefix { $0 != "\"" })
    }

    @Test("sam@rig.test: SRV records fill in IMAP and SMTP host, port and security; the account is then added")
    func findsRigDomainBySRV() async throws {
        let rig = try MailRig.require()
        let dnsPort = Int(rig.values["RIG_DNS_PORT"] ?? "") ?? rig.portBase + 53
        let app = try await Empty(services: Self.services(discovery: DiscoverAccountSettings(dnsServer: (rig.host, dnsPort), probeTimeout: .seconds(1))))
        defer { Task { await app.server.stop() } }
        let cookie = try await app.login()

        let ask = try await app.http.request("GET", "/welcome?step=2", headers: ["Cookie": cookie])
        #expect(ask.status == 200)
        #expect(ask.body.contains("id=\"address-form\"") && !ask.body.contains("id=\"account-form\""), "the address comes first")

        let page = try await app.http.request("GET", "/welcome?step=2&email=sam%40rig.test&name=Sam+Rig", headers: ["Cookie": cookie])
        #expect(page.status == 200)
        let body = page.body
        #expect(body.contains("DNS service records"), "says where the settings came from")
        #expect(Self.value(of: "ob-email", in: body) == "sam@rig.test")
        #expect(Self.value(of: "ob-name", in: body) == "Sam Rig")
        #expect(Self.value(of: "ob-host", in: body) == "localhost")
        #expect(Self.value(of: "ob-port", in: body) == String(rig.imapsPort))
        #expect(Self.value(of: "ob-smtp", in: body) == "localhost")
        #expect(Self.value(of: "ob-smtp-port", in: body) == String(rig.portBase + 465))
        #expect(body.contains("<option value=\"tls\" selected>"), "implicit TLS chosen (RFC 8314)")
        #expect(!body.contains("<option value=\"starttls\" selected>"))

        // Submitted as filled in, with the password and the rig's CA (Advanced): checked against the server, saved.
        let added = try await app.post("/welcome/account", [
            "email": "sam@rig.test", "name": "Sam Rig", "password": "sam-pass", "host": "localhost", "port": String(rig.imapsPort),
            "security": "tls", "smtp": "localhost", "smtpPort": String(rig.portBase + 465), "smtpSecurity": "tls", "caFile": rig.caFile,
        ], cookie: cookie)
        #expect(added.status == 303, "\(added.body.prefix(1500))")
        let account = try #require(try app.store.accounts().first)
        #expect(account.email == "sam@rig.test" && account.displayName == "Sam Rig")
        #expect(account.imap == ServerEndpoint(host: "localhost", port: rig.imapsPort, security: .implicitTLS, extraCAFile: rig.caFile))
        let mail = try await app.http.request("GET", "/mail?box=inbox", headers: ["Cookie": cookie])
        #expect(mail.status == 200, "with an account, /mail is the mailbox")
    }

    @Test("A Gmail address: the table's servers, the plain-words advice and both ways to sign in")
    func gmailAdvice() async throws {
        let app = try await Empty(services: Self.services())
        defer { Task { await app.server.stop() } }
        let cookie = try await app.login()
        let page = try await app.http.request("GET", "/welcome?step=2&email=someone%40gmail.com", headers: ["Cookie": cookie]).body
        #expect(Self.value(of: "ob-host", in: page) == "imap.gmail.com")
        #expect(Self.value(of: "ob-smtp", in: page) == "smtp.gmail.com")
        #expect(page.contains("app password") && page.contains("https://myaccount.google.com/apppasswords"))
        #expect(page.contains("Sign in with Google") && Self.value(of: "ob-google-email", in: page) == "someone@gmail.com")
    }

    @Test("/mail without an account leads to onboarding; a failed add keeps every field")
    func noAccountAndKeptFields() async throws {
        let app = try await Empty(services: Self.services())
        defer { Task { await app.server.stop() } }
        let cookie = try await app.login()
        let mail = try await app.http.request("GET", "/mail?box=inbox", headers: ["Cookie": cookie])
        #expect(mail.status == 303 && mail.header("Location") == "/welcome?step=2")
        #expect(try await app.http.request("GET", "/", headers: ["Cookie": cookie]).header("Location") == "/welcome")

        let notAddress = try await app.http.request("GET", "/welcome?step=2&email=not-an-address", headers: ["Cookie": cookie])
        #expect(notAddress.status == 400 && notAddress.body.contains("is not an email address"))
        #expect(Self.value(of: "ob-address", in: notAddress.body) == "not-an-address")

        let fields = ["email": "me@nowhere.invalid", "name": "Me", "password": "secret", "host": "imap.nowhere.invalid", "port": "99999",
                      "security": "starttls", "smtp": "smtp.nowhere.invalid", "smtpPort": "587", "smtpSecurity": "starttls",
                      "caFile": "/etc/my-ca.pem", "serverName": "mail.nowhere.invalid"]
        let failed = try await app.post("/welcome/account", fields, cookie: cookie)
        #expect(failed.status == 400 && failed.body.contains("port must be a number"))
        for (id, value) in [("ob-email", "me@nowhere.invalid"), ("ob-name", "Me"), ("ob-password", "secret"), ("ob-host", "imap.nowhere.invalid"),
                            ("ob-port", "99999"), ("ob-smtp", "smtp.nowhere.invalid"), ("ob-smtp-port", "587"), ("ob-ca", "/etc/my-ca.pem"),
                            ("ob-server-name", "mail.nowhere.invalid")] {
            #expect(Self.value(of: id, in: failed.body) == value, "\(id) kept")
        }
        #expect(failed.body.contains("<option value=\"starttls\" selected>STARTTLS</option>"))
        #expect(failed.body.contains("<details class=\"advanced\" open>"), "Advanced stays open with a CA file in it")
        #expect(try app.store.accounts().isEmpty)
        #expect(try await app.http.request("GET", "/mail", headers: ["Cookie": cookie]).status == 303)
    }
}
