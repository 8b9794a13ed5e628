import Crypto
import Foundation

/// RFC 7636 proof key: a high-entropy verifier kept in memory and its S256 challenge sent in
/// the authorization request, so an intercepted code is useless without the verifier.
public struct PKCE: Sendable, Equatable {
    public let verifier: String
    public let challenge: String
    public static let method = "S256"

    /// 32 random bytes → a 43-character base64url verifier (RFC 7636 §4.1's recommendation).
    public init() {
        self.init(verifier: Self.randomToken(bytes: 32))
    }

    public init(verifier: String) {
        self.verifier = verifier
        self.challenge = Self.base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// Unguessable, URL-safe random text (also used for `state`).
    public static func randomToken(bytes count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
