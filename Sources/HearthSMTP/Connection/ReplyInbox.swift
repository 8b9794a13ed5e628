import Foundation
import NIOCore

/// Hands parsed replies from the event loop to the connection's async code, one at a time,
/// with a deadline on every wait. The first failure (TLS error, close, timeout) sticks, so
/// later reads report the real cause.
final class ReplyInbox: @unchecked Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<SMTPReply, any Error>
        var timeout: Scheduled<Void>?
    }

    private let lock = NSLock()
    private var buffer: [SMTPReply] = []
    private var failure: SMTPError?
    private var waiter: Waiter?
    private var lastWaiterID: UInt64 = 0
    private var partialInput = false

    func push(_ replies: [SMTPReply], partialInput: Bool) {
        var delivery: (CheckedContinuation<SMTPReply, any Error>, SMTPReply, Scheduled<Void>?)?
        lock.withLock {
            self.partialInput = partialInput
            buffer.append(contentsOf: replies)
            if let current = waiter, !buffer.isEmpty {
                waiter = nil
                delivery = (current.continuation, buffer.removeFirst(), current.timeout)
            }
        }
        if let (continuation, reply, timeout) = delivery {
            timeout?.cancel()
            continuation.resume(returning: reply)
        }
    }

    func fail(_ error: SMTPError) {
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

    var recordedFailure: SMTPError? { lock.withLock { failure } }

    /// True when replies are queued or partly received (nothing may follow STARTTLS's 220).
    var hasPendingInput: Bool { lock.withLock { !buffer.isEmpty || partialInput } }

    func next(timeout: Duration, on eventLoop: any EventLoop, stage: SMTPStage) async throws -> SMTPReply {
        let id: UInt64 = lock.withLock { lastWaiterID += 1; return lastWaiterID }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<SMTPReply, any Error>) in
                var immediate: Result<SMTPReply, any Error>?
                lock.withLock {
                    if !buffer.isEmpty { immediate = .success(buffer.removeFirst()) }
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
                    expire(id, with: .timeout(stage: stage, seconds: timeout.seconds))
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

    private func expire(_ id: UInt64, with error: SMTPError?) {
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

/// The inbound handler after TLS: bytes → `SMTPReplyParser` → `ReplyInbox`.
final class ReplyDecoderHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private var parser = SMTPReplyParser()
    private let inbox: ReplyInbox
    private let serverName: String

    init(inbox: ReplyInbox, serverName: String) {
        self.inbox = inbox
        self.serverName = serverName
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        do {
            let replies = try buffer.withUnsafeReadableBytes { try parser.feed($0) }
            inbox.push(replies, partialInput: parser.hasBufferedInput)
        } catch {
            inbox.fail(.protocolViolation("unreadable reply: \(error)"))
            context.close(promise: nil)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.fail(.connectionClosed("the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        inbox.fail(SMTPTLS.classify(error, serverName: serverName))
        context.close(promise: nil)
    }
}
