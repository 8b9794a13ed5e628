import Crypto
import Foundation

/// A salted, deliberately slow hash of the app-lock passphrase: PBKDF2-HMAC-SHA256 (RFC 8018),
/// 600,000 iterations by default (OWASP's 2023 figure for this PRF), 16-byte random salt,
/// 32-byte output. Encoded as `pbkdf2-sha256$<iterations>$<salt b64>$<hash b64>` so the cost
/// can be raised later without breaking stored values.
///
/// PBKDF2 is written out here because the `Crypto` product offers HMAC but no password KDF;
/// each iteration reuses the keyed HMAC state, so the cost is two SHA-256 blocks.
public struct PassphraseHash: Sendable, Equatable {
    public static let defaultIterations = 600_000
    public let iterations: Int
    public let salt: Data
    public let hash: Data

    /// Hashes a new passphrase with a fresh salt.
    public init(passphrase: String, iterations: Int = Self.defaultIterations) {
        var generator = SystemRandomNumberGenerator()
        let salt = Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
        self.init(passphrase: passphrase, salt: salt, iterations: iterations)
    }

    init(passphrase: String, salt: Data, iterations: Int) {
        self.iterations = iterations
        self.salt = salt
        self.hash = Self.pbkdf2(password: Data(passphrase.utf8), salt: salt, iterations: iterations)
    }

    private init(iterations: Int, salt: Data, hash: Data) {
        self.iterations = iterations; self.salt = salt; self.hash = hash
    }

    public var encoded: String {
        "pbkdf2-sha256$\(iterations)$\(salt.base64EncodedString())$\(hash.base64EncodedString())"
    }

    public init?(encoded: String) {
        let parts = encoded.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let iterations = Int(parts[1]), iterations > 0,
              let salt = Data(base64Encoded: parts[2]), let hash = Data(base64Encoded: parts[3]), hash.count == 32
        else { return nil }
        self.init(iterations: iterations, salt: salt, hash: hash)
    }

    /// Constant-time comparison of a candidate against this hash.
    public func matches(_ passphrase: String) -> Bool {
        let candidate = Self.pbkdf2(password: Data(passphrase.utf8), salt: salt, iterations: iterations)
        guard candidate.count == hash.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(candidate, hash) { difference |= a ^ b }
        return difference == 0
    }

    /// PBKDF2 with HMAC-SHA256, one 32-byte block (dkLen = hLen).
    static func pbkdf2(password: Data, salt: Data, iterations: Int) -> Data {
        let keyed = HMAC<SHA256>(key: SymmetricKey(data: password))
        var first = keyed
        first.update(data: salt + Data([0, 0, 0, 1]))
        var u = Array(first.finalize())
        var result = u
        for _ in 1..<max(iterations, 1) {
            var mac = keyed
            mac.update(data: u)
            u = Array(mac.finalize())
            for index in 0..<result.count { result[index] ^= u[index] }
        }
        return Data(result)
    }
}
