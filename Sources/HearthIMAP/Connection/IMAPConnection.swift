import HearthMailTransport
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// The result of one command: the untagged responses that arrived while it ran, and its
/// tagged completion.
public struct IMAPCommandResult: Sendable {
    public var untagged: [IMAPResponse]
    public var completion: TaggedStatus

    public init(untagged: [IMAPResponse], completion: TaggedStatus) { self.untagged = untagged; self.completion = completion }
}

/// One IMAP session over SwiftNIO + NIOSSL.
///
/// Commands run one at a time in call order (a gate inside the actor), except that `pipeline`
/// sends several back to back. Every wait for the server has a deadline; a timeout closes the
/// connection, because after it the session state is unknown. All errors are `IMAPError`
/// (plus `CancellationError`, or whatever a caller's callback throws).
public actor IMAPConnection {
    public enum State: Hashable, Sendable {
        case notAuthenticated
        case authenticated
        case selected(MailboxName, readOnly: Bool)
        case loggedOut
        case closed
    }

    public nonisolated let configuration: IMAPConfiguration
    /// The capabilities currently advertised (replaced after STARTTLS and authentication).
    public private(set) var capabilities = Capabilities()
    public private(set) var state: State = .notAuthenticated
    /// The server greeting's text.
    public private(set) var greeting: ResponseText?
    /// True once every byte goes through TLS.
    public private(set) var isTLSActive: Bool

    let channel: any Channel
    let inbox: ResponseInbox
    private let sslContext: NIOSSLContext
    var logger: Logger
    private var tagCounter = 0
    private var capabilityGeneration = 0
    private var gateBusy = false
    private var gateWaiters: [CheckedContinuation<Void, Never>] = []
    /// Set once the connection cannot be used any more (timeout, protocol violation, close).
    private var brokenBy: IMAPError?
    private var lastBye: String?
    var idleSession: IdleState?

    private init(configuration: IMAPConfiguration, channel: any Channel, inbox: ResponseInbox,
                 sslContext: NIOSSLContext, tlsActive: Bool) {
        self.configuration = configuration
        self.channel = channel
        self.inbox = inbox
        self.sslContext = sslContext
        self.isTLSActive = tlsActive
        var logger = configuration.logger
        logger[metadataKey: "imap.server"] = "\(configuration.host):\(configuration.port)"
        self.logger = logger
    }

    deinit { channel.close(promise: nil) }

    // MARK: connecting

    /// Connects, reads the greeting, upgrades with STARTTLS when configured, and learns the
    /// capabilities. Returns a connection ready for `authenticate`.
    public static func connect(_ configuration: IMAPConfiguration) async throws -> IMAPConnection {
        let sslContext = try TLSSetup.makeContext(extraCAFile: configuration.extraCAFile)
        let serverName = configuration.serverName ?? configuration.host
        let inbox = ResponseInbox()
        let implicitTLS = configuration.security == .implicitTLS
        let limits = configuration.parserLimits
        let opened: MailChannel.Opened
        do {
            opened = try await MailChannel.open(
                host: configuration.host, port: configuration.port, connectTimeout: configuration.connectTimeout,
                implicitTLS: implicitTLS, sslContext: sslContext, serverName: serverName,
                handshakeTimeout: configuration.readTimeout,
                decoder: { ResponseDecoderHandler(inbox: inbox, limits: limits, serverName: serverName) })
        } catch {
            throw IMAPError.connectionFailed(host: configuration.host, port: configuration.port, reason: error.reason)
        }
        let channel = opened.channel
        do { try await opened.tlsEstablished() } catch { throw TLSSetup.classify(error, serverName: serverName) }
        let connection = IMAPConnection(configuration: configuration, channel: channel, inbox: inbox,
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
        try await withGate {
            let greeting = try await nextResponse(timeout: configuration.readTimeout, operation: "greeting")
            observe(greeting)
            switch greeting {
            case .ok(let text):
                self.greeting = text
            case .preauth(let text):
                guard isTLSActive else {
                    throw IMAPError.startTLSUnavailable("the server pre-authenticated the unencrypted connection, so STARTTLS is impossible")
                }
                self.greeting = text
                state = .authenticated
            case .bye(let text):
                throw IMAPError.serverBye(text.text)
            default:
                throw IMAPError.protocolViolation("unexpected greeting: \(greeting.logSummary)")
            }
            logger.debug("S: greeting \(greeting.logSummary)")
            if configuration.security == .startTLS { try await upgradeToTLS() }
            if capabilities.isEmpty { _ = try await run([.capability]) { _, _ in } }
        }
    }

    /// RFC 3501 §6.2.1 / RFC 7817: STARTTLS must be advertised and accepted; anything else is an
    /// error, never a fallback to plaintext. Capabilities learnt before TLS are discarded.
    private func upgradeToTLS() async throws {
        if capabilities.isEmpty { _ = try await run([.capability]) { _, _ in } }
        guard capabilities.contains(.startTLS) else {
            throw IMAPError.startTLSUnavailable("the server does not advertise STARTTLS")
        }
        let statuses = try await run([.startTLS]) { _, _ in }
        guard let status = statuses.first, status.state == .ok else {
            throw IMAPError.startTLSUnavailable("the server refused STARTTLS: \(statuses.first?.text ?? "")")
        }
        // Anything already received after the OK came in plaintext and could be an attacker's
        // injected response (CVE-2011-0411 class): refuse.
        guard !inbox.hasPendingInput else {
            throw IMAPError.protocolViolation("data arrived after the STARTTLS response, before TLS")
        }
        let serverName = configuration.serverName ?? configuration.host
        do {
            try await MailChannel.startTLS(on: channel, sslContext: sslContext, serverName: serverName,
                                           handshakeTimeout: configuration.readTimeout)
        } catch {
            let reason = TLSSetup.classify(error, serverName: serverName)
            shutDown(reason: reason)
            throw reason
        }
        isTLSActive = true
        capabilities = Capabilities()
        _ = try await run([.capability]) { _, _ in }
    }

    // MARK: public commands

    /// Runs one command and collects its untagged responses. NO/BAD → `IMAPError.commandFailed`.
    public func execute(_ command: IMAPCommand) async throws -> IMAPCommandResult {
        try await withGate {
            var untagged: [IMAPResponse] = []
            let statuses = try await run([command]) { _, response in untagged.append(response) }
            let completion = try Self.checked(statuses[0], command)
            return IMAPCommandResult(untagged: untagged, completion: completion)
        }
    }

    /// Runs one command, handing each untagged response to `onUntagged` as it arrives (large
    /// FETCHes never pile up in memory). NO/BAD → `IMAPError.commandFailed`.
    public func execute(_ command: IMAPCommand,
                        onUntagged: @Sendable (IMAPResponse) async throws -> Void) async throws -> TaggedStatus {
        try await withGate {
            let statuses = try await run([command]) { _, response in try await onUntagged(response) }
            return try Self.checked(statuses[0], command)
        }
    }

    /// Sends several commands without waiting for each completion (saves a round trip per
    /// command, e.g. FETCH batches). Untagged responses cannot be attributed to one of the
    /// pipelined commands — servers may batch their output (Dovecot does) — so callers match
    /// them by content (a FETCH by its UID). Returns each completion in command order; NO/BAD do
    /// not throw here.
    public func pipeline(_ commands: [IMAPCommand],
                         onUntagged: @Sendable (IMAPResponse) async throws -> Void) async throws -> [TaggedStatus] {
        guard !commands.isEmpty else { return [] }
        return try await withGate {
            try await run(commands) { _, response in try await onUntagged(response) }
        }
    }

    /// Says LOGOUT (ending IDLE first if needed) and closes. Never throws: the goal is to be gone.
    public func logout() async {
        if idleSession != nil { _ = try? await finishIdle() }
        await acquireGate()
        defer { releaseGate() }
        if brokenBy == nil {
            _ = try? await run([.logout]) { _, _ in }
        }
        state = .loggedOut
        shutDown(reason: .connectionClosed("logged out"))
    }

    /// Closes without LOGOUT.
    public func close() async {
        shutDown(reason: .connectionClosed("closed by the client"))
        state = .closed
    }

    // MARK: the command loop

    /// Sends `commands` (pipelined) and reads until each has its tagged completion. Must hold the
    /// gate. Continuation requests feed synchronising literals first, then `onContinuation`.
    /// Any error leaves the session in an unknown state, so it breaks the connection.
    func run(_ commands: [IMAPCommand],
             onContinuation: ((String) -> SASLPayload?)? = nil,
             onUntagged: (Int, IMAPResponse) async throws -> Void) async throws -> [TaggedStatus] {
        if let brokenBy { throw IMAPError.connectionClosed("the connection is unusable after: \(brokenBy)") }
        let encoder = IMAPCommandEncoder(capabilities: capabilities)
        let encoded = commands.map { encoder.encode($0, tag: makeTag()) }
        var results = [TaggedStatus?](repeating: nil, count: commands.count)
        var completed = 0
        var queue = CommandSendQueue(encoded)
        do {
            try await sendAvailable(&queue)
            while completed < commands.count {
                let current = queue.current
                let response = try await nextResponse(timeout: configuration.readTimeout, operation: commands[current].name)
                switch response {
                case .continuation(let text):
                    if let chunk = queue.continuationReceived() {
                        try await write(chunk)
                        try await sendAvailable(&queue)
                    } else if let onContinuation, let reply = onContinuation(text) {
                        logger.debug("C: <SASL response>")
                        try await write(encoder.encodeContinuation(reply))
                    } else {
                        throw IMAPError.protocolViolation("unexpected continuation request during \(commands[current].name)")
                    }
                case .tagged(let status):
                    logger.debug("S: \(response.logSummary)")
                    guard let index = queue.completed(tag: status.tag) else {
                        logger.warning("ignoring completion with unknown tag \(status.tag)")
                        continue
                    }
                    results[index] = status
                    completed += 1
                    apply(status, of: commands[index])
                    try await sendAvailable(&queue)
                default:
                    if case .unknown = response {
                        logger.debug("S: skipped \(response.logSummary)")
                    } else {
                        logger.trace("S: \(response.logSummary)")
                    }
                    observe(response)
                    try await onUntagged(current, response)
                }
            }
        } catch {
            let reason = (error as? IMAPError) ?? .connectionClosed("aborted: \(error)")
            shutDown(reason: reason)
            throw error
        }
        return results.map { $0 ?? TaggedStatus(tag: "", state: .bad, text: "missing completion") }
    }

    private func sendAvailable(_ queue: inout CommandSendQueue) async throws {
        while let command = queue.nextCommand() {
            logger.debug("C: \(command.logDescription)")
            try await write(command.chunks[0])
        }
    }

    func nextResponse(timeout: Duration, operation: String) async throws -> IMAPResponse {
        do {
            return try await inbox.next(timeout: timeout, on: channel.eventLoop, operation: operation)
        } catch let error as IMAPError {
            if case .connectionClosed = error, let lastBye { throw IMAPError.serverBye(lastBye) }
            throw error
        }
    }

    /// Writes within the read timeout per piece: a server that stopped reading is a dead connection.
    func write(_ bytes: [UInt8]) async throws {
        do {
            try await MailChannel.write(bytes, to: channel, timeout: configuration.readTimeout)
        } catch let timeout as TransportTimeout {
            let reason = IMAPError.timeout(operation: timeout.step.rawValue, seconds: timeout.seconds)
            shutDown(reason: reason)
            throw reason
        } catch {
            if let lastBye { throw IMAPError.serverBye(lastBye) }
            throw inbox.recordedFailure ?? IMAPError.connectionClosed("write failed: \(error)")
        }
    }

    func makeTag() -> String {
        tagCounter += 1
        return "H\(tagCounter)"
    }

    /// Tracks what untagged responses say about the session.
    func observe(_ response: IMAPResponse) {
        switch response {
        case .capability(let list):
            setCapabilities(list)
        case .bye(let text):
            lastBye = text.text
        default:
            break
        }
        if case .capability(let list)? = response.responseCode { setCapabilities(list) }
        if case .alert? = response.responseCode, let text = Self.statusText(response) {
            logger.notice("server alert: \(text)")
        }
    }

    private static func statusText(_ response: IMAPResponse) -> String? {
        switch response {
        case .ok(let t), .no(let t), .bad(let t), .bye(let t), .preauth(let t): t.text
        case .tagged(let s): s.text
        default: nil
        }
    }

    private func setCapabilities(_ list: Capabilities) {
        capabilities = list
        capabilityGeneration += 1
    }

    private func apply(_ status: TaggedStatus, of command: IMAPCommand) {
        if case .capability(let list)? = status.code { setCapabilities(list) }
        switch command {
        case .select(let name, _), .examine(let name, _):
            if status.state == .ok {
                let readOnly = status.code == .readOnly || { if case .examine = command { true } else { false } }()
                state = .selected(name, readOnly: readOnly)
            } else if case .selected = state {
                state = .authenticated
            }
        case .close, .unselect:
            if status.state == .ok { state = .authenticated }
        case .logout:
            state = .loggedOut
        default:
            break
        }
    }

    static func checked(_ status: TaggedStatus, _ command: IMAPCommand) throws -> TaggedStatus {
        guard status.state == .ok else {
            throw IMAPError.commandFailed(command: command.name, state: status.state, code: status.code, text: status.text)
        }
        return status
    }

    var currentCapabilityGeneration: Int { capabilityGeneration }

    func shutDown(reason: IMAPError) {
        if brokenBy == nil { brokenBy = reason }
        inbox.fail(reason)
        channel.close(promise: nil)
        if state != .loggedOut { state = .closed }
    }

    func markAuthenticated() { state = .authenticated }

    // MARK: gate

    func acquireGate() async {
        if !gateBusy {
            gateBusy = true
            return
        }
        await withCheckedContinuation { gateWaiters.append($0) }
    }

    func releaseGate() {
        if gateWaiters.isEmpty {
            gateBusy = false
        } else {
            gateWaiters.removeFirst().resume()
        }
    }

    func withGate<T>(_ body: () async throws -> T) async throws -> T {
        await acquireGate()
        defer { releaseGate() }
        return try await body()
    }
}
