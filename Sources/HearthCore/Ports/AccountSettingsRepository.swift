import Foundation

/// Per-account key/value settings (notifications, attachment cache limit, …). They go with their
/// account when it is removed. App-wide settings use `SettingsRepository`.
public protocol AccountSettingsRepository: Sendable {
    func accountSetting(_ key: String, account: AccountID) throws(StoreError) -> String?
    /// Writes (nil: removes) the value, committed before returning (NFR-SET-01).
    func setAccountSetting(_ value: String?, for key: String, account: AccountID) throws(StoreError)
}
