import Foundation
import HearthCore

/// An export into a directory on disk: one sub-directory per account (named by its address),
/// holding the mbox files or the Maildir, and `settings.json` beside them.
///
///     export/
///       settings.json
///       alex@example.com/INBOX.mbox, Sent.mbox, …     (mbox)
///       alex@example.com/cur, .Sent/cur, …            (maildir)
public struct MailboxExportDestination: MailExportDestination {
    public let directory: URL

    /// Refuses a directory that already has files: an export never mixes with or overwrites
    /// older files.
    public init(directory: URL) throws {
        let manager = FileManager.default
        if let existing = try? manager.contentsOfDirectory(atPath: directory.path), !existing.isEmpty {
            throw MailExportError.write("\(directory.path) is not empty; choose a new or empty folder")
        }
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
    }

    public func writer(for account: Account, format: MailExportFormat) throws -> any MailExportWriter {
        let name = account.email.replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "..", with: "_")
        let target = directory.appendingPathComponent(name.isEmpty ? "account" : name)
        switch format {
        case .mbox: return try MboxExportWriter(directory: target)
        case .maildir: return try MaildirExportWriter(root: target)
        }
    }

    public func writeSettings(_ json: Data) throws -> String {
        let url = directory.appendingPathComponent("settings.json")
        try json.write(to: url, options: .withoutOverwriting)
        return url.path
    }
}
