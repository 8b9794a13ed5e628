import Foundation
import HearthCore
import HearthIMAP
import HearthOutbox
import HearthSMTP
import HearthSync

/// How to reach an account's servers: its stored endpoints plus the per-account TLS options
/// kept in settings. Sync, IDLE, sending, Drafts/Sent copies and the connectivity checks all
/// ask this one value, so the CLI, the web app and a SwiftUI app connect the same way.
public struct AccountServers: Sendable {
    let settings: any SettingsRepository
    /// Test and benchmark overrides (the rig's CA and the name `localhost`, the fault proxy).
    public var imapOverride: IMAPConfiguration?
    public var smtpOverride: SMTPConfiguration?

    public init(settings: any SettingsRepository, imapOverride: IMAPConfiguration? = nil, smtpOverride: SMTPConfiguration? = nil) {
        self.settings = settings; self.imapOverride = imapOverride; self.smtpOverride = smtpOverride
    }

    /// The certificate name the account expects, when it is not the host name.
    public func serverName(of account: Account) -> String? {
        guard let id = account.id else { return nil }
        return (try? settings.value(for: AccountSettingKeys.serverName(id))).flatMap { $0?.isEmpty == false ? $0 : nil }
    }

    public func imap(for account: Account) throws(AppError) -> IMAPConfiguration {
        if let imapOverride { return imapOverride }
        guard let endpoint = account.imap else { throw .invalidInput("\(account.email) has no IMAP server (an imported mailbox)") }
        return IMAPConfiguration(endpoint: endpoint, serverName: serverName(of: account))
    }

    public func smtp(for account: Account) throws(AppError) -> SMTPConfiguration {
        if let smtpOverride { return smtpOverride }
        guard let endpoint = account.smtp else { throw .invalidInput("\(account.email) has no SMTP server (an imported mailbox)") }
        return SMTPConfiguration(endpoint: endpoint, serverName: serverName(of: account))
    }

    /// The sync engine's options for the account.
    public func syncOptions(for account: Account) throws(AppError) -> AccountSynchronizer.Options {
        AccountSynchronizer.Options(imapConfiguration: try imap(for: account))
    }

    /// The outbox's view of the same servers.
    public var outbox: OutboxServerSettings {
        let servers = self
        return OutboxServerSettings(smtp: smtpOverride, imap: imapOverride, serverName: { servers.serverName(of: $0) })
    }
}
