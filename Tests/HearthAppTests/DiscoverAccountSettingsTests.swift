import HearthApp
import HearthCore
import Testing

/// The application layer's discovery: the use case's answer in a screen's words, its errors as
/// `AppError` kinds a front end maps, and the form filled without losing what was typed.
@Suite("Discover account settings")
struct DiscoverAccountSettingsTests {
    struct NoProviders: MailProviderCatalog {
        func provider(forDomain domain: String) -> KnownMailProvider? { nil }
        func provider(forMailExchangers hosts: [String]) -> KnownMailProvider? { nil }
    }
    struct DNS: MailDNSLookup {
        var srv: [String: [ServiceRecord]] = [:]
        var fails = false
        func serviceRecords(_ name: String) async throws(MailDiscoveryError) -> [ServiceRecord] {
            if fails { throw .dnsUnavailable("no answer") }
            return srv[name] ?? []
        }
        func mailExchangers(_ domain: String) async throws(MailDiscoveryError) -> [String] { [] }
    }
    struct Nothing: ServerReachability {
        func accepts(host: String, port: Int, timeout: Duration) async -> Bool { false }
    }

    func discover(_ address: String, dns: DNS) async throws(AppError) -> DiscoverAccountSettings.Found {
        try await DiscoverAccountSettings(useCase: DiscoverMailSettingsUseCase(catalog: NoProviders(), dns: dns, reachability: Nothing(),
                                                                               probeTimeout: .milliseconds(50)))(address)
    }

    @Test("SRV records: the servers, where they came from, no advice")
    func serviceRecords() async throws {
        let dns = DNS(srv: ["_imap._tcp.example.org": [ServiceRecord(priority: 0, weight: 1, port: 143, target: "mail.example.org")],
                            "_submission._tcp.example.org": [ServiceRecord(priority: 0, weight: 1, port: 587, target: "mail.example.org")]])
        let found = try await discover("me@example.org", dns: dns)
        #expect(found.settings.imap == ServerEndpoint(host: "mail.example.org", port: 143, security: .startTLS))
        #expect(found.foundBy.contains("DNS service records") && !found.needsChecking && found.signInAdvice == nil)

        var typed = AccountForm()
        typed.email = "me@example.org"; typed.password = "half-typed"; typed.caFile = "/ca.pem"
        let filled = typed.filled(from: found.settings)
        #expect(filled.imapHost == "mail.example.org" && filled.imapPort == "143" && filled.imapSecurity == .startTLS)
        #expect(filled.smtpHost == "mail.example.org" && filled.smtpPort == "587" && filled.smtpSecurity == .startTLS)
        #expect(filled.email == "me@example.org" && filled.password == "half-typed" && filled.caFile == "/ca.pem")
    }

    @Test("Errors carry the kind a front end acts on")
    func errors() async {
        await #expect(throws: AppError(.invalidInput, MailDiscoveryError.notAnAddress("nope").description)) { try await discover("nope", dns: DNS()) }
        let nothing = await #expect(throws: AppError.self) { try await discover("me@example.org", dns: DNS()) }
        #expect(nothing?.kind == .notFound)
        let down = await #expect(throws: AppError.self) { try await discover("me@example.org", dns: DNS(fails: true)) }
        #expect(down?.kind == .unavailable)
    }

    @Test("A form as typed is never refused, whatever its values")
    func typedForm() {
        let form = AccountForm.typed(["email": " a@b.c ", "port": "x", "security": "plain", "smtpSecurity": "STARTTLS", "password": " p "])
        #expect(form.email == "a@b.c" && form.imapPort == "x" && form.imapSecurity == .implicitTLS && form.smtpSecurity == .startTLS)
        #expect(form.password == " p ", "passwords are kept exactly")
    }
}
