import HearthCore
import HearthIMAP
import HearthOutbox
import HearthSMTP
import HearthSync

/// "Can Hearth sign in to these servers?", asked before an account is saved (spec onboarding:
/// validate connectivity first, with an actionable error). A port so the use case is tested
/// without a server; the live checker talks to the real ones.
public protocol ConnectivityChecking: Sendable {
    /// Connects, signs in, lists the folders; returns how many there are.
    func checkIMAP(_ configuration: IMAPConfiguration, credentials: SyncCredentials) async throws -> Int
    /// Connects to the submission server, signs in and quits; nothing is sent.
    func checkSMTP(_ configuration: SMTPConfiguration, account: Account, secret: AccountSecret) async throws
}

/// The real check, over TLS (never without).
public struct LiveConnectivityChecker: ConnectivityChecking {
    public init() {}

    public func checkIMAP(_ configuration: IMAPConfiguration, credentials: SyncCredentials) async throws -> Int {
        try await AccountConnectivity.check(configuration, credentials: credentials)
    }

    public func checkSMTP(_ configuration: SMTPConfiguration, account: Account, secret: AccountSecret) async throws {
        try await SubmissionConnectivity.check(account, secret: secret, settings: OutboxServerSettings(smtp: configuration))
    }
}
