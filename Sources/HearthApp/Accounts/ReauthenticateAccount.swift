import Foundation
import HearthCore
import HearthIMAP
import HearthSecurity
import HearthSMTP

/// Signs a Gmail account in again (after a revoked or expired grant marked it "re-authentication
/// required"): the new tokens are checked against IMAP and SMTP, replace the stored ones, and
/// the account is active again. The browser part stays with the front end (the CLI opens a
/// browser; the web app redirects).
public struct ReauthenticateAccount: Sendable {
    let context: AppContext
    let connectivity: any ConnectivityChecking

    public init(_ context: AppContext, connectivity: any ConnectivityChecking = LiveConnectivityChecker()) {
        self.context = context; self.connectivity = connectivity
    }

    /// Checks that `account` can be signed in again at all, before the user is sent to a browser.
    public func precondition(_ account: Account) throws(AppError) {
        guard account.id != nil else { throw .notFound("account \(account.email) is not saved") }
        guard account.authType == .oauth2 else {
            throw .invalidInput("\(account.email) signs in with a password; remove and add it again to change the password")
        }
    }

    /// Returns the number of IMAP folders the check listed.
    @discardableResult
    public func callAsFunction(_ account: Account, tokens: OAuthTokens) async throws(AppError) -> Int {
        try precondition(account)
        guard let id = account.id else { throw .notFound("account \(account.email) is not saved") }
        let imap = try context.servers.imap(for: account)
        let folders: Int
        do { folders = try await connectivity.checkIMAP(imap, credentials: .oauth(user: account.email) { tokens.accessToken }) }
        catch { throw ConnectionFailures.classify(error) }
        if account.smtp != nil {
            let smtp = try context.servers.smtp(for: account)
            do { try await connectivity.checkSMTP(smtp, account: account, secret: .accessToken(tokens.accessToken)) }
            catch {
                let failure = ConnectionFailures.classify(error)
                throw AppError(failure.kind, "signed in to IMAP, but not to the SMTP server: \(failure.message)")
            }
        }
        do {
            try OAuthCredentials(store: try context.secrets()).save(tokens, for: account.email)
        } catch { throw AccountCredentials.classify(error) }
        try storeCall { () throws(StoreError) in
            // A token command would take precedence over the stored tokens; the sign-in replaces it.
            try context.store.setValue(nil, for: AccountSettingKeys.tokenCommand(id))
            try context.store.markAuthenticated(id)
        }
        context.credentials.forgetOAuthSession(of: account)
        return folders
    }
}
