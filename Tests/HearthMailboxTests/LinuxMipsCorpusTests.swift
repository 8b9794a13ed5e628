import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthMailbox

/// The linux-mips list archive slice (1996–2005, ~25K messages, mboxrd.xz per year).
@Suite(.corporaPresent)
struct LinuxMipsCorpusTests {
    static var files: [URL] {
        Corpora.files(in: "bulk-linux-mips") { $0.lastPathComponent.hasSuffix(".mboxrd.xz") }
    }

    /// Independent count: in mboxrd every body line matching `^>*From ` is escaped with an
    /// extra `>`, so the lines starting with exactly "From " in the decompressed stream are the
    /// separators — one per message. `xz -dc | grep -c '^From '` counts them without our code.
    static func grepCount(_ file: URL) throws -> Int {
        let output = try run("/bin/sh", ["-c", "xz -dc -- \"$0\" | grep -c '^From '", file.path])
        return Int(String(decoding: output.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func messageCountPerYearMatchesAnIndependentCount() throws {
        let files = Self.files
        try #require(!files.isEmpty, "no linux-mips files")
        var total = 0
        var seconds = 0.0
        var bytes = 0
        for file in files {
            let started = Date()
            let reader = try MboxReader(path: file.path)
            var count = 0
            var undated = 0
            while let message = try reader.next() {
                count += 1
                bytes += message.data.count
                if message.receivedDate == nil { undated += 1 }
            }
            let elapsed = Date().timeIntervalSince(started)
            seconds += elapsed
            total += count
            let expected = try Self.grepCount(file)
            #expect(count == expected, "\(file.lastPathComponent)")
            #expect(undated == 0, "\(file.lastPathComponent): From_ lines without a date")
            #expect(reader.skippedLeadingBytes == 0)
            #expect(reader.bytesRead == reader.totalBytes)
            print("linux-mips \(file.lastPathComponent): \(count) messages (grep: \(expected)), \(String(format: "%.2f", elapsed)) s")
        }
        print("linux-mips total: \(total) messages, \(bytes / 1_000_000) MB in \(String(format: "%.2f", seconds)) s "
              + "= \(Int(Double(total) / max(seconds, 0.001))) messages/s, "
              + "\(String(format: "%.1f", Double(bytes) / 1_000_000 / max(seconds, 0.001))) MB/s (xz decompression included)")
    }

    /// Reading speed without decompression: each year is expanded to a temporary file first.
    @Test func plainReadingThroughput() throws {
        try withTemporaryDirectory { directory in
            var plainFiles: [URL] = []
            for file in Self.files {
                let plain = directory.appendingPathComponent(file.deletingPathExtension().lastPathComponent)
                let output = try run("/usr/bin/xz", ["-dc"], stdin: file)
                try #require(output.status == 0)
                try output.output.write(to: plain)
                plainFiles.append(plain)
            }
            try #require(!plainFiles.isEmpty)
            let started = Date()
            var count = 0
            var bytes: Int64 = 0
            for plain in plainFiles {
                let reader = try MboxReader(path: plain.path)
                while try reader.next() != nil { count += 1 }
                bytes += reader.bytesRead
            }
            let seconds = max(Date().timeIntervalSince(started), 0.001)
            #expect(count > 0)
            print("linux-mips plain (decompressed beforehand): \(count) messages, \(bytes / 1_000_000) MB in "
                  + "\(String(format: "%.2f", seconds)) s = \(Int(Double(count) / seconds)) messages/s, "
                  + "\(String(format: "%.0f", Double(bytes) / 1_000_000 / seconds)) MB/s")
        }
    }

    /// mboxrd round trip on a real file: no separator line is ever inside a message, and an
    /// escaped line never leaves its last `>` behind.
    @Test func noMessageContainsAnUnescapedSeparator() throws {
        let file = try #require(Self.files.first { $0.lastPathComponent.contains("2000") })
        let reader = try MboxReader(path: file.path)
        while let message = try reader.next() {
            #expect(!message.data.starts(with: Data("From mboxrd@z ".utf8)))
            #expect(message.data.firstRange(of: Data("\nFrom mboxrd@z ".utf8)) == nil)
        }
    }
}
