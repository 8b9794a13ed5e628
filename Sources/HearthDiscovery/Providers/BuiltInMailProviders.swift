import HearthCore

/// The built-in table: large providers' published IMAP/SMTP settings, so their users never wait
/// for DNS or see a guess. Values are the providers' own help pages' (checked 2026); a provider
/// that changes them is still found by the later steps only if it also publishes SRV records,
/// so keep this table short and to providers that rarely move.
public struct BuiltInMailProviders: MailProviderCatalog {
    public let providers: [KnownMailProvider]

    public init(providers: [KnownMailProvider] = BuiltInMailProviders.table) { self.providers = providers }

    public func provider(forDomain domain: String) -> KnownMailProvider? {
        let domain = domain.lowercased()
        return providers.first { $0.domains.contains(domain) }
    }

    public func provider(forMailExchangers hosts: [String]) -> KnownMailProvider? {
        for host in hosts.map({ $0.lowercased() }) {
            if let match = providers.first(where: { p in
                p.mailExchangerSuffixes.contains { host == $0 || host.hasSuffix("." + $0) }
            }) { return match }
        }
        return nil
    }

    private static func tls(_ host: String, _ port: Int = 993) -> ServerEndpoint {
        ServerEndpoint(host: host, port: port, security: .implicitTLS)
    }
    private static func starttls(_ host: String, _ port: Int = 587) -> ServerEndpoint {
        ServerEndpoint(host: host, port: port, security: .startTLS)
    }

    public static let table: [KnownMailProvider] = [
        KnownMailProvider(
            id: "gmail", name: "Gmail", domains: ["gmail.com", "googlemail.com"],
            mailExchangerSuffixes: ["google.com", "googlemail.com"],
            imap: tls("imap.gmail.com"), smtp: tls("smtp.gmail.com", 465), signIn: .oauthOrAppPassword,
            helpURL: "https://support.google.com/accounts/answer/185833"),
        KnownMailProvider(
            id: "outlook", name: "Outlook.com",
            domains: ["outlook.com", "hotmail.com", "live.com", "msn.com", "passport.com", "outlook.de", "outlook.fr",
                      "hotmail.co.uk", "hotmail.de", "hotmail.fr", "hotmail.it", "hotmail.es", "live.co.uk", "live.de",
                      "live.fr", "live.nl"],
            imap: tls("outlook.office365.com"), smtp: starttls("smtp-mail.outlook.com"), signIn: .oauthOnly,
            helpURL: "https://support.microsoft.com/office/pop-imap-and-smtp-settings-for-outlook-com-d088b986-291d-42b8-9564-9c414e2aa040"),
        KnownMailProvider(
            id: "microsoft365", name: "Microsoft 365", domains: [],
            mailExchangerSuffixes: ["mail.protection.outlook.com"],
            imap: tls("outlook.office365.com"), smtp: starttls("smtp.office365.com"), signIn: .oauthOnly),
        KnownMailProvider(
            id: "yahoo", name: "Yahoo Mail",
            domains: ["yahoo.com", "ymail.com", "rocketmail.com", "yahoo.co.uk", "yahoo.de", "yahoo.fr", "yahoo.es",
                      "yahoo.it", "yahoo.ca", "yahoo.com.au", "yahoo.co.jp", "yahoo.com.br"],
            mailExchangerSuffixes: ["yahoodns.net"],
            imap: tls("imap.mail.yahoo.com"), smtp: tls("smtp.mail.yahoo.com", 465), signIn: .appPassword,
            helpURL: "https://help.yahoo.com/kb/SLN15241.html"),
        KnownMailProvider(
            id: "aol", name: "AOL Mail", domains: ["aol.com", "aim.com"],
            imap: tls("imap.aol.com"), smtp: tls("smtp.aol.com", 465), signIn: .appPassword),
        KnownMailProvider(
            id: "icloud", name: "iCloud Mail", domains: ["icloud.com", "me.com", "mac.com"],
            mailExchangerSuffixes: ["mail.icloud.com"],
            imap: tls("imap.mail.me.com"), smtp: starttls("smtp.mail.me.com"), signIn: .appPassword,
            helpURL: "https://support.apple.com/102654"),
        KnownMailProvider(
            id: "fastmail", name: "Fastmail",
            domains: ["fastmail.com", "fastmail.fm", "fastmail.net", "fastmail.org", "fastmail.us", "fastmail.co.uk",
                      "messagingengine.com", "sent.com"],
            mailExchangerSuffixes: ["messagingengine.com"],
            imap: tls("imap.fastmail.com"), smtp: tls("smtp.fastmail.com", 465), signIn: .appPassword,
            helpURL: "https://www.fastmail.help/hc/en-us/articles/1500000278342"),
        KnownMailProvider(
            id: "gmx", name: "GMX", domains: ["gmx.de", "gmx.net", "gmx.at", "gmx.ch"],
            imap: tls("imap.gmx.net"), smtp: tls("mail.gmx.net", 465), signIn: .password),
        KnownMailProvider(
            id: "gmx-com", name: "GMX", domains: ["gmx.com", "gmx.us", "gmx.co.uk", "gmx.fr", "gmx.es"],
            imap: tls("imap.gmx.com"), smtp: tls("mail.gmx.com", 465), signIn: .password),
        KnownMailProvider(
            id: "webde", name: "WEB.DE", domains: ["web.de"],
            imap: tls("imap.web.de"), smtp: starttls("smtp.web.de"), signIn: .password),
        KnownMailProvider(
            id: "mailbox-org", name: "mailbox.org", domains: ["mailbox.org"],
            imap: tls("imap.mailbox.org"), smtp: tls("smtp.mailbox.org", 465), signIn: .password),
        KnownMailProvider(
            id: "posteo", name: "Posteo", domains: ["posteo.de", "posteo.net", "posteo.org", "posteo.eu"],
            imap: tls("posteo.de"), smtp: tls("posteo.de", 465), signIn: .password),
        KnownMailProvider(
            id: "zoho", name: "Zoho Mail", domains: ["zoho.com", "zohomail.com"],
            mailExchangerSuffixes: ["zoho.com", "zoho.eu"],
            imap: tls("imap.zoho.com"), smtp: tls("smtp.zoho.com", 465), signIn: .appPassword),
        KnownMailProvider(
            id: "yandex", name: "Yandex Mail", domains: ["yandex.com", "yandex.ru", "ya.ru"],
            imap: tls("imap.yandex.com"), smtp: tls("smtp.yandex.com", 465), signIn: .appPassword),
    ]
}
