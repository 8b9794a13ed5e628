import CLibSecret
import CSecretLoader
import Foundation
import HearthCore

/// Secrets in the freedesktop Secret Service (GNOME Keyring, KeePassXC, KWallet's bridge) through
/// libsecret, in the user's default collection ("login" keyring). Items carry the schema
/// `org.hearth.Secret` with the attributes `account` and `kind`, and a label a person recognises
/// in Seahorse ("Hearth: oauth-refresh-token of kate@gmail.test"). Values are stored as binary
/// (`application/octet-stream`), so any `Data` round-trips unchanged.
///
/// libsecret's synchronous calls block on D-Bus (default timeout 25 s); they are serialised here
/// because libsecret's shared service object is not meant for heavy concurrent use.
///
/// libsecret is not linked: it is opened on the first keyring operation (CSecretLoader), so
/// processes that never touch a secret do not load it. Without it the keyring is unavailable,
/// as without a Secret Service, and `SecretStores` falls back to the encrypted file.
public struct SecretServiceStore: SecretStore {
    public init() {}

    public func save(_ secret: Data, for key: SecretKey) throws {
        try Self.call("store the \(key)") { error in
            let attributes = Self.attributes(account: key.accountEmail, kind: key.kind.rawValue)
            defer { g_hash_table_unref(attributes) }
            // One spare byte so the buffer is never empty (libsecret wants a valid pointer).
            let bytes = [CChar](unsafeUninitializedCapacity: secret.count + 1) { buffer, count in
                secret.withUnsafeBytes { source in
                    for (index, byte) in source.enumerated() { buffer[index] = CChar(bitPattern: byte) }
                }
                buffer[secret.count] = 0
                count = secret.count + 1
            }
            let value = secret_value_new(bytes, secret.count, "application/octet-stream")
            defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
            let stored = secret_password_storev_binary_sync(
                SecretSchemaHandle.shared.schema, attributes, SECRET_COLLECTION_DEFAULT,
                "Hearth: \(key)", value, nil, &error)
            return stored != 0
        }
    }

    public func load(_ key: SecretKey) throws -> Data? {
        var result: Data?
        try Self.call("read the \(key)") { error in
            let attributes = Self.attributes(account: key.accountEmail, kind: key.kind.rawValue)
            defer { g_hash_table_unref(attributes) }
            guard let value = secret_password_lookupv_binary_sync(
                SecretSchemaHandle.shared.schema, attributes, nil, &error)
            else { return error == nil }
            defer { secret_value_unref(UnsafeMutableRawPointer(value)) }
            var length = 0
            if let bytes = secret_value_get(value, &length) {
                result = Data(bytes: bytes, count: length)
            } else {
                result = Data()
            }
            return true
        }
        return result
    }

    public func delete(_ key: SecretKey) throws {
        try clear(account: key.accountEmail, kind: key.kind.rawValue, what: "delete the \(key)")
    }

    public func deleteAll(accountEmail: String) throws {
        try clear(account: accountEmail, kind: nil, what: "delete the secrets of \(accountEmail)")
    }

    /// Removes every Hearth item of this user (wipe-all), whatever account it belongs to.
    public func deleteEverything() throws {
        try clear(account: nil, kind: nil, what: "delete Hearth's secrets")
    }

    /// `secret_password_clearv_sync` removes every item matching the attributes; "false without
    /// an error" only means nothing matched.
    private func clear(account: String?, kind: String?, what: String) throws {
        try Self.call(what) { error in
            let attributes = Self.attributes(account: account, kind: kind)
            defer { g_hash_table_unref(attributes) }
            _ = secret_password_clearv_sync(SecretSchemaHandle.shared.schema, attributes, nil, &error)
            return error == nil
        }
    }

    // MARK: - Reachability

    /// Whether a Secret Service answers on the session bus with an unlocked default collection.
    /// Cheap when there is no session bus at all (no D-Bus traffic then).
    public enum Availability: Sendable, Equatable {
        case ready
        case unavailable(reason: String)
    }

