import Foundation

/// The folders of a Maildir: the root itself ("INBOX") and Maildir++ sub-folders, which are
/// dot-directories of the root (`.Sent` → "Sent", `.Lists.linux` → "Lists/linux"; Maildir++
/// nests with dots in one flat level). A directory counts as a folder when it has `cur/` or
/// `new/`; `tmp/` is never read (messages there are still being delivered).
struct MaildirLayout: Sendable {
    struct Folder: Sendable, Hashable {
        /// "INBOX" or the sub-folder path with "/" between levels.
        var path: String
        var directory: URL
    }

    var folders: [Folder]

    static func isMaildirFolder(_ directory: URL) -> Bool {
        ["cur", "new"].contains { isDirectory(directory.appendingPathComponent($0)) }
    }

    /// The Maildir++ sub-folders of `root` (dot-directories with cur/ or new/).
    static func subfolders(of root: URL) -> [Folder] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.compactMap { name -> Folder? in
            guard name.hasPrefix("."), name != ".", name != "..", name.count > 1 else { return nil }
            let directory = root.appendingPathComponent(name)
            guard isMaildirFolder(directory) else { return nil }
            let path = name.dropFirst().split(separator: ".", omittingEmptySubsequences: true).joined(separator: "/")
            return path.isEmpty ? nil : Folder(path: path, directory: directory)
        }
    }

    /// Folders in reading order: INBOX first, then sub-folders by path.
    init(root: URL) {
        var folders: [Folder] = []
        if Self.isMaildirFolder(root) { folders.append(Folder(path: "INBOX", directory: root)) }
        folders += Self.subfolders(of: root).sorted { $0.path < $1.path }
        self.folders = folders
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
