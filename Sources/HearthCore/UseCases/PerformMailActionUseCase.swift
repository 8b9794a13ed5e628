import Foundation

/// Applies a user action to messages: at once in the local store, and journalled for the server
/// (which `ActionReplayer` in HearthSync replays when the account is reachable).
public struct PerformMailActionUseCase: Sendable {
    public typealias Store = AccountRepository & FolderRepository & EmailRepository & ActionJournalRepository

    let store: any Store
    let now: @Sendable () -> Date

    public init(store: any Store, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store; self.now = now
    }

    /// One plan per message, applied one message at a time (each in its own transaction).
    /// - Parameter source: the folder the user acts from (archive/move take the message out of it).
    @discardableResult
    public func perform(_ action: MailAction, on emails: [EmailID], from source: FolderID? = nil) throws(MailActionError) -> [PendingOperation] {
        var journalled: [PendingOperation] = []
        var planners: [AccountID: MailActionPlanner] = [:]
        for id in emails {
            do {
                guard let email = try store.email(id) else { throw MailActionError.emailNotFound(id) }
                let planner: MailActionPlanner
                if let cached = planners[email.accountID] {
                    planner = cached
                } else {
                    guard let account = try store.account(email.accountID) else { throw MailActionError.emailNotFound(id) }
                    planner = MailActionPlanner(account: account, folders: try store.folders(account: email.accountID))
                    planners[email.accountID] = planner
                }
                let byID = Dictionary(planner.folders.compactMap { f in f.id.map { ($0, f) } }, uniquingKeysWith: { a, _ in a })
                let associations = try store.folders(of: id).compactMap { link in
                    byID[link.folderID].map { MailActionPlanner.Association(folder: $0, uid: link.imapUID) }
                }
                let plan = try planner.plan(action, email: email, in: associations, from: source)
                journalled += try store.apply(plan, at: now())
            } catch let error as MailActionError {
                throw error
            } catch let error as StoreError {
                throw .store(error)
            } catch {
                throw .store(.database("\(error)"))
            }
        }
        return journalled
    }
}
