import HearthMailTransport
import NIOSSL

/// IMAP's view of the shared TLS policy (`HearthMailTransport.TLSPolicy`): the same checks, IMAP's errors.
enum TLSSetup {
    static func makeContext(extraCAFile: String?) throws -> NIOSSLContext {
        do { return try TLSPolicy.makeContext(extraCAFile: extraCAFile) } catch { throw IMAPError.tlsFailure(error) }
    }

    /// Maps a channel error to what the user needs to know.
    static func classify(_ error: any Error, serverName: String) -> IMAPError {
        if let imap = error as? IMAPError { return imap }
        switch TLSPolicy.classify(error, serverName: serverName) {
        case .tls(let failure): return .tlsFailure(failure)
        case .closed(let reason): return .connectionClosed(reason)
        case .timedOut(let timeout): return .timeout(operation: timeout.step.rawValue, seconds: timeout.seconds)
        }
    }
}
