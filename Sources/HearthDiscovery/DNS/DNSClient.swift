import Foundation
import NIOCore
import NIOPosix

/// A stub resolver over UDP (RFC 1035 §4.2.1): sends one recursive question to the configured
/// servers in turn, each with a deadline, and returns the first reply that matches the question.
/// Replies from another address, with another id or for another question are ignored (RFC 5452
/// §9.1), so a spoofed datagram cannot answer in the real server's place. A truncated reply is an
/// error: SRV and MX answers for mail fit comfortably in 512 bytes.
public struct DNSClient: Sendable {
    public var configuration: ResolverConfiguration
    private let group: any EventLoopGroup

    public init(configuration: ResolverConfiguration = .system(),
                group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.configuration = configuration; self.group = group
    }

    /// The records of `type` for `name` in the answer section (CNAME chains are followed by the
    /// recursive server; only records of the asked type are returned). NXDOMAIN and an empty
    /// answer both give [].
    public func query(_ name: DNSName, type: DNSRecordType) async throws(DNSError) -> [DNSResourceRecord] {
        guard !configuration.servers.isEmpty else { throw .noNameServer }
        var lastError = DNSError.noNameServer
        for _ in 0..<configuration.attempts {
            for server in configuration.servers {
                do {
                    let reply = try await exchange(DNSMessage.query(id: UInt16.random(in: 0...UInt16.max), name: name, type: type),
                                                   with: server)
                    switch reply.header.responseCode {
                    case .noError: return reply.answers.filter { $0.type == type }
                    case .nameError: return []
                    case let code: throw DNSError.serverError(code)
                    }
                } catch let error as DNSError {
                    lastError = error
                    // A server that answered with an error code is asked again only on the next round.
                    continue
                } catch {
                    lastError = .network(String(describing: error))
                }
            }
        }
        throw lastError
    }

    /// One question to one server, one reply back (or a timeout).
    func exchange(_ query: DNSMessage, with server: ResolverConfiguration.Server) async throws(DNSError) -> DNSMessage {
        let address: SocketAddress
        do { address = try SocketAddress(ipAddress: server.host, port: server.port) } catch {
            throw .network("\(server.host) is not an IP address")
        }
        let bytes = DNSWire.encode(query)
        let loop = group.next()
        let promise = loop.makePromise(of: DNSMessage.self)
        let handler = ReplyHandler(query: query, server: address, promise: promise)
        do {
            let channel = try await DatagramBootstrap(group: loop)
                .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler) } }
                .bind(host: address.protocol == .inet6 ? "::" : "0.0.0.0", port: 0).get()
            let timeout = loop.scheduleTask(in: TimeAmount(configuration.timeout)) {
                promise.fail(DNSError.timedOut(server: server.description))
            }
            defer { timeout.cancel(); channel.close(promise: nil) }
            var buffer = channel.allocator.buffer(capacity: bytes.count)
            buffer.writeBytes(bytes)
            try await channel.writeAndFlush(AddressedEnvelope(remoteAddress: address, data: buffer)).get()
            return try await promise.futureResult.get()
        } catch let error as DNSError {
            throw error
        } catch {
            promise.fail(error)
            throw .network(String(describing: error))
        }
    }
}

/// Completes the promise with the first datagram that is a reply to `query` from `server`.
private final class ReplyHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    let query: DNSMessage
    let server: SocketAddress
    let promise: EventLoopPromise<DNSMessage>

    init(query: DNSMessage, server: SocketAddress, promise: EventLoopPromise<DNSMessage>) {
        self.query = query; self.server = server; self.promise = promise
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        guard envelope.remoteAddress == server else { return }
        let bytes = Array(envelope.data.readableBytesView)
        guard bytes.count >= 2, UInt16(bytes[0]) << 8 | UInt16(bytes[1]) == query.header.id else { return }
        // TC is read before the rest: a server may cut a truncated reply mid-record, and
        // "truncated" is what happened, not "malformed".
        let truncated = bytes.count >= 3 && bytes[2] & 0x02 != 0
        do {
            let reply = try DNSWire.decode(bytes)
            guard reply.header.isResponse, reply.questions == query.questions else {
                promise.fail(DNSError.mismatchedReply("the reply is for another question")); return
            }
            guard !truncated else { promise.fail(DNSError.truncated); return }
            promise.succeed(reply)
        } catch {
            promise.fail(truncated ? DNSError.truncated : error)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(DNSError.network(String(describing: error)))
    }
}
