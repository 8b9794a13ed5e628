import Foundation
import HearthCore
import HearthIMAP
import HearthSMTP

/// What an account signs in with, handed over for one connection and never stored here.
public enum AccountSecret: Sendable {
    case password(String)
    case accessToken(String)
}

/// Where the outbox gets secrets. The real OAuth refresh and the secret store are issue 9's;
/// the outbox only needs this: `refresh` is true exactly once after the server refused an
/// OAuth token, and the provider must then return a fresh one (or throw).
public protocol AccountCredentialProvider: Sendable {
    func secret(for account: Account, refresh: Bool) async throws -> AccountSecret
}

/// A provider made of a closure (tests, the CLI's `--password-command`/`--token-command`).
public struct ClosureCredentialProvider: AccountCredentialProvider {
    let body: @Sendable (Account, Bool) async throws -> AccountSecret
    public init(_ body: @escaping @Sendable (Account, Bool) async throws -> AccountSecret) { self.body = body }
    public func secret(for account: Account, refresh: Bool) async throws -> AccountSecret { try await body(account, refresh) }
}

extension AccountSecret {
    func smtp(user: String) -> SMTPCredentials {
        switch self {
        case .password(let p): .plain(user: user, password: p)
        case .accessToken(let t): .xoauth2(user: user, accessToken: t)
        }
    }

    func imap(user: String) -> IMAPCredentials {
        switch self {
        case .password(let p): .plain(user: user, password: p)
        case .accessToken(let t): .xoauth2(user: user, accessToken: t)
        }
    }
}

/// The servers of an account: its stored endpoints (with the certificate name the account
/// expects, when it is not the host name), or overrides (tests point the rig's CA and the name
/// `localhost` at them; the benchmark the proxy).
public struct OutboxServerSettings: Sendable {
    public var smtpOverride: SMTPConfiguration?
    public var imapOverride: IMAPConfiguration?
    public var readTimeout: Duration
    /// The per-account TLS server name (the application layer reads it from settings); nil: the host.
    public var serverName: @Sendable (Account) -> String?

    public init(smtp: SMTPConfiguration? = nil, imap: IMAPConfiguration? = nil, readTimeout: Duration = .seconds(60),
                serverName: @escaping @Sendable (Account) -> String? = { _ in nil }) {
        self.smtpOverride = smtp; self.imapOverride = imap; self.readTimeout = readTimeout; self.serverName = serverName
    }

    public func smtp(for account: Account) throws(OutboxError) -> SMTPConfiguration {
        if let smtpOverride { return smtpOverride }
        guard let endpoint = account.smtp else { throw .accountNotConfigured("no SMTP server is set for \(account.email)") }
        return SMTPConfiguration(endpoint: endpoint, serverName: serverName(account), readTimeout: readTimeout)
    }

    public func imap(for account: Account) -> IMAPConfiguration? {
        if let imapOverride { return imapOverride }
        guard let endpoint = account.imap else { return nil }
        return IMAPConfiguration(endpoint: endpoint, serverName: serverName(account), readTimeout: readTimeout)
    }
}
