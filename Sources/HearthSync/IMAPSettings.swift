import HearthCore
import HearthIMAP
import Logging

/// The IMAP connection settings of an account: the test/override configuration when given,
/// else the account's server endpoint. One place, used by sync and by the IDLE watcher.
enum IMAPSettings {
    static func configuration(for account: Account, options: AccountSynchronizer.Options) throws(SyncError) -> IMAPConfiguration {
        if let configured = options.imapConfiguration { return configured }
        guard let endpoint = account.imap else {
            throw .accountNotConfigured("no IMAP server is set for \(account.email)")
        }
        return IMAPConfiguration(
            host: endpoint.host, port: endpoint.port,
            security: endpoint.security == .startTLS ? .startTLS : .implicitTLS,
            extraCAFile: endpoint.extraCAFile, logger: Logger(label: "hearth.imap"))
    }
}
