import Foundation

/// IMAP and SMTP settings found for an address, and how they were found: the onboarding form
/// fills itself from this and says where the settings came from, so the user knows whether they
/// are a provider's published values or a guess worth checking.
public struct DiscoveredMailSettings: Sendable, Hashable, Codable {
    /// How the settings were found, most trustworthy first.
    public enum Source: String, Sendable, Hashable, Codable {
        /// Hearth's built-in table of large providers (their published settings).
        case knownProvider
        /// The domain's own DNS service records (RFC 6186 / RFC 8314).
        case serviceRecords
        /// The domain's mail exchanger belongs to a known provider (a custom domain hosted there).
        case mailExchanger
        /// Conventional host names (imap.DOMAIN, mail.DOMAIN) that accepted a connection.
        case guess
    }

    public var imap: ServerEndpoint
    /// Nil when only the IMAP side could be found (the user fills in SMTP).
    public var smtp: ServerEndpoint?
    public var source: Source
    /// The provider when it is one Hearth knows (sign-in advice, Gmail's OAuth path).
    public var provider: KnownMailProvider?

    public init(imap: ServerEndpoint, smtp: ServerEndpoint?, source: Source, provider: KnownMailProvider? = nil) {
        self.imap = imap; self.smtp = smtp; self.source = source; self.provider = provider
    }
}

/// A mail provider whose settings are published and stable enough to ship in a table.
public struct KnownMailProvider: Sendable, Hashable, Codable {
    /// How a person signs in there from a third-party client, in the terms the provider uses.
    public enum SignIn: String, Sendable, Hashable, Codable {
        /// The account password works over IMAP/SMTP.
        case password
        /// An app-specific password (the account password is refused once two-step sign-in is on).
        case appPassword
        /// OAuth 2.0 sign-in, or an app password as the alternative (Gmail).
        case oauthOrAppPassword
        /// OAuth 2.0 only (basic authentication switched off by the provider).
        case oauthOnly
    }

    /// Stable identifier ("gmail", "outlook", …).
    public var id: String
    /// What people call it ("Gmail", "Outlook.com").
    public var name: String
    /// Address domains served (lower case).
    public var domains: [String]
    /// Host-name suffixes of the provider's MX hosts (a custom domain hosted there).
    public var mailExchangerSuffixes: [String]
    public var imap: ServerEndpoint
    public var smtp: ServerEndpoint
    public var signIn: SignIn
    /// Where the provider explains app passwords / third-party access (shown as a link).
    public var helpURL: String?

    public init(id: String, name: String, domains: [String], mailExchangerSuffixes: [String] = [],
                imap: ServerEndpoint, smtp: ServerEndpoint, signIn: SignIn, helpURL: String? = nil) {
        self.id = id; self.name = name; self.domains = domains; self.mailExchangerSuffixes = mailExchangerSuffixes
        self.imap = imap; self.smtp = smtp; self.signIn = signIn; self.helpURL = helpURL
    }
}
