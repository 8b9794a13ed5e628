import Foundation

/// Whether an account can sign in on its own, or needs the user (spec FR-SET-02: an inactive
/// account shows a warning badge and a "Re-authenticate" action; it is never silently hidden).
public enum AccountAuthStatus: Sendable, Equatable, Codable {
    /// Signing in works (or has not failed yet).
    case ok
    /// A token refresh failed for good (revoked, expired, password changed): the account is
    /// inactive until the user signs in again. `reason` is safe to show (no secret).
    case reauthenticationRequired(reason: String, since: Date)

    public var needsReauthentication: Bool {
        if case .reauthenticationRequired = self { true } else { false }
    }
}

/// Where the authentication state of accounts is kept. Marking an account as needing
/// re-authentication also makes it inactive (`Account.isActive == false`), so sync and send skip
/// it; marking it authenticated makes it active again.
public protocol AccountAuthStatusRepository: Sendable {
    func authStatus(of account: AccountID) throws(StoreError) -> AccountAuthStatus
    func markReauthenticationRequired(_ account: AccountID, reason: String, at date: Date) throws(StoreError)
    func markAuthenticated(_ account: AccountID) throws(StoreError)
}
