import Foundation
import HearthCore
import HearthSecurity

/// Everything a front end collects to add an account: the CLI's `account add` flags, the web
/// onboarding form, a SwiftUI sheet. Nothing is guessed from a port number: the security mode
/// is chosen (TLS by default) and the port defaults from it.
public struct AccountSetup: Sendable {
    public var email: String
    /// The name shown on sent mail (default: the address).
    public var displayName: String?
    /// nil: Gmail for @gmail.com addresses and OAuth sign-ins, plain IMAP otherwise.
    public var provider: ProviderKind?
    public var imap: ServerChoice
    /// nil: the IMAP host, with the default submission port.
    public var smtp: ServerChoice?
    public var tls: TLSOptions
    /// Days of mail to sync; nil or 0: everything.
    public var syncWindowDays: Int?
    public var credential: CredentialInput

    public init(email: String, displayName: String? = nil, provider: ProviderKind? = nil, imap: ServerChoice,
                smtp: ServerChoice? = nil, tls: TLSOptions = TLSOptions(), syncWindowDays: Int? = 30,
                credential: CredentialInput) {
        self.email = email; self.displayName = displayName; self.provider = provider; self.imap = imap
        self.smtp = smtp; self.tls = tls; self.syncWindowDays = syncWindowDays; self.credential = credential
    }
}

/// One server of an account as the user chose it.
public struct ServerChoice: Sendable, Hashable {
    public var host: String
    /// nil: the standard port for `security` (IMAP 993/143, SMTP 465/587).
    public var port: Int?
    public var security: TransportSecurity

    public init(host: String, port: Int? = nil, security: TransportSecurity = .implicitTLS) {
        self.host = host; self.port = port; self.security = security
    }

    func endpoint(defaultPorts: (tls: Int, startTLS: Int), extraCAFile: String?) -> ServerEndpoint {
        ServerEndpoint(host: host, port: port ?? (security == .implicitTLS ? defaultPorts.tls : defaultPorts.startTLS),
                       security: security, extraCAFile: extraCAFile)
    }
}

/// How far to trust a self-hosted server beyond the system's CAs. Verification itself is never
/// switched off.
public struct TLSOptions: Sendable, Hashable {
    /// A PEM file with an extra CA certificate to trust.
    public var extraCAFile: String?
    /// The name the certificate must carry when it is not the host name (e.g. `localhost`).
    public var serverName: String?

    public init(extraCAFile: String? = nil, serverName: String? = nil) {
        self.extraCAFile = extraCAFile; self.serverName = serverName
    }
}

/// How the account will sign in, as the user gave it.
public enum CredentialInput: Sendable {
    /// Kept in the secret store.
    case password(String)
    /// Run each time a password is needed (like mbsync's PassCmd); only the command is kept.
    case passwordCommand(String)
    /// Run each time an OAuth access token is needed; only the command is kept.
    case tokenCommand(String)
    /// Tokens of a browser sign-in (Gmail); kept in the secret store and refreshed silently.
    case oauth(OAuthTokens)

    var authType: AuthType {
        switch self {
        case .password, .passwordCommand: .password
        case .tokenCommand, .oauth: .oauth2
        }
    }
}

extension AccountSetup {
    /// The servers of a Google sign-in (`account add --oauth`, the web's "Sign in with Google"):
    /// Google's own, unless the user named an IMAP host (a self-hosted or test server), whose
    /// SMTP host then defaults to that IMAP host.
    public static func googleHosts(imap: String?, smtp: String?) -> (imap: String, smtp: String) {
        guard let imap else { return ("imap.gmail.com", smtp ?? "smtp.gmail.com") }
        return (imap, smtp ?? imap)
    }

    /// The account to save, checked for what would make it unusable.
    func validatedAccount() throws(AppError) -> Account {
        let email = email.trimmingCharacters(in: .whitespacesAndNewlines)
        guard email.contains("@"), !email.hasPrefix("@"), !email.hasSuffix("@") else {
            throw .invalidInput("\"\(email)\" is not an e-mail address")
        }
        let host = imap.host.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !host.isEmpty else { throw .invalidInput("the incoming (IMAP) server is missing") }
        for port in [imap.port, smtp?.port].compactMap({ $0 }) where !(1...65535).contains(port) {
            throw .invalidInput("\(port) is not a port number (1–65535)")
        }
        if let file = tls.extraCAFile, !FileManager.default.isReadableFile(atPath: file) {
            throw .invalidInput("the CA file \(file) cannot be read")
        }
        if case .password(let secret) = credential, secret.isEmpty { throw .invalidInput("the password is empty") }
        var imap = self.imap
        imap.host = host
        let smtp = self.smtp ?? ServerChoice(host: host, security: .implicitTLS)
        let isOAuth = credential.authType == .oauth2
        let kind = provider ?? (isOAuth || email.lowercased().hasSuffix("@gmail.com") ? .gmail : .imap)
        let window = syncWindowDays.flatMap { $0 > 0 ? $0 : nil }
        return Account(email: email, displayName: displayName.flatMap { $0.isEmpty ? nil : $0 } ?? email, provider: kind,
                       authType: credential.authType,
                       imap: imap.endpoint(defaultPorts: (993, 143), extraCAFile: tls.extraCAFile),
                       smtp: smtp.endpoint(defaultPorts: (465, 587), extraCAFile: tls.extraCAFile),
                       syncWindowDays: window)
    }
}
