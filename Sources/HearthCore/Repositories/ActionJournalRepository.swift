import Foundation

/// The durable journal of actions not yet confirmed by the server (spec product §5.2, proposal
/// §3.3 offline-first). The local change and its journal entries are written in ONE transaction:
/// a crash leaves either both or neither.
public protocol ActionJournalRepository: Sendable {
    /// Applies `plan.local` and journals `plan.server`, atomically. Returns the journal entries.
    @discardableResult
    func apply(_ plan: ActionPlan, at date: Date) throws(StoreError) -> [PendingOperation]
    /// Pending operations of an account due by `date`, oldest first.
    func dueOperations(account: AccountID, by date: Date) throws(StoreError) -> [PendingOperation]
    /// Pending and failed operations (all accounts when nil), oldest first.
    func journal(account: AccountID?) throws(StoreError) -> [PendingOperation]
    /// The server confirmed it: forget the entry. `newUID` is the message's UID in the target
    /// folder of a move when the server said (COPYUID), so the local copy gets it at once.
    func complete(_ id: PendingOperationID, newUID: UInt32?) throws(StoreError)
    /// An attempt failed: count it and wait until `retryAt`.
    func postpone(_ id: PendingOperationID, attempts: Int, retryAt: Date, error: String) throws(StoreError)
    /// Out of retries: mark failed, and undo the local change where the server keeps the old
    /// state (the message goes back to the folder it was moved out of; a folder whose flags were
    /// changed gets its flags fetched in full at the next sync) — server state is authoritative.
    func fail(_ id: PendingOperationID, error: String) throws(StoreError)
    /// The user asks to try a failed operation again.
    func retry(_ id: PendingOperationID, at date: Date) throws(StoreError)
    /// The user dismisses a failed operation.
    func dismiss(_ id: PendingOperationID) throws(StoreError)
    /// The operations of this message the server has not heard of yet. A sync reads them so as
    /// not to undo the user's change from a view of the server that predates it.
    func pendingOperations(email: EmailID) throws(StoreError) -> [PendingOperation]
}

extension ActionJournalRepository {
    /// From the whole journal (fakes and small stores); `MailStore` asks its index.
    public func pendingOperations(email: EmailID) throws(StoreError) -> [PendingOperation] {
        try journal(account: nil).filter { $0.email == email && $0.state == .pending }
    }
}
