import Foundation
import HearthCore

/// Reads a directory tree of `.eml` files (one message per file), in path order, one file at a
/// time — the shape most test corpora and "save as" exports have. Also reads a single `.eml`.
///
/// No received date (a file's mtime says when it was saved, not received; the importer falls
/// back to the Date header), no flags, no folder. Unreadable files go to `skipped`.
public final class EmlDirectoryReader: RawMessageSource {
    public let root: URL
    public private(set) var skipped: [MailboxSkip] = []
    public private(set) var bytesRead: Int64 = 0
    public let totalBytes: Int64?

    private let files: [MessageFile]
    private var index = 0

    /// File name extensions taken as one message each, compared case-insensitively.
    public static let defaultExtensions: Set<String> = ["eml"]

    /// Every file below `path` (a directory) or `path` itself (a file).
    public init(path: String, extensions: Set<String> = EmlDirectoryReader.defaultExtensions) throws(MailboxReadError) {
        root = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
        if isDirectory.boolValue {
            files = Self.messageFiles(below: root, extensions: extensions)
        } else {
            let url = root
            files = MessageFile.list(url.deletingLastPathComponent()).filter { $0.name == url.lastPathComponent }
        }
        totalBytes = files.reduce(0) { $0 + $1.size }
    }

    /// Whether `directory` holds at least one message file, looking no deeper than needed.
    static func containsMessageFiles(_ directory: URL, extensions: Set<String> = defaultExtensions) -> Bool {
        guard let walker = FileManager.default.enumerator(atPath: directory.path) else { return false }
        while let relative = walker.nextObject() as? String {
            if extensions.contains((relative as NSString).pathExtension.lowercased()) { return true }
        }
        return false
    }

    public func next() throws(MailboxReadError) -> RawMessage? {
        while index < files.count {
            let file = files[index]
            index += 1
            bytesRead += file.size
            switch file.read() {
            case .failure(let skip): skipped.append(skip)
            case .success(let data): return RawMessage(data: data)
            }
        }
        return nil
    }

    private static func messageFiles(below root: URL, extensions: Set<String>) -> [MessageFile] {
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var relativePaths: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if !name.hasPrefix("."), extensions.contains((name as NSString).pathExtension.lowercased()) {
                relativePaths.append(relative)
            }
        }
        return relativePaths.sorted().compactMap { relative in
            let url = root.appendingPathComponent(relative)
            let values = try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey, .isDirectoryKey])
            if values?.isDirectory == true { return nil }
            return MessageFile(url: url, name: url.lastPathComponent, modified: nil,
                               size: Int64(values?.fileSize ?? 0), isRegular: values?.isRegularFile ?? false)
        }
    }
}

@available(*, unavailable, message: "a reader is single-consumer state; create one per task")
extension EmlDirectoryReader: Sendable {}
