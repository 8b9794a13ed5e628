import Foundation
@testable import HearthApp
import HearthCore
import HearthSecurity
import HearthStore
import Synchronization
import Testing

@Suite("Remove account")
struct RemoveAccountTests {
    @Test("the OAuth grant is revoked, then every local trace goes")
    func revokesThenDeletes() async throws {
        let (store, dir) = try freshStore()
        let secrets = MemorySecrets()
        let context = AppContext(dataDirectory: dir, store: store, secrets: { secrets })
        let account = try store.create(Account(email: "gina@gmail.test", displayName: "Gina", provider: .gmail, authType: .oauth2,
                                               imap: ServerEndpoint(host: "imap.gmail.com", port: 993, security: .implicitTLS)))
        try OAuthCredentials(store: secrets).save(OAuthTokens(accessToken: "at", refreshToken: "rt-1", expiresAt: Date().addingTimeInterval(3600),
                                                              scope: "mail"), for: account.email)
        let revoked = Mutex<[String]>([])
        let report = try await RemoveAccount(context, revoker: { token in revoked.withLock { $0.append(token) } })(account)
        #expect(revoked.withLock { $0 } == ["rt-1"])
        #expect(report.revocation == "revoked")
        #expect(try store.accounts().isEmpty)
        #expect(secrets.keys.isEmpty)
        #expect(report.onboardingRequired)
    }

    @Test("without an OAuth client the local data still goes, and the report says the grant was not revoked")
    func noClient() async throws {
        let (store, dir) = try freshStore()
        let secrets = MemorySecrets()
        let context = AppContext(dataDirectory: dir, store: store, secrets: { secrets },
                                 oauthClient: { throw OAuthError.notConfigured("none") })
        let account = try store.create(Account(email: "gina@gmail.test", displayName: "Gina", provider: .gmail, authType: .oauth2))
        try OAuthCredentials(store: secrets).save(OAuthTokens(accessToken: "at", refreshToken: "rt", expiresAt: Date(), scope: "mail"), for: account.email)
        let report = try await RemoveAccount(context)(account)
        #expect(report.revocation.hasPrefix("failed"))
        #expect(try store.accounts().isEmpty)
    }
}
