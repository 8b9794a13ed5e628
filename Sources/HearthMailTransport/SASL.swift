import Foundation

/// A SASL initial response or continuation answer, base64-encoded at the edge. Its description
/// never shows it, so a token or password cannot reach a log by accident.
public struct SASLMessage: Hashable, Sendable, CustomStringConvertible {
    public let base64: String
    public init(base64: String) { self.base64 = base64 }
    public init(bytes: some Sequence<UInt8>) { base64 = Data(bytes).base64EncodedString() }
    public var description: String { "<redacted SASL message>" }
}

/// The SASL messages of the mechanisms IMAP AUTHENTICATE and SMTP AUTH use. One builder, so
/// the wire forms cannot drift apart between the two protocols.
public enum SASL {
    /// Google XOAUTH2: `user=U^Aauth=Bearer T^A^A`.
    public static func xoauth2(user: String, token: String) -> SASLMessage {
        SASLMessage(bytes: Array("user=\(user)\u{1}auth=Bearer \(token)\u{1}\u{1}".utf8))
    }

    /// RFC 7628 §3.1: `n,a=U,^Ahost=H^Aport=P^Aauth=Bearer T^A^A`. The authzid escapes `,` and `=`.
    public static func oauthBearer(user: String, token: String, host: String, port: Int) -> SASLMessage {
        let authzid = user.replacingOccurrences(of: "=", with: "=3D").replacingOccurrences(of: ",", with: "=2C")
        return SASLMessage(bytes: Array("n,a=\(authzid),\u{1}host=\(host)\u{1}port=\(port)\u{1}auth=Bearer \(token)\u{1}\u{1}".utf8))
    }

    /// RFC 4616 PLAIN: `\0user\0password` (no authorization identity).
    public static func plain(user: String, password: String) -> SASLMessage {
        SASLMessage(bytes: [0] + Array(user.utf8) + [0] + Array(password.utf8))
    }

    /// The answer to an error challenge: XOAUTH2 wants an empty response, OAUTHBEARER a single
    /// `%x01` (RFC 7628 §3.2.3); both then get the final failure.
    public static func errorAcknowledgement(mechanism: String) -> SASLMessage {
        mechanism == "OAUTHBEARER" ? SASLMessage(bytes: [1]) : SASLMessage(base64: "")
    }

    /// Decodes a base64 challenge to text (the JSON error of XOAUTH2/OAUTHBEARER); nil if it is not base64.
    public static func decodeChallenge(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let data = Data(base64Encoded: trimmed) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}

/// Credentials for IMAP AUTHENTICATE/LOGIN and SMTP AUTH. `description` never shows the secret.
public enum SASLCredentials: Sendable, CustomStringConvertible {
    /// Google's XOAUTH2 with an OAuth 2.0 access token.
    case xoauth2(user: String, accessToken: String)
    /// RFC 7628 OAUTHBEARER; host and port go into the SASL message.
    case oauthBearer(user: String, accessToken: String, host: String, port: Int)
    /// Password: PLAIN, or LOGIN when the server does not offer PLAIN.
    case plain(user: String, password: String)

    public var user: String {
        switch self {
        case .xoauth2(let user, _), .oauthBearer(let user, _, _, _), .plain(let user, _): user
        }
    }

    /// True for the token mechanisms (a rejected token may be refreshed and tried once more).
    public var isOAuth: Bool { if case .plain = self { false } else { true } }

    public var description: String {
        switch self {
        case .xoauth2(let user, _): "XOAUTH2(\(user))"
        case .oauthBearer(let user, _, _, _): "OAUTHBEARER(\(user))"
        case .plain(let user, _): "PLAIN(\(user))"
        }
    }
}

extension Duration {
    /// The duration in seconds, for socket options and error messages.
    public var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
