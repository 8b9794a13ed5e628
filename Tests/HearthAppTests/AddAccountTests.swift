import Foundation
@testable import HearthApp
import HearthCore
import HearthIMAP
import HearthMailTransport
import HearthStore
import Testing

@Suite("Add account")
struct AddAccountTests {
    func setup(_ credential: CredentialInput = .password("s3cret"), tls: TLSOptions = TLSOptions(),
               imap: ServerChoice = ServerChoice(host: "mail.example.org", port: 1143, security: .startTLS),
               smtp: ServerChoice? = ServerChoice(host: "smtp.example.org", port: 2525, security: .startTLS)) -> AccountSetup {
        AccountSetup(email: "ann@example.org", displayName: "Ann", imap: imap, smtp: smtp, tls: tls, credential: credential)
    }

    @Test("the security mode, CA file and server name are the user's, never guessed from the port")
    func tlsOptionsAreKept() async throws {
        let (store, _) = try freshStore()
        let secrets = MemorySecrets(), checker = FakeConnectivity()
        let ca = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString).pem")
        try Data("pem".utf8).write(to: ca)
        let add = AddAccount(store: store, secrets: { secrets }, connectivity: checker)
        let added = try await add(setup(tls: TLSOptions(extraCAFile: ca.path, serverName: "localhost")))

        #expect(added.folderCount == 7)
        let check = try #require(checker.imapChecks.first)
        #expect(check.host == "mail.example.org" && check.port == 1143 && check.security == .startTLS)
        #expect(check.serverName == "localhost" && check.extraCAFile == ca.path)
        let saved = try #require(try store.accounts().first)
        #expect(saved.imap == ServerEndpoint(host: "mail.example.org", port: 1143, security: .startTLS, extraCAFile: ca.path))
        #expect(saved.smtp == ServerEndpoint(host: "smtp.example.org", port: 2525, security: .startTLS, extraCAFile: ca.path))
        // Every later connection (sync, IDLE, send) expects the same name.
        let servers = AccountServers(settings: store)
        #expect(try servers.imap(for: saved).serverName == "localhost")
        #expect(try servers.smtp(for: saved).serverName == "localhost")
        #expect(try servers.outbox.smtp(for: saved).serverName == "localhost")
        #expect(servers.outbox.imap(for: saved)?.serverName == "localhost")
        #expect(try secrets.load(SecretKey(accountEmail: "ann@example.org", kind: .password)) == Data("s3cret".utf8))
    }

    @Test("default ports follow the chosen security")
    func defaultPorts() async throws {
        let (store, _) = try freshStore()
        let add = AddAccount(store: store, secrets: { MemorySecrets() }, connectivity: FakeConnectivity())
        let added = try await add(setup(imap: ServerChoice(host: "h", security: .startTLS), smtp: nil))
        #expect(added.account.imap?.port == 143)
        #expect(added.account.smtp == ServerEndpoint(host: "h", port: 465, security: .implicitTLS))
    }

    @Test("a failed sign-in saves nothing and says what to fix")
    func failedCheckSavesNothing() async throws {
        let (store, _) = try freshStore()
        let secrets = MemorySecrets(), checker = FakeConnectivity()
        checker.imapFailure = IMAPError.authenticationFailed(serverMessage: "bad password", code: nil, details: nil)
        let add = AddAccount(store: store, secrets: { secrets }, connectivity: checker)
        let error = await #expect(throws: AppError.self) { try await add(setup()) }
        #expect(error?.kind == .noPermission)
        #expect(try store.accounts().isEmpty)
        #expect(secrets.keys.isEmpty)
    }

    @Test("an untrusted certificate is not 'try again later'")
    func untrustedCertificate() async throws {
        let (store, _) = try freshStore()
        let checker = FakeConnectivity()
        checker.imapFailure = IMAPError.tlsFailure(.certificateUntrusted("self signed"))
        let add = AddAccount(store: store, secrets: { MemorySecrets() }, connectivity: checker)
        let error = await #expect(throws: AppError.self) { try await add(setup()) }
        #expect(error?.kind == .untrustedCertificate)
        #expect(error?.message.contains("CA file") == true)
    }

    @Test("a duplicate address and bad input are refused before the server is asked")
    func refusals() async throws {
        let (store, _) = try freshStore()
        let checker = FakeConnectivity()
        let add = AddAccount(store: store, secrets: { MemorySecrets() }, connectivity: checker)
        _ = try await add(setup())
        let duplicate = await #expect(throws: AppError.self) { try await add(setup()) }
        #expect(duplicate?.kind == .invalidInput)
        var bad = setup(); bad.email = "not-an-address"
        await #expect(throws: AppError.self) { try await add(bad) }
        var badPort = setup(imap: ServerChoice(host: "h", port: 70000))
        badPort.email = "bob@example.org"
        await #expect(throws: AppError.self) { try await add(badPort) }
        #expect(checker.imapChecks.count == 1)
    }

    @Test("a credential command is kept as a command, its output never stored")
    func commandCredential() async throws {
        let (store, _) = try freshStore()
        let secrets = MemorySecrets()
        let add = AddAccount(store: store, secrets: { secrets }, connectivity: FakeConnectivity(),
                             commands: FakeCommands(outputs: ["pass show mail": "pw"]))
        let added = try await add(setup(.passwordCommand("pass show mail")))
        let id = try #require(added.account.id)
        #expect(try store.value(for: AccountSettingKeys.passwordCommand(id)) == "pass show mail")
        #expect(secrets.keys.isEmpty)
        // The one credential resolver runs the command for every connection.
        let credentials = AccountCredentials(store: store, secrets: { secrets }, commands: FakeCommands(outputs: ["pass show mail": "pw"]))
        guard case .password(let password) = try await credentials.secret(for: added.account, refresh: false) else {
            Issue.record("expected a password"); return
        }
        #expect(password == "pw")
    }
}
