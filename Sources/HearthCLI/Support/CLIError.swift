import ArgumentParser
import HearthApp
import Foundation
import HearthCore
import HearthStore
import HearthSync

/// Errors the CLI reports to the user, each with its exit code.
package enum CLIError: Error, CustomStringConvertible {
    case notFound(String)
    case invalidInput(String)
    case cannotCreate(String)
    case io(String)
    /// The server could not be reached (or dropped us): try again later.
    case unavailable(String)
    /// The server refused our credentials: fix them.
    case noPermission(String)
    /// The server's certificate is not trusted: waiting will not help; give the CA file or the
    /// server name (`account add --ca-file/--server-name`).
    case untrustedCertificate(String)
    /// This session lacks something the command needs (no secret store, no OAuth client).
    case notConfigured(String)

    package var description: String {
        switch self {
        case .notFound(let m), .invalidInput(let m), .cannotCreate(let m), .io(let m), .unavailable(let m), .noPermission(let m),
             .untrustedCertificate(let m), .notConfigured(let m): m
        }
    }

    var code: String {
        switch self {
        case .notFound: "not_found"
        case .invalidInput: "invalid_input"
        case .cannotCreate: "cannot_create"
        case .io: "io_error"
        case .unavailable: "unavailable"
        case .noPermission: "no_permission"
        case .untrustedCertificate: "untrusted_certificate"
        case .notConfigured: "not_configured"
        }
    }

    var exitCode: ExitCode {
        switch self {
        case .notFound: HearthExit.notFound
        case .invalidInput: HearthExit.dataError
        case .cannotCreate: HearthExit.cannotCreate
        case .io: HearthExit.ioError
        case .unavailable: HearthExit.unavailable
        case .noPermission: HearthExit.noPermission
        case .untrustedCertificate, .notConfigured: HearthExit.configuration
        }
    }

    /// The data directory holds no mailbox: most likely a mistyped `--data-dir` or
    /// `$HEARTH_DATA_DIR`. Exit 66 (not found), like any other missing thing.
    static func noMailbox(_ directory: URL) -> CLIError {
        .notFound("no Hearth mailbox in \(directory.path) (no \(DataDirectory.databaseFileName)): check --data-dir / "
                  + "$HEARTH_DATA_DIR; `hearth import` or `hearth account add` creates one")
    }

    /// Maps any engine error to what the user is told and the exit code.
    static func from(_ error: any Error) -> CLIError? {
        switch error {
        case let e as CLIError: return e
        case let e as AppError: return AppErrors.cli(e)
        case let e as StoreError:
            switch e {
            case .notFound: return .notFound(e.description)
            case .cannotOpen, .storageFull, .migrationFailed: return .cannotCreate(e.description)
            default: return .io(e.description)
            }
        case let e as MailboxReadError:
            switch e {
            case .notFound: return .notFound(e.description)
            case .unrecognizedFormat: return .invalidInput(e.description)
            case .io: return .io(e.description)
            }
        case let e as ImportError:
            switch e {
            case .source(let s): return from(s)
            case .store(let s): return from(s)
            }
        case let e as SyncError:
            if case .store(let s) = e { return from(s) }
            return AppErrors.cli(ConnectionFailures.classify(e))
        case let e as MailActionError:
            switch e {
            case .store(let s): return from(s)
            case .emailNotFound, .folderNotFound: return .notFound(e.description)
            default: return .invalidInput(e.description)
            }
        default: return nil
        }
    }
}

/// Runs a command body, turning engine errors into a message on stderr (JSON with `--json`) and
/// a meaningful exit code instead of a crash dump.
func reportingErrors(json: Bool, _ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let error where !(error is ExitCode) && CLIError.from(error) != nil {
        try reportingErrors(json: json) { throw error }
    }
}

package func reportingErrors(json: Bool, _ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error where !(error is ExitCode) && CLIError.from(error) != nil {
        guard let cli = CLIError.from(error) else { throw error }
        if json, let text = try? JSONOutput.render("error", ErrorJSON(code: cli.code, message: cli.description)) {
            StandardStreams.err(text)
        } else {
            StandardStreams.err("hearth: \(cli.description)")
        }
        throw cli.exitCode
    }
}
