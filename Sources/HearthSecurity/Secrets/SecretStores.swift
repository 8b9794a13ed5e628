import Foundation
import HearthCore

/// Chooses where a data directory keeps its secrets.
///
/// Order: `$HEARTH_SECRET_STORE` (`secret-service` or `file`) if set; else the choice recorded in
/// `<data directory>/secret-store` by an earlier run; else the Secret Service when one is reachable
/// with an unlocked default keyring, otherwise the encrypted file. The first automatic choice is
/// recorded so that a later run in a session without a keyring (SSH, cron) fails loudly instead of
/// silently looking in an empty file store and losing track of tokens kept in the keyring.
public enum SecretStores {
    public enum Backend: String, Sendable, CaseIterable {
        case secretService = "secret-service"
        case file

        /// How it is named to a user.
        public var displayName: String {
            switch self {
            case .secretService: "system keyring (Secret Service)"
            case .file: "encrypted file"
            }
        }
    }

    /// The chosen store and why.
    public struct Selection: Sendable {
        public let backend: Backend
        public let store: any SecretStore
        /// Human-readable: why this backend (for `hearth` diagnostics; contains no secret).
        public let reason: String
    }

    public static let environmentOverride = "HEARTH_SECRET_STORE"
    /// File in the data directory recording the backend chosen on first use.
    public static let recordFileName = "secret-store"

    /// The secret store of a data directory (see the type's documentation for the order).
    public static func `default`(
        dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> any SecretStore {
        try select(dataDirectory: dataDirectory, environment: environment).store
    }

    public static func select(
        dataDirectory: URL, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Selection {
        let record = dataDirectory.appendingPathComponent(recordFileName, isDirectory: false)
        if let forced = environment[environmentOverride], !forced.isEmpty {
            guard let backend = Backend(rawValue: forced) else {
                throw SecretStoreError.configuredBackendUnavailable(
                    backend: forced, recordPath: "$\(environmentOverride)",
                    reason: "unknown secret store; use `secret-service` or `file`")
            }
            if backend == .secretService, case .unavailable(let why) = SecretServiceStore.availability(environment: environment) {
                throw SecretStoreError.secretServiceUnavailable(reason: why)
            }
            return make(backend, dataDirectory: dataDirectory, environment: environment,
                        reason: "\(environmentOverride)=\(forced)")
        }
        if let recorded = try recordedBackend(at: record) {
            if recorded == .secretService, case .unavailable(let why) = SecretServiceStore.availability(environment: environment) {
                throw SecretStoreError.configuredBackendUnavailable(
                    backend: recorded.displayName, recordPath: record.path, reason: why)
            }
            return make(recorded, dataDirectory: dataDirectory, environment: environment,
                        reason: "chosen when this data directory was set up (\(record.path))")
        }
        let (backend, reason): (Backend, String) = switch SecretServiceStore.availability(environment: environment) {
        case .ready: (.secretService, "a system keyring is reachable")
        case .unavailable(let why): (.file, "no usable system keyring: \(why)")
        }
        try PrivateFile.writeAtomically(Data((backend.rawValue + "\n").utf8), to: record)
        return make(backend, dataDirectory: dataDirectory, environment: environment, reason: reason)
    }

    /// The backend recorded in the data directory, if any.
    public static func recordedBackend(dataDirectory: URL) throws -> Backend? {
        try recordedBackend(at: dataDirectory.appendingPathComponent(recordFileName, isDirectory: false))
    }

    private static func recordedBackend(at url: URL) throws(SecretStoreError) -> Backend? {
        guard let data = try PrivateFile.readIfPresent(url) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let backend = Backend(rawValue: text) else {
            throw .corrupted(path: url.path, reason: "unknown secret store \"\(text)\"")
        }
        return backend
    }

    private static func make(
        _ backend: Backend, dataDirectory: URL, environment: [String: String], reason: String
    ) -> Selection {
        let store: any SecretStore = switch backend {
        case .secretService: SecretServiceStore()
        case .file: FileSecretStore(dataDirectory: dataDirectory, environment: environment)
        }
        return Selection(backend: backend, store: store, reason: reason)
    }
}
