import Foundation
import HearthCore
import HearthIMAP
import Logging

/// The body of `InboxWatcher`: sessions, reconnects with backoff. Runs in the watcher's task;
/// cancellation of that task is `stop()`.
struct WatchLoop: Sendable {
    let account: Account
    let credentials: SyncCredentials
    let store: any SyncStore
    let options: InboxWatcher.Options
    let logger: Logger
    let emit: @Sendable (WatchEvent) -> Void

    static let inbox = MailboxName(wire: "INBOX")

    /// Runs until cancelled (returns nil) or a failure not worth retrying (returns it).
    func run() async -> SyncError? {
        var attempt = 0
        while !Task.isCancelled {
            do {
                try await session(attempt: &attempt)
                return nil   // only returns normally when cancelled
            } catch {
                if error == .cancelled || Task.isCancelled { return nil }
                guard Self.isRetryable(error) else {
                    logger.error("watch stopped", metadata: ["error": "\(error)"])
                    return error
                }
                logger.notice("watch disconnected", metadata: ["error": "\(error)"])
                emit(.disconnected(error))
                attempt += 1
                let delay = options.delay(forAttempt: attempt)
                emit(.reconnecting(attempt: attempt, delay: delay))
                do { try await options.sleep(delay) } catch { return nil }
            }
        }
        return nil
    }

    /// Whether a new session may succeed without the user changing anything.
    static func isRetryable(_ error: SyncError) -> Bool {
        switch error {
        case .authentication, .tokenUnavailable, .accountNotConfigured, .store, .cancelled:
            false
        case .connection(let cause):
            cause.isTransient
        case .server(.mechanismUnavailable, _):
            false   // no IDLE on this server
        case .server, .unexpected:
            true
        }
    }

    /// One connection: sign in, EXAMINE INBOX, sync, IDLE until a failure or cancellation.
    private func session(attempt: inout Int) async throws(SyncError) {
        let configuration = try IMAPSettings.configuration(for: account, options: options.sync)
        var attempts = attempt
        defer { attempt = attempts }
        try await options.sync.connections.withConnection(account: account.email, configuration: configuration) { connection throws(SyncError) in
            try await watch(on: connection, configuration: configuration, attempt: &attempts)
        }
    }

    private func watch(on connection: IMAPConnection, configuration: IMAPConfiguration,
                       attempt: inout Int) async throws(SyncError) {
        let imapCredentials = try await credentials.imapCredentials()
        try await SyncCall.imap(.authenticate) { try await connection.authenticate(imapCredentials) }
        guard await connection.capabilities.contains(.idle) else {
            throw .server(.mechanismUnavailable("the server does not advertise IDLE"), folder: "INBOX")
        }
        let selection = try await SyncCall.imap(.session(folder: "INBOX")) {
            try await connection.select(Self.inbox, readOnly: true)
        }
        var tracker = WatchChangeTracker(exists: selection.exists ?? 0)
        try await syncAccount()

        let idleTimeout = max(configuration.idleTimeout, options.reIdleInterval + .seconds(60))
        while true {
            try Task.checkCancellation(or: .cancelled)
            let idle = try await SyncCall.imap(.session(folder: "INBOX")) {
                try await connection.idle(timeout: idleTimeout)
            }
            emit(.watching)
            attempt = 0
            let outcome = await wait(on: idle, tracker: &tracker)
            if let failure = outcome.failure {
                throw SyncCall.map(failure, stage: .session(folder: "INBOX"))
            }
            try Task.checkCancellation(or: .cancelled)
            if outcome.changed {
                let newMail = tracker.takeNewMail()
                if newMail > 0 { emit(.newMail(newMail)) }
                try await syncAccount()
            } else {
                logger.debug("re-issuing IDLE")
            }
        }
    }

    private func syncAccount() async throws(SyncError) {
        let result = try await AccountSynchronizer(
            account: account, credentials: credentials, store: store, options: options.sync,
            logger: logger).run()
        emit(.synced(result))
    }

    struct IdleOutcome { var changed = false; var failure: IMAPError? }

    private enum Signal: Sendable {
        case response(IMAPResponse)
        case ended(IMAPError?)
        case timer
    }

    /// Waits for a change, the re-IDLE timer, a failure or cancellation, then leaves IDLE
    /// (unless the connection died). Responses that arrive until DONE completes are counted too.
    private func wait(on idle: IMAPIdleSession, tracker: inout WatchChangeTracker) async -> IdleOutcome {
        let (signals, signal) = AsyncStream<Signal>.makeStream()
        let forwarder = Task {
            do {
                for try await response in idle.events { signal.yield(.response(response)) }
                signal.yield(.ended(nil))
            } catch {
                signal.yield(.ended((error as? IMAPError) ?? .connectionClosed("IDLE interrupted: \(error)")))
            }
        }
        let interval = options.reIdleInterval
        let sleep = options.sleep
        let timer = Task {
            do {
                try await sleep(interval)
                signal.yield(.timer)
            } catch {}
        }
        defer { timer.cancel() }

        var outcome = IdleOutcome()
        var iterator = signals.makeAsyncIterator()
        // `next()` returns nil when this task is cancelled (stop()).
        waiting: while let next = await iterator.next() {
            switch next {
            case .response(let response):
                if tracker.apply(response) { outcome.changed = true; break waiting }
            case .timer:
                break waiting
            case .ended(let error):
                // The server ended IDLE on its own, or the connection failed.
                outcome.failure = error ?? .connectionClosed("the server ended IDLE")
                await forwarder.value
                return outcome
            }
        }
        do {
            try await idle.done()
        } catch {
            outcome.failure = (error as? IMAPError) ?? .connectionClosed("DONE failed: \(error)")
        }
        await forwarder.value
        signal.finish()
        if !Task.isCancelled {
            while let next = await iterator.next() {
                if case .response(let response) = next, tracker.apply(response) { outcome.changed = true }
            }
        }
        return outcome
    }
}

/// Reads what IDLE pushes: which responses mean "sync", and how many new messages EXISTS
/// announced (EXISTS growth since the last count, EXPUNGE shrinks the count).
struct WatchChangeTracker: Sendable {
    var exists: Int
    private var newMail = 0

    init(exists: Int) { self.exists = exists }

    /// True when the response means the mailbox changed.
    mutating func apply(_ response: IMAPResponse) -> Bool {
        switch response {
        case .exists(let count):
            if count > exists { newMail += count - exists }
            exists = count
            return true
        case .expunge:
            exists = max(0, exists - 1)
            return true
        case .fetch, .vanished:
            return true
        default:
            return false
        }
    }

    mutating func takeNewMail() -> Int {
        defer { newMail = 0 }
        return newMail
    }
}
