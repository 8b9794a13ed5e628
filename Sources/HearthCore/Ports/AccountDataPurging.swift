import Foundation

/// Removes local data for good (spec §7.4, FR-FOUND-03): an account with everything that hangs
/// off it, or everything at once ("wipe all data"). Implementations make sure the removed
/// content does not linger in the file (freed pages overwritten, index segments merged, the
/// write-ahead log emptied), because "deleted" must mean gone from the disk too.
public protocol AccountDataPurging: Sendable {
    /// Deletes the account and all its rows in every table. Returns how many emails went.
    @discardableResult
    func purgeAccount(_ id: AccountID) throws(StoreError) -> Int
    /// Deletes every row of every table (accounts, mail, settings, caches), keeping the schema.
    func purgeEverything() throws(StoreError)
}
