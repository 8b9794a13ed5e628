import ArgumentParser
import HearthApp

/// The application layer's errors in the CLI's vocabulary: exit codes (docs/cli.md) and JSON
/// error codes (docs/json-schema.md).
enum AppErrors {
    static func cli(_ error: AppError) -> CLIError {
        switch error.kind {
        case .notFound: .notFound(error.message)
        case .invalidInput: .invalidInput(error.message)
        case .unavailable: .unavailable(error.message)
        case .noPermission: .noPermission(error.message)
        case .untrustedCertificate: .untrustedCertificate(error.message)
        case .notConfigured: .notConfigured(error.message)
        case .io: .io(error.message)
        }
    }

    /// Runs `body`, turning application errors into `CLIError`s for `reportingErrors`.
    static func mapping<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as AppError { throw cli(error) }
    }

    static func mapping<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as AppError { throw cli(error) }
    }
}
