import HearthMailTransport
import NIOCore

/// Parsed replies on their way from the event loop to the connection's async code, each wait
/// bounded by a deadline (the shared `DeadlineInbox`).
typealias ReplyInbox = DeadlineInbox<SMTPReply, SMTPError>

extension DeadlineInbox where Message == SMTPReply, Failure == SMTPError {
    /// The next reply, or `SMTPError.timeout` naming `stage` after `timeout` without one.
    func next(timeout: Duration, on eventLoop: any EventLoop, stage: SMTPStage) async throws -> SMTPReply {
        try await next(timeout: timeout, on: eventLoop) { .timeout(stage: stage, seconds: timeout.seconds) }
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
        // Only the handshake reports a timeout through the pipeline, and its own caller names the
        // stage; this recorded failure is for any later read.
        inbox.fail(SMTPTLS.classify(error, serverName: serverName, stage: .greeting))
        context.close(promise: nil)
    }
}
