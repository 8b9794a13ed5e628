import Foundation
import HearthCore
import Synchronization
import Testing
@testable import HearthSecurity

/// An in-memory `SettingsRepository` (the real one is HearthStore's, tested there).
final class MemorySettings: SettingsRepository, Sendable {
    private let values = Mutex<[String: String]>([:])
    func value(for key: String) throws(StoreError) -> String? { values.withLock { $0[key] } }
    func setValue(_ value: String?, for key: String) throws(StoreError) { values.withLock { $0[key] = value } }
    var all: [String: String] { values.withLock { $0 } }
}

@Suite("App lock")
struct AppLockTests {
    @Test func pbkdf2MatchesRFC7914TestVector() {
        // RFC 7914 §11: PBKDF2-HMAC-SHA256, P="passwd", S="salt", c=1, dkLen=64; first 32 bytes.
        let derived = PassphraseHash.pbkdf2(password: Data("passwd".utf8), salt: Data("salt".utf8), iterations: 1)
        #expect(derived.map { String(format: "%02x", $0) }.joined() == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
        // c=80000, P="Password", S="NaCl": first 32 bytes of the RFC's 64.
        let slow = PassphraseHash.pbkdf2(password: Data("Password".utf8), salt: Data("NaCl".utf8), iterations: 80000)
        #expect(slow.map { String(format: "%02x", $0) }.joined() == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56")
    }

    @Test func enableVerifyChangeDisable() throws {
        let settings = MemorySettings()
        let lock = AppLock(settings: settings, iterations: 2000)
        #expect(!lock.isEnabled)
        #expect(try lock.verify("anything"), "no lock: everything opens")
        #expect(throws: AppLockError.tooShort(minimum: 6)) { try lock.enable(passphrase: "abc") }
        try lock.enable(passphrase: "correct horse")
        #expect(lock.isEnabled)
        #expect(try lock.verify("correct horse"))
        #expect(try !lock.verify("Correct horse"))
        let stored = try #require(settings.all[AppLock.verifierKey])
        #expect(stored.hasPrefix("pbkdf2-sha256$2000$"))
        #expect(!stored.contains("correct horse"))
        #expect(throws: AppLockError.wrongPassphrase) { try lock.enable(passphrase: "new passphrase", current: "wrong") }
        try lock.enable(passphrase: "new passphrase", current: "correct horse")
        #expect(try lock.verify("new passphrase"))
        #expect(throws: AppLockError.wrongPassphrase) { try lock.disable(passphrase: "correct horse") }
        try lock.disable(passphrase: "new passphrase")
        #expect(!lock.isEnabled)
        #expect(settings.all[AppLock.verifierKey] == nil)
    }

    @Test func saltsDifferAndTheEncodingRoundTrips() throws {
        let a = PassphraseHash(passphrase: "same words", iterations: 1000)
        let b = PassphraseHash(passphrase: "same words", iterations: 1000)
        #expect(a.salt != b.salt && a.hash != b.hash)
        let decoded = try #require(PassphraseHash(encoded: a.encoded))
        #expect(decoded == a)
        #expect(decoded.matches("same words"))
        #expect(PassphraseHash(encoded: "md5$1$x$y") == nil)
    }

    @Test func defaultCostIsSlow() {
        let clock = ContinuousClock()
        let elapsed = clock.measure { _ = PassphraseHash(passphrase: "timing passphrase") }
        // 600,000 iterations: tens of milliseconds at the very least on any machine.
        #expect(elapsed > .milliseconds(20), "took \(elapsed)")
    }
}
