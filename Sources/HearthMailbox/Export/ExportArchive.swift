import Foundation
import ZIPFoundation

/// One file to download for an export folder (the web app's "Download", `hearth export --zip`):
/// a deflated ZIP of the folder's files under one top folder, made by ZIPFoundation.
///
/// The ZIP is written as `NAME.zip.partial` and renamed when complete, so nothing ever serves
/// or keeps half an archive; a cancelled or failed run removes the partial file. Entries are
/// added in sorted order, so the same folder always gives the same list of entries.
public enum ExportArchive {
    /// Stops a running `zip` from another task (the user pressed Cancel): checked between
    /// files and, through ZIPFoundation's progress, between the chunks of a large file.
    public final class Cancellation: @unchecked Sendable {
        private let lock = NSLock()
        private var cancelled = false
        private var current: Progress?

        public init() {}

        public var isCancelled: Bool { lock.withLock { cancelled } }

        public func cancel() {
            let progress = lock.withLock { () -> Progress? in cancelled = true; return current }
            progress?.cancel()
        }

        /// A progress object for one entry, already cancelled when the run is.
        func entry(_ total: Int64) -> Progress {
            let progress = Progress(totalUnitCount: total)
            lock.withLock {
                current = progress
                if cancelled { progress.cancel() }
            }
            return progress
        }
    }

    public enum Failure: Error, Sendable, CustomStringConvertible {
        case exists(String)
        case cancelled
        case write(String)

        public var description: String {
            switch self {
            case .exists(let path): "\(path) already exists; an export never overwrites a file"
            case .cancelled: "the export was cancelled"
            case .write(let why): "could not write the ZIP file: \(why)"
            }
        }
    }

    /// Zips every file under `directory` into `archive`, each as `root/relative/path`.
    /// Refuses to overwrite `archive`; `archive` must not be inside `directory`.
    @discardableResult
    public static func zip(_ directory: URL, to archive: URL, root: String,
                           cancellation: Cancellation = Cancellation()) throws(Failure) -> URL {
        let manager = FileManager.default
        let partial = archive.deletingLastPathComponent().appendingPathComponent(archive.lastPathComponent + ".partial")
        guard !manager.fileExists(atPath: archive.path) else { throw .exists(archive.path) }
        guard !isInside(archive, directory) else { throw .write("\(archive.path) is inside the folder being zipped") }
        try? manager.removeItem(at: partial)
        do {
            try write(directory, to: partial, root: root, cancellation: cancellation)
            if cancellation.isCancelled { throw Failure.cancelled }
            try manager.moveItem(at: partial, to: archive)
        } catch {
            try? manager.removeItem(at: partial)
            if cancellation.isCancelled { throw .cancelled }
            if let failure = error as? Failure { throw failure }
            throw .write("\(error)")
        }
        return archive
    }

    private static func write(_ directory: URL, to partial: URL, root: String, cancellation: Cancellation) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: partial.deletingLastPathComponent(), withIntermediateDirectories: true)
        let archive = try Archive(url: partial, accessMode: .create)
        let base = directory.standardizedFileURL.resolvingSymlinksInPath()
        let paths = try manager.subpathsOfDirectory(atPath: base.path).sorted()
        let top = root.isEmpty ? "export" : root
        try archive.addEntry(with: top + "/", type: .directory, uncompressedSize: Int64(0), provider: { _, _ in Data() })
        for path in paths {
            if cancellation.isCancelled { throw Failure.cancelled }
            let url = base.appendingPathComponent(path)
            let values = try url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey, .fileSizeKey])
            if values.isDirectory == true {
                try archive.addEntry(with: top + "/" + path + "/", type: .directory, uncompressedSize: Int64(0), provider: { _, _ in Data() })
            } else if values.isRegularFile == true {
                try archive.addEntry(with: top + "/" + path, fileURL: url, compressionMethod: .deflate,
                                     progress: cancellation.entry(Int64(values.fileSize ?? 0)))
            }
        }
    }

    /// Whether `item` is `folder` or somewhere below it (symbolic links resolved).
    public static func isInside(_ item: URL, _ folder: URL) -> Bool {
        let a = resolved(item), b = resolved(folder)
        return a == b || a.hasPrefix(b.hasSuffix("/") ? b : b + "/")
    }

    /// The path with symbolic links resolved as far as the path exists (the rest kept as given).
    static func resolved(_ url: URL) -> String {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path) && existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var path = existing.resolvingSymlinksInPath().path
        for part in rest { path += (path.hasSuffix("/") ? "" : "/") + part }
        return path
    }
}
