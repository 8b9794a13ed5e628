import Foundation
import HearthCore

/// The optional app lock (spec §7.2, FR-SET-01 "App lock"): a local passphrase asked for when
/// the app (the web app's session, later the native apps) is opened. Only a salted slow hash
/// (`PassphraseHash`) is stored, in the settings table; the passphrase itself never is.
///
/// It is an access barrier for someone at an unlocked computer, not encryption: the mail in the
/// data directory stays readable to anyone who can read the files (docs/security.md says so).
public struct AppLock: Sendable {
    public static let flagKey = "app-lock"
    public static let verifierKey = "app-lock.verifier"
    public static let minimumLength = 6

    let settings: any SettingsRepository
    let iterations: Int

    public init(settings: any SettingsRepository, iterations: Int = PassphraseHash.defaultIterations) {
        self.settings = settings; self.iterations = iterations
    }

    public var isEnabled: Bool {
        (try? settings.value(for: Self.flagKey)) == "on" && (try? settings.value(for: Self.verifierKey)) != nil
    }

    /// Turns the lock on with a new passphrase (or changes it: then `current` must match).
    public func enable(passphrase: String, current: String? = nil) throws(AppLockError) {
        guard passphrase.count >= Self.minimumLength else { throw .tooShort(minimum: Self.minimumLength) }
        if isEnabled {
            guard let current, try verify(current) else { throw .wrongPassphrase }
        }
        let hash = PassphraseHash(passphrase: passphrase, iterations: iterations)
        do {
            try settings.setValue(hash.encoded, for: Self.verifierKey)
            try settings.setValue("on", for: Self.flagKey)
        } catch {
            throw .store(error)
        }
    }

    /// Turns the lock off; needs the current passphrase.
    public func disable(passphrase: String) throws(AppLockError) {
        guard isEnabled else { return }
        guard try verify(passphrase) else { throw .wrongPassphrase }
        do {
            try settings.setValue("off", for: Self.flagKey)
            try settings.setValue(nil, for: Self.verifierKey)
        } catch {
            throw .store(error)
        }
    }

    /// True when the lock is off, or the passphrase matches.
    public func verify(_ passphrase: String) throws(AppLockError) -> Bool {
        let stored: String?
        do { stored = try settings.value(for: Self.verifierKey) } catch { throw .store(error) }
        guard (try? settings.value(for: Self.flagKey)) == "on", let stored else { return true }
        guard let hash = PassphraseHash(encoded: stored) else { throw .damagedVerifier }
        return hash.matches(passphrase)
    }
}

public enum AppLockError: Error, Sendable, Equatable, CustomStringConvertible {
    case tooShort(minimum: Int)
    case wrongPassphrase
    case damagedVerifier
    case store(StoreError)

    public var description: String {
        switch self {
        case .tooShort(let minimum): "the passphrase must have at least \(minimum) characters"
        case .wrongPassphrase: "wrong passphrase"
        case .damagedVerifier: "the stored app-lock passphrase is damaged; wipe the app-lock settings (`hearth settings set app-lock off`)"
        case .store(let error): error.description
        }
    }
}
