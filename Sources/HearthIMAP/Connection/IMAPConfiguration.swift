import HearthMailTransport
import Logging

/// How to reach and talk to one IMAP server.
public struct IMAPConfiguration: Sendable {
    public enum Security: Sendable, Hashable {
        /// TLS from the first byte (port 993).
        case implicitTLS
        /// Plain connect, then STARTTLS (port 143). A server that does not offer it is refused.
        case startTLS
    }

    public var host: String
    public var port: Int
    public var security: Security
    /// Name for SNI and certificate validation; defaults to `host`.
    public var serverName: String?
    /// PEM file with an extra CA trusted in addition to the system store (self-hosted servers).
    public var extraCAFile: String?
    public var connectTimeout: Duration
    /// Longest wait for any response while a command runs.
    public var readTimeout: Duration
    /// Longest silence during IDLE before it counts as a dead connection (servers send keep-alives
    /// every few minutes; the caller re-issues IDLE well before 29 minutes).
    public var idleTimeout: Duration
    public var parserLimits: ParserLimits
    public var logger: Logger

    public init(host: String, port: Int, security: Security = .implicitTLS, serverName: String? = nil,
                extraCAFile: String? = nil, connectTimeout: Duration = .seconds(15),
                readTimeout: Duration = .seconds(60), idleTimeout: Duration = .seconds(30 * 60),
                parserLimits: ParserLimits = .default,
                logger: Logger = Logger(label: "hearth.imap")) {
        self.host = host; self.port = port; self.security = security; self.serverName = serverName
        self.extraCAFile = extraCAFile; self.connectTimeout = connectTimeout; self.readTimeout = readTimeout
        self.idleTimeout = idleTimeout; self.parserLimits = parserLimits; self.logger = logger
    }
}

/// Credentials for AUTHENTICATE / LOGIN: the shared SASL credentials (HearthMailTransport).
public typealias IMAPCredentials = SASLCredentials
