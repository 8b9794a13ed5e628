import Foundation
import NIOCore
import NIOSSL

/// The mail protocols' one TLS policy (IMAP and SMTP submission alike): full certificate
/// verification always, the system trust store plus the account's optional extra CA, TLS 1.2 or
/// newer, SNI, and the server name checked as given by `ServerIdentity` once the handshake
/// completes (`MailChannel` installs that check with every TLS handler; NIOSSL's own hostname
/// check is off because it lets a certificate's IP entry stand in for a name). Each protocol maps
/// the outcomes below onto its own error type.
public enum TLSPolicy {
    public static func makeContext(extraCAFile: String?) throws(TLSFailure) -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        // The chain is verified by BoringSSL; the name by `TLSHandshakeGuard` (see above).
        configuration.certificateVerification = .noHostnameVerification
        configuration.minimumTLSVersion = .tlsv12
        if let path = extraCAFile {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw .invalidCAFile(path: path, reason: "file not readable")
            }
            let certificates: [NIOSSLCertificate]
            do {
                certificates = try NIOSSLCertificate.fromPEMFile(path)
            } catch {
                throw .invalidCAFile(path: path, reason: "not a PEM certificate file")
            }
            guard !certificates.isEmpty else { throw .invalidCAFile(path: path, reason: "no certificate in file") }
            configuration.additionalTrustRoots = [.certificates(certificates)]
        }
        do {
            return try NIOSSLContext(configuration: configuration)
        } catch {
            throw .handshakeFailed("cannot set up TLS: \(error)")
        }
    }

    /// SNI must be a host name (RFC 6066 §3): an IP literal (also bracketed IPv6) is sent without
    /// SNI. The same reading of the name as the identity check (`ServerIdentity.reference`).
    public static func sniHostname(_ serverName: String) -> String? {
        if case .host = ServerIdentity.reference(for: serverName) { return serverName }
        return nil
    }

    /// What a channel error means for the user.
    public enum Outcome: Hashable, Sendable {
        /// A verdict on the server's TLS (untrusted certificate, wrong name, failed handshake).
        case tls(TLSFailure)
        /// The connection went away (network, proxy, server): retryable.
        case closed(String)
        /// A step got no progress within its deadline (handshake, write): retryable.
        case timedOut(TransportTimeout)
    }

    public static func classify(_ error: any Error, serverName: String) -> Outcome {
        if let timeout = error as? TransportTimeout { return .timedOut(timeout) }
        if error is ServerIdentityMismatch { return .tls(.hostnameMismatch(serverName)) }
        if let ssl = error as? NIOSSLExtraError, ssl == .failedToValidateHostname {
            return .tls(.hostnameMismatch(serverName))
        }
        if let ssl = error as? NIOSSLError {
            let text = String(describing: ssl)
            switch ssl {
            case .handshakeFailed:
                if text.contains("CERTIFICATE_VERIFY_FAILED") || text.contains("certificate verify failed") {
                    return .tls(.certificateUntrusted("verification failed for \(serverName)"))
                }
                if text.contains("EOF during handshake") {
                    return .closed("the connection closed during the TLS handshake")
                }
                return .tls(.handshakeFailed(text))
            case .uncleanShutdown:
                return .closed("the server closed the TLS connection without close_notify")
            default:
                return .tls(.handshakeFailed(text))
            }
        }
        if let boring = error as? BoringSSLError {
            let text = String(describing: boring)
            // The peer hung up mid-handshake (a dropped connection, a proxy that refuses): a
            // network failure, not a TLS verdict on the server.
            if text.contains("EOF during handshake") || text.contains("SYSCALL") {
                return .closed("the connection closed during the TLS handshake")
            }
            return .tls(.handshakeFailed(text))
        }
        return .closed(String(describing: error))
    }
}
