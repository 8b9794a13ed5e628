import HearthCore
import HearthIMAP
import HearthMailTransport
import HearthSMTP
import HearthSync

/// What a failed connection asks of the user, the same for sync, send and the checks before an
/// account is saved: refused credentials → fix them; an untrusted certificate → add the CA file
/// or the expected name (waiting will not help); a network failure → try again later.
public enum ConnectionFailures {
    public static func classify(_ error: any Error) -> AppError {
        switch error {
        case let e as AppError: return e
        case let e as SyncError: return classify(e)
        case let e as IMAPError: return classify(imap: e, message: e.description)
        case let e as SMTPError: return classify(smtp: e)
        case let e as TLSFailure: return tls(e, message: e.description)
        case let e as StoreError: return AppError(.io, e.description)
        default: return AppCredentialErrors.classify(error)
        }
    }

    public static func classify(_ error: SyncError) -> AppError {
        if error.isAuthenticationFailure { return .noPermission(error.description) }
        switch error {
        case .accountNotConfigured: return .invalidInput(error.description)
        case .store(let s): return AppError(.io, s.description)
        case .cancelled, .unexpected: return .unavailable(error.description)
        default:
            if let imap = error.imapError { return classify(imap: imap, message: error.description) }
            return .unavailable(error.description)
        }
    }

    static func classify(imap: IMAPError, message: String) -> AppError {
        switch imap {
        case .tlsFailure(let failure): return tls(failure, message: message)
        case .authenticationFailed, .mechanismUnavailable, .credentialsRequireTLS: return .noPermission(message)
        default: return .unavailable(message)
        }
    }

    static func classify(smtp: SMTPError) -> AppError {
        if smtp.isAuthenticationFailure { return .noPermission(smtp.description) }
        switch smtp {
        case .tlsFailure(let failure): return tls(failure, message: smtp.description)
        case .mechanismUnavailable, .credentialsRequireTLS: return .noPermission(smtp.description)
        default: return .unavailable(smtp.description)
        }
    }

    static func tls(_ failure: TLSFailure, message: String) -> AppError {
        switch failure {
        case .certificateUntrusted, .hostnameMismatch:
            AppError(.untrustedCertificate, message + "; if the server uses its own CA, give its certificate file (CA file), or the name its certificate carries (server name)")
        case .invalidCAFile: .invalidInput(message)
        case .handshakeFailed: .unavailable(message)
        }
    }
}

/// Secret-store and OAuth failures (kept apart from connection failures: they are local).
enum AppCredentialErrors {
    static func classify(_ error: any Error) -> AppError { AccountCredentials.classify(error) }
}
