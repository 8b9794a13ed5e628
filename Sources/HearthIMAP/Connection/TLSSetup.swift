import Foundation
import NIOCore
import NIOSSL

/// TLS policy in one place: full certificate verification always, system trust store plus the
/// account's optional extra CA, TLS 1.2 or newer, SNI and hostname check against `serverName`.
enum TLSSetup {
    static func makeContext(extraCAFile: String?) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        configuration.minimumTLSVersion = .tlsv12
        if let path = extraCAFile {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw IMAPError.tlsFailure(.invalidCAFile(path: path, reason: "file not readable"))
            }
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(path)
            } catch {
                throw IMAPError.tlsFailure(.invalidCAFile(path: path, reason: "not a PEM certificate file"))
            }
            guard !certificates.isEmpty else {
                throw IMAPError.tlsFailure(.invalidCAFile(path: path, reason: "no certificate in file"))
            }
            configuration.additionalTrustRoots = [.certificates(certificates)]
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw IMAPError.tlsFailure(.handshakeFailed("cannot set up TLS: \(error)"))
        }
    }

    /// SNI must be a host name; for an IP literal NIOSSL checks the IP SAN against the peer.
    static func sniHostname(_ serverName: String) -> String? {
        (try? SocketAddress(ipAddress: serverName, port: 0)) == nil ? serverName : nil
    }

    /// Maps a channel error to what the user needs to know.
    static func classify(_ error: any Error, serverName: String) -> IMAPError {
        if let imap = error as? IMAPError { return imap }
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
                return .tlsFailure(.handshakeFailed(text))
            case .uncleanShutdown:
                return .connectionClosed("the server closed the TLS connection without close_notify")
            default:
                return .tlsFailure(.handshakeFailed(text))
            }
        }
        if let boring = error as? BoringSSLError {
            return .tlsFailure(.handshakeFailed(String(describing: boring)))
        }
        return .connectionClosed(String(describing: error))
    }
}
