import Foundation
import HearthIMAP

/// At most `limit` simultaneous IMAP connections per account (spec: 5). Providers cap them —
/// Gmail at 15 per account across all of a user's clients — and a client that opens more gets
/// refused logins, so sync, action replay and the IDLE watcher all take a slot here first.
/// Waiters are served first come, first served.
public actor ConnectionLimiter {
    public static let shared = ConnectionLimiter(limit: 5)

    public let limit: Int
    private var inUse: [String: Int] = [:]
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]

    public init(limit: Int) { self.limit = max(1, limit) }

    public func acquire(_ account: String) async {
        if inUse[account, default: 0] < limit {
            inUse[account, default: 0] += 1
            return
        }
        await withCheckedContinuation { waiting[account, default: []].append($0) }
    }

    /// Hands the slot to the next waiter, if any.
    public func release(_ account: String) {
        if var queue = waiting[account], !queue.isEmpty {
            let next = queue.removeFirst()
            waiting[account] = queue
            next.resume()
        } else {
            inUse[account] = max(0, inUse[account, default: 0] - 1)
        }
    }

    public func connections(_ account: String) -> Int { inUse[account, default: 0] }
}

extension ConnectionLimiter {
    /// Takes a slot, connects, runs `body`; LOGOUT after success, close after a failure (a
    /// cancelled body still says LOGOUT), and the slot is given back in every case.
    func withConnection<T: Sendable>(
        account: String, configuration: IMAPConfiguration,
        _ body: (IMAPConnection) async throws(SyncError) -> T
    ) async throws(SyncError) -> T {
        try await withSlot(account: account, connect: { try await IMAPConnection.connect(configuration) },
                           logout: { await $0.logout() }, close: { await $0.close() }, body)
    }

    /// The same over the sync engine's port (`IMAPSession`), opened by `connect`.
    func withSession<T: Sendable>(
        account: String, configuration: IMAPConfiguration, connect: @escaping IMAPConnector,
        _ body: (any IMAPSession) async throws(SyncError) -> T
    ) async throws(SyncError) -> T {
        try await withSlot(account: account, connect: { try await connect(configuration) },
                           logout: { await $0.logout() }, close: { await $0.close() }, body)
    }

    private func withSlot<Session: Sendable, T: Sendable>(
        account: String, connect: @escaping @Sendable () async throws -> Session,
        logout: @escaping @Sendable (Session) async -> Void, close: (Session) async -> Void,
        _ body: (Session) async throws(SyncError) -> T
    ) async throws(SyncError) -> T {
        await acquire(account)
        let connection: Session
        do {
            connection = try await SyncCall.imap(.connect) { try await connect() }
        } catch {
            await release(account)
            throw error
        }
        do {
            let value = try await body(connection)
            await logout(connection)
            await release(account)
            return value
        } catch {
            if error == .cancelled { await Task { await logout(connection) }.value } else { await close(connection) }
            await release(account)
            throw error
        }
    }
}

extension ConnectionLimiter {
    /// One sync or journal replay per account at a time in this process. Two replays of the same
    /// journal send an operation twice; a sync that reads a folder while a replay moves messages
    /// out of it records them where they no longer are. The user's own actions never wait for
    /// it: they change the store at once and their journal entries wait for the gate.
    public static let oneSyncPerAccount = ConnectionLimiter(limit: 1)

    /// Runs `body` holding the account's only slot (no connection is opened here).
    func exclusively<T: Sendable>(account: String, _ body: () async throws(SyncError) -> T) async throws(SyncError) -> T {
        await acquire(account)
        do {
            let value = try await body()
            await release(account)
            return value
        } catch {
            await release(account)
            throw error
        }
    }
}
