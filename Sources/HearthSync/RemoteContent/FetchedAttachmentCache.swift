import Foundation
import HearthCore

/// Where fetched attachment bytes are kept so the second open does not touch the network.
/// A port: the wiring implements it with HearthSafety's `AttachmentCache` (files 0600, per
/// account, LRU within the account's limit) and records `local_path` / `is_downloaded` in the
/// store. HearthSync only asks and hands over.
public protocol FetchedAttachmentCache: Sendable {
    /// The cached bytes, marked as just used; nil when not cached (or evicted since).
    func cachedContent(of attachment: Attachment, account: AccountID) -> Data?
    /// Keeps the bytes; throws when they cannot be written (disk full, over the budget).
    func save(_ data: Data, for attachment: Attachment, account: AccountID) throws
}
