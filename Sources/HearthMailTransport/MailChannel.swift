import NIOCore
import NIOPosix
import NIOSSL

/// Opens the TCP connection both mail protocols start from: connect deadline, keep-alive, TLS
/// from the first byte when the port is implicit-TLS (RFC 8314), then the protocol's decoder.
/// STARTTLS upgrades happen later, in the protocol's own code.
public enum MailChannel {
    /// Why the connection could not be opened (refused, unreachable, timed out), for the
    /// protocol's own `connectionFailed` error.
    public struct ConnectFailure: Error, Sendable {
        public let reason: String
    }

    public static func open(host: String, port: Int, connectTimeout: Duration, implicitTLS: Bool,
                            sslContext: NIOSSLContext, serverHostname: String?,
                            decoder: @escaping @Sendable () -> any ChannelHandler) async throws(ConnectFailure) -> any Channel {
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.milliseconds(Int64(connectTimeout.seconds * 1000)))
            .channelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(
                            NIOSSLClientHandler(context: sslContext, serverHostname: serverHostname))
                    }
                    try channel.pipeline.syncOperations.addHandler(decoder())
                }
            }
        do {
            return try await bootstrap.connect(host: host, port: port).get()
        } catch {
            throw ConnectFailure(reason: String(describing: error))
        }
    }
}
