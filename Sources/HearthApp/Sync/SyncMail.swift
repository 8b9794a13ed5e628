import Foundation
import HearthCore
import HearthSync

/// "Fetch new mail and send my offline actions" for every account side by side (spec §5.1):
/// one failing account never holds up the others, and each outcome says what the user must do.
/// The CLI's `sync`, the web app's "sync now" and a SwiftUI pull-to-refresh call this.
public struct SyncMail: Sendable {
    /// What one account's sync did, or why it failed.
    public struct Outcome: Sendable {
        public var account: Account
        public var result: AccountSyncResult?
        public var error: AppError?
        /// Journalled actions the server has not confirmed yet, after this sync: the one that
        /// was refused and every later one waiting behind it, and those not due yet.
        public var actionsWaiting: Int
        /// Actions that failed for good (the server's reason, shown to the user).
        public var actionsFailed: [PendingOperation]
    }

    /// Builds the synchronizer of one account; tests hand in one over a fake IMAP session.
    public typealias SynchronizerFactory = @Sendable (Account, SyncCredentials, any SyncStore, AccountSynchronizer.Options,
                                                      @escaping SyncProgressHandler) -> AccountSynchronizer

    let context: AppContext
    let makeSynchronizer: SynchronizerFactory
    let options: @Sendable (AccountSynchronizer.Options) -> AccountSynchronizer.Options

    public init(_ context: AppContext, options: @escaping @Sendable (AccountSynchronizer.Options) -> AccountSynchronizer.Options = { $0 },
                makeSynchronizer: @escaping SynchronizerFactory = { account, credentials, store, options, progress in
                    AccountSynchronizer(account: account, credentials: credentials, store: store, options: options, progress: progress)
                }) {
        self.context = context; self.options = options; self.makeSynchronizer = makeSynchronizer
    }

    /// Accounts with a server (not imported mailboxes), active ones only unless one is named.
    public func accounts(_ reference: String?) throws(AppError) -> [Account] {
        if let reference {
            let account = try context.account(matching: reference)
            guard account.provider != .local else { throw .invalidInput("\(account.email) is an imported mailbox; it has no server") }
            return [account]
        }
        return try storeCall { () throws(StoreError) in try context.store.accounts() }.filter { $0.provider != .local && $0.isActive }
    }

    /// Syncs the accounts side by side; outcomes in account order.
    public func callAsFunction(_ accounts: [Account], progress: @escaping @Sendable (Account) -> SyncProgressHandler = { _ in { _ in } }) async -> [Outcome] {
        await withTaskGroup(of: Outcome.self) { group in
            for account in accounts {
                group.addTask { await self.sync(account, progress: progress(account)) }
            }
            var outcomes: [Outcome] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes.sorted { ($0.account.id ?? AccountID(0)) < ($1.account.id ?? AccountID(0)) }
        }
    }

    func sync(_ account: Account, progress: @escaping SyncProgressHandler) async -> Outcome {
        var outcome = Outcome(account: account, actionsWaiting: 0, actionsFailed: [])
        do {
            let credentials = try context.credentials.sync(for: account)
            let synchronizer = makeSynchronizer(account, credentials, context.store, options(try context.servers.syncOptions(for: account)), progress)
            let result = try await synchronizer.run()
            outcome.result = result
            outcome.actionsFailed = result.actions.failed
        } catch let error as SyncError {
            outcome.error = ConnectionFailures.classify(error)
        } catch {
            outcome.error = ConnectionFailures.classify(error)
        }
        outcome.actionsWaiting = waiting(account)
        return outcome
    }

    /// Pending journal entries of the account (failed ones are reported apart).
    func waiting(_ account: Account) -> Int {
        guard let id = account.id, let journal = try? context.store.journal(account: id) else { return 0 }
        return journal.filter { $0.state == .pending }.count
    }
}
