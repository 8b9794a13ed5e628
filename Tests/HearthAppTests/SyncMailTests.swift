import Foundation
@testable import HearthApp
import HearthCore
import HearthIMAP
import HearthMailTransport
import HearthStore
import HearthSync
import Testing

/// The sync use case over the sync engine's IMAP port, with a scripted session.
@Suite("Sync mail")
struct SyncMailTests {
    static func context() throws -> (AppContext, Account) {
        let (store, dir) = try freshStore()
        let secrets = MemorySecrets()
        let account = try store.create(Account(email: "me@example.test", displayName: "Me", provider: .imap, authType: .password,
                                               imap: ServerEndpoint(host: "imap.example.test", port: 993, security: .implicitTLS),
                                               syncWindowDays: nil))
        try secrets.save(Data("pw".utf8), for: SecretKey(accountEmail: account.email, kind: .password))
        return (AppContext(dataDirectory: dir, store: store, secrets: { secrets }), account)
    }

    static func sync(_ context: AppContext, over session: @escaping @Sendable () throws -> any IMAPSession) -> SyncMail {
        SyncMail(context, options: { options in
            var options = options
            options.connect = { _ in try session() }
            options.connections = ConnectionLimiter(limit: 5)
            return options
        })
    }

    @Test("new mail is stored and counted")
    func storesNewMail() async throws {
        let (context, account) = try Self.context()
        let session = FakeIMAPSession.inbox(3)
        let outcomes = await Self.sync(context) { session }([account])
        let outcome = try #require(outcomes.first)
        #expect(outcome.error == nil)
        #expect(outcome.result?.inserted == 3)
        #expect(outcome.actionsWaiting == 0)
    }

    @Test("actionsWaiting counts every action still journalled, not only the one the server refused")
    func waitingActionsAreCounted() async throws {
        let (context, account) = try Self.context()
        let session = FakeIMAPSession.inbox(10)
        _ = await Self.sync(context) { session }([account])
        let emails = try context.store.threads(ThreadQuery(limit: 50)).compactMap(\.id).flatMap { try context.store.emails(inThread: $0) }
        #expect(emails.count == 10)
        try PerformMailActionUseCase(store: context.store).perform(.setRead(true), on: emails.compactMap(\.id))
        session.refuseChanges = true
        let outcome = try #require(await Self.sync(context) { session }([account]).first)
        #expect(outcome.result?.actions.postponed == 1, "the replay stops at the first refusal to keep the order")
        #expect(outcome.actionsWaiting == 10)
    }

    @Test("refused credentials, an untrusted certificate and a dead network ask for different things")
    func failuresAreClassified() async throws {
        let (context, account) = try Self.context()
        let refusing = FakeIMAPSession.inbox(1)
        refusing.authenticationError = .authenticationFailed(serverMessage: "no", code: nil, details: nil)
        #expect(await Self.sync(context) { refusing }([account]).first?.error?.kind == .noPermission)
        let untrusted = await Self.sync(context) { throw IMAPError.tlsFailure(.certificateUntrusted("self-signed")) }([account])
        #expect(untrusted.first?.error?.kind == .untrustedCertificate)
        let offline = await Self.sync(context) { throw IMAPError.connectionFailed(host: "h", port: 993, reason: "refused") }([account])
        #expect(offline.first?.error?.kind == .unavailable)
    }

    @Test("one failing account does not hold up the others")
    func accountsAreIndependent() async throws {
        let (context, first) = try Self.context()
        let second = try context.store.create(Account(email: "other@example.test", displayName: "O", provider: .imap, authType: .password,
                                                      imap: ServerEndpoint(host: "other.example.test", port: 993, security: .implicitTLS)))
        // No password stored for the second account.
        let session = FakeIMAPSession.inbox(2)
        let outcomes = await Self.sync(context) { session }([first, second])
        #expect(outcomes.map(\.account.email) == ["me@example.test", "other@example.test"])
        #expect(outcomes[0].result?.inserted == 2)
        #expect(outcomes[1].error?.kind == .noPermission)
    }
}
