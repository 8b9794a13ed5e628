import Foundation
import HearthCore
import HearthMIME
import HearthStore
import HearthSync

/// The bytes behind a message: an attachment's content and a message's raw source, from the
/// cheapest place that has them — the attachment cache, else the stored raw message (imported
/// and sent mail), else the server (synced mail; attachments are cached after).
public struct MailContent: Sendable {
    /// Where the bytes came from (the CLI reports it; the web app does not care).
    public enum Source: String, Sendable, Encodable { case cache, local, server }

    let store: MailStore
    /// nil: this session cannot reach servers (then only local bytes are found).
    let remote: (any RemoteMessageContent)?

    public init(store: MailStore, remote: (any RemoteMessageContent)?) {
        self.store = store; self.remote = remote
    }

    /// Server access with the context's credentials and connection settings.
    public init(_ context: AppContext) {
        self.init(store: context.store, remote: Self.remote(context))
    }

    /// Fetching from the account's server (on demand, cached), as the context signs in.
    public static func remote(_ context: AppContext) -> any RemoteMessageContent {
        let credentials = context.credentials, servers = context.servers
        return IMAPRemoteContent(
            locator: StoreMessageLocator(store: context.store),
            cache: StoredAttachmentCache(store: context.store, dataDirectory: context.dataDirectory),
            settings: { account in
                do { return (credentials: try credentials.sync(for: account), options: try servers.syncOptions(for: account)) }
                catch { throw SyncError.accountNotConfigured("\(error)") }
            })
    }

    public func attachment(_ attachment: Attachment) async throws(AppError) -> (data: Data, source: Source) {
        if let path = attachment.localPath, let data = FileManager.default.contents(atPath: path) {
            // Both recency marks: the store's (attachment_access) and the cache file's.
            try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: path)
            if let id = attachment.id { try? store.recordAttachmentAccess(id) }
            return (data, .cache)
        }
        if let raw = try storeCall({ () throws(StoreError) in try store.rawSource(of: attachment.emailID) }),
           let data = try? MIMEParser.partContent(raw: raw, partPath: attachment.partPath) {
            return (data, .local)
        }
        guard let remote else { throw .notConfigured("the file is not on this computer, and this session cannot reach the account's server") }
        do { return (try await remote.attachmentContent(attachment), .server) }
        catch { throw Self.classify(error) }
    }

    /// The message's raw source: stored, else fetched from the server.
    public func rawSource(of email: EmailID) async throws(AppError) -> Data {
        if let raw = try storeCall({ () throws(StoreError) in try store.rawSource(of: email) }) { return raw }
        guard let remote else { throw .notConfigured("the original is not on this computer, and this session cannot reach the account's server") }
        do { return try await remote.rawSource(of: email) }
        catch { throw Self.classify(error) }
    }

    /// Gone → not found (sync, then retry); network → unavailable; sign-in → permission.
    static func classify(_ error: any Error) -> AppError {
        guard let error = error as? RemoteContentError else { return ConnectionFailures.classify(error) }
        switch error {
        case .noLongerOnServer, .notFound, .partMissing, .notOnAnyServer: return .notFound(error.description)
        case .connection(let sync): return ConnectionFailures.classify(sync)
        }
    }
}

/// Store failures as application errors.
func storeCall<T>(_ body: () throws(StoreError) -> T) throws(AppError) -> T {
    do { return try body() } catch { throw AppError.store(error) }
}

extension AppError {
    /// A store failure: a missing row is "not found", anything else a local I/O failure.
    public static func store(_ error: StoreError) -> AppError {
        if case .notFound = error { return .notFound(error.description) }
        return AppError(.io, error.description)
    }
}
