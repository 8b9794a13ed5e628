import Foundation

/// The per-sender "Always load remote images" preference (spec product §5.4.3), stored locally,
/// per account. Remote content is blocked unless this says otherwise for the sender.
/// Implemented by the store (`MailStore`); addresses compare case-insensitively.
public protocol RemoteContentPreferences: Sendable {
    func alwaysLoadsRemoteContent(from sender: String, account: AccountID) throws(StoreError) -> Bool
    func setAlwaysLoadsRemoteContent(_ allowed: Bool, from sender: String, account: AccountID) throws(StoreError)
    /// Every sender the user allowed, sorted, for a settings screen.
    func sendersAlwaysLoadingRemoteContent(account: AccountID) throws(StoreError) -> [String]
}

extension RemoteContentPreferences {
    /// The canonical form an address is stored and compared in.
    public static func normalizedSender(_ address: String) -> String {
        address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
    }
}
