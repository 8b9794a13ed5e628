import Foundation
import HearthCLI
import HearthMailbox
import HearthMIME

/// Messages of a compressed mbox archive (the linux-mips corpus), named in an evaluation set as
/// `folder/file.mboxrd.xz#<Message-ID>`: list posts come as yearly archives, not files. Read with
/// the importer's own `MboxReader` (decompression, From_ splitting, mboxrd unquoting) and the
/// parser's header reader, so the set sees each message exactly as an import would.
enum MailboxArchive {
    /// The raw bytes of each keyed message; a key whose message is not found is left out (the
    /// set's loader then skips the row, as it does for a file that does not parse).
    static func messages(keys: [String], corpora: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let byArchive = Dictionary(grouping: keys) { String($0.split(separator: "#", maxSplits: 1)[0]) }
        for (archive, archiveKeys) in byArchive {
            let wanted = Set(archiveKeys.compactMap { $0.split(separator: "#", maxSplits: 1).last.map(String.init) })
            let path = corpora.appendingPathComponent(archive).path
            let reader: MboxReader
            do { reader = try MboxReader(path: path) } catch {
                throw CLIError.notFound("no readable mail archive at \(path): \(error)")
            }
            while found.count < keys.count, let message = try reader.next() {
                if let id = messageID(message.data), wanted.contains(id) { found["\(archive)#\(id)"] = message.data }
            }
        }
        return found
    }

    /// The Message-ID field's value as written ("<…@…>"), from the header block only.
    private static func messageID(_ data: Data) -> String? {
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            return HeaderSection.parse(bytes, range: 0..<bytes.count, limits: MIMELimits()).first("Message-ID")?
                .unfoldedValue.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
