import Foundation
import HearthMailTransport
import NIOCore
import NIOSSL

/// SMTP's view of the shared TLS policy (`HearthMailTransport.TLSPolicy`): the same checks, SMTP's errors.
enum SMTPTLS {
    static func makeContext(extraCAFile: String?) throws(SMTPError) -> NIOSSLContext {
        do { return try TLSPolicy.makeContext(extraCAFile: extraCAFile) } catch { throw .tlsFailure(error) }
    }

    static func sniHostname(_ serverName: String) -> String? { TLSPolicy.sniHostname(serverName) }

    static func classify(_ error: any Error, serverName: String) -> SMTPError {
        if let smtp = error as? SMTPError { return smtp }
        switch TLSPolicy.classify(error, serverName: serverName) {
        case .tls(let failure): return .tlsFailure(failure)
        case .closed(let reason): return .connectionClosed(reason)
        }
    }
}
