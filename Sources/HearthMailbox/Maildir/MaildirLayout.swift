import Foundation

/// The folders of a Maildir tree. A directory counts as a folder when it has `cur/` or `new/`
/// (`tmp/` is never read: messages there are still being delivered). Three layouts are read, also
/// mixed in one tree, because that is what mail tools write:
///
/// - Maildir++ (Dovecot, Courier, mbsync `SubFolders Maildir++`): the root is INBOX and its
///   sub-folders are dot-directories of one flat level (`.Sent` → "Sent", `.Lists.linux` →
///   "Lists/linux");
/// - a tree of Maildirs (mbsync `SubFolders Verbatim`, offlineimap, mutt users): no INBOX at the
///   root, one directory per folder at any depth (`INBOX`, `Work`, `Work/Projects` →
///   "Work/Projects", `[Gmail]/Sent Mail`);
/// - mbsync `SubFolders Legacy`: dot-directories under a folder (`Work/.Projects` → "Work/Projects").
///
/// Folder paths use "/" between levels; the root itself (when it is a Maildir) is "INBOX".
/// Hidden directories that are not Maildir++ folders (`.notmuch`, `.git`) are not entered, nor
/// are symbolic links to directories (a link back up the tree would never end).
struct MaildirLayout: Sendable {
    struct Folder: Sendable, Hashable {
        /// "INBOX" or the sub-folder path with "/" between levels.
        var path: String
        var directory: URL
    }

    /// How deep the walk goes below the root; real trees are a few levels deep.
    static let maximumDepth = 12

    var folders: [Folder]

    static func isMaildirFolder(_ directory: URL) -> Bool {
        ["cur", "new"].contains { isDirectory(directory.appendingPathComponent($0)) }
    }

    /// Folders in reading order: INBOX first, then the others by path.
    init(root: URL) {
        var found: [Folder] = []
        Self.walk(root.standardizedFileURL, components: [], depth: 0, into: &found)
        // Two directories can name the same folder (`.Work` and `Work`): both are read, as one.
        self.folders = found.sorted { a, b in
            let aInbox = a.path.caseInsensitiveCompare("INBOX") == .orderedSame
            let bInbox = b.path.caseInsensitiveCompare("INBOX") == .orderedSame
            if aInbox != bInbox { return aInbox }
            return a.path != b.path ? a.path < b.path : a.directory.path < b.directory.path
        }
    }

    private static func walk(_ directory: URL, components: [String], depth: Int, into found: inout [Folder]) {
        if isMaildirFolder(directory) {
            found.append(Folder(path: components.isEmpty ? "INBOX" : components.joined(separator: "/"), directory: directory))
        }
        guard depth < maximumDepth else { return }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        for name in names where !["cur", "new", "tmp", ".", ".."].contains(name) {
            let child = directory.appendingPathComponent(name)
            guard isDirectory(child), !isSymbolicLink(child) else { continue }
            if name.hasPrefix(".") {
                // Maildir++: one flat level of dot-folders, dots between the levels of the name.
                let levels = name.dropFirst().split(separator: ".", omittingEmptySubsequences: true).map(String.init)
                guard !levels.isEmpty, isMaildirFolder(child) else { continue }
                walk(child, components: components + levels, depth: depth + 1, into: &found)
            } else {
                walk(child, components: components + [name], depth: depth + 1, into: &found)
            }
        }
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `attributesOfItem` does not follow a link (lstat), unlike `fileExists`.
    static func isSymbolicLink(_ url: URL) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType == .typeSymbolicLink
    }
}
