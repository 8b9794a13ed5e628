import Foundation

/// Where local storage goes (spec §8.3, FR-SET-03): per account and in total, with the warnings
/// of NFR-STOR-01/02. Byte counts are decimal (1 GB = 10^9 bytes), as storage is shown to users.
public struct StorageReport: Sendable, Codable, Equatable {
    public struct AccountUsage: Sendable, Codable, Equatable {
        public var accountID: AccountID
        public var email: String
        public var messages: Int
        /// Message text and raw sources in the database.
        public var emailBytes: Int64
        /// Downloaded attachment files (the cache that LRU eviction keeps under its limit).
        public var attachmentBytes: Int64
        /// This account's share of the keyword index (shared by all accounts, apportioned by
        /// indexed messages).
        public var searchIndexBytes: Int64
        /// Embeddings for semantic search.
        public var vectorBytes: Int64
        public var totalBytes: Int64 { emailBytes + attachmentBytes + searchIndexBytes + vectorBytes }

        public init(accountID: AccountID, email: String, messages: Int, emailBytes: Int64, attachmentBytes: Int64,
                    searchIndexBytes: Int64, vectorBytes: Int64) {
            self.accountID = accountID; self.email = email; self.messages = messages; self.emailBytes = emailBytes
            self.attachmentBytes = attachmentBytes; self.searchIndexBytes = searchIndexBytes; self.vectorBytes = vectorBytes
        }
        /// NFR-STOR-01: over 2 GB for one account.
        public var exceedsAccountLimit: Bool { totalBytes > StorageReport.accountWarningBytes }
    }

    public static let accountWarningBytes: Int64 = 2_000_000_000
    public static let totalWarningBytes: Int64 = 5_000_000_000

    public var accounts: [AccountUsage]
    /// Every file of the data directory (database, its WAL, attachments, secrets) plus the AI
    /// models directory.
    public var totalBytes: Int64
    /// Part of the total that the AI models take (their own directory).
    public var modelBytes: Int64
    /// How long the computation took (NFR-SET-05: < 2 s at 10K messages per account).
    public var computeSeconds: Double

    public init(accounts: [AccountUsage], totalBytes: Int64, modelBytes: Int64, computeSeconds: Double) {
        self.accounts = accounts; self.totalBytes = totalBytes; self.modelBytes = modelBytes
        self.computeSeconds = computeSeconds
    }

    /// NFR-STOR-02: over 5 GB in total.
    public var exceedsTotalLimit: Bool { totalBytes > Self.totalWarningBytes }

    /// Warnings worded for the user, empty when all is well.
    public var warnings: [String] {
        var out = accounts.filter(\.exceedsAccountLimit).map {
            "\($0.email) uses \(Self.format($0.totalBytes)), more than 2 GB: reduce its sync window or clear the cache"
        }
        if exceedsTotalLimit {
            out.append("Hearth uses \(Self.format(totalBytes)) in total, more than 5 GB: clear the cache, reduce sync windows or remove AI models")
        }
        return out
    }

    /// "1.2 GB", "340 MB", "12 KB".
    public static func format(_ bytes: Int64) -> String {
        let units: [(Double, String)] = [(1e9, "GB"), (1e6, "MB"), (1e3, "KB")]
        for (size, name) in units where Double(bytes) >= size {
            let value = Double(bytes) / size
            return value >= 100 ? "\(Int(value.rounded())) \(name)" : String(format: "%.1f %@", value, name)
        }
        return "\(bytes) B"
    }
}

/// What "Clear cache" frees (shown before the user confirms) and then freed. Emails, accounts
/// and settings are kept (FR-SET-03).
public struct CacheClearing: Sendable, Codable, Equatable {
    public var attachmentFiles: Int
    public var attachmentBytes: Int64
    public var embeddings: Int
    public var embeddingBytes: Int64
    public var summaries: Int
    public var summaryBytes: Int64
    public var totalBytes: Int64 { attachmentBytes + embeddingBytes + summaryBytes }

    public init(attachmentFiles: Int = 0, attachmentBytes: Int64 = 0, embeddings: Int = 0, embeddingBytes: Int64 = 0,
                summaries: Int = 0, summaryBytes: Int64 = 0) {
        self.attachmentFiles = attachmentFiles; self.attachmentBytes = attachmentBytes
        self.embeddings = embeddings; self.embeddingBytes = embeddingBytes
        self.summaries = summaries; self.summaryBytes = summaryBytes
    }
}

/// Where downloaded attachments are kept: `<data directory>/attachments/<account id>/`. One
/// folder per account, so removing an account removes its files with one call.
public enum AttachmentCacheLayout {
    public static let folderName = "attachments"

    public static func root(in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent(folderName, isDirectory: true)
    }

    public static func directory(for account: AccountID, in dataDirectory: URL) -> URL {
        root(in: dataDirectory).appendingPathComponent(String(account.rawValue), isDirectory: true)
    }

    /// Bytes (logical sizes) and count of the regular files under `directory` (0 when it does not exist).
    public static func usage(of directory: URL) -> (files: Int, bytes: Int64) {
        guard let walker = FileManager.default.enumerator(
            at: directory, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])
        else { return (0, 0) }
        var files = 0
        var bytes: Int64 = 0
        for case let url as URL in walker {
            guard let values = try? url.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey]),
                  values.isRegularFile == true else { continue }
            files += 1
            bytes += Int64(values.fileSize ?? 0)
        }
        return (files, bytes)
    }
}
