import Foundation
import HearthApp
import HearthCore
import HearthSync

/// The sync engine's pieces for a stored account, from the application layer's one credential
/// resolver and one server mapping.
extension Engine {
    func syncOptions(for account: Account) throws -> AccountSynchronizer.Options {
        try AppErrors.mapping { try app.servers.syncOptions(for: account) }
    }

    func syncCredentials(for account: Account) throws -> SyncCredentials {
        try AppErrors.mapping { try app.credentials.sync(for: account) }
    }

    func synchronizer(for account: Account, progress: @escaping SyncProgressHandler = { _ in }) throws -> AccountSynchronizer {
        AccountSynchronizer(account: account, credentials: try syncCredentials(for: account),
                            store: store, options: try syncOptions(for: account), progress: progress)
    }
}
