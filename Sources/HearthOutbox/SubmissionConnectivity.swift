import Foundation
import HearthCore
import HearthSMTP

/// "Can Hearth send from this account?" — asked before an account is saved (issue 9: validate
/// IMAP and SMTP connectivity first), next to `AccountConnectivity.check` for IMAP. Connects to
/// the account's submission server (TLS), authenticates and quits; nothing is sent.
public enum SubmissionConnectivity {
    /// Throws the SMTP layer's typed error (`SMTPError`: unreachable, TLS, refused credentials).
    public static func check(_ account: Account, secret: AccountSecret, serverName: String? = nil,
                             settings: OutboxServerSettings = OutboxServerSettings(readTimeout: .seconds(30))) async throws {
        var configuration = try settings.smtp(for: account)
        if settings.smtpOverride == nil, let serverName { configuration.serverName = serverName }
        let connection = try await SMTPConnection.connect(configuration)
        do {
            try await connection.authenticate(secret.smtp(user: account.email))
            await connection.quit()
        } catch {
            await connection.close()
            throw error
        }
    }
}
