import Foundation
import HearthCore
import HearthSafety
import HearthStore
import HearthSync

/// The attachment cache of fetched content: HearthSafety's `AttachmentCache` keeps the file
/// (0600, per account, least recently used evicted past the account's
/// `attachment-cache-limit`), the store records `local_path` / `is_downloaded` and the access
/// time (so storage reports, clear-cache and the store's own eviction see the same files).
struct StoredAttachmentCache: FetchedAttachmentCache {
    let store: MailStore
    let dataDirectory: URL

    private func cache(_ account: AccountID) -> AttachmentCache {
        let settings = SettingsService(app: store, perAccount: store, accounts: store)
        return AttachmentCache(dataDirectory: dataDirectory, budgetBytes: settings.attachmentCacheLimitBytes(account))
    }

    func cachedContent(of attachment: Attachment, account: AccountID) -> Data? {
        guard let id = attachment.id, let url = cache(account).file(for: id, account: account),
              let data = FileManager.default.contents(atPath: url.path) else { return nil }
        try? store.recordDownloadedAttachment(id, path: url.path)
        return data
    }

    func save(_ data: Data, for attachment: Attachment, account: AccountID) throws {
        guard let id = attachment.id else { return }
        let (url, evicted) = try cache(account).storeReportingEvictions(data, attachment: id, account: account)
        try store.forgetDownloadedAttachments(evicted)
        try store.recordDownloadedAttachment(id, path: url.path)
    }
}
