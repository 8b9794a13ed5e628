import Foundation
import HearthCore
import HearthSync

/// Builds the sync engine's pieces for a stored account: credentials, connection settings.
extension Engine {
    /// Accounts that have a server to talk to (not imported local mailboxes), optionally one.
    func syncableAccounts(_ reference: String?) throws -> [Account] {
        if let reference {
            let account = try account(matching: reference)
            guard account.provider != .local else {
                throw CLIError.invalidInput("account \(account.email) is an imported mailbox; it has no server")
            }
            return [account]
        }
        return try store.accounts().filter { $0.provider != .local && $0.isActive }
    }

    func syncOptions(for account: Account) throws -> AccountSynchronizer.Options {
        guard let id = account.id else { return .init() }
        let serverName = try store.value(for: IMAPServerName.key(id))
        return .init(imapConfiguration: try IMAPSettings.configuration(for: account, serverName: serverName))
    }

    func synchronizer(for account: Account, progress: @escaping SyncProgressHandler = { _ in }) throws -> AccountSynchronizer {
        AccountSynchronizer(account: account, credentials: try AccountCredentials.resolve(account, engine: self),
                            store: store, options: try syncOptions(for: account), progress: progress)
    }
}