    public static func availability(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Availability {
        if environment["DBUS_SESSION_BUS_ADDRESS", default: ""].isEmpty {
            let runtime = environment["XDG_RUNTIME_DIR", default: ""]
            if runtime.isEmpty || !FileManager.default.fileExists(atPath: runtime + "/bus") {
                return .unavailable(reason: "no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
            }
        }
        return lock.withLock {
            if let problem = libraryProblem() { return .unavailable(reason: problem) }
            var error: UnsafeMutablePointer<GError>?
            guard let service = secret_service_get_sync(SECRET_SERVICE_NONE, nil, &error) else {
                return .unavailable(reason: consume(&error) ?? "no Secret Service on the session bus")
            }
            defer { g_object_unref(UnsafeMutableRawPointer(service)) }
            guard let collection = secret_collection_for_alias_sync(
                service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, nil, &error)
            else {
                return .unavailable(reason: consume(&error) ?? "the keyring has no default collection")
            }
            defer { g_object_unref(UnsafeMutableRawPointer(collection)) }
            if secret_collection_get_locked(collection) != 0 {
                return .unavailable(reason: "the default keyring is locked")
            }
            return .ready
        }
    }

    // MARK: - libsecret plumbing

    private static let lock = NSLock()

    /// Runs one libsecret call under the lock and turns a `GError` into a typed error.
    private static func call(
        _ operation: String, _ body: (inout UnsafeMutablePointer<GError>?) -> Bool
    ) throws {
        try lock.withLock {
            if let problem = libraryProblem() {
                throw SecretStoreError.secretService(operation: operation, reason: problem)
            }
            var error: UnsafeMutablePointer<GError>?
            let succeeded = body(&error)
            if let message = consume(&error) {
                throw SecretStoreError.secretService(operation: operation, reason: message)
            }
            if !succeeded {
                throw SecretStoreError.secretService(operation: operation, reason: "no reason given")
            }
        }
    }

    /// Opens libsecret from `library` (nil: `libsecret-1.so.0` where the dynamic loader finds
    /// it) unless it is open already; nil when it is, else why not, phrased for the user.
    static func libraryProblem(library: String? = nil) -> String? {
        var message = [CChar](repeating: 0, count: 512)
        if hearth_secret_open(library, &message, message.count) { return nil }
        let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return "libsecret could not be loaded (\(reason.isEmpty ? "unknown reason" : reason))"
    }

    /// The message of a `GError`, freeing it.
    private static func consume(_ error: inout UnsafeMutablePointer<GError>?) -> String? {
        guard let pointer = error else { return nil }
        let message = pointer.pointee.message.map { String(cString: $0) } ?? "unknown error"
        g_error_free(pointer)
        error = nil
        return message
    }

    /// A `GHashTable` of string attributes; nil values are left out (match any).
    private static func attributes(account: String?, kind: String?) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        for (name, value) in [("account", account), ("kind", kind)] {
            guard let value else { continue }
            g_hash_table_insert(table, g_strdup(name), g_strdup(value))
        }
        return table
    }
}

/// The libsecret schema, created once per process (`secret_schema_newv`, since the C struct with
/// its 32-entry attribute array does not map nicely to Swift).
final class SecretSchemaHandle: @unchecked Sendable {
    static let shared = SecretSchemaHandle()
    static let name = "org.hearth.Secret"

    /// Immutable after init, only read by libsecret: safe to share.
    let schema: UnsafeMutablePointer<SecretSchema>

    private init() {
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)!
        defer { g_hash_table_unref(types) }
        // SECRET_SCHEMA_ATTRIBUTE_STRING is 0, stored as a NULL pointer value.
        g_hash_table_insert(types, g_strdup("account"), nil)
        g_hash_table_insert(types, g_strdup("kind"), nil)
        schema = secret_schema_newv(Self.name, SECRET_SCHEMA_NONE, types)
    }
}
