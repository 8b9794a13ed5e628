import Foundation
import HearthCore
import Logging

/// Removing an account, or everything (spec §7.4, FR-SET-02/03): revoke the OAuth grant at the
/// provider, delete every local row (`AccountDataPurging`), the account's files (attachment
/// cache) and its secrets. Revocation is best effort (the user may be offline); its outcome is
/// reported so the user can revoke by hand (Google: myaccount.google.com/permissions). Local
/// deletion never depends on it.
public struct AccountRemoval: Sendable {
    public struct Report: Sendable, Codable, Equatable {
        public var email: String
        public var emailsDeleted: Int
        public var attachmentFilesDeleted: Int
        public var secretsDeleted: Bool
        /// "revoked", "not-applicable" (password or local account, or no token stored),
        /// or "failed: why".
        public var revocation: String
        /// True when no account is left: onboarding starts again (FR-OB-01).
        public var onboardingRequired: Bool
    }

    public struct WipeReport: Sendable, Codable, Equatable {
        public var accountsRemoved: [String]
        public var revocations: [String: String]
        public var modelsRemoved: Bool
        public var filesRemoved: [String]
    }

    let accounts: any AccountRepository
    let purger: any AccountDataPurging
    let secrets: any SecretStore
    let dataDirectory: URL
    /// Revokes a refresh token; nil when no OAuth client is configured (then "failed: …").
    let revoker: (@Sendable (String) async throws -> Void)?
    let logger: Logger

    public init(accounts: any AccountRepository, purger: any AccountDataPurging, secrets: any SecretStore,
                dataDirectory: URL, revoker: (@Sendable (String) async throws -> Void)?,
                logger: Logger = Logger(label: "hearth.accounts")) {
        self.accounts = accounts; self.purger = purger; self.secrets = secrets
        self.dataDirectory = dataDirectory; self.revoker = revoker; self.logger = logger
    }

    /// A revoker over the OAuth token client.
    public static func revoker(_ client: OAuthTokenClient) -> @Sendable (String) async throws -> Void {
        { token in try await client.revoke(token) }
    }

    public func remove(_ account: Account) async throws -> Report {
        guard let id = account.id else { throw StoreError.notFound("account without id") }
        let revocation = await revoke(account)
        let emails = try purger.purgeAccount(id)
        let directory = AttachmentCacheLayout.directory(for: id, in: dataDirectory)
        let files = AttachmentCacheLayout.usage(of: directory).files
        if FileManager.default.fileExists(atPath: directory.path) { try FileManager.default.removeItem(at: directory) }
        try secrets.deleteAll(accountEmail: account.email)
        let remaining = try accounts.accounts().count
        logger.info("account removed", metadata: ["account": "\(account.email)", "emails": "\(emails)", "revocation": "\(revocation)"])
        return Report(email: account.email, emailsDeleted: emails, attachmentFilesDeleted: files, secretsDeleted: true,
                      revocation: revocation, onboardingRequired: remaining == 0)
    }

    /// Wipe all data: every account (grants revoked), every row, the attachment cache, the
    /// secrets, the secret-store choice and, unless `keepModels`, the AI models directory. The
    /// database file stays (empty, with its schema), so a running process keeps working.
    public func wipeAll(modelDirectory: URL?, keepModels: Bool = false) async throws -> WipeReport {
        let all = try accounts.accounts()
        var revocations: [String: String] = [:]
        for account in all { revocations[account.email] = await revoke(account) }
        try purger.purgeEverything()
        for account in all { try secrets.deleteAll(accountEmail: account.email) }
        if let keyring = secrets as? SecretServiceStore { try keyring.deleteEverything() }
        var removed: [String] = []
        let fm = FileManager.default
        let files = [AttachmentCacheLayout.root(in: dataDirectory),
                     dataDirectory.appendingPathComponent(FileSecretStore.fileName),
                     dataDirectory.appendingPathComponent(FileSecretStore.fileName + ".lock"),
                     dataDirectory.appendingPathComponent(SecretStores.recordFileName)]
        for file in files where fm.fileExists(atPath: file.path) {
            try fm.removeItem(at: file)
            removed.append(file.path)
        }
        var modelsRemoved = false
        if !keepModels, let modelDirectory, fm.fileExists(atPath: modelDirectory.path) {
            try fm.removeItem(at: modelDirectory)
            removed.append(modelDirectory.path)
            modelsRemoved = true
        }
        return WipeReport(accountsRemoved: all.map(\.email), revocations: revocations, modelsRemoved: modelsRemoved,
                          filesRemoved: removed)
    }

    private func revoke(_ account: Account) async -> String {
        guard account.authType == .oauth2 else { return "not-applicable" }
        let token: String?
        do { token = try OAuthCredentials(store: secrets).refreshToken(for: account.email) } catch {
            return "failed: \(error)"
        }
        guard let token else { return "not-applicable" }
        guard let revoker else {
            return "failed: no OAuth client configured; revoke Hearth's access at myaccount.google.com/permissions"
        }
        do {
            try await revoker(token)
            return "revoked"
        } catch {
            return "failed: \(error); revoke Hearth's access at myaccount.google.com/permissions"
        }
    }
}
