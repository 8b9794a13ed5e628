import Foundation

/// SASL messages of the mechanisms we use. Built here, base64 at the edge, never logged.
enum SASL {
    /// Google XOAUTH2: `user=U^Aauth=Bearer T^A^A`.
    static func xoauth2(user: String, token: String) -> SASLPayload {
        SASLPayload(bytes: Array("user=\(user)\u{1}auth=Bearer \(token)\u{1}\u{1}".utf8))
    }

    /// RFC 7628 §3.1: `n,a=U,^Ahost=H^Aport=P^Aauth=Bearer T^A^A`. The authzid escapes `,` and `=`.
    static func oauthBearer(user: String, token: String, host: String, port: Int) -> SASLPayload {
        let authzid = user.replacingOccurrences(of: "=", with: "=3D").replacingOccurrences(of: ",", with: "=2C")
        return SASLPayload(bytes: Array("n,a=\(authzid),\u{1}host=\(host)\u{1}port=\(port)\u{1}auth=Bearer \(token)\u{1}\u{1}".utf8))
    }

    /// RFC 4616 PLAIN: `\0user\0password` (no authorization identity).
    static func plain(user: String, password: String) -> SASLPayload {
        SASLPayload(bytes: [0] + Array(user.utf8) + [0] + Array(password.utf8))
    }

    /// The answer to an error challenge: XOAUTH2 wants an empty response, OAUTHBEARER a single
    /// `%x01` (RFC 7628 §3.2.3); both then get the tagged NO.
    static func errorAcknowledgement(mechanism: String) -> SASLPayload {
        mechanism == "OAUTHBEARER" ? SASLPayload(bytes: [1]) : SASLPayload(base64: "")
    }

    /// Decodes a base64 challenge to text (the JSON error of XOAUTH2/OAUTHBEARER); nil if it is not base64.
    static func decodeChallenge(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let data = Data(base64Encoded: trimmed) else { return nil }
        return String(data: data, encoding: .utf8)
    }
}
