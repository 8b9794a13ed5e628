import HearthCore
import HearthDiscovery
import Testing

/// The discovery order with fakes for DNS and connection probes: table, SRV, MX, guesses.
@Suite("Discovering mail settings from an address")
struct DiscoverMailSettingsTests {
    struct FakeDNS: MailDNSLookup {
        var srv: [String: [ServiceRecord]] = [:]
        var mx: [String: [String]] = [:]
        var failing = false
        func serviceRecords(_ name: String) async throws(MailDiscoveryError) -> [ServiceRecord] {
            if failing { throw .dnsUnavailable("no answer") }
            return srv[name] ?? []
        }
        func mailExchangers(_ domain: String) async throws(MailDiscoveryError) -> [String] {
            if failing { throw .dnsUnavailable("no answer") }
            return mx[domain] ?? []
        }
    }

    struct FakeReachability: ServerReachability {
        var open: Set<String> = []
        func accepts(host: String, port: Int, timeout: Duration) async -> Bool { open.contains("\(host):\(port)") }
    }

    func discover(_ address: String, dns: FakeDNS = FakeDNS(), open: Set<String> = []) async throws(MailDiscoveryError) -> DiscoveredMailSettings {
        try await DiscoverMailSettingsUseCase(catalog: BuiltInMailProviders(), dns: dns,
                                              reachability: FakeReachability(open: open)).discover(address: address)
    }

    @Test("Big providers come from the table, without asking DNS", arguments: [
        ("someone@gmail.com", "imap.gmail.com", 993, "smtp.gmail.com", 465),
        ("someone@Hotmail.co.uk", "outlook.office365.com", 993, "smtp-mail.outlook.com", 587),
        ("someone@yahoo.com", "imap.mail.yahoo.com", 993, "smtp.mail.yahoo.com", 465),
        ("someone@me.com", "imap.mail.me.com", 993, "smtp.mail.me.com", 587),
        ("someone@fastmail.com", "imap.fastmail.com", 993, "smtp.fastmail.com", 465),
        ("someone@gmx.de", "imap.gmx.net", 993, "mail.gmx.net", 465),
    ])
    func table(_ address: String, _ imapHost: String, _ imapPort: Int, _ smtpHost: String, _ smtpPort: Int) async throws {
        let found = try await discover(address, dns: FakeDNS(failing: true))
        #expect(found.source == .knownProvider)
        #expect(found.imap.host == imapHost && found.imap.port == imapPort)
        #expect(found.smtp?.host == smtpHost && found.smtp?.port == smtpPort)
    }

    @Test("Gmail says how to sign in: OAuth or an app password")
    func gmailAdvice() async throws {
        let gmail = try #require(try await discover("a@googlemail.com").provider)
        #expect(gmail.signIn == .oauthOrAppPassword)
        #expect(gmail.signInAdvice.contains("app password") && gmail.signInAdvice.contains("Sign in with Google"))
        #expect(try await discover("a@icloud.com").provider?.signInAdvice.contains("app password") == true)
    }

    @Test("SRV: implicit TLS preferred over STARTTLS; lowest priority, then highest weight")
    func serviceRecords() async throws {
        let dns = FakeDNS(srv: [
            "_imap._tcp.corp.example": [ServiceRecord(priority: 0, weight: 0, port: 143, target: "imap.corp.example")],
            "_imaps._tcp.corp.example": [ServiceRecord(priority: 10, weight: 0, port: 993, target: "backup.corp.example"),
                                         ServiceRecord(priority: 0, weight: 1, port: 993, target: "small.corp.example"),
                                         ServiceRecord(priority: 0, weight: 9, port: 993, target: "main.corp.example")],
            "_submission._tcp.corp.example": [ServiceRecord(priority: 0, weight: 0, port: 587, target: "smtp.corp.example")],
        ])
        let found = try await discover("me@corp.example", dns: dns)
        #expect(found.source == .serviceRecords)
        #expect(found.imap == ServerEndpoint(host: "main.corp.example", port: 993, security: .implicitTLS))
        #expect(found.smtp == ServerEndpoint(host: "smtp.corp.example", port: 587, security: .startTLS))
    }

    @Test("A \".\" target means \"no such service\" (RFC 2782) and is skipped")
    func dotTarget() async throws {
        let dns = FakeDNS(srv: [
            "_imaps._tcp.corp.example": [ServiceRecord(priority: 0, weight: 0, port: 0, target: ".")],
            "_imap._tcp.corp.example": [ServiceRecord(priority: 0, weight: 0, port: 143, target: "imap.corp.example")],
        ])
        let found = try await discover("me@corp.example", dns: dns)
        #expect(found.imap == ServerEndpoint(host: "imap.corp.example", port: 143, security: .startTLS))
        #expect(found.smtp == nil)
    }

    @Test("A custom domain whose MX is Google's gets Gmail's settings")
    func mailExchanger() async throws {
        let dns = FakeDNS(mx: ["bakery.example": ["alt1.aspmx.l.google.com", "aspmx.l.google.com"]])
        let found = try await discover("orders@bakery.example", dns: dns)
        #expect(found.source == .mailExchanger)
        #expect(found.provider?.id == "gmail")
    }

    @Test("Guesses: only hosts that accept a connection, in the conventional order")
    func guesses() async throws {
        let found = try await discover("me@small.example", open: ["mail.small.example:993", "imap.small.example:143",
                                                                  "mail.small.example:587"])
        #expect(found.source == .guess)
        #expect(found.imap == ServerEndpoint(host: "imap.small.example", port: 143, security: .startTLS))
        #expect(found.smtp == ServerEndpoint(host: "mail.small.example", port: 587, security: .startTLS))
    }

    @Test("DNS down: the guesses are still tried; nothing reachable reports the DNS problem")
    func dnsDown() async throws {
        let found = try await discover("me@small.example", dns: FakeDNS(failing: true), open: ["imap.small.example:993"])
        #expect(found.imap.host == "imap.small.example")
        await #expect(throws: MailDiscoveryError.dnsUnavailable("no answer")) {
            try await discover("me@small.example", dns: FakeDNS(failing: true))
        }
    }

    @Test("Nothing anywhere: an error that tells the user what to do")
    func nothing() async {
        await #expect(throws: MailDiscoveryError.nothingFound(domain: "nowhere.example")) {
            try await discover("me@nowhere.example")
        }
    }

    @Test("Not an address", arguments: ["", "me", "@example.org", "me@localhost", "me@exa mple.org", "me@-bad.org"])
    func notAnAddress(_ text: String) async {
        await #expect(throws: MailDiscoveryError.self) { try await discover(text) }
    }
}
