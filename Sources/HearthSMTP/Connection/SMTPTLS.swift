import Foundation
import HearthMailTransport
import NIOCore
import NIOSSL

/// SMTP's view of the shared TLS policy (`HearthMailTransport.TLSPolicy`): the same checks, SMTP's errors.
enum SMTPTLS {
    static func makeContext(extraCAFile: String?) throws(SMTPError) -> NIOSSLContext {
        do { return try TLSPolicy.makeContext(extraCAFile: extraCAFile) } catch { throw .tlsFailure(error) }
    }

    /// `stage`: what was going on, named in a timeout.
    static func classify(_ error: any Error, serverName: String, stage: SMTPStage) -> SMTPError {
        if let smtp = error as? SMTPError { return smtp }
        switch TLSPolicy.classify(error, serverName: serverName) {
        case .tls(let failure): return .tlsFailure(failure)
        case .closed(let reason): return .connectionClosed(reason)
        case .timedOut(let timeout): return .timeout(stage: stage, seconds: timeout.seconds)
        }
    }
}
