import Foundation
import HearthCore
import HearthSecurity

extension Engine {
    /// The secret store of this data directory (Secret Service when a keyring answers, else the
    /// encrypted 0600 file; docs/security.md).
    func secrets() throws -> any SecretStore {
        try SecretStores.default(dataDirectory: dataDirectory)
    }
}
