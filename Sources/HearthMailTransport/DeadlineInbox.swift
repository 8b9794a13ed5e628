import Foundation
import NIOCore

/// Hands parsed server messages (IMAP responses, SMTP replies) from the event loop to the
/// connection's async code one at a time, with a deadline on every wait. The first failure
/// (TLS error, close, timeout) sticks, so every later read reports the real cause rather than a
/// generic "closed".
///
/// One waiter at a time: both protocols read their replies strictly in order.
public final class DeadlineInbox<Message: Sendable, Failure: Error & Sendable>: @unchecked Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Message, any Error>
        var timeout: Scheduled<Void>?
    }

    private let lock = NSLock()
    private var buffer = CircularBuffer<Message>()
    private var failure: Failure?
    private var waiter: Waiter?
    private var lastWaiterID: UInt64 = 0
    private var partialInput = false

    public init() {}

    /// From the channel handler: newly parsed messages and whether a partial one is buffered.
    public func push(_ messages: [Message], partialInput: Bool) {
        var delivery: (CheckedContinuation<Message, any Error>, Message, Scheduled<Void>?)?
        lock.withLock {
            self.partialInput = partialInput
            buffer.append(contentsOf: messages)
            if let current = waiter, let first = buffer.popFirst() {
                waiter = nil
                delivery = (current.continuation, first, current.timeout)
            }
        }
        if let (continuation, message, timeout) = delivery {
            timeout?.cancel()
            continuation.resume(returning: message)
        }
    }

    /// Records the first failure and wakes a waiting reader with it.
    public func fail(_ error: Failure) {
        var woken: Waiter?
        var reported = error
        lock.withLock {
            if failure == nil { failure = error }
            reported = failure ?? error
            woken = waiter
            waiter = nil
        }
        woken?.timeout?.cancel()
        woken?.continuation.resume(throwing: reported)
    }

    public var recordedFailure: Failure? { lock.withLock { failure } }

    /// True when messages are queued or partly received (nothing may follow STARTTLS's answer).
    public var hasPendingInput: Bool { lock.withLock { !buffer.isEmpty || partialInput } }

    /// The next message, or `timeoutError()` after `timeout` without one.
    public func next(timeout: Duration, on eventLoop: any EventLoop,
                     timeoutError: @escaping @Sendable () -> Failure) async throws -> Message {
        let id: UInt64 = lock.withLock { lastWaiterID += 1; return lastWaiterID }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Message, any Error>) in
                var immediate: Result<Message, any Error>?
                lock.withLock {
                    if let first = buffer.popFirst() { immediate = .success(first) }
                    else if let failure { immediate = .failure(failure) }
                    else if Task.isCancelled { immediate = .failure(CancellationError()) }
                    else { waiter = Waiter(id: id, continuation: continuation) }
                }
                if let immediate {
                    continuation.resume(with: immediate)
                    return
                }
                let nanoseconds = Int64(min(timeout.seconds, 86_400 * 365) * 1e9)
                let scheduled = eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) { [self] in
                    expire(id, with: timeoutError())
                }
                let stillWaiting: Bool = lock.withLock {
                    guard waiter?.id == id else { return false }
                    waiter?.timeout = scheduled
                    return true
                }
                if !stillWaiting { scheduled.cancel() }
            }
        } onCancel: {
            expire(id, with: nil)
        }
    }

    /// Ends the wait `id` with a timeout, or with cancellation when `error` is nil.
    private func expire(_ id: UInt64, with error: Failure?) {
        let expired: Waiter? = lock.withLock {
            guard let current = waiter, current.id == id else { return nil }
            waiter = nil
            return current
        }
        guard let expired else { return }
        expired.timeout?.cancel()
        if let error { expired.continuation.resume(throwing: error) }
        else { expired.continuation.resume(throwing: CancellationError()) }
    }
}
