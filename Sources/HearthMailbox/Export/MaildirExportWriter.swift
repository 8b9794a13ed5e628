import Foundation
import HearthCore

/// Writes a Maildir++ tree: INBOX is the root's `cur/`, other folders are `.Sent`, `.Work.Projects`
/// (dots between levels, as Dovecot and Courier lay it out); every message a file in `cur/` named
/// `TIME.HEARTHnnnnnn.hearth:2,FLAGS` with the standard flags (D draft, F flagged, R replied,
/// S seen) and its modification time set to the message's date, so readers that sort by file
/// time show the right order.
public struct MaildirExportWriter: MailExportWriter {
    public let root: URL
    private var created: Set<String> = []
    private var counter = 0

    public init(root: URL) throws {
        self.root = root
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    public mutating func write(_ message: ExportedMessage) throws {
        let folder = try folderDirectory(message.folderPath)
        counter += 1
        let time = Int(message.date.timeIntervalSince1970)
        let name = String(format: "%d.H%06d.hearth:2,%@", time, counter, Self.flags(message))
        let url = folder.appendingPathComponent("cur").appendingPathComponent(name)
        try message.raw.write(to: url, options: .withoutOverwriting)
        try FileManager.default.setAttributes([.modificationDate: message.date], ofItemAtPath: url.path)
    }

    public mutating func finish() throws -> [String] { [root.path] }

    /// Maildir flags in ASCII order (the spec requires sorted flags).
    static func flags(_ message: ExportedMessage) -> String {
        var flags = ""
        if message.isDraft { flags += "D" }
        if message.isStarred { flags += "F" }
        if message.isAnswered { flags += "R" }
        if message.isRead { flags += "S" }
        return flags
    }

    /// "INBOX" → the root; "Work/Projects" → ".Work.Projects". Dots inside a name become "_"
    /// (Maildir++ uses the dot as its separator), path tricks become "_".
    static func directoryName(_ folderPath: String) -> String? {
        if folderPath.caseInsensitiveCompare("INBOX") == .orderedSame { return nil }
        let parts = folderPath.split(separator: "/").map { part -> String in
            let clean = part.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "\0", with: "")
            return clean.isEmpty ? "_" : clean
        }
        return "." + (parts.isEmpty ? ["_"] : parts).joined(separator: ".")
    }

    private mutating func folderDirectory(_ folderPath: String) throws -> URL {
        let directory = Self.directoryName(folderPath).map { root.appendingPathComponent($0) } ?? root
        if !created.contains(directory.path) {
            for sub in ["cur", "new", "tmp"] {
                try FileManager.default.createDirectory(at: directory.appendingPathComponent(sub), withIntermediateDirectories: true)
            }
            created.insert(directory.path)
        }
        return directory
    }
}
