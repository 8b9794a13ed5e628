import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

/// Chunked reading: results must not depend on where chunk boundaries fall, and memory must
/// not grow with the message.
@Suite struct MboxStreamingTests {
    /// Every framing feature at once, so that each chunk size cuts something interesting.
    static let mixed = Data([0xEF, 0xBB, 0xBF]) + Data((
        "garbage before\n"
        + "From alice@example.com Fri Feb 22 17:06:23 2008\n"
        + "Status: RO\nSubject: lf\n\n>From escaped\n>>From twice\nFrom Russia with love\n\n"
        + "From - Sat Feb 23 10:00:00 2008\r\n"
        + "X-Status: F\r\nSubject: crlf\r\n\r\nbody\r\n>From crlf\r\n\r\n"
        + "From bob@example.com Sun Feb 24 08:00:00 2008\n"
        + "Content-Length: 44\n\nFrom inside Fri Feb 22 17:06:23 2008\nsecond\n\n"
        + "From -\n"
        + "Subject: last\n\nno trailing newline"
    ).utf8)

    @Test func referenceReading() throws {
        let (messages, reader) = try readMbox(data: Self.mixed, MboxReaderOptions(honourContentLength: true))
        #expect(messages.map(\.text) == [
            "Status: RO\nSubject: lf\n\nFrom escaped\n>From twice\nFrom Russia with love\n",
            "X-Status: F\r\nSubject: crlf\r\n\r\nbody\r\nFrom crlf\r\n",
            "Content-Length: 44\n\nFrom inside Fri Feb 22 17:06:23 2008\nsecond\n",
            "Subject: last\n\nno trailing newline",
        ])
        #expect(messages.map(\.flags) == [[.seen], [.flagged], [], []])
        #expect(messages.map { $0.info?.delimitedByContentLength } == [false, false, true, false])
        #expect(reader.skippedLeadingBytes == 15)
        #expect(reader.bytesRead == Int64(Self.mixed.count))
    }

    @Test func everyChunkSizeGivesTheSameResult() throws {
        let options = MboxReaderOptions(honourContentLength: true)
        let reference = try readMbox(data: Self.mixed, options).messages
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("mixed.mbox")
            try Self.mixed.write(to: url)
            for size in Array(1...80) + [127, 128, 129, 255, 256] {
                let (messages, reader) = try readMbox(url, MboxReaderOptions(honourContentLength: true, bufferSize: size))
                #expect(messages == reference, "buffer size \(size)")
                #expect(reader.skippedLeadingBytes == 15, "buffer size \(size)")
            }
            for size in 1...40 {
                let plain = try readMbox(url, MboxReaderOptions(bufferSize: size)).messages
                #expect(plain == (try readMbox(url).messages), "buffer size \(size), no Content-Length")
            }
        }
    }

    @Test func hugeMessageIsStreamedWithBoundedBuffer() throws {
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("huge.mbox")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            let handle = try FileHandle(forWritingTo: url)
            try handle.write(contentsOf: Data("From big@example.com Fri Feb 22 17:06:23 2008\nSubject: big\n\n".utf8))
            // 30 MB of 100-byte lines, written 1 MB at a time.
            let line = Array(repeating: UInt8(ascii: "x"), count: 99) + [0x0A]
            let megabyte = Data(Array(repeating: line, count: 10_486).joined())
            for _ in 0..<30 { try handle.write(contentsOf: megabyte) }
            try handle.write(contentsOf: Data("\nFrom small@example.com Sat Feb 23 10:00:00 2008\nSubject: small\n\nhi\n".utf8))
            try handle.close()

            let chunk = 64 * 1024
            let reader = try MboxReader(path: url.path, options: MboxReaderOptions(bufferSize: chunk))
            let big = try #require(try reader.next())
            #expect(big.data.count == "Subject: big\n\n".utf8.count + 30 * megabyte.count)
            #expect(big.data.suffix(100) == Data(line))
            let small = try #require(try reader.next())
            #expect(String(decoding: small.data, as: UTF8.self) == "Subject: small\n\nhi\n")
            #expect(try reader.next() == nil)
            // The read buffer never holds more than a chunk plus an unfinished line.
            #expect(reader.peakBufferCount <= chunk + line.count)
        }
    }

    @Test func progressAdvancesToTheTotal() throws {
        let content = (1...50).map { "From a@b Fri Feb 22 17:06:23 2008\nSubject: \($0)\n\nbody \($0)\n\n" }.joined()
        try withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("p.mbox")
            try Data(content.utf8).write(to: url)
            let reader = try MboxReader(path: url.path, options: MboxReaderOptions(bufferSize: 100))
            var last: Int64 = -1
            var count = 0
            while try reader.next() != nil {
                #expect(reader.bytesRead > last)
                last = reader.bytesRead
                count += 1
            }
            #expect(count == 50)
            #expect(reader.bytesRead == Int64(content.utf8.count))
            #expect(reader.totalBytes == Int64(content.utf8.count))
        }
    }
}
