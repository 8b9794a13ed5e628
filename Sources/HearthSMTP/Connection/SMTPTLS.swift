import Foundation
import HearthTLS
import NIOCore
import NIOSSL

/// SMTP's view of the shared TLS policy (`HearthTLS.TLSPolicy`): the same checks, SMTP's errors.
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

/// SASL messages (same wire forms as HearthIMAP's; see docs/send.md on sharing them).
enum SMTPSASL {
    /// Google XOAUTH2: `user=U^Aauth=Bearer T^A^A`.
    static func xoauth2(user: String, token: String) -> SASLResponse {
        SASLResponse(bytes: Array("user=\(user)\u{1}auth=Bearer \(token)\u{1}\u{1}".utf8))
    }

    /// RFC 7628 §3.1, the authzid with `,` and `=` escaped.
    static func oauthBearer(user: String, token: String, host: String, port: Int) -> SASLResponse {
        let authzid = user.replacingOccurrences(of: "=", with: "=3D").replacingOccurrences(of: ",", with: "=2C")
        return SASLResponse(bytes: Array("n,a=\(authzid),\u{1}host=\(host)\u{1}port=\(port)\u{1}auth=Bearer \(token)\u{1}\u{1}".utf8))
    }

    /// RFC 4616: `\0user\0password`.
    static func plain(user: String, password: String) -> SASLResponse {
        SASLResponse(bytes: [0] + Array(user.utf8) + [0] + Array(password.utf8))
    }

    /// After an error challenge: XOAUTH2 wants an empty line, OAUTHBEARER `%x01`.
    static func errorAcknowledgement(mechanism: String) -> SASLResponse {
        mechanism == "OAUTHBEARER" ? SASLResponse(bytes: [1]) : SASLResponse(base64: "")
    }

    static func decodeChallenge(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let data = Data(base64Encoded: trimmed) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
