import Foundation
import HearthTestSupport
import NIOCore
import NIOPosix
import NIOSSL

/// A one-script line-protocol server on loopback (SMTP and IMAP tests) for what the rig will not
/// do on demand (4xx replies, a dropped STARTTLS, injected bytes, silence, a peer that stops
/// reading). It speaks TLS with the rig's server certificate (`localhost`), so the client's normal
/// certificate checks apply. After an SMTP `354` reply to `DATA` it collects the message.
public final class ScriptedTLSServer: @unchecked Sendable {
    public enum Event: Sendable { case connected, command(String), message(Data) }
    public enum Action: Sendable {
        /// Lines to send, CRLF added to each; all in one write.
        case reply([String])
        /// Raw bytes exactly as given.
        case raw(String)
        /// Reply 220 and start TLS.
        case startTLS
        /// Reply `text` (CRLF added) as if TLS would start, then ignore the handshake: a server
        /// that goes silent after STARTTLS.
        case acceptStartTLSThenStall(String)
        /// Stop reading from the client (its writes fill the socket buffers and then block).
        case stopReading
        case close
        /// Say nothing.
        case silence
    }

    public let port: Int
    private let channel: any Channel
    private let lock = NSLock()
    private var received: [String] = []

    /// Every command line the client sent, in order (AUTH payloads included: test data only).
    public var commands: [String] { lock.withLock { received } }

    public init(implicitTLS: Bool, rig: MailRig, script: @escaping @Sendable (Event) -> [Action]) async throws {
        let tls = try NIOSSLContext(configuration: .makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMFile("\(rig.directory)/tls/server.pem").map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(file: "\(rig.directory)/tls/server.key", format: .pem))))
        let box = Box()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if implicitTLS { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.addHandler(ScriptHandler(script: script, tls: tls, record: { box.server?.record($0) }))
                }
            }
        channel = try await bootstrap.bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress?.port ?? 0
        box.server = self
    }

    func record(_ line: String) { lock.withLock { received.append(line) } }

    public func stop() { channel.close(promise: nil) }

    private final class Box: @unchecked Sendable { weak var server: ScriptedTLSServer? }
}

private final class ScriptHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let script: @Sendable (ScriptedTLSServer.Event) -> [ScriptedTLSServer.Action]
    let tls: NIOSSLContext
    let record: (String) -> Void
    var buffer: [UInt8] = []
    var message: [UInt8]?
    var lastCommand = ""
    /// Set by the stalling actions: everything the client sends afterwards is ignored.
    var stalled = false

    init(script: @escaping @Sendable (ScriptedTLSServer.Event) -> [ScriptedTLSServer.Action], tls: NIOSSLContext,
         record: @escaping (String) -> Void) {
        self.script = script; self.tls = tls; self.record = record
    }

    func channelActive(context: ChannelHandlerContext) {
        perform(script(.connected), context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !stalled else { return }
        var incoming = unwrapInboundIn(data)
        buffer += incoming.readBytes(length: incoming.readableBytes) ?? []
        while !stalled, let lf = buffer.firstIndex(of: 0x0A) {
            var line = Array(buffer[..<lf])
            buffer.removeFirst(lf + 1)
            if line.last == 0x0D { line.removeLast() }
            if message != nil {
                if line == [0x2E] {
                    let body = Data(message ?? [])
                    message = nil
                    perform(script(.message(body)), context: context)
                } else {
                    message! += (line.first == 0x2E ? Array(line.dropFirst()) : line) + [0x0D, 0x0A]
                }
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            record(text)
            lastCommand = text.uppercased()
            perform(script(.command(text)), context: context)
        }
    }

    private func perform(_ actions: [ScriptedTLSServer.Action], context: ChannelHandlerContext) {
        for action in actions {
            switch action {
            case .reply(let lines):
                send(lines.map { $0 + "\r\n" }.joined(), context: context)
                if lastCommand == "DATA", lines.last?.hasPrefix("354") == true { message = [] }
            case .raw(let text):
                send(text, context: context)
            case .startTLS:
                send("220 2.0.0 Ready to start TLS\r\n", context: context)
                try? context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
            case .acceptStartTLSThenStall(let reply):
                send(reply + "\r\n", context: context)
                stalled = true
            case .stopReading:
                context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
                stalled = true
            case .close:
                context.close(promise: nil)
            case .silence:
                break
            }
        }
    }

    private func send(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text)), promise: nil)
    }
}
