import NIOCore
import NIOSSL
import NIOTLS

/// Sits right behind NIOSSL's client handler. It bounds the handshake by a deadline, checks the
/// server's identity when the handshake completes (`ServerIdentity`; NIOSSL's own hostname check
/// is switched off in `TLSPolicy`), and completes `verified` so the connection knows when the
/// channel may carry protocol data. Every failure is also passed down the pipeline, where the
/// protocol's decoder reports it to whoever is waiting for a reply, and closes the channel.
final class TLSHandshakeGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let serverName: String
    private let deadline: Duration
    private let verified: EventLoopPromise<Void>
    private var timeout: Scheduled<Void>?
    private var finished = false

    init(serverName: String, deadline: Duration, verified: EventLoopPromise<Void>) {
        self.serverName = serverName
        self.deadline = deadline
        self.verified = verified
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let seconds = deadline.seconds
        let nanoseconds = Int64(min(seconds, 86_400) * 1e9)
        // The task runs on the channel's event loop, where the handler and its context live.
        let bound = NIOLoopBound((handler: self, context: context), eventLoop: context.eventLoop)
        timeout = context.eventLoop.scheduleTask(in: .nanoseconds(nanoseconds)) {
            bound.value.handler.fail(bound.value.context, TransportTimeout(.tlsHandshake, seconds: seconds))
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timeout?.cancel()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let tls = event as? TLSUserEvent, case .handshakeCompleted = tls, !finished {
            timeout?.cancel()
            let handler = try? context.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
            guard let certificate = handler?.peerCertificate,
                  ServerIdentity.certificate(certificate, names: serverName) else {
                fail(context, ServerIdentityMismatch(serverName: serverName))
                return
            }
            finished = true
            verified.succeed(())
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !finished {
            finished = true
            timeout?.cancel()
            verified.fail(error)
        }
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !finished {
            finished = true
            timeout?.cancel()
            verified.fail(ChannelError.ioOnClosedChannel)
        }
        context.fireChannelInactive()
    }

    private func fail(_ context: ChannelHandlerContext, _ error: any Error) {
        guard !finished else { return }
        finished = true
        verified.fail(error)
        context.fireErrorCaught(error)
        context.close(promise: nil)
    }
}
