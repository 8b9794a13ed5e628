import HearthMailTransport
import Logging

/// How to reach and talk to one submission server.
public struct SMTPConfiguration: Sendable {
    public enum Security: Sendable, Hashable {
        /// TLS from the first byte (port 465, RFC 8314: preferred).
        case implicitTLS
        /// Plain connect, then STARTTLS (port 587). A server that does not offer it is refused.
        case startTLS
    }

    public var host: String
    public var port: Int
    public var security: Security
    /// Name for SNI and certificate validation; defaults to `host`.
    public var serverName: String?
    /// PEM file with an extra CA trusted besides the system store (self-hosted servers).
    public var extraCAFile: String?
    /// What we call ourselves in EHLO. Not the machine's host name (that would leak it into
    /// every Received header): an address literal, as RFC 5321 §4.1.4 allows.
    public var heloName: String
    public var connectTimeout: Duration
    /// Longest wait for any reply (greeting, EHLO, MAIL, RCPT, DATA's 354, AUTH).
    public var readTimeout: Duration
    /// Longest wait for the reply to the final `.` of DATA; servers scan the message first
    /// (RFC 5321 §4.5.3.2 suggests 10 minutes).
    public var dataCompletionTimeout: Duration
    public var logger: Logger

    public init(host: String, port: Int, security: Security = .implicitTLS, serverName: String? = nil,
                extraCAFile: String? = nil, heloName: String = "[127.0.0.1]",
                connectTimeout: Duration = .seconds(15), readTimeout: Duration = .seconds(60),
                dataCompletionTimeout: Duration = .seconds(600),
                logger: Logger = Logger(label: "hearth.smtp")) {
        self.host = host; self.port = port; self.security = security; self.serverName = serverName
        self.extraCAFile = extraCAFile; self.heloName = heloName; self.connectTimeout = connectTimeout
        self.readTimeout = readTimeout; self.dataCompletionTimeout = dataCompletionTimeout; self.logger = logger
    }
}

/// Credentials for AUTH: the shared SASL credentials (HearthMailTransport).
public typealias SMTPCredentials = SASLCredentials
