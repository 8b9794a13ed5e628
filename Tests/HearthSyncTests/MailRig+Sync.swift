import HearthIMAP
import HearthTestSupport

extension MailRig {
    /// Implicit TLS with the rig's CA and a read timeout long enough for big FETCH batches.
    func configuration() -> IMAPConfiguration {
        IMAPConfiguration(host: host, port: imapsPort, security: .implicitTLS, serverName: "localhost",
                          extraCAFile: caFile, connectTimeout: .seconds(10), readTimeout: .seconds(60))
    }
}
