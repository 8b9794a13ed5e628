import Foundation
import NIOCore
import NIOSSL

/// The same TLS policy as HearthIMAP's `TLSSetup` (full verification, TLS ≥ 1.2, system trust
/// plus the account's optional extra CA, SNI and hostname check), with SMTP's error type.
/// Kept separate because the modules do not depend on each other; see docs/send.md for the
/// proposal to share it.
enum SMTPTLS {
    static func makeContext(extraCAFile: String?) throws(SMTPError) -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        configuration.minimumTLSVersion = .tlsv12
        if let path = extraCAFile {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .tlsFailure(.invalidCAFile(path: path, reason: "file not readable"))
            }
            guard let certificates = try? NIOSSLCertificate.fromPEMFile(path), !certificates.isEmpty else {
                throw .tlsFailure(.invalidCAFile(path: path, reason: "not a PEM certificate file"))
            }
            configuration.additionalTrustRoots = [.certificates(certificates)]
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw .tlsFailure(.handshakeFailed("cannot set up TLS: \(error)"))
        }
    }

    /// SNI must be a host name; for an IP literal NIOSSL checks the IP SAN.
    static func sniHostname(_ serverName: String) -> String? {
        (try? SocketAddress(ipAddress: serverName, port: 0)) == nil ? serverName : nil
    }

    static func classify(_ error: any Error, serverName: String) -> SMTPError {
        if let smtp = error as? SMTPError { return smtp }
        if let ssl = error as? NIOSSLExtraError, ssl == .failedToValidateHostname {
            return .tlsFailure(.hostnameMismatch(serverName))
        }
        if let ssl = error as? NIOSSLError {
            let text = String(describing: ssl)
            switch ssl {
            case .handshakeFailed:
                if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
                    return .tlsFailure(.certificateUntrusted("verification failed for \(serverName)"))
                }
                if text.contains("EOF during handshake") {
                    return .connectionClosed("the connection closed during the TLS handshake")
                }
                return .tlsFailure(.handshakeFailed(text))
            case .uncleanShutdown:
                return .connectionClosed("the server closed the TLS connection without close_notify")
            default:
                return .tlsFailure(.handshakeFailed(text))
            }
        }
        if let boring = error as? BoringSSLError {
            let text = String(describing: boring)
            // The peer hung up mid-handshake (a dropped connection, a proxy that refuses): a
            // network failure, not a TLS verdict on the server.
            if text.contains("EOF during handshake") || text.contains("SYSCALL") {
                return .connectionClosed("the connection closed during the TLS handshake")
            }
            return .tlsFailure(.handshakeFailed(text))
        }
        return .connectionClosed(String(describing: error))
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
