import NIOCore

/// The one inbound handler after TLS: bytes → `IMAPResponseParser` → `ResponseInbox`.
/// Channel errors and closure are reported to the inbox, classified for the user.
final class ResponseDecoderHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private var parser: IMAPResponseParser
    private let inbox: ResponseInbox
    private let serverName: String

    init(inbox: ResponseInbox, limits: ParserLimits, serverName: String) {
        self.inbox = inbox
        self.parser = IMAPResponseParser(limits: limits)
        self.serverName = serverName
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        let responses = buffer.withUnsafeReadableBytes { parser.feed($0) }
        inbox.push(responses, partialInput: parser.hasBufferedInput)
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox.fail(.connectionClosed("the server closed the connection"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        inbox.fail(TLSSetup.classify(error, serverName: serverName))
        context.close(promise: nil)
    }
}
