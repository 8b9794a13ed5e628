import Foundation
import HearthCore
import HearthProcess
import HearthSecurity
import HearthSync

/// Where an account's secret comes from, as the CLI configures it: a password in the secret
/// store, or a command that prints the password / an OAuth access token each time one is
/// needed (like mbsync's PassCmd), or, for Gmail accounts signed in with `account add --oauth`,
/// OAuth tokens in the secret store refreshed silently by `OAuthTokenProvider`.
/// The command is kept in settings; its output is never stored or logged.
enum AccountCredentials {
    static func commandKey(_ account: AccountID, token: Bool) -> String {
        "account.\(account.rawValue).\(token ? "token-command" : "password-command")"
    }

    /// The sync engine's credentials for `account`.
    static func resolve(_ account: Account, engine: Engine) throws -> SyncCredentials {
        guard let id = account.id else { throw CLIError.notFound("account \(account.email) is not saved") }
        let user = account.email
        switch account.authType {
        case .oauth2:
            if let command = try engine.store.value(for: commandKey(id, token: true)) {
                return .oauth(user: user) { try runSecretCommand(command) }
            }
            let provider = try oauthProvider(account, id: id, engine: engine)
            return .oauth(user: user, token: provider.tokenClosure)
        case .password:
            if let command = try engine.store.value(for: commandKey(id, token: false)) {
                return .password(user: user, try runSecretCommand(command))
            }
            let secrets = try engine.secrets()
            guard let data = try secrets.load(SecretKey(accountEmail: user, kind: .password)) else {
                throw CLIError.invalidInput("no password stored for \(user); re-add the account (hearth account add)")
            }
            return .password(user: user, String(decoding: data, as: UTF8.self))
        case .local:
            throw CLIError.invalidInput("account \(user) is a local (imported) mailbox; there is no server to sync with")
        }
    }

    /// The silent-refresh token provider of an account signed in with `account add --oauth`.
    /// An account already marked "re-authentication required" fails at once with the command
    /// that fixes it, instead of trying a refresh token the server refused.
    static func oauthProvider(_ account: Account, id: AccountID, engine: Engine) throws -> OAuthTokenProvider {
        let user = account.email
        if case .reauthenticationRequired(let reason, _) = try engine.store.authStatus(of: id) {
            // A sync error (not a CLI one), so `hearth sync` reports it per account with exit 77.
            throw SyncError.tokenUnavailable("\(user) needs to sign in again (\(reason)); run `hearth account reauth \(user)`")
        }
        let secrets = try SecurityErrors.mapping { try engine.secrets() }
        guard try AccountOAuth.hasStoredSignIn(account, secrets: secrets) else {
            throw CLIError.noPermission("\(user) has no stored Gmail sign-in; run `hearth account reauth \(user)` (or re-add it with --token-command)")
        }
        return try AccountOAuth.provider(for: account, id: id, engine: engine, secrets: secrets)
    }

    /// Runs a user-configured command and returns its first line of output.
    static func runSecretCommand(_ command: String) throws -> String {
        let outcome = try Subprocess.run("/bin/sh", ["-c", command], timeout: 60)
        guard outcome.status == 0 else {
            throw CLIError.noPermission("the credential command failed (exit \(outcome.status)): \(outcome.stderr.prefix(300))")
        }
        let secret = outcome.stdout.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        guard !secret.isEmpty else { throw CLIError.noPermission("the credential command printed nothing") }
        return secret
    }
}
