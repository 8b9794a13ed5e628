import Crypto
import Foundation
import HearthCore

/// The 256-bit key that encrypts `FileSecretStore`'s file. It lives OUTSIDE the data directory
/// (by default `$XDG_CONFIG_HOME/hearth/secret.key`), so a copy of the data directory (a backup,
/// a synced folder, a stolen disk image of just that folder) does not carry the means to read the
/// tokens in it. Created on first use with 0600 permissions.
public struct SecretKeyFile: Sendable, Equatable {
    /// Environment variable that overrides the key location (tests, unusual setups).
    public static let environmentOverride = "HEARTH_SECRET_KEY_FILE"

    public let url: URL

    public init(url: URL) { self.url = url }

    /// `$HEARTH_SECRET_KEY_FILE`, else `$XDG_CONFIG_HOME/hearth/secret.key`, else
    /// `~/.config/hearth/secret.key`.
    public static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        home: URL? = nil
    ) -> SecretKeyFile {
        if let explicit = environment[environmentOverride], !explicit.isEmpty {
            return SecretKeyFile(url: URL(fileURLWithPath: (explicit as NSString).expandingTildeInPath))
        }
        let configHome = home.map { UserDirectories.absolute(environment["XDG_CONFIG_HOME"]) ?? $0.appendingPathComponent(".config", isDirectory: true) }
            ?? UserDirectories.configHome(environment: environment)
        return SecretKeyFile(url: configHome.appendingPathComponent("hearth/secret.key", isDirectory: false))
    }

    /// The key, or nil when the file does not exist.
    func loadIfPresent() throws(SecretStoreError) -> SymmetricKey? {
        guard let bytes = try PrivateFile.readIfPresent(url) else { return nil }
        guard bytes.count == 32 else { throw .keyInvalid(path: url.path) }
        return SymmetricKey(data: bytes)
    }

    /// The existing key, or a new random one written exclusively (two processes starting at once
    /// end up with the same key: the loser of the race reads the winner's file).
    func loadOrCreate() throws(SecretStoreError) -> SymmetricKey {
        if let key = try loadIfPresent() { return key }
        let fresh = SymmetricKey(size: .bits256)
        let bytes = fresh.withUnsafeBytes { Data($0) }
        if try PrivateFile.createExclusively(bytes, at: url) { return fresh }
        guard let key = try loadIfPresent() else { throw .keyInvalid(path: url.path) }
        return key
    }
}
