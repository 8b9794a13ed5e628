import Foundation
import HearthCore
import HearthOutbox
import HearthWeb
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What `hearth serve` hands the web app: the same credential sources the other commands use
/// (secret store, or the account's password/token command), so the web app never sees how
/// secrets are kept.
enum ServeWiring {
    static func services(_ engine: Engine, watch: Bool) -> WebServices {
        let secrets = try? engine.secrets()
        return WebServices(
            connection: { account in
                (credentials: try AccountCredentials.resolve(account, engine: engine), options: try engine.syncOptions(for: account))
            },
            sendCredentials: StoredAccountCredentials(engine: engine),
            secrets: secrets,
            watchInboxes: watch,
            version: HearthCommand.configuration.version,
            embedder: SearchEmbedders.forServer(),
            remoteContent: engine.remoteContent())
    }

    /// Returns on SIGINT or SIGTERM.
    static func waitForTermination() async {
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let sources = [SIGINT, SIGTERM].map { number -> any DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
        sources.forEach { $0.cancel() }
    }
}

/// Sending credentials from where `hearth account add` put them (OAuth accounts: the same
/// silent-refresh provider as sync).
struct StoredAccountCredentials: AccountCredentialProvider {
    let engine: Engine

    func secret(for account: Account, refresh: Bool) async throws -> AccountSecret {
        guard let id = account.id else { throw CLIError.notFound("account \(account.email) is not saved") }
        switch account.authType {
        case .oauth2:
            if let command = try engine.store.value(for: AccountCredentials.commandKey(id, token: true)) {
                return .accessToken(try AccountCredentials.runSecretCommand(command))
            }
            // `refresh` is the one retry after the server refused a token that looked valid.
            let provider = try AccountCredentials.oauthProvider(account, id: id, engine: engine)
            return .accessToken(try await SecurityErrors.mapping { try await provider.accessToken(forceRefresh: refresh) })
        case .password:
            if let command = try engine.store.value(for: AccountCredentials.commandKey(id, token: false)) {
                return .password(try AccountCredentials.runSecretCommand(command))
            }
            guard let data = try engine.secrets().load(SecretKey(accountEmail: account.email, kind: .password)) else {
                throw CLIError.invalidInput("no password stored for \(account.email)")
            }
            return .password(String(decoding: data, as: UTF8.self))
        case .local:
            throw CLIError.invalidInput("\(account.email) is an imported mailbox: it has no server to send through")
        }
    }
}
