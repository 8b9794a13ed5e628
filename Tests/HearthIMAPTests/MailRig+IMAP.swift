import Foundation
import HearthIMAP
import HearthTestSupport

/// IMAP connections to the rig (the rig itself is `HearthTestSupport.MailRig`).
extension MailRig {
    func configuration(security: IMAPConfiguration.Security = .implicitTLS, port: Int? = nil,
                       trustRigCA: Bool = true, readTimeout: Duration = .seconds(20)) -> IMAPConfiguration {
        IMAPConfiguration(host: host,
                          port: port ?? (security == .implicitTLS ? imapsPort : imapPort),
                          security: security, serverName: "localhost",
                          extraCAFile: trustRigCA ? caFile : nil,
                          connectTimeout: .seconds(10), readTimeout: readTimeout)
    }

    func connect(_ configuration: IMAPConfiguration? = nil) async throws -> IMAPConnection {
        try await IMAPConnection.connect(configuration ?? self.configuration())
    }

    /// A connection logged in as carol (PLAIN).
    func carol(security: IMAPConfiguration.Security = .implicitTLS) async throws -> IMAPConnection {
        let connection = try await connect(configuration(security: security))
        try await connection.authenticate(.plain(user: "carol@example.test", password: "carol-pass"))
        return connection
    }
}
