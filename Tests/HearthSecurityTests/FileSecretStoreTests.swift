import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthSecurity

/// The encrypted-file fallback: round trips, permissions, the key kept outside, and the typed
/// errors a user sees when something is wrong with either file.
@Suite("FileSecretStore")
struct FileSecretStoreTests {
    let root: URL
    let dataDirectory: URL
    let keyURL: URL
    let store: FileSecretStore

    init() throws {
        root = try Corpora.temporaryDirectory("hearth-secrets")
        dataDirectory = root.appendingPathComponent("data", isDirectory: true)
        keyURL = root.appendingPathComponent("config/hearth/secret.key")
        store = FileSecretStore(dataDirectory: dataDirectory, environment: [SecretKeyFile.environmentOverride: keyURL.path])
    }

    private func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func roundTripsEveryKindPerAccount() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let kate = SecretKey(accountEmail: "kate@gmail.test", kind: .oauthRefreshToken)
        let kateAccess = SecretKey(accountEmail: "kate@gmail.test", kind: .oauthAccessToken)
        let ivan = SecretKey(accountEmail: "ivan@example.test", kind: .password)
        #expect(try store.load(kate) == nil)
        try store.save(Data("refresh-1".utf8), for: kate)
        try store.save(Data("access-1".utf8), for: kateAccess)
        let binary = Data((0...255).map { UInt8($0) })
        try store.save(binary, for: ivan)
        #expect(try store.load(kate) == Data("refresh-1".utf8))
        #expect(try store.load(ivan) == binary)
        try store.save(Data("refresh-2".utf8), for: kate)
        #expect(try store.load(kate) == Data("refresh-2".utf8))
        try store.delete(kateAccess)
        #expect(try store.load(kateAccess) == nil)
        #expect(try store.load(kate) != nil)
        try store.deleteAll(accountEmail: "kate@gmail.test")
        #expect(try store.load(kate) == nil)
        #expect(try store.load(ivan) == binary)
        #expect(try store.accountEmails() == ["ivan@example.test"])
        // A second instance (another process, in effect) sees the same secrets.
        let other = FileSecretStore(fileURL: store.fileURL, keyFile: SecretKeyFile(url: keyURL))
        #expect(try other.load(ivan) == binary)
    }

    @Test func filesArePrivateEncryptedAndTheKeyLivesOutsideTheDataDirectory() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let secret = "ya29.very-secret-access-token"
        try store.save(Data(secret.utf8), for: SecretKey(accountEmail: "kate@gmail.test", kind: .oauthAccessToken))
        #expect(try mode(store.fileURL) == 0o600)
        #expect(try mode(keyURL) == 0o600)
        #expect(try mode(keyURL.deletingLastPathComponent()) == 0o700)
        #expect(!keyURL.path.hasPrefix(dataDirectory.path))
        let raw = try Data(contentsOf: store.fileURL)
        #expect(raw.starts(with: Data("HEARTHS1".utf8)))
        #expect(raw.range(of: Data(secret.utf8)) == nil)
        #expect(raw.range(of: Data("kate@gmail.test".utf8)) == nil, "account names are encrypted too")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)
            .filter { $0.contains(".tmp-") }
        #expect(leftovers.isEmpty)
    }

    @Test func refusesAFileOthersCanRead() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = SecretKey(accountEmail: "ivan@example.test", kind: .password)
        try store.save(Data("ivan-pass".utf8), for: key)
        chmod(store.fileURL.path, 0o644)
        #expect(throws: SecretStoreError.insecurePermissions(path: store.fileURL.path, mode: 0o644, ownerUID: geteuid())) {
            try store.load(key)
        }
        chmod(store.fileURL.path, 0o600)
        chmod(keyURL.path, 0o640)
        #expect(throws: SecretStoreError.insecurePermissions(path: keyURL.path, mode: 0o640, ownerUID: geteuid())) {
            try store.load(key)
        }
    }

    @Test func aMissingOrReplacedKeyIsReportedAndNeverOverwritesTheSecrets() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = SecretKey(accountEmail: "ivan@example.test", kind: .password)
        try store.save(Data("ivan-pass".utf8), for: key)
        let sealed = try Data(contentsOf: store.fileURL)
        try FileManager.default.removeItem(at: keyURL)
        let missing = SecretStoreError.keyMissing(keyPath: keyURL.path, secretsPath: store.fileURL.path)
        #expect(throws: missing) { try store.load(key) }
        #expect(throws: missing) { try store.save(Data("other".utf8), for: key) }
        #expect(try Data(contentsOf: store.fileURL) == sealed, "a failed save leaves the file untouched")
        // A different key (e.g. restored from the wrong backup) cannot open it.
        try Data(repeating: 7, count: 32).write(to: keyURL)
        chmod(keyURL.path, 0o600)
        #expect(throws: SecretStoreError.cannotDecrypt(path: store.fileURL.path)) { try store.load(key) }
        try Data(repeating: 7, count: 31).write(to: keyURL)
        #expect(throws: SecretStoreError.keyInvalid(path: keyURL.path)) { try store.load(key) }
    }

    @Test func tamperingAndGarbageAreDetected() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = SecretKey(accountEmail: "ivan@example.test", kind: .password)
        try store.save(Data("ivan-pass".utf8), for: key)
        var sealed = try Data(contentsOf: store.fileURL)
        sealed[sealed.count - 20] ^= 0x01
        try sealed.write(to: store.fileURL)
        #expect(throws: SecretStoreError.cannotDecrypt(path: store.fileURL.path)) { try store.load(key) }
        try Data("not a secrets file at all".utf8).write(to: store.fileURL)
        #expect(throws: SecretStoreError.corrupted(path: store.fileURL.path, reason: "not a Hearth secrets file")) {
            try store.load(key)
        }
    }

    @Test func concurrentWritersLoseNothing() async throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let store = self.store
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<24 {
                group.addTask {
                    // Separate instances, as separate processes would have.
                    let writer = FileSecretStore(fileURL: store.fileURL, keyFile: store.keyFile)
                    try writer.save(Data("token-\(index)".utf8), for: SecretKey(accountEmail: "user\(index)@example.test", kind: .password))
                }
            }
            try await group.waitForAll()
        }
        for index in 0..<24 {
            #expect(try store.load(SecretKey(accountEmail: "user\(index)@example.test", kind: .password)) == Data("token-\(index)".utf8))
        }
    }

    @Test func keyLocationFollowsXDGAndTheOverride() {
        let home = URL(fileURLWithPath: "/home/u")
        #expect(SecretKeyFile.resolve(environment: [:], home: home).url.path == "/home/u/.config/hearth/secret.key")
        #expect(SecretKeyFile.resolve(environment: ["XDG_CONFIG_HOME": "/x/cfg"], home: home).url.path == "/x/cfg/hearth/secret.key")
        #expect(SecretKeyFile.resolve(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HEARTH_SECRET_KEY_FILE": "/k/key"], home: home).url.path == "/k/key")
    }

    @Test func errorsNeverContainTheSecret() throws {
        defer { try? FileManager.default.removeItem(at: root) }
        let key = SecretKey(accountEmail: "ivan@example.test", kind: .password)
        try store.save(Data("ivan-pass".utf8), for: key)
        try FileManager.default.removeItem(at: keyURL)
        do {
            _ = try store.load(key)
            Issue.record("expected an error")
        } catch {
            #expect(!"\(error)".contains("ivan-pass"))
            #expect("\(error)".contains(keyURL.path), "the message names the file to restore")
        }
        #expect(!key.description.contains("ivan-pass"))
    }
}
