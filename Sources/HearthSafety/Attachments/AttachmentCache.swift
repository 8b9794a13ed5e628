import Foundation
import HearthCore

/// Downloaded attachments on disk: one directory per account inside the data directory
/// (`<data dir>/attachments/<account id>/<attachment id>`), least-recently-used files evicted
/// past a per-account budget (default 500 MB).
///
/// Files are named by attachment id, never by the sender's file name, and written `0600`
/// (never executable). Recency is the file's modification date, touched on every read, so the
/// cache needs no index to keep consistent and survives crashes as it is. Calls are safe from
/// several threads; two evictions racing may evict one file more than needed, never corrupt.
public struct AttachmentCache: Sendable {
    public static let defaultBudgetBytes: Int64 = 500 * 1_000 * 1_000

    public let root: URL
    public let budgetBytes: Int64

    public init(dataDirectory: URL, budgetBytes: Int64 = AttachmentCache.defaultBudgetBytes) {
        root = dataDirectory.appendingPathComponent("attachments", isDirectory: true)
        self.budgetBytes = budgetBytes
    }

    /// Errors carry the path so the user can act (disk full, permissions).
    public enum CacheError: Error, Sendable, CustomStringConvertible {
        case cannotWrite(path: String, reason: String)
        case tooLarge(bytes: Int64, budget: Int64)
        public var description: String {
            switch self {
            case .cannotWrite(let path, let reason): "cannot save the attachment at \(path): \(reason)"
            case .tooLarge(let bytes, let budget): "the attachment (\(bytes) bytes) is larger than the cache budget (\(budget) bytes)"
            }
        }
    }

    func directory(_ account: AccountID) -> URL {
        root.appendingPathComponent(String(account.rawValue), isDirectory: true)
    }

    func fileURL(_ attachment: AttachmentID, account: AccountID) -> URL {
        directory(account).appendingPathComponent(String(attachment.rawValue), isDirectory: false)
    }

    /// Stores the bytes (atomically), marks them most recent, then evicts older files of the
    /// account until it fits the budget. Returns the file's location.
    @discardableResult
    public func store(_ data: Data, attachment: AttachmentID, account: AccountID) throws(CacheError) -> URL {
        try storeReportingEvictions(data, attachment: attachment, account: account).url
    }

    /// `store`, also naming the attachments whose files were evicted to make room, so the
    /// caller can mark them as no longer downloaded in the store.
    public func storeReportingEvictions(_ data: Data, attachment: AttachmentID,
                                        account: AccountID) throws(CacheError) -> (url: URL, evicted: [AttachmentID]) {
        guard Int64(data.count) <= budgetBytes else { throw .tooLarge(bytes: Int64(data.count), budget: budgetBytes) }
        let url = fileURL(attachment, account: account)
        do {
            try FileManager.default.createDirectory(at: directory(account), withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try data.write(to: url, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600, .modificationDate: Date()], ofItemAtPath: url.path)
        } catch {
            throw .cannotWrite(path: url.path, reason: error.localizedDescription)
        }
        return (url, evict(account: account, keeping: url))
    }

    /// The cached file, marked as just used; nil when not cached.
    public func file(for attachment: AttachmentID, account: AccountID) -> URL? {
        let url = fileURL(attachment, account: account)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: url.path)
        return url
    }

    /// Bytes used by the account's cached files.
    public func usage(account: AccountID) -> Int64 {
        entries(account).reduce(0) { $0 + $1.size }
    }

    /// Removes every cached file of the account (account removal, "clear cache").
    public func removeAll(account: AccountID) throws(CacheError) {
        let dir = directory(account)
        guard FileManager.default.fileExists(atPath: dir.path) else { return }
        do { try FileManager.default.removeItem(at: dir) } catch {
            throw .cannotWrite(path: dir.path, reason: error.localizedDescription)
        }
    }

    /// Deletes least-recently-used files until the account fits its budget; never `keeping`.
    /// Returns the attachments whose files went.
    @discardableResult
    func evict(account: AccountID, keeping: URL? = nil) -> [AttachmentID] {
        var evicted: [AttachmentID] = []
        var files = entries(account).sorted { ($0.used, $0.url.lastPathComponent) < ($1.used, $1.url.lastPathComponent) }
        var total = files.reduce(0) { $0 + $1.size }
        while total > budgetBytes, !files.isEmpty {
            let oldest = files.removeFirst()
            if oldest.url.standardizedFileURL == keeping?.standardizedFileURL { continue }
            if (try? FileManager.default.removeItem(at: oldest.url)) != nil {
                total -= oldest.size
                if let id = Int64(oldest.url.lastPathComponent) { evicted.append(AttachmentID(id)) }
            }
        }
        return evicted
    }

    private func entries(_ account: AccountID) -> [(url: URL, size: Int64, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let urls = try? FileManager.default.contentsOfDirectory(at: directory(account), includingPropertiesForKeys: keys)
        else { return [] }
        return urls.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            return (url, Int64(values.fileSize ?? 0), values.contentModificationDate ?? .distantPast)
        }
    }
}
