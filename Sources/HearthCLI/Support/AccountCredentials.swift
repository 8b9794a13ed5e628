import Foundation
import HearthCore
import HearthProcess
import HearthSync

/// Where an account's secret comes from, as the CLI configures it: a password in the secret
/// store, or a command that prints the password / an OAuth access token each time one is
/// needed (like mbsync's PassCmd; until the OAuth sign-in of issue 9 stores tokens itself).
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
            guard let command = try engine.store.value(for: commandKey(id, token: true)) else {
                throw CLIError.invalidInput("account \(user) has no way to get an access token; re-add it with --token-command")
            }
            return .oauth(user: user) { try runSecretCommand(command) }
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
