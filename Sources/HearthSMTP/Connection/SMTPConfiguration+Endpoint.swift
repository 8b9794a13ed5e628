import HearthCore

extension SMTPConfiguration {
    /// The one mapping from an account's stored SMTP endpoint to a submission configuration
    /// (sending and the connectivity check).
    /// - Parameter serverName: the certificate name to expect when it is not the host name.
    public init(endpoint: ServerEndpoint, serverName: String?, readTimeout: Duration = .seconds(60)) {
        self.init(host: endpoint.host, port: endpoint.port, security: endpoint.security == .startTLS ? .startTLS : .implicitTLS,
                  serverName: serverName, extraCAFile: endpoint.extraCAFile, readTimeout: readTimeout)
    }
}
