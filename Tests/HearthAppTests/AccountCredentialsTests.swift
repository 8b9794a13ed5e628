import Foundation
@testable import HearthApp
import HearthCore
import HearthOutbox
import HearthStore
import Testing

/// One credential resolver for every connection: sync and send get the same secret.
@Suite("Account credentials")
struct AccountCredentialsTests {
    static func setup() throws -> (MailStore, MemorySecrets, Account, Account) {
        let (store, _) = try freshStore()
        let secrets = MemorySecrets()
        let password = try store.create(Account(email: "pw@example.test", displayName: "P", provider: .imap, authType: .password))
        let token = try store.create(Account(email: "tok@example.test", displayName: "T", provider: .imap, authType: .oauth2))
        try secrets.save(Data("stored-pw".utf8), for: SecretKey(accountEmail: password.email, kind: .password))
        try store.setValue("print-token", for: AccountSettingKeys.tokenCommand(try #require(token.id)))
        return (store, secrets, password, token)
    }

    static func text(_ secret: AccountSecret) -> String {
        switch secret {
        case .password(let p): "password:\(p)"
        case .accessToken(let t): "token:\(t)"
        }
    }

    @Test("stored password, token command, and a one-run override")
    func sources() async throws {
        let (store, secrets, password, token) = try Self.setup()
        let credentials = AccountCredentials(store: store, secrets: { secrets }, commands: FakeCommands(outputs: ["print-token": "t-1", "other": "pw-2"]))
        #expect(Self.text(try await credentials.secret(for: password, refresh: false)) == "password:stored-pw")
        #expect(Self.text(try await credentials.secret(for: token, refresh: false)) == "token:t-1")
        #expect(try credentials.sync(for: password).description == "password(pw@example.test)")
        #expect(try credentials.sync(for: token).description == "oauth(tok@example.test)")
        let overridden = credentials.overriding(.init(passwordCommand: "other", tokenCommand: nil))
        #expect(Self.text(try await overridden.secret(for: password, refresh: false)) == "password:pw-2")
    }

    @Test("an imported mailbox, a missing password and a grant that needs a new sign-in say what to do")
    func failures() async throws {
        let (store, secrets, _, _) = try Self.setup()
        let credentials = AccountCredentials(store: store, secrets: { secrets }, commands: FakeCommands())
        let local = try store.create(Account(email: "old@example.test", displayName: "O", provider: .local, authType: .local))
        #expect(throws: AppError.invalidInput("old@example.test is an imported mailbox: it has no server to sign in to")) {
            try credentials.sync(for: local)
        }
        let nopw = try store.create(Account(email: "nopw@example.test", displayName: "N", provider: .imap, authType: .password))
        #expect(throws: AppError.self) { try credentials.sync(for: nopw) }
        let gmail = try store.create(Account(email: "g@gmail.test", displayName: "G", provider: .gmail, authType: .oauth2))
        try store.markReauthenticationRequired(try #require(gmail.id), reason: "revoked", at: Date())
        let error = #expect(throws: AppError.self) { try credentials.sync(for: gmail) }
        #expect(error?.kind == .noPermission && error?.message.contains("sign in again") == true)
    }
}
