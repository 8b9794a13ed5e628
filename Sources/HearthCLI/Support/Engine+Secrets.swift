import Foundation
import HearthCore

extension Engine {
    /// The secret store of this data directory (Secret Service when a keyring answers, else the
    /// encrypted 0600 file; docs/security.md), opened once per invocation.
    func secrets() throws -> any SecretStore {
        try SecurityErrors.mapping { try app.secrets() }
    }
}
