import Foundation
import HearthCore
import HearthMIME
import HearthSafety
import HearthStore
import HearthSync

/// The attachment cache of fetched content: HearthSafety's `AttachmentCache` keeps the file
/// (0600, per account, least recently used evicted past the account's
/// `attachment-cache-limit`), the store records `local_path` / `is_downloaded` and the access
/// time (so `hearth storage`, clear-cache and the store's own eviction see the same files).
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

extension Engine {
    /// On-demand content of synced mail, with the credentials `hearth sync` uses.
    func remoteContent() -> IMAPRemoteContent {
        let engine = self
        return IMAPRemoteContent(
            locator: StoreMessageLocator(store: store),
            cache: StoredAttachmentCache(store: store, dataDirectory: dataDirectory),
            settings: { account in
                (credentials: try AccountCredentials.resolve(account, engine: engine), options: try engine.syncOptions(for: account))
            })
    }

    /// Where an attachment's bytes came from.
    enum ContentSource: String, Encodable { case cache, local, server }

    /// The attachment's bytes: the cached file, else the part of the stored raw message
    /// (imported and sent mail), else the server (then cached).
    func attachmentBytes(_ attachment: Attachment) async throws -> (data: Data, source: ContentSource) {
        if let path = attachment.localPath, let data = FileManager.default.contents(atPath: path) {
            // Both recency marks: the store's (attachment_access) and the cache file's.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
            if let id = attachment.id { try? store.recordAttachmentAccess(id) }
            return (data, .cache)
        }
        if let raw = try store.rawSource(of: attachment.emailID),
           let data = try? MIMEParser.partContent(raw: raw, partPath: attachment.partPath) {
            return (data, .local)
        }
        do {
            return (try await remoteContent().content(of: attachment), .server)
        } catch {
            throw CLIError.from(remoteContentError: error)
        }
    }

    /// The message's raw source: stored (imported and sent mail), else fetched from the server.
    func rawSource(of email: EmailID) async throws -> Data {
        if let raw = try store.rawSource(of: email) { return raw }
        do {
            return try await remoteContent().source(of: email)
        } catch {
            throw CLIError.from(remoteContentError: error)
        }
    }
}

extension CLIError {
    /// Exit codes: gone → not found (sync and retry), network → unavailable, sign-in → permission.
    static func from(remoteContentError error: RemoteContentError) -> CLIError {
        switch error {
        case .noLongerOnServer, .notFound, .partMissing, .notOnAnyServer: .notFound(error.description)
        case .connection(let sync): from(sync) ?? .unavailable(error.description)
        }
    }
}
