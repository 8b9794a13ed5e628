import Foundation
import HearthTestSupport
import NIOCore
import NIOPosix
import NIOSSL

/// A one-script SMTP server on loopback for what the rig will not do on demand (4xx replies,
/// a dropped STARTTLS, injected bytes, silence). It speaks TLS with the rig's server
/// certificate (`localhost`), so the client's normal certificate checks apply.
final class ScriptedSMTPServer: @unchecked Sendable {
    enum Event: Sendable { case connected, command(String), message(Data) }
    enum Action: Sendable {
        /// Lines to send, CRLF added to each; all in one write.
        case reply([String])
        /// Raw bytes exactly as given.
        case raw(String)
        /// Reply 220 and start TLS.
        case startTLS
        case close
        /// Say nothing.
        case silence
    }

    let port: Int
    private let channel: any Channel
    private let lock = NSLock()
    private var received: [String] = []

    /// Every command line the client sent, in order (AUTH payloads included: test data only).
    var commands: [String] { lock.withLock { received } }

    init(implicitTLS: Bool, rig: MailRig, script: @escaping @Sendable (Event) -> [Action]) async throws {
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

    func stop() { channel.close(promise: nil) }

    private final class Box: @unchecked Sendable { weak var server: ScriptedSMTPServer? }
}

private final class ScriptHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let script: @Sendable (ScriptedSMTPServer.Event) -> [ScriptedSMTPServer.Action]
    let tls: NIOSSLContext
    let record: (String) -> Void
    var buffer: [UInt8] = []
    var message: [UInt8]?
    var lastCommand = ""

    init(script: @escaping @Sendable (ScriptedSMTPServer.Event) -> [ScriptedSMTPServer.Action], tls: NIOSSLContext,
         record: @escaping (String) -> Void) {
        self.script = script; self.tls = tls; self.record = record
    }

    func channelActive(context: ChannelHandlerContext) {
        perform(script(.connected), context: context)
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var incoming = unwrapInboundIn(data)
        buffer += incoming.readBytes(length: incoming.readableBytes) ?? []
        while let lf = buffer.firstIndex(of: 0x0A) {
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

    private func perform(_ actions: [ScriptedSMTPServer.Action], context: ChannelHandlerContext) {
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

/// A well-behaved server script with hooks to misbehave at one step.
struct SMTPScript: Sendable {
    var greeting: [ScriptedSMTPServer.Action] = [.reply(["220 scripted.test ESMTP"])]
    var ehlo: [String] = ["250-scripted.test", "250-PIPELINING", "250-SIZE 100000", "250-8BITMIME",
                          "250-ENHANCEDSTATUSCODES", "250 AUTH PLAIN XOAUTH2"]
    var auth: [ScriptedSMTPServer.Action] = [.reply(["235 2.7.0 Accepted"])]
    var rcpt: @Sendable (String) -> [ScriptedSMTPServer.Action] = { _ in [.reply(["250 2.1.5 OK"])] }
    var afterMessage: [ScriptedSMTPServer.Action] = [.reply(["250 2.0.0 queued as X1"])]

    func respond(_ event: ScriptedSMTPServer.Event) -> [ScriptedSMTPServer.Action] {
        switch event {
        case .connected: return greeting
        case .message: return afterMessage
        case .command(let line):
            let upper = line.uppercased()
            if upper.hasPrefix("EHLO") { return [.reply(ehlo)] }
            if upper.hasPrefix("STARTTLS") { return [.startTLS] }
            if upper.hasPrefix("AUTH") { return auth }
            if upper.hasPrefix("MAIL FROM") { return [.reply(["250 2.1.0 OK"])] }
            if upper.hasPrefix("RCPT TO") { return rcpt(line) }
            if upper == "DATA" { return [.reply(["354 End data with <CR><LF>.<CR><LF>"])] }
            if upper == "RSET" { return [.reply(["250 2.0.0 OK"])] }
            if upper == "QUIT" { return [.reply(["221 2.0.0 Bye"]), .close] }
            return [.reply(["502 5.5.2 Unknown command"])]
        }
    }
}
