import Foundation
import GRDB
import HearthCore

/// Storage visibility and cache management (spec §8.2–8.3, FR-SET-03). Per-account figures come
/// from a handful of grouped queries that read lengths, not content, so the report stays well
/// under NFR-SET-05's 2 s at 10K messages per account (measured in StorageReportTests).
extension MailStore {
    /// Per-account breakdown and the total of the data directory (plus the models directory).
    public func storageReport(dataDirectory: URL, modelDirectory: URL? = nil) throws(StoreError) -> StorageReport {
        let started = Date()
        let rows = try read { db -> [StorageReport.AccountUsage] in
            let accounts = try Row.fetchAll(db, sql: "SELECT id, email FROM account ORDER BY id")
            var mail: [Int64: (messages: Int, bytes: Int64)] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT e.account_id, count(*),
                       sum(e.size_bytes) + sum(coalesce(length(e.body_plain), 0) + coalesce(length(e.body_html), 0))
                FROM email e GROUP BY e.account_id
                """) {
                mail[row[0]] = (row[1], row[2] ?? 0)
            }
            var vectors: [Int64: Int64] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT e.account_id, sum(length(s.embedding)) FROM search_index s JOIN email e ON e.id = s.email_id
                WHERE s.embedding IS NOT NULL GROUP BY e.account_id
                """) {
                vectors[row[0]] = row[1] ?? 0
            }
            let indexBytes = try Self.keywordIndexBytes(db)
            let totalMessages = max(1, mail.values.reduce(0) { $0 + $1.messages })
            return accounts.map { row in
                let id: Int64 = row[0]
                let usage = mail[id] ?? (0, 0)
                let attachments = AttachmentCacheLayout.usage(of: AttachmentCacheLayout.directory(for: AccountID(id), in: dataDirectory))
                return StorageReport.AccountUsage(
                    accountID: AccountID(id), email: row[1], messages: usage.messages, emailBytes: usage.bytes,
                    attachmentBytes: attachments.bytes,
                    searchIndexBytes: indexBytes * Int64(usage.messages) / Int64(totalMessages),
                    vectorBytes: vectors[id] ?? 0)
            }
        }
        let dataBytes = AttachmentCacheLayout.usage(of: dataDirectory).bytes
        let modelBytes = modelDirectory.map { AttachmentCacheLayout.usage(of: $0).bytes } ?? 0
        return StorageReport(accounts: rows, totalBytes: dataBytes + modelBytes, modelBytes: modelBytes,
                             computeSeconds: Date().timeIntervalSince(started))
    }

    /// Bytes of the keyword index's shadow tables (0 without the index).
    static func keywordIndexBytes(_ db: Database) throws -> Int64 {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM sqlite_master WHERE name = 'email_fts_data'") ?? false else { return 0 }
        let data = try Int64.fetchOne(db, sql: "SELECT coalesce(sum(length(block)), 0) FROM email_fts_data") ?? 0
        let docsize = try Int64.fetchOne(db, sql: "SELECT coalesce(sum(length(sz)), 0) FROM email_fts_docsize") ?? 0
        return data + docsize
    }

    // MARK: - Clear cache

    /// What `clearCache` would free now.
    public func cacheClearingPreview(dataDirectory: URL) throws(StoreError) -> CacheClearing {
        var result = try read { db in
            let embeddings = try Row.fetchOne(db, sql: """
                SELECT count(*), coalesce(sum(length(embedding)), 0) FROM search_index WHERE embedding IS NOT NULL
                """)
            let summaries = try Self.hasTable("ai_thread_summary", db)
                ? try Row.fetchOne(db, sql: "SELECT count(*), coalesce(sum(length(summary)), 0) FROM ai_thread_summary")
                : nil
            return CacheClearing(embeddings: embeddings?[0] ?? 0, embeddingBytes: embeddings?[1] ?? 0,
                                 summaries: summaries?[0] ?? 0, summaryBytes: summaries?[1] ?? 0)
        }
        let files = AttachmentCacheLayout.usage(of: AttachmentCacheLayout.root(in: dataDirectory))
        result.attachmentFiles = files.files
        result.attachmentBytes = files.bytes
        return result
    }

    /// Removes downloaded attachments, search embeddings and cached thread summaries; keeps
    /// emails, accounts, settings and categories. Returns what was freed.
    @discardableResult
    public func clearCache(dataDirectory: URL) throws(StoreError) -> CacheClearing {
        let freed = try cacheClearingPreview(dataDirectory: dataDirectory)
        try write { db in
            try db.execute(sql: "UPDATE attachment SET is_downloaded = 0, local_path = NULL WHERE is_downloaded = 1 OR local_path IS NOT NULL")
            try db.execute(sql: "DELETE FROM attachment_access")
            let hasModel = try db.columns(in: "search_index").contains { $0.name == "embedding_model" }
            try db.execute(sql: "UPDATE search_index SET embedding = NULL\(hasModel ? ", embedding_model = NULL" : "") WHERE embedding IS NOT NULL")
            if try Self.hasTable("ai_thread_summary", db) { try db.execute(sql: "DELETE FROM ai_thread_summary") }
        }
        try? FileManager.default.removeItem(at: AttachmentCacheLayout.root(in: dataDirectory))
        return freed
    }

    // MARK: - Attachment cache (LRU)

    /// Stores a downloaded attachment's bytes in the account's cache folder, records the access,
    /// then evicts least-recently-used files of the account above `limitBytes`.
    @discardableResult
    public func cacheAttachment(_ data: Data, attachment: AttachmentID, dataDirectory: URL,
                                limitBytes: Int64, now: Date = Date()) throws(StoreError) -> URL {
        let account = try read { db in
            try Int64.fetchOne(db, sql: "SELECT e.account_id FROM attachment a JOIN email e ON e.id = a.email_id WHERE a.id = ?",
                               arguments: [attachment.rawValue])
        }
        guard let account else { throw .notFound("attachment \(attachment)") }
        let directory = AttachmentCacheLayout.directory(for: AccountID(account), in: dataDirectory)
        let file = directory.appendingPathComponent(String(attachment.rawValue), isDirectory: false)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try data.write(to: file, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        } catch {
            throw .database("cannot write the attachment cache at \(file.path): \(error.localizedDescription)")
        }
        try write { db in
            try db.execute(sql: "UPDATE attachment SET is_downloaded = 1, local_path = ? WHERE id = ?",
                           arguments: [file.path, attachment.rawValue])
        }
        try recordAttachmentAccess(attachment, at: now)
        try evictAttachments(account: AccountID(account), limitBytes: limitBytes, dataDirectory: dataDirectory)
        return file
    }

    /// Size of one file (0 when it is gone). Logical sizes, as the cache limit counts content.
    static func fileBytes(of file: URL) -> Int64 {
        Int64((try? file.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0)
    }

    /// Marks an attachment as just opened (for LRU).
    public func recordAttachmentAccess(_ attachment: AttachmentID, at date: Date = Date()) throws(StoreError) {
        try write { db in
            try db.execute(sql: """
                INSERT INTO attachment_access (attachment_id, last_access) VALUES (?, ?)
                ON CONFLICT (attachment_id) DO UPDATE SET last_access = excluded.last_access
                """, arguments: [attachment.rawValue, Int64((date.timeIntervalSince1970 * 1000).rounded())])
        }
    }

    /// Deletes the account's least recently used cached attachments until the cache is within
    /// `limitBytes`. Returns how many files and bytes went.
    @discardableResult
    public func evictAttachments(account: AccountID, limitBytes: Int64, dataDirectory: URL) throws(StoreError) -> (files: Int, bytes: Int64) {
        let directory = AttachmentCacheLayout.directory(for: account, in: dataDirectory)
        var used = AttachmentCacheLayout.usage(of: directory).bytes
        guard used > limitBytes else { return (0, 0) }
        let candidates = try read { db in
            try Row.fetchAll(db, sql: """
                SELECT a.id, a.local_path FROM attachment a JOIN email e ON e.id = a.email_id
                LEFT JOIN attachment_access x ON x.attachment_id = a.id
                WHERE e.account_id = ? AND a.local_path IS NOT NULL
                ORDER BY coalesce(x.last_access, 0), a.id
                """, arguments: [account.rawValue]).map { (id: $0[0] as Int64, path: $0[1] as String) }
        }
        var files = 0
        var freed: Int64 = 0
        for candidate in candidates where used > limitBytes {
            let url = URL(fileURLWithPath: candidate.path)
            let size = Self.fileBytes(of: url)
            try? FileManager.default.removeItem(at: url)
            try write { db in
                try db.execute(sql: "UPDATE attachment SET is_downloaded = 0, local_path = NULL WHERE id = ?", arguments: [candidate.id])
                try db.execute(sql: "DELETE FROM attachment_access WHERE attachment_id = ?", arguments: [candidate.id])
            }
            used -= size; freed += size; files += 1
        }
        return (files, freed)
    }
}
