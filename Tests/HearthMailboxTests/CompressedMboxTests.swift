import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

/// xz- and gzip-compressed mboxes, streamed through the system decompressor.
@Suite struct CompressedMboxTests {
    static let content = (1...200).map {
        "From user\($0)@example.com Fri Feb 22 17:06:23 2008\nSubject: message \($0)\n\n>From body \($0)\n\(String(repeating: "text ", count: $0))\n\n"
    }.joined()

    /// Compresses `plain` with the system tool into `directory`.
    static func compress(_ plain: URL, with compression: MailboxCompression, in directory: URL) throws -> URL {
        let tool = try #require(compression.executable, "\(compression.tool.name) not installed")
        let output = try run(tool.path, ["-c"], stdin: plain)
        try #require(output.status == 0)
        let url = directory.appendingPathComponent("mail.mbox.\(compression.rawValue)")
        try output.output.write(to: url)
        return url
    }

    @Test(arguments: MailboxCompression.allCases)
    func compressedReadsLikePlain(compression: MailboxCompression) throws {
        try withTemporaryDirectory { directory in
            let plain = directory.appendingPathComponent("mail.mbox")
            try Data(Self.content.utf8).write(to: plain)
            let packed = try Self.compress(plain, with: compression, in: directory)
            let expected = try readMbox(plain).messages.map(\.text)
            let (messages, reader) = try readMbox(packed, MboxReaderOptions(bufferSize: 4096))
            #expect(reader.compression == compression)
            #expect(messages.count == 200)
            #expect(messages.map(\.text) == expected)
            #expect(messages.first?.text.contains("\nFrom body 1\n") == true)
            // Progress is in compressed bytes: all of them at the end.
            let size = try #require(reader.totalBytes)
            #expect(size < Int64(Self.content.utf8.count))
            #expect(reader.bytesRead == size)
        }
    }

    @Test func corruptCompressedFileIsAnIOError() throws {
        try withTemporaryDirectory { directory in
            let plain = directory.appendingPathComponent("mail.mbox")
            try Data(Self.content.utf8).write(to: plain)
            let packed = try Self.compress(plain, with: .xz, in: directory)
            let bytes = try Data(contentsOf: packed)
            try bytes.prefix(bytes.count / 2).write(to: packed)
            #expect {
                _ = try readMbox(packed)
            } throws: { error in
                guard case .io(_, let reason)? = error as? MailboxReadError else { return false }
                return reason.contains("xz")
            }
        }
    }

    @Test func stoppingEarlyReleasesTheDecompressor() throws {
        try withTemporaryDirectory { directory in
            let plain = directory.appendingPathComponent("mail.mbox")
            try Data(String(repeating: Self.content, count: 50).utf8).write(to: plain)
            let packed = try Self.compress(plain, with: .gzip, in: directory)
            for _ in 0..<5 {
                let reader = try MboxReader(path: packed.path, options: MboxReaderOptions(bufferSize: 1024))
                #expect(try reader.next() != nil)
                // Dropped here with most of the stream unread: deinit must not hang.
            }
        }
    }
}
