import Foundation
import HearthCore

/// Writes mbox files in the mboxrd dialect: each message starts with a "From SENDER DATE" line,
/// every body line that already matches `>*From ` gets one more `>` (so readers that undo the
/// quoting restore the message byte for byte, and mboxo readers still split correctly), and a
/// blank line ends each message. One file per folder: `INBOX.mbox`, `Sent.mbox`,
/// `Work/Projects.mbox`. Line endings are written as stored (CRLF messages stay CRLF).
public struct MboxExportWriter: MailExportWriter {
    public let directory: URL
    private var files: [String: FileHandle] = [:]
    private var order: [String] = []

    public init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    public mutating func write(_ message: ExportedMessage) throws {
        let handle = try file(for: message.folderPath)
        var out = Data()
        out.append(Self.fromLine(sender: message.sender, date: message.date))
        out.append(Self.statusHeaders(message, into: Self.quoted(message.raw)))
        if out.last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        out.append(UInt8(ascii: "\n"))
        try handle.write(contentsOf: out)
    }

    public mutating func finish() throws -> [String] {
        for handle in files.values { try handle.close() }
        files = [:]
        return order
    }

    private mutating func file(for folderPath: String) throws -> FileHandle {
        if let open = files[folderPath] { return open }
        let url = Self.unusedURL(directory.appendingPathComponent(Self.fileName(folderPath)))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        files[folderPath] = handle
        order.append(url.path)
        return handle
    }

    /// `url`, or "NAME (2).mbox", "NAME (3).mbox", … when it exists. Two folder paths can name one
    /// file ("Lists" and "Lists/"; "Work" and "work" on a case-insensitive disk): the later folder
    /// gets its own file instead of emptying the earlier one's (the export directory started empty,
    /// so anything already there was written by this export).
    static func unusedURL(_ url: URL) -> URL {
        let base = url.deletingPathExtension()
        var candidate = url
        var copy = 2
        while FileManager.default.fileExists(atPath: candidate.path) {
            candidate = base.deletingLastPathComponent()
                .appendingPathComponent("\(base.lastPathComponent) (\(copy))").appendingPathExtension("mbox")
            copy += 1
        }
        return candidate
    }

    /// "Work/Projects" → "Work/Projects.mbox"; path segments that could escape the directory
    /// ("..", empty) are replaced.
    static func fileName(_ folderPath: String) -> String {
        let parts = folderPath.split(separator: "/").map { part -> String in
            let clean = part.replacingOccurrences(of: "\0", with: "")
            return clean == "." || clean == ".." || clean.isEmpty ? "_" : clean
        }
        return (parts.isEmpty ? ["INBOX"] : parts).joined(separator: "/") + ".mbox"
    }

    /// "From alex@example.com Tue Nov 24 08:40:00 2026\n" (asctime, UTC, as mbox(5) has it).
    static func fromLine(sender: String?, date: Date) -> Data {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE MMM d HH:mm:ss yyyy"
        let who = sender.flatMap { $0.isEmpty || $0.contains(where: \.isWhitespace) ? nil : $0 } ?? "MAILER-DAEMON"
        return Data("From \(who) \(formatter.string(from: date))\n".utf8)
    }

    /// mboxrd quoting: `>*From ` at the start of a line gets another `>`.
    static func quoted(_ raw: Data) -> Data {
        var out = Data(capacity: raw.count + 64)
        var lineStart = true
        var index = raw.startIndex
        while index < raw.endIndex {
            if lineStart {
                var probe = index
                while probe < raw.endIndex, raw[probe] == UInt8(ascii: ">") { probe += 1 }
                if raw[probe...].starts(with: "From ".utf8) { out.append(UInt8(ascii: ">")) }
            }
            let byte = raw[index]
            out.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
            index += 1
        }
        return out
    }

    /// Adds `Status:`/`X-Status:` (read, answered, flagged — how mutt and Pine keep flags in
    /// mbox, and what Hearth's own mbox reader reads back) at the top of the header, unless the
    /// message already carries a `Status:` field (an mbox imported earlier).
    static func statusHeaders(_ message: ExportedMessage, into raw: Data) -> Data {
        let crlf = Data("\r\n".utf8), lf = Data("\n".utf8)
        let headerEnd = raw.firstRange(of: crlf + crlf)?.lowerBound ?? raw.firstRange(of: lf + lf)?.lowerBound ?? raw.endIndex
        let header = String(decoding: raw[raw.startIndex..<headerEnd], as: UTF8.self).lowercased()
        if header.hasPrefix("status:") || header.contains("\nstatus:") { return raw }
        var xStatus = ""
        if message.isAnswered { xStatus += "A" }
        if message.isStarred { xStatus += "F" }
        if message.isDraft { xStatus += "T" }
        let newline = raw.firstRange(of: crlf) != nil ? "\r\n" : "\n"
        var fields = "Status: \(message.isRead ? "RO" : "O")\(newline)"
        if !xStatus.isEmpty { fields += "X-Status: \(xStatus)\(newline)" }
        return Data(fields.utf8) + raw
    }
}
