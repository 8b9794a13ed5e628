import HearthMailTransport
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// One SMTP submission session (RFC 5321, 6409) over SwiftNIO + NIOSSL.
///
/// `connect` reads the greeting, says EHLO, upgrades with STARTTLS when configured and learns
/// the capabilities; then `authenticate` and any number of `send` transactions; `quit` ends.
/// Every wait for the server has a deadline; a timeout, a protocol violation or a 421 closes
/// the connection, because after it the session state is unknown. Errors are `SMTPError`
/// (or `CancellationError`).
public actor SMTPConnection {
    public nonisolated let configuration: SMTPConfiguration
    /// What the last EHLO advertised (replaced after STARTTLS).
    public private(set) var capabilities = SMTPCapabilities()
    public private(set) var greeting: SMTPReply?
    public private(set) var isTLSActive: Bool
    public private(set) var isAuthenticated = false

    let channel: any Channel
    let inbox: ReplyInbox
    private let sslContext: NIOSSLContext
    var logger: Logger
    /// Set once the connection cannot be used any more.
    private var brokenBy: SMTPError?

    private init(configuration: SMTPConfiguration, channel: any Channel, inbox: ReplyInbox,
                 sslContext: NIOSSLContext, tlsActive: Bool) {
        self.configuration = configuration
        self.channel = channel
        self.inbox = inbox
        self.sslContext = sslContext
        self.isTLSActive = tlsActive
        var logger = configuration.logger
        logger[metadataKey: "smtp.server"] = "\(configuration.host):\(configuration.port)"
        self.logger = logger
    }

    deinit { channel.close(promise: nil) }

    // MARK: connecting

    public static func connect(_ configuration: SMTPConfiguration) async throws -> SMTPConnection {
        let sslContext = try SMTPTLS.makeContext(extraCAFile: configuration.extraCAFile)
        let serverName = configuration.serverName ?? configuration.host
        let inbox = ReplyInbox()
        let implicitTLS = configuration.security == .implicitTLS
        let opened: MailChannel.Opened
        do {
            opened = try await MailChannel.open(
                host: configuration.host, port: configuration.port, connectTimeout: configuration.connectTimeout,
                implicitTLS: implicitTLS, sslContext: sslContext, serverName: serverName,
                handshakeTimeout: configuration.readTimeout,
                decoder: { ReplyDecoderHandler(inbox: inbox, serverName: serverName) })
        } catch {
            throw SMTPError.connectionFailed(host: configuration.host, port: configuration.port, reason: error.reason)
        }
        let channel = opened.channel
        do { try await opened.tlsEstablished() } catch { throw SMTPTLS.classify(error, serverName: serverName, stage: .greeting) }
        let connection = SMTPConnection(configuration: configuration, channel: channel, inbox: inbox,
                                        sslContext: sslContext, tlsActive: implicitTLS)
        do {
            try await connection.start()
        } catch {
            await connection.close()
            throw error
        }
        return connection
    }

    private func start() async throws {
        let greeting = try await nextReply(stage: .greeting)
        logger.debug("S: \(greeting)")
        switch greeting.code {
        case 220: self.greeting = greeting
        case 421, 554: throw fail(.rejected(stage: .greeting, reply: greeting))
        default: throw fail(.protocolViolation("unexpected greeting: \(greeting)"))
        }
        try await ehlo()
        if configuration.security == .startTLS { try await upgradeToTLS() }
    }

    private func ehlo() async throws {
        let reply = try await exchange(.ehlo(configuration.heloName), stage: .ehlo)
        guard reply.code == 250 else { throw fail(.rejected(stage: .ehlo, reply: reply)) }
        capabilities = SMTPCapabilities(ehloReply: reply)
        logger.debug("capabilities: \(capabilities)")
    }

    /// RFC 3207: STARTTLS must be offered and accepted; anything else is an error, never a
    /// plaintext fallback. Bytes that arrive after the 220 and before the handshake are an
    /// injection attempt (CVE-2011-0411 class). Capabilities are learnt again over TLS.
    private func upgradeToTLS() async throws {
        guard capabilities.startTLS else {
            throw fail(.startTLSUnavailable("the server does not offer STARTTLS"))
        }
        let reply = try await exchange(.startTLS, stage: .startTLS)
        guard reply.code == 220 else {
            throw fail(.startTLSUnavailable("the server refused STARTTLS: \(reply)"))
        }
        guard !inbox.hasPendingInput else {
            throw fail(.protocolViolation("data arrived after the STARTTLS reply, before TLS"))
        }
        let serverName = configuration.serverName ?? configuration.host
        do {
            try await MailChannel.startTLS(on: channel, sslContext: sslContext, serverName: serverName,
                                           handshakeTimeout: configuration.readTimeout)
        } catch {
            throw fail(SMTPTLS.classify(error, serverName: serverName, stage: .startTLS))
        }
        isTLSActive = true
        capabilities = SMTPCapabilities()
        try await ehlo()
    }

    // MARK: ending

    /// QUIT and close. Never throws: the goal is to be gone.
    public func quit() async {
        if brokenBy == nil {
            do {
                try await write(SMTPCommandEncoder.encode(.quit), stage: .quit)
                _ = try await inbox.next(timeout: .seconds(5), on: channel.eventLoop, stage: .quit)
            } catch {}
        }
        shutDown(.connectionClosed("quit"))
    }

    /// Closes without QUIT.
    public func close() async {
        shutDown(.connectionClosed("closed by the client"))
    }

    /// False once the connection broke (timeout, 421, protocol error) or was closed.
    public var isUsable: Bool { brokenBy == nil }

    // MARK: the exchange

    /// Sends one command and reads its reply.
    func exchange(_ command: SMTPCommand, stage: SMTPStage, timeout: Duration? = nil) async throws -> SMTPReply {
        let encoded = SMTPCommandEncoder.encode(command)
        try await write(encoded, stage: stage)
        let reply = try await nextReply(stage: stage, timeout: timeout)
        logReply(reply, stage: stage)
        return reply
    }

    /// Sends several commands in one write (PIPELINING, RFC 2920) and reads their replies in order.
    func pipeline(_ commands: [(SMTPCommand, SMTPStage)]) async throws -> [SMTPReply] {
        let encoded = commands.map { SMTPCommandEncoder.encode($0.0) }
        for command in encoded { logger.debug("C: \(command.logLine)") }
        try await writeBytes(encoded.flatMap(\.bytes), stage: commands[0].1)
        var replies: [SMTPReply] = []
        for (_, stage) in commands {
            let reply = try await nextReply(stage: stage)
            logReply(reply, stage: stage)
            replies.append(reply)
        }
        return replies
    }

    func write(_ command: EncodedSMTPCommand, stage: SMTPStage) async throws {
        logger.debug("C: \(command.logLine)")
        try await writeBytes(command.bytes, stage: stage)
    }

    /// Writes within the read timeout per piece: a server that stopped reading is a dead connection.
    func writeBytes(_ bytes: [UInt8], stage: SMTPStage) async throws {
        if let brokenBy { throw SMTPError.connectionClosed("the connection is unusable after: \(brokenBy)") }
        do {
            try await MailChannel.write(bytes, to: channel, timeout: configuration.readTimeout)
        } catch let timeout as TransportTimeout {
            throw fail(.timeout(stage: stage, seconds: timeout.seconds))
        } catch {
            throw fail(inbox.recordedFailure ?? .connectionClosed("write failed: \(error)"))
        }
    }

    /// The next reply, within the deadline. A 421 means the server is closing the session.
    func nextReply(stage: SMTPStage, timeout: Duration? = nil) async throws -> SMTPReply {
        if let brokenBy { throw SMTPError.connectionClosed("the connection is unusable after: \(brokenBy)") }
        let reply: SMTPReply
        do {
            reply = try await inbox.next(timeout: timeout ?? configuration.readTimeout, on: channel.eventLoop, stage: stage)
        } catch let error as SMTPError {
            throw fail(error)
        } catch {
            shutDown(.connectionClosed("cancelled"))
            throw error
        }
        if reply.code == 421 { throw fail(.rejected(stage: stage, reply: reply)) }
        return reply
    }

    private func logReply(_ reply: SMTPReply, stage: SMTPStage) {
        if stage == .auth && reply.code == 334 {
            logger.debug("S: 334 <challenge of \(reply.text.count) characters>")
        } else {
            logger.debug("S: \(reply)")
        }
    }

    /// Marks the connection broken and closes it; returns the error to throw.
    func fail(_ error: SMTPError) -> SMTPError {
        shutDown(error)
        return error
    }

    func shutDown(_ reason: SMTPError) {
        if brokenBy == nil { brokenBy = reason }
        inbox.fail(reason)
        channel.close(promise: nil)
    }

    func markAuthenticated() { isAuthenticated = true }
}
