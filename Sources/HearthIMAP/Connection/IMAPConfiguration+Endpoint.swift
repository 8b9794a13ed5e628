import HearthCore
import Logging

extension IMAPConfiguration {
    /// The one mapping from an account's stored IMAP endpoint to a connection configuration
    /// (sync, IDLE, the connectivity check and the outbox's Drafts/Sent copies all use it).
    /// - Parameter serverName: the certificate name to expect when it is not the host name.
    public init(endpoint: ServerEndpoint, serverName: String?, readTimeout: Duration = .seconds(60),
                logger: Logger = Logger(label: "hearth.imap")) {
        self.init(host: endpoint.host, port: endpoint.port, security: endpoint.security == .startTLS ? .startTLS : .implicitTLS,
                  serverName: serverName, extraCAFile: endpoint.extraCAFile, readTimeout: readTimeout, logger: logger)
    }
}
