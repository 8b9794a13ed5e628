import Foundation
import HearthCore
import HearthSecurity

/// Removes an account, or everything (spec §7.4, FR-SET-02/03), from any front end: the OAuth
/// grant is revoked at the provider (best effort, reported), then every local trace goes —
/// mail, caches, index, contacts, settings, secrets.
public struct RemoveAccount: Sendable {
    let context: AppContext
    /// Revokes a refresh token; nil: no OAuth client is configured (reported as "failed: …").
    let revoker: (@Sendable (String) async throws -> Void)?

    public init(_ context: AppContext, revoker: (@Sendable (String) async throws -> Void)? = nil) {
        self.context = context
        self.revoker = revoker ?? (try? context.oauthClient()).map(AccountRemoval.revoker)
    }

    func removal() throws(AppError) -> AccountRemoval {
        let secrets: any SecretStore
        do { secrets = try context.secrets() } catch { throw AccountCredentials.classify(error) }
        return AccountRemoval(accounts: context.store, purger: context.store, secrets: secrets,
                              dataDirectory: context.dataDirectory, revoker: revoker)
    }

    public func callAsFunction(_ account: Account) async throws(AppError) -> AccountRemoval.Report {
        let removal = try removal()
        context.credentials.forgetOAuthSession(of: account)
        do { return try await removal.remove(account) } catch { throw Self.classify(error) }
    }

    /// Deletes ALL local data (accounts, mail, caches, secrets, and the models unless kept).
    public func wipeAll(modelDirectory: URL?, keepModels: Bool = false) async throws(AppError) -> AccountRemoval.WipeReport {
        let removal = try removal()
        do { return try await removal.wipeAll(modelDirectory: modelDirectory, keepModels: keepModels) }
        catch { throw Self.classify(error) }
    }

    static func classify(_ error: any Error) -> AppError {
        if let store = error as? StoreError { return .store(store) }
        return AccountCredentials.classify(error)
    }
}
