import Crypto
import Foundation
import HearthCore

/// Secrets in one file of the data directory (`secrets.enc`, mode 0600), encrypted with AES-256-GCM
/// under a key kept elsewhere (`SecretKeyFile`). The fallback when no system keyring is reachable
/// (headless servers, containers, CI).
///
/// The whole set of secrets is one sealed box: each change decrypts, edits and re-encrypts it and
/// replaces the file atomically under an advisory lock, so concurrent Hearth processes never lose
/// each other's writes and a crash never leaves a half-written file. The set is small (a few tokens
/// per account), so rewriting it is cheap.
///
/// File layout: the 8-byte magic `HEARTHS1`, then AES-GCM's combined form (12-byte nonce,
/// ciphertext, 16-byte tag). The magic is authenticated as associated data, and the plaintext is
/// JSON (`FileSecretStore.Contents`).
public struct FileSecretStore: SecretStore {
    /// File name inside the data directory.
    public static let fileName = "secrets.enc"
    static let magic = Data("HEARTHS1".utf8)

    public let fileURL: URL
    public let keyFile: SecretKeyFile

    public init(fileURL: URL, keyFile: SecretKeyFile) {
        self.fileURL = fileURL
        self.keyFile = keyFile
    }

    /// The store of a data directory, with the key where `SecretKeyFile.resolve` finds it.
    public init(
        dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.init(
            fileURL: dataDirectory.appendingPathComponent(Self.fileName, isDirectory: false),
            keyFile: SecretKeyFile.resolve(environment: environment))
    }

    public func save(_ secret: Data, for key: SecretKey) throws {
        try update { entries in
            entries.removeAll { $0.matches(key) }
            entries.append(Entry(account: key.accountEmail, kind: key.kind.rawValue, value: secret))
        }
    }

    public func load(_ key: SecretKey) throws -> Data? {
        try PrivateFile.withLock(for: fileURL, exclusive: false) { () throws(SecretStoreError) -> Data? in
            try readEntries().first { $0.matches(key) }?.value
        }
    }

    public func delete(_ key: SecretKey) throws {
        try update { entries in entries.removeAll { $0.matches(key) } }
    }

    public func deleteAll(accountEmail: String) throws {
        try update { entries in entries.removeAll { $0.account == accountEmail } }
    }

    /// Every account that has at least one secret here (for wipe and consistency checks).
    public func accountEmails() throws -> Set<String> {
        try PrivateFile.withLock(for: fileURL, exclusive: false) { () throws(SecretStoreError) -> Set<String> in
            Set(try readEntries().map(\.account))
        }
    }

    /// Deletes the secrets file (wipe-all). The key is kept: it protects nothing once the file is
    /// gone, and keeping it lets a later sign-in reuse it.
    public func removeFile() throws {
        try PrivateFile.withLock(for: fileURL, exclusive: true) { () throws(SecretStoreError) in
            try PrivateFile.remove(fileURL)
        }
        try? PrivateFile.remove(fileURL.appendingPathExtension("lock"))
    }

    // MARK: - Reading and writing the sealed file

    struct Entry: Codable, Equatable {
        var account: String
        var kind: String
        var value: Data
        func matches(_ key: SecretKey) -> Bool { account == key.accountEmail && kind == key.kind.rawValue }
    }

    struct Contents: Codable {
        var version = 1
        var secrets: [Entry]
    }

    private func update(_ change: (inout [Entry]) -> Void) throws(SecretStoreError) {
        try PrivateFile.withLock(for: fileURL, exclusive: true) { () throws(SecretStoreError) in
            var entries = try readEntries()
            let before = entries
            change(&entries)
            if entries == before { return }
            try write(entries)
        }
    }

    private func readEntries() throws(SecretStoreError) -> [Entry] {
        guard let sealed = try PrivateFile.readIfPresent(fileURL) else { return [] }
        guard let key = try keyFile.loadIfPresent() else {
            throw .keyMissing(keyPath: keyFile.url.path, secretsPath: fileURL.path)
        }
        guard sealed.count >= Self.magic.count + 12 + 16, sealed.prefix(Self.magic.count) == Self.magic else {
            throw .corrupted(path: fileURL.path, reason: "not a Hearth secrets file")
        }
        let plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.dropFirst(Self.magic.count))
            plaintext = try AES.GCM.open(box, using: key, authenticating: Self.magic)
        } catch {
            throw .cannotDecrypt(path: fileURL.path)
        }
        do {
            return try JSONDecoder().decode(Contents.self, from: plaintext).secrets
        } catch {
            throw .corrupted(path: fileURL.path, reason: "unreadable content")
        }
    }

    private func write(_ entries: [Entry]) throws(SecretStoreError) {
        let key = try keyFile.loadOrCreate()
        do {
            let plaintext = try JSONEncoder().encode(Contents(secrets: entries))
            let box = try AES.GCM.seal(plaintext, using: key, authenticating: Self.magic)
            guard let combined = box.combined else {
                throw SecretStoreError.corrupted(path: fileURL.path, reason: "encryption produced no output")
            }
            try PrivateFile.writeAtomically(Self.magic + combined, to: fileURL)
        } catch let error as SecretStoreError {
            throw error
        } catch {
            throw .io(path: fileURL.path, operation: "encrypt", reason: "\(error)")
        }
    }
}
