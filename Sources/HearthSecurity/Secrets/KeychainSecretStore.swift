#if canImport(Security)
import Foundation
import HearthCore
import Security

/// The Apple-platform slot behind `SecretStore`: generic-password items in the user's login
/// Keychain, service `org.hearth.<kind>`, account = the mail address. Items are readable only
/// after the first unlock of this device and never leave it (`…ThisDeviceOnly`: not in iCloud
/// Keychain, not in unencrypted backups).
///
/// Only compiled where the Security framework exists (macOS, iOS); the Linux build and its
/// tests never see it. `SecretStores.default` does not pick it yet: the native Apple apps will
/// construct it directly.
public struct KeychainSecretStore: SecretStore {
    public static let servicePrefix = "org.hearth."

    public init() {}

    public func save(_ secret: Data, for key: SecretKey) throws {
        let update: [String: Any] = [kSecValueData as String: secret]
        let status = SecItemUpdate(query(for: key) as CFDictionary, update as CFDictionary)
        switch status {
        case errSecSuccess:
            return
        case errSecItemNotFound:
            var item = query(for: key)
            item[kSecValueData as String] = secret
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            item[kSecAttrLabel as String] = "Hearth: \(key)"
            try check(SecItemAdd(item as CFDictionary, nil), "save \(key)")
        default:
            try check(status, "update \(key)")
        }
    }

    public func load(_ key: SecretKey) throws -> Data? {
        var request = query(for: key)
        request[kSecReturnData as String] = true
        request[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(request as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        try check(status, "read \(key)")
        return result as? Data
    }

    public func delete(_ key: SecretKey) throws {
        let status = SecItemDelete(query(for: key) as CFDictionary)
        if status == errSecItemNotFound { return }
        try check(status, "delete \(key)")
    }

    public func deleteAll(accountEmail: String) throws {
        for kind in SecretKey.Kind.allCases { try delete(SecretKey(accountEmail: accountEmail, kind: kind)) }
    }

    private func query(for key: SecretKey) -> [String: Any] {
        [kSecClass as String: kSecClassGenericPassword,
         kSecAttrService as String: Self.servicePrefix + key.kind.rawValue,
         kSecAttrAccount as String: key.accountEmail]
    }

    /// Keychain errors carry the system's message, never the secret.
    private func check(_ status: OSStatus, _ operation: String) throws {
        guard status != errSecSuccess else { return }
        let reason = (SecCopyErrorMessageString(status, nil) as String?) ?? "OSStatus \(status)"
        throw SecretStoreError.secretService(operation: operation, reason: reason)
    }
}
#endif
