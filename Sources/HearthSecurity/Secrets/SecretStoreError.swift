import Foundation

/// Why a secret could not be stored or read, worded so the user knows what to do. Never carries
/// the secret itself: these errors end up in logs, JSON output and crash text.
public enum SecretStoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The encryption key file is missing but the encrypted secrets file exists: the secrets
    /// cannot be decrypted. Restore the key, or remove the secrets file and sign in again.
    case keyMissing(keyPath: String, secretsPath: String)
    /// The key file exists but is not a valid key (wrong length).
    case keyInvalid(path: String)
    /// A file holding secrets (or their key) is readable or writable by other users, or owned by
    /// someone else. We refuse to use it rather than silently trust it.
    case insecurePermissions(path: String, mode: UInt16, ownerUID: UInt32)
    /// The encrypted file does not decrypt with the key (wrong key, or the file was altered).
    case cannotDecrypt(path: String)
    /// The file is not a Hearth secrets file, or is truncated.
    case corrupted(path: String, reason: String)
    /// A file-system call failed (`reason` is the system's message).
    case io(path: String, operation: String, reason: String)
    /// No freedesktop Secret Service answers on the session bus, or its default collection is
    /// missing or locked.
    case secretServiceUnavailable(reason: String)
    /// The Secret Service answered with an error.
    case secretService(operation: String, reason: String)
    /// The data directory was set up with one secret store and that store is not usable now.
    case configuredBackendUnavailable(backend: String, recordPath: String, reason: String)

    public var description: String {
        switch self {
        case .keyMissing(let key, let secrets):
            "the key that encrypts \(secrets) is missing (expected at \(key)); restore that file, "
                + "or delete \(secrets) and sign in to your accounts again"
        case .keyInvalid(let path):
            "\(path) is not a valid Hearth secret key (expected 32 bytes); restore it from a backup, "
                + "or delete it together with the secrets file and sign in again"
        case .insecurePermissions(let path, let mode, let uid):
            "\(path) is accessible to other users (mode \(String(mode, radix: 8)), owner uid \(uid)); "
                + "run `chmod 600 \(path)` as its owner and try again"
        case .cannotDecrypt(let path):
            "\(path) cannot be decrypted with the current key (the key was replaced or the file was "
                + "altered); restore the matching key, or delete the file and sign in again"
        case .corrupted(let path, let reason):
            "\(path) is damaged (\(reason)); delete it and sign in to your accounts again"
        case .io(let path, let operation, let reason):
            "cannot \(operation) \(path): \(reason)"
        case .secretServiceUnavailable(let reason):
            "the system keyring (Secret Service) is not available: \(reason)"
        case .secretService(let operation, let reason):
            "the system keyring refused to \(operation): \(reason)"
        case .configuredBackendUnavailable(let backend, let record, let reason):
            "this data directory keeps its secrets in the \(backend), which is not usable now (\(reason)); "
                + "unlock or start it, or delete \(record) to choose again (secrets saved there are then lost)"
        }
    }
}
