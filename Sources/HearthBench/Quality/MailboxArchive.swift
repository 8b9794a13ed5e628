import Foundation
import HearthCLI

/// Messages of an xz-compressed mboxrd archive (the linux-mips corpus), named in an evaluation
/// set as `folder/file.mboxrd.xz#<Message-ID>`: list posts come as yearly archives, not files.
enum MailboxArchive {
    /// The raw bytes of each keyed message; a key whose message is not found is left out (the
    /// set's loader then skips the row, as it does for a file that does not parse).
    static func messages(keys: [String], corpora: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let byArchive = Dictionary(grouping: keys) { String($0.split(separator: "#", maxSplits: 1)[0]) }
        for (archive, archiveKeys) in byArchive {
            let wanted = Set(archiveKeys.compactMap { $0.split(separator: "#", maxSplits: 1).last.map(String.init) })
            for (messageID, data) in try split(decompressed(corpora.appendingPathComponent(archive))) where wanted.contains(messageID) {
                found["\(archive)#\(messageID)"] = data
            }
        }
        return found
    }

    private static func decompressed(_ url: URL) throws -> Data {
        guard FileManager.default.fileExists(atPath: url.path) else { throw CLIError.notFound("no mail archive at \(url.path)") }
        let xz = Process()
        xz.executableURL = URL(fileURLWithPath: "/usr/bin/xz")
        xz.arguments = ["-dc", url.path]
        let pipe = Pipe()
        xz.standardOutput = pipe
        try xz.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        xz.waitUntilExit()
        return data
    }

    /// mboxrd: messages start after a `From ` line; a body line `>From ` (any number of `>`)
    /// lost one `>` when it was written. Split as bytes: the posts are not all UTF-8.
    private static func split(_ data: Data) -> [(String, Data)] {
        let from = Array("From ".utf8)
        var result: [(String, Data)] = []
        var current: [Data] = []
        func flush() {
            guard !current.isEmpty else { return }
            let lines = current.map { line -> Data in
                line.first == UInt8(ascii: ">") && Array(line.drop(while: { $0 == UInt8(ascii: ">") }).prefix(5)) == from ? line.dropFirst() : line
            }
            let header = lines.prefix { !$0.isEmpty && $0 != Data([13]) }.map { String(decoding: $0, as: UTF8.self) }
            if let index = header.firstIndex(where: { $0.lowercased().hasPrefix("message-id:") }) {
                var id = header[index].dropFirst("message-id:".count).trimmingCharacters(in: .whitespacesAndNewlines)
                if id.isEmpty, index + 1 < header.count { id = header[index + 1].trimmingCharacters(in: .whitespacesAndNewlines) }
                result.append((id, Data(lines.joined(separator: [10]))))
            }
            current = []
        }
        for line in data.split(separator: 10, omittingEmptySubsequences: false) {
            if Array(line.prefix(5)) == from { flush() } else { current.append(Data(line)) }
        }
        flush()
        return result
    }
}
