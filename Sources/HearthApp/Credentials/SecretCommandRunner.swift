import Foundation
import HearthProcess

/// Runs a user-configured credential command (`--password-command`, `--token-command`, like
/// mbsync's PassCmd) and returns its first line. A port, so use cases are tested without a shell.
public protocol SecretCommandRunning: Sendable {
    /// - Parameter refresh: the server refused the last token; the command sees HEARTH_TOKEN_REFRESH=1.
    func run(_ command: String, refresh: Bool) throws(AppError) -> String
}

/// `/bin/sh -c COMMAND`, at most 60 s; its output is the secret and is never logged.
public struct ShellSecretCommandRunner: SecretCommandRunning {
    public init() {}

    public func run(_ command: String, refresh: Bool) throws(AppError) -> String {
        var environment = ProcessInfo.processInfo.environment
        if refresh { environment["HEARTH_TOKEN_REFRESH"] = "1" }
        let outcome: Subprocess.Outcome
        do { outcome = try Subprocess.run("/bin/sh", ["-c", command], environment: environment, timeout: 60) }
        catch { throw .noPermission("the credential command could not run: \(error)") }
        guard outcome.status == 0 else {
            throw .noPermission("the credential command failed (exit \(outcome.status)): \(outcome.stderr.prefix(300))")
        }
        let secret = outcome.stdout.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard !secret.isEmpty else { throw .noPermission("the credential command printed nothing") }
        return secret
    }
}
