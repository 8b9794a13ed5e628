import NIOCore
import NIOPosix
import NIOSSL

/// Opens the TCP connection both mail protocols start from, and owns every step on it that has a
/// deadline outside the reply inbox: TCP connect, the TLS handshake (from the first byte when the
/// port is implicit-TLS, RFC 8314, or after STARTTLS), and each write. A peer that goes silent at
/// any of these steps ends the attempt with a clear error instead of a hang.
public enum MailChannel {
    /// Why the connection could not be opened (refused, unreachable, timed out), for the
    /// protocol's own `connectionFailed` error.
    public struct ConnectFailure: Error, Sendable {
        public let reason: String
    }

    /// An open channel; with implicit TLS, `tlsVerified` completes once the handshake finished
    /// and the certificate names the server (await `tlsEstablished()` before reading the greeting).
    public struct Opened: Sendable {
        public let channel: any Channel
        public let tlsVerified: EventLoopFuture<Void>?

        /// Returns once implicit TLS is verified (at once without it). On failure the channel is
        /// closed and the raw error rethrown for the protocol's `classify`.
        public func tlsEstablished() async throws {
            guard let tlsVerified else { return }
            do {
                try await tlsVerified.get()
            } catch {
                channel.close(promise: nil)
                throw error
            }
        }
    }

    /// Largest piece handed to the channel at once: each piece must be taken by the kernel within
    /// the write deadline, so a large message over a slow link is fine while a peer that stopped
    /// reading is detected.
    static let writeChunk = 64 * 1024

    public static func open(host: String, port: Int, connectTimeout: Duration, implicitTLS: Bool,
                            sslContext: NIOSSLContext, serverName: String, handshakeTimeout: Duration,
                            decoder: @escaping @Sendable () -> any ChannelHandler) async throws(ConnectFailure) -> Opened {
        let group = MultiThreadedEventLoopGroup.singleton
        // Made before the channel exists so the initializer can hand it to the guard; NIO
        // promises may be completed from any event loop.
        let verified = implicitTLS ? group.next().makePromise(of: Void.self) : nil
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.milliseconds(Int64(connectTimeout.seconds * 1000)))
            .channelOption(ChannelOptions.socketOption(.so_keepalive), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let promise = verified {
                        try channel.pipeline.syncOperations.addHandlers(
                            tlsHandlers(sslContext: sslContext, serverName: serverName, deadline: handshakeTimeout, verified: promise))
                    }
                    try channel.pipeline.syncOperations.addHandler(decoder())
                }
            }
        do {
            let channel = try await bootstrap.connect(host: host, port: port).get()
            return Opened(channel: channel, tlsVerified: verified?.futureResult)
        } catch {
            verified?.fail(error)
            throw ConnectFailure(reason: String(describing: error))
        }
    }

    /// Upgrades a plaintext channel after the server accepted STARTTLS and returns once the
    /// handshake completed and the certificate names `serverName`. Errors: NIOSSL's, a
    /// `TransportTimeout`, or `ServerIdentityMismatch`, for `TLSPolicy.classify`.
    public static func startTLS(on channel: any Channel, sslContext: NIOSSLContext, serverName: String,
                                handshakeTimeout: Duration) async throws {
        let promise = channel.eventLoop.makePromise(of: Void.self)
        do {
            try await channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandlers(
                    tlsHandlers(sslContext: sslContext, serverName: serverName, deadline: handshakeTimeout, verified: promise),
                    position: .first)
            }.get()
        } catch {
            promise.fail(error)
        }
        try await promise.futureResult.get()
    }

    /// Writes `bytes` in pieces, each within `timeout`; on a timeout the channel is closed (its
    /// state is unknown) and `TransportTimeout(.write)` thrown. Other errors are the channel's.
    public static func write(_ bytes: [UInt8], to channel: any Channel, timeout: Duration) async throws {
        var start = 0
        repeat {
            let end = min(start + writeChunk, bytes.count)
            try await writePiece(ByteBuffer(bytes: bytes[start..<end]), to: channel, timeout: timeout)
            start = end
        } while start < bytes.count
    }

    private static func writePiece(_ buffer: ByteBuffer, to channel: any Channel, timeout: Duration) async throws {
        let outcome = channel.eventLoop.makePromise(of: Void.self)
        let seconds = timeout.seconds
        let deadline = channel.eventLoop.scheduleTask(in: .nanoseconds(Int64(min(seconds, 86_400) * 1e9))) {
            outcome.fail(TransportTimeout(.write, seconds: seconds))
            channel.close(promise: nil)
        }
        channel.writeAndFlush(buffer).whenComplete { result in
            deadline.cancel()
            outcome.completeWith(result)
        }
        try await outcome.futureResult.get()
    }

    /// NIOSSL's client handler and the guard behind it: the one place a TLS client is set up, so
    /// no path can skip the deadline or the identity check.
    private static func tlsHandlers(sslContext: NIOSSLContext, serverName: String, deadline: Duration,
                                    verified: EventLoopPromise<Void>) throws -> [any ChannelHandler] {
        [try NIOSSLClientHandler(context: sslContext, serverHostname: TLSPolicy.sniHostname(serverName)),
         TLSHandshakeGuard(serverName: serverName, deadline: deadline, verified: verified)]
    }
}
