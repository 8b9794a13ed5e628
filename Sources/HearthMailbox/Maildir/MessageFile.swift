import Foundation

/// One message file found in a folder listing, with what the listing told about it. Readers
/// keep only these small records; the contents are read one file at a time.
struct MessageFile: Sendable {
    var url: URL
    var name: String
    var modified: Date?
    var size: Int64
    var isRegular: Bool

    /// The message files directly in `directory`, hidden files excluded, unsorted.
    static func list(_ directory: URL) -> [MessageFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.map { name in
            let url = directory.appendingPathComponent(name)
            // Resolved first: resource values describe a link itself, and a link to a message
            // is a message.
            let values = try? url.resolvingSymlinksInPath()
                .resourceValues(forKeys: [.contentModificationDateKey, .fileSizeKey, .isRegularFileKey])
            return MessageFile(url: url, name: name, modified: values?.contentModificationDate,
                               size: Int64(values?.fileSize ?? 0), isRegular: values?.isRegularFile ?? false)
        }
    }

    /// Reads the whole file (messages are read one at a time, so memory is bounded by the
    /// largest message), or says why it cannot.
    func read() -> Result<Data, MailboxSkip> {
        guard isRegular else {
            let exists = FileManager.default.fileExists(atPath: url.path)
            return .failure(MailboxSkip(path: url.path, reason: exists
                ? "not a regular file" : "vanished or a dangling link (moved or deleted while reading?)"))
        }
        do { return .success(try Data(contentsOf: url)) } catch {
            return .failure(MailboxSkip(path: url.path, reason: error.localizedDescription))
        }
    }
}
