import Foundation
import HearthCore

/// Streams the messages of a Maildir tree (Maildir++ sub-folders, or one Maildir per folder as
/// mbsync and offlineimap write; `MaildirLayout`), one file at a time.
///
/// - Order is deterministic: folder (INBOX first, then sub-folders by path), then received
///   date, then file name. Each folder is listed when the reader reaches it.
/// - `receivedDate` is the file's mtime — Dovecot, offlineimap and most MDAs set it to the
///   delivery/INTERNALDATE, and it survives renames — or, when the mtime cannot be read, the
///   delivery timestamp at the start of the file name.
/// - Flags come from the `:2,` info (see `MaildirFlags`); files in `new/` are never seen.
/// - A file that cannot be read is left out and recorded in `skipped`; the walk goes on.
public final class MaildirReader: RawMessageSource {
    public let root: URL
    /// Files left out, with the reason (unreadable, vanished, not a regular file).
    public private(set) var skipped: [MailboxSkip] = []
    /// Folder paths the reader walks, in order ("INBOX", "Sent", "Lists/linux", …).
    public let folderPaths: [String]
    public private(set) var bytesRead: Int64 = 0
    public let totalBytes: Int64?

    private let folders: [MaildirLayout.Folder]
    private var folderIndex = -1
    private var queue: [(file: MessageFile, isNew: Bool)] = []
    private var queueIndex = 0

    public convenience init(path: String) throws(MailboxReadError) {
        let root = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: path) else { throw .notFound(path: path) }
        guard MaildirLayout.isDirectory(root) else {
            throw .unrecognizedFormat(path: path, reason: "not a directory, so not a Maildir")
        }
        try self.init(root: root, layout: MaildirLayout(root: root))
    }

    /// Over a tree already walked (`MailboxSource.open` walks it to recognise a Maildir; the
    /// walk visits every directory of the tree, so it is not done twice).
    init(root: URL, layout: MaildirLayout) throws(MailboxReadError) {
        self.root = root
        folders = layout.folders
        guard !folders.isEmpty else {
            throw .unrecognizedFormat(path: root.path, reason: "no Maildir folder (cur/ or new/) in it or below it")
        }
        folderPaths = folders.map(\.path)
        totalBytes = folders.reduce(Int64(0)) { sum, folder in
            sum + ["cur", "new"].reduce(Int64(0)) { partial, sub in
                partial + MessageFile.list(folder.directory.appendingPathComponent(sub)).reduce(0) { $0 + $1.size }
            }
        }
    }

    public func next() throws(MailboxReadError) -> RawMessage? {
        while true {
            while queueIndex >= queue.count {
                folderIndex += 1
                guard folderIndex < folders.count else { return nil }
                loadQueue(for: folders[folderIndex])
            }
            let (file, isNew) = queue[queueIndex]
            queueIndex += 1
            bytesRead += file.size
            switch file.read() {
            case .failure(let skip):
                skipped.append(skip)
            case .success(let data):
                var flags = MaildirFlags.parse(fileName: file.name)
                if isNew { flags.remove(.seen) }
                return RawMessage(data: data, receivedDate: file.modified ?? MaildirFlags.deliveryTime(fileName: file.name),
                                  flags: flags, folderPath: folders[folderIndex].path)
            }
        }
    }

    private func loadQueue(for folder: MaildirLayout.Folder) {
        let cur = MessageFile.list(folder.directory.appendingPathComponent("cur")).map { ($0, false) }
        let new = MessageFile.list(folder.directory.appendingPathComponent("new")).map { ($0, true) }
        queue = (cur + new).sorted { a, b in
            let da = a.0.modified ?? MaildirFlags.deliveryTime(fileName: a.0.name) ?? .distantPast
            let db = b.0.modified ?? MaildirFlags.deliveryTime(fileName: b.0.name) ?? .distantPast
            return da != db ? da < db : a.0.name < b.0.name
        }
        queueIndex = 0
    }
}

@available(*, unavailable, message: "a reader is single-consumer state; create one per task")
extension MaildirReader: Sendable {}
