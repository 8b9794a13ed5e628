import Foundation
import HearthAI
import HearthCore
import HearthStore

/// Where the disk goes (spec FR-SET-04): per account, the AI models, and what clearing the cache
/// would free (downloaded attachments, embeddings, cached summaries — never mail or accounts).
public struct Storage: Sendable {
    let context: AppContext
    let modelDirectory: URL

    /// `modelDirectory`: where the AI models are (default: the model manager's, `HEARTH_MODEL_CACHE`).
    public init(_ context: AppContext, modelDirectory: URL? = nil) {
        self.context = context; self.modelDirectory = modelDirectory ?? ModelManager.defaultDirectory
    }

    public func report() throws(AppError) -> StorageReport {
        try storeCall { () throws(StoreError) in
            try context.store.storageReport(dataDirectory: context.dataDirectory, modelDirectory: modelDirectory)
        }
    }

    /// What clearing the cache would free, without clearing it.
    public func cachePreview() throws(AppError) -> CacheClearing {
        try storeCall { () throws(StoreError) in try context.store.cacheClearingPreview(dataDirectory: context.dataDirectory) }
    }

    public func clearCache() throws(AppError) -> CacheClearing {
        try storeCall { () throws(StoreError) in try context.store.clearCache(dataDirectory: context.dataDirectory) }
    }
}
