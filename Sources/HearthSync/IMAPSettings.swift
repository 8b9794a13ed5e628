import HearthCore
import HearthIMAP
import Logging

/// The IMAP connection settings of an account: the test/override configuration when given,
/// else the account's server endpoint. One place, used by sync, the IDLE watcher and the
/// connectivity check.
public enum IMAPSettings {
    /// - Parameter serverName: the certificate name to expect when it is not the host name.
    public static func configuration(for account: Account, override: IMAPConfiguration? = nil,
                                     serverName: String? = nil) throws(SyncError) -> IMAPConfiguration {
        if let override { return override }
        guard let endpoint = account.imap else {
            throw .accountNotConfigured("no IMAP server is set for \(account.email)")
        }
        return IMAPConfiguration(endpoint: endpoint, serverName: serverName)
    }

    static func configuration(for account: Account, options: AccountSynchronizer.Options) throws(SyncError) -> IMAPConfiguration {
        try configuration(for: account, override: options.imapConfiguration)
    }
}

/// "Can Hearth sign in to this account?" — asked before an account is saved (spec onboarding:
/// validate connectivity first, with an actionable error).
public enum AccountConnectivity {
    /// Connects (TLS), signs in and lists the folders; returns how many there are.
    public static func check(_ configuration: IMAPConfiguration, credentials: SyncCredentials) async throws(SyncError) -> Int {
        let connection = try await SyncCall.imap(.connect) { try await IMAPConnection.connect(configuration) }
        do {
            let imapCredentials = try await credentials.imapCredentials()
            try await SyncCall.imap(.authenticate) { try await connection.authenticate(imapCredentials) }
            let folders = try await SyncCall.imap(.session(folder: nil)) { try await connection.listMailboxes() }
            await connection.logout()
            return folders.count
        } catch {
            await connection.close()
            throw error
        }
    }
}
