import Foundation
import HearthCore
import HearthIMAP
import Logging

/// What one replay did.
public struct ReplayResult: Sendable, Hashable {
    public var completed = 0
    /// Refused or broken mid-way, to be retried later.
    public var postponed = 0
    /// Out of retries: failed visibly and undone locally.
    public var failed: [PendingOperation] = []
    public init() {}
}

/// Sends the action journal to the server, oldest first, on an authenticated connection
/// (spec product §5.2 actions; proposal §3.3 offline-first).
///
/// - An operation the server refuses (NO/BAD) counts as a failed attempt: it waits for the
///   retry policy's next attempt, and the operations after it wait too, so the server sees the
///   user's actions in the order they were made. Out of retries it is marked failed and undone
///   locally; later operations then go on.
/// - A broken connection ends the replay and is thrown: the operation in flight counts one
///   attempt (it may or may not have happened — every operation is idempotent: STORE sets flags,
///   MOVE/EXPUNGE of a UID that is gone do nothing).
/// - Without MOVE: UID COPY + UID STORE +FLAGS (\Deleted) + UID EXPUNGE (UIDPLUS). Without
///   UIDPLUS the message is only flagged \Deleted: a plain EXPUNGE would also remove other
///   messages someone else flagged, which is not ours to do.
public struct ActionReplayer: Sendable {
    public typealias Store = FolderRepository & ActionJournalRepository

    let connection: any IMAPSession
    let store: any Store
    let account: AccountID
    let policy: RetryPolicy
    let now: @Sendable () -> Date
    let logger: Logger

    public init(connection: any IMAPSession, store: any Store, account: AccountID, policy: RetryPolicy = RetryPolicy(),
                now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "hearth.sync.actions")) {
        self.connection = connection; self.store = store; self.account = account
        self.policy = policy; self.now = now; self.logger = logger
    }

    public func replay() async throws(SyncError) -> ReplayResult {
        var result = ReplayResult()
        let due = try SyncCall.store { () throws(StoreError) in try store.dueOperations(account: account, by: now()) }
        guard !due.isEmpty else { return result }
        let folders = try SyncCall.store { () throws(StoreError) in try store.folders(account: account) }
        let paths = Dictionary(folders.compactMap { f in f.id.map { ($0, f.imapPath) } }, uniquingKeysWith: { a, _ in a })
        var selected: (folder: FolderID, uidValidity: UInt32?)?
        for operation in due {
            do {
                let newUID = try await perform(operation, paths: paths, selected: &selected)
                try SyncCall.store { () throws(StoreError) in try store.complete(operation.id, newUID: newUID) }
                result.completed += 1
            } catch let refusal as Refusal {
                let attempts = operation.attempts + 1
                if let retryAt = policy.nextAttempt(after: attempts, from: now()) {
                    try SyncCall.store { () throws(StoreError) in
                        try store.postpone(operation.id, attempts: attempts, retryAt: retryAt, error: refusal.message)
                    }
                    result.postponed += 1
                    logger.info("action refused, will retry", metadata: ["action": "\(operation.action)", "attempt": "\(attempts)"])
                    return result   // keep the order: later operations wait for this one
                }
                try SyncCall.store { () throws(StoreError) in try store.fail(operation.id, error: refusal.message) }
                var failed = operation
                failed.state = .failed; failed.attempts = attempts; failed.lastError = refusal.message
                result.failed.append(failed)
                logger.warning("action failed for good", metadata: ["action": "\(operation.action)", "error": "\(refusal.message)"])
                selected = nil
            } catch let error as SyncError {
                let attempts = operation.attempts + 1
                let retryAt = policy.nextAttempt(after: attempts, from: now()) ?? now()
                _ = try? SyncCall.store { () throws(StoreError) in
                    try store.postpone(operation.id, attempts: min(attempts, policy.maxRetries), retryAt: retryAt, error: error.description)
                }
                throw error
            } catch {
                throw .unexpected("\(error)")
            }
        }
        return result
    }

    /// The server said no to this operation (as opposed to the connection failing).
    struct Refusal: Error { var message: String }

    private func perform(_ entry: PendingOperation, paths: [FolderID: String],
                         selected: inout (folder: FolderID, uidValidity: UInt32?)?) async throws -> UInt32? {
        var operation = entry.operation
        guard let path = paths[operation.folder] else { throw Refusal(message: "the folder is no longer known locally") }
        if selected?.folder != operation.folder {
            let selection = try await run { try await connection.select(MailboxName(wire: path)) }
            selected = (operation.folder, selection.uidValidity)
        }
        // The server renumbered the folder since the user acted: the stored UID may now name
        // another message. Find ours again by Message-ID, or give up visibly.
        if let then = entry.uidValidity, let now = selected?.uidValidity, then != now {
            guard let messageID = entry.messageID else {
                throw Refusal(message: "the folder was renumbered on the server and the message has no Message-ID to find it again")
            }
            let found = try await run { try await connection.uidSearch(.header(field: "Message-ID", value: messageID)) }
            guard let uid = found.first else { return nil }   // gone from the folder: nothing left to do
            operation = entry.withUID(uid)
        }
        let uid = SequenceSet(ranges: [SequenceRange(operation.uid)])
        switch operation {
        case .store(_, _, let flag, let add):
            let imapFlag: Flag = flag == .seen ? .seen : .flagged
            _ = try await run { try await connection.execute(.uidStore(uid, StoreOperation(add ? .add : .remove, [imapFlag]), unchangedSince: nil)) }
            return nil
        case .move(_, _, let target):
            guard let targetPath = paths[target] else { throw Refusal(message: "the target folder is no longer known locally") }
            let destination = MailboxName(wire: targetPath)
            if await connection.capabilities.contains(.move) {
                let moved = try await run { try await connection.execute(.uidMove(uid, destination)) }
                return Self.copiedUID(moved)
            }
            let copied = try await run { try await connection.execute(.uidCopy(uid, destination)) }
            try await removeFromSelected(uid)
            return Self.copiedUID(copied)
        case .copy(_, _, let target):
            guard let targetPath = paths[target] else { throw Refusal(message: "the target folder is no longer known locally") }
            let copied = try await run { try await connection.execute(.uidCopy(uid, MailboxName(wire: targetPath))) }
            return Self.copiedUID(copied)
        case .expunge:
            try await removeFromSelected(uid)
            return nil
        }
    }

    private func removeFromSelected(_ uid: SequenceSet) async throws {
        _ = try await run { try await connection.execute(.uidStore(uid, StoreOperation(.add, [.deleted]), unchangedSince: nil)) }
        if await connection.capabilities.contains(.uidPlus) {
            _ = try await run { try await connection.execute(.uidExpunge(uid)) }
        }
    }

    /// A NO/BAD from the server becomes a `Refusal`; anything else (connection) a `SyncError`.
    private func run<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as IMAPError {
            if case .commandFailed(let command, _, _, let text) = error { throw Refusal(message: "\(command): \(text)") }
            throw SyncCall.map(error, stage: .session(folder: nil))
        }
    }

    /// The destination UID from COPYUID (RFC 4315), in the tagged reply or an untagged OK.
    static func copiedUID(_ result: IMAPCommandResult) -> UInt32? {
        let codes = [result.completion.code] + result.untagged.map(\.responseCode)
        for case .copyUID(_, _, let destination)? in codes {
            if let first = destination.ranges.first, case .number(let n) = first.lower { return n }
        }
        return nil
    }
}
