import HearthCore
import HearthIMAP

/// Why a sync failed, phrased for the person who has to act on it. Wraps the layer's own error
/// (`IMAPError`, `StoreError`) so retry logic can still look at the cause.
public enum SyncError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The account cannot be synced as configured (no IMAP server, not saved in the store yet).
    case accountNotConfigured(String)
    /// The OAuth token provider failed: the user has to sign in again.
    case tokenUnavailable(String)
    /// The server rejected the credentials, or offers no mechanism we may use for them.
    case authentication(IMAPError)
    /// The server could not be reached securely (network, DNS, TLS, certificate, STARTTLS).
    case connection(IMAPError)
    /// The session broke or a command failed while syncing `folder` (nil: outside a folder).
    case server(IMAPError, folder: String?)
    /// The local store refused a read or write.
    case store(StoreError)
    /// The sync task was cancelled.
    case cancelled
    /// Anything else that escaped a lower layer (kept as text: the error may not be Sendable).
    case unexpected(String)

    public var description: String {
        switch self {
        case .accountNotConfigured(let why):
            "the account cannot be synced: \(why)"
        case .tokenUnavailable(let why):
            "could not get a sign-in token (\(why)); sign in to the account again"
        case .authentication(let cause):
            "the server refused the sign-in (\(cause)); check the password or sign in again"
        case .connection(let cause):
            "cannot reach the mail server securely: \(cause)"
        case .server(let cause, let folder):
            "the mail server failed" + (folder.map { " while syncing \($0)" } ?? "") + ": \(cause)"
                + (cause.isTransient ? "; it will be retried" : "")
        case .store(let cause):
            "the local mail store failed: \(cause)"
        case .cancelled:
            "sync was cancelled"
        case .unexpected(let what):
            "sync failed: \(what)"
        }
    }

    /// The user must fix credentials (retrying as-is will fail again).
    public var isAuthenticationFailure: Bool {
        switch self {
        case .authentication, .tokenUnavailable: true
        default: false
        }
    }

    /// Worth retrying later without any change by the user.
    public var isTransient: Bool {
        switch self {
        case .connection(let cause), .server(let cause, _): cause.isTransient
        default: false
        }
    }

    /// The IMAP cause, if there is one.
    public var imapError: IMAPError? {
        switch self {
        case .authentication(let e), .connection(let e), .server(let e, _): e
        default: nil
        }
    }
}

/// Maps whatever an `IMAPConnection` call throws onto `SyncError`. `IMAPConnection` throws
/// untyped (its callbacks may throw anything), so the mapping lives in one place.
enum SyncCall {
    enum Stage { case connect, authenticate, session(folder: String?) }

    static func imap<T: Sendable>(_ stage: Stage, _ body: () async throws -> T) async throws(SyncError) -> T {
        do {
            return try await body()
        } catch let error as SyncError {
            throw error
        } catch let error as IMAPError {
            throw map(error, stage: stage)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .unexpected(String(describing: error))
        }
    }

    static func map(_ error: IMAPError, stage: Stage) -> SyncError {
        switch error {
        case .authenticationFailed, .mechanismUnavailable, .credentialsRequireTLS:
            return .authentication(error)
        case .connectionFailed, .tlsFailure, .startTLSUnavailable:
            return .connection(error)
        default:
            switch stage {
            case .connect: return .connection(error)
            case .authenticate:
                // A NO to AUTHENTICATE/LOGIN is a credentials problem, whatever its code.
                if case .commandFailed(_, .no, _, _) = error { return .authentication(error) }
                return .connection(error)
            case .session(let folder): return .server(error, folder: folder)
            }
        }
    }

    static func store<T>(_ body: () throws(StoreError) -> T) throws(SyncError) -> T {
        do { return try body() } catch { throw .store(error) }
    }
}
