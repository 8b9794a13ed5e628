import Foundation
import HearthCore

/// A secret store in memory, for tests that must not touch a keyring or a key file.
public final class MemorySecretStore: SecretStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [SecretKey: Data] = [:]

    public init() {}

    public func save(_ secret: Data, for key: SecretKey) throws { lock.withLock { values[key] = secret } }
    public func load(_ key: SecretKey) throws -> Data? { lock.withLock { values[key] } }
    public func delete(_ key: SecretKey) throws { _ = lock.withLock { values.removeValue(forKey: key) } }
    public func deleteAll(accountEmail: String) throws { lock.withLock { values = values.filter { $0.key.accountEmail != accountEmail } } }
    public var keys: [SecretKey] { lock.withLock { Array(values.keys) } }
}
