import Foundation

/// One message cut out of an mbox: its "From " separator line and its bytes.
struct MboxMessage {
    /// The separator line without "From " — sender and the date the message was filed.
    var separator: String
    /// Header block, the blank line, then the body (unless the splitter keeps headers only).
    var bytes: [UInt8]
}

/// Splits an mbox(rd) byte stream into messages, fed in chunks so multi-hundred-megabyte archives
/// stream through without being held in memory.
///
/// Every line starting with "From " begins a message (mboxrd escapes such body lines, and the
/// hand-made imaptest files contain none). Body lines matching `^>+From ` lose one `>` (the mboxrd
/// unescaping), and the blank line the format puts after each message is dropped. With
/// `headersOnly` the body is skipped entirely — threading needs only the header block.
struct MboxSplitter {
    var headersOnly = false
    private var carry: [UInt8] = []
    private var current: MboxMessage?
    private var inBody = false
    private var completed: [MboxMessage] = []

    init(headersOnly: Bool = false) { self.headersOnly = headersOnly }

    /// Consumes a chunk; returns the messages it completed.
    mutating func feed(_ chunk: [UInt8]) -> [MboxMessage] {
        var buffer = carry
        buffer.append(contentsOf: chunk)
        var lineStart = 0
        buffer.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            while lineStart < bytes.count,
                  let newline = memchr(base + lineStart, 0x0A, bytes.count - lineStart) {
                let lineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                consumeLine(UnsafeBufferPointer(rebasing: bytes[lineStart..<lineEnd]))
                lineStart = lineEnd + 1
            }
        }
        carry = Array(buffer[lineStart...])
        defer { completed = [] }
        return completed
    }

    /// Ends the stream; returns the last message.
    mutating func finish() -> [MboxMessage] {
        if !carry.isEmpty {
            let last = carry
            carry = []
            last.withUnsafeBufferPointer { consumeLine($0) }
        }
        closeCurrent()
        defer { completed = [] }
        return completed
    }

    private static let fromPrefix = Array("From ".utf8)

    private mutating func consumeLine(_ line: UnsafeBufferPointer<UInt8>) {
        if line.starts(with: Self.fromPrefix) {
            closeCurrent()
            let separator = String(decoding: line.dropFirst(5), as: UTF8.self)
            current = MboxMessage(separator: separator, bytes: [])
            inBody = false
            return
        }
        guard current != nil else { return }
        let isBlank = line.isEmpty || (line.count == 1 && line[0] == 0x0D)
        if !inBody {
            current?.bytes.append(contentsOf: line)
            current?.bytes.append(0x0A)
            if isBlank { inBody = true }
            return
        }
        if headersOnly { return }
        var body = line[...]
        if let quotes = body.firstIndex(where: { $0 != UInt8(ascii: ">") }), quotes > body.startIndex,
           body[quotes...].starts(with: Self.fromPrefix) {
            body = body.dropFirst()
        }
        current?.bytes.append(contentsOf: body)
        current?.bytes.append(0x0A)
    }

    private mutating func closeCurrent() {
        guard var message = current else { return }
        // The blank line that separates messages is not part of the message.
        if inBody && !headersOnly && message.bytes.suffix(2) == [0x0A, 0x0A] { message.bytes.removeLast() }
        completed.append(message)
        current = nil
    }
}

/// Streams an xz-compressed mbox through `/usr/bin/xz -dc`, calling `body` per message.
enum CompressedMbox {
    struct DecompressionFailed: Error { var file: String; var status: Int32 }

    static func forEachMessage(in file: URL, headersOnly: Bool, _ body: (MboxMessage) throws -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xz")
        process.arguments = ["-dc", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var splitter = MboxSplitter(headersOnly: headersOnly)
        let reader = output.fileHandleForReading
        while let chunk = try reader.read(upToCount: 1 << 20), !chunk.isEmpty {
            for message in splitter.feed([UInt8](chunk)) { try body(message) }
        }
        for message in splitter.finish() { try body(message) }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw DecompressionFailed(file: file.lastPathComponent, status: process.terminationStatus)
        }
    }
}
