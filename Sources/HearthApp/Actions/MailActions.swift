import Foundation
import HearthCore
import HearthSync

/// Read/unread, star, archive, trash, delete, move — from any front end: the local store changes
/// at once and the server side is journalled (`PerformMailActionUseCase`), then sent to the
/// server right away when it can be reached, else at the next sync (offline-first).
public struct MailActions: Sendable {
    /// What the user picked: whole conversations, single messages, or both.
    public struct Targets: Sendable {
        public var threads: [ThreadID]
        public var emails: [EmailID]
        /// The folder the messages are shown in (archive and move take them out of it).
        public var from: FolderID?
        public init(threads: [ThreadID] = [], emails: [EmailID] = [], from: FolderID? = nil) {
            self.threads = threads; self.emails = emails; self.from = from
        }
    }

    /// The local outcome, known at once.
    public struct Applied: Sendable {
        public var messages: Int
        public var journalled: [PendingOperation]
        public var accounts: Set<AccountID> { Set(journalled.map(\.account)) }
    }

    /// What the server heard.
    public struct Delivery: Sendable {
        public var sent = 0
        public var waiting = 0
        /// Failed actions and unreachable accounts, phrased for the user.
        public var notes: [String] = []
    }

    let context: AppContext

    public init(_ context: AppContext) { self.context = context }

    /// Changes the local store and journals the server side.
    public func apply(_ action: MailAction, to targets: Targets) throws(AppError) -> Applied {
        let store = context.store
        var emails: [EmailID] = []
        for thread in targets.threads {
            let messages = try storeCall { () throws(StoreError) in try store.emails(inThread: thread) }
            guard !messages.isEmpty else { throw .notFound("no conversation \(thread.rawValue)") }
            // Starring a conversation stars its newest message (as Gmail does); every other
            // action takes every message.
            if case .setStarred(true) = action { emails += messages.last?.id.map { [$0] } ?? [] }
            else { emails += messages.compactMap(\.id) }
        }
        emails += targets.emails
        guard !emails.isEmpty else { throw .invalidInput("select at least one message or conversation") }
        if case .archive = action { try ensureLocalFolder(.archive, "Archive", for: emails) }
        if case .moveToTrash = action { try ensureLocalFolder(.trash, "Trash", for: emails) }
        do {
            let journalled = try PerformMailActionUseCase(store: store).perform(action, on: emails, from: targets.from)
            return Applied(messages: emails.count, journalled: journalled)
        } catch {
            switch error {
            case .store(let s): throw .store(s)
            case .emailNotFound, .folderNotFound: throw .notFound(error.description)
            default: throw .invalidInput(error.description)
            }
        }
    }

    /// Sends the journalled actions of these accounts now; an unreachable account keeps them
    /// for the next sync.
    public func deliver(_ accounts: Set<AccountID>) async -> Delivery {
        var delivery = Delivery()
        for id in accounts.sorted() {
            guard let account = try? context.store.account(id), account.provider != .local else { continue }
            do {
                let synchronizer = AccountSynchronizer(account: account, credentials: try context.credentials.sync(for: account),
                                                       store: context.store, options: try context.servers.syncOptions(for: account))
                let result = try await synchronizer.replayActions()
                delivery.sent += result.completed
                delivery.notes += result.failed.map { "failed: \($0.action) — \($0.lastError ?? "refused")" }
            } catch {
                delivery.notes.append("\(account.email) not reachable (\(ConnectionFailures.classify(error).message)); will be sent at the next sync")
            }
            delivery.waiting += ((try? context.store.journal(account: id)) ?? []).filter { $0.state == .pending }.count
        }
        return delivery
    }

    /// Imported mailboxes have no Archive or Trash folder until the first message goes there.
    func ensureLocalFolder(_ type: FolderType, _ name: String, for emails: [EmailID]) throws(AppError) {
        let store = context.store
        var done = Set<AccountID>()
        for id in emails {
            try storeCall { () throws(StoreError) in
                guard let email = try store.email(id), done.insert(email.accountID).inserted,
                      let account = try store.account(email.accountID), account.provider == .local else { return }
                if try !store.folders(account: email.accountID).contains(where: { $0.folderType == type }) {
                    _ = try store.upsert(Folder(accountID: email.accountID, name: name, imapPath: name, folderType: type))
                }
            }
        }
    }
}
