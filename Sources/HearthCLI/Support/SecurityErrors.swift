import Foundation
import HearthCore
import HearthSecurity

/// Maps issue 9's error types (settings, secrets, OAuth, app lock) to the CLI's errors and exit
/// codes; everything else passes through unchanged.
enum SecurityErrors {
    static func cli(_ error: any Error) -> any Error {
        switch error {
        case let e as SettingsError:
            switch e {
            case .unknownAccount: return CLIError.notFound(e.description)
            case .store(let s): return CLIError.from(s) ?? e
            default: return CLIError.invalidInput(e.description)
            }
        case let e as SecretStoreError:
            switch e {
            case .io, .secretService, .secretServiceUnavailable, .configuredBackendUnavailable: return CLIError.io(e.description)
            default: return CLIError.noPermission(e.description)
            }
        case let e as OAuthError:
            return e.isTransient || e == .stateMismatch ? CLIError.unavailable(e.description) : CLIError.noPermission(e.description)
        case let e as AppLockError:
            return CLIError.noPermission(e.description)
        default:
            return error
        }
    }

    /// Runs `body`, turning these errors into `CLIError`s for `reportingErrors`.
    static func mapping<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw cli(error) }
    }

    static func mapping<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw cli(error) }
    }
}
