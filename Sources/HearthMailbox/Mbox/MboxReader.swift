import Foundation
import HearthCore

/// Streams the messages of an mbox file (mboxrd, mboxo, optionally mboxcl/Content-Length),
/// plain or xz/gzip-compressed, reading fixed-size chunks: memory stays near
/// `options.bufferSize` plus the message being assembled, whatever the file size.
///
/// What it does with what it finds (details in docs/mailbox-formats.md):
/// - a UTF-8 byte-order mark at the start is skipped; bytes before the first From_ line are
///   skipped and counted in `skippedLeadingBytes` / `skippedLeadingLines`;
/// - a message runs from the line after its From_ line up to the next From_ line (see
///   `FromLine` for the rule), minus the one blank line the writer put before that From_ line;
/// - line endings are kept as written (LF or CRLF); a last line without newline is kept;
/// - `receivedDate` comes from the From_ line, flags from `Status`/`X-Status`/`X-Mozilla-Status`.
///
/// A class, because it owns a file handle (and maybe a child process) that must be released
/// exactly once; it is single-consumer state, hence not `Sendable`.
public final class MboxReader: RawMessageSource {
    public let path: String
    public let options: MboxReaderOptions
    /// Set when the file is compressed and read through a decompressor.
    public let compression: MailboxCompression?
    /// Bytes (and lines) before the first From_ line, which belong to no message.
    public private(set) var skippedLeadingBytes: Int64 = 0
    public private(set) var skippedLeadingLines = 0
    /// Where the message returned last sits in the file.
    public private(set) var lastMessage: MboxMessageInfo?
    public private(set) var messagesRead = 0

    private let input: any ByteInput
    /// Bytes read but not consumed start at `head`; `buffer[0]` is at `bufferBase` in the stream.
    private var buffer: [UInt8] = []
    private var head = 0
    private var bufferBase: Int64 = 0
    private var endOfInput = false
    private var started = false
    /// The From_ line that ended the previous message and starts the next.
    private var pending: (line: FromLine, offset: Int64, length: Int)?
    /// Storage reused between messages.
    private var messageBuffer: [UInt8] = []
    /// High-water mark of `buffer.count`, for the bounded-memory tests.
    private(set) var peakBufferCount = 0

    public init(path: String, options: MboxReaderOptions = MboxReaderOptions()) throws(MailboxReadError) {
        self.path = path
        self.options = options
        let compression = try Self.sniffCompression(path: path)
        self.compression = compression
        if let compression {
            input = try DecompressingByteInput(path: path, compression: compression)
        } else {
            input = try FileByteInput(path: path)
        }
    }

    /// Bytes of the file consumed so far (of the compressed file when compressed).
    public var bytesRead: Int64 {
        compression == nil ? bufferBase + Int64(head) : input.position
    }

    public var totalBytes: Int64? { input.size }

    public func next() throws(MailboxReadError) -> RawMessage? {
        if !started { try skipToFirstSeparator() }
        guard let from = pending else { return nil }
        pending = nil

        // Assembled in a reused array (cheaper per line than `Data.append`), copied out once.
        var data: [UInt8] = []
        swap(&data, &messageBuffer)
        data.removeAll(keepingCapacity: true)
        var rawLength = 0
        var trailingBlankLength = 0
        var inHeaders = true
        var headers = MboxStatusHeaders()
        var contentLengthRemaining = 0
        var delimitedByContentLength = false
        let unescape = options.variant.unescapesFromLines

        while let range = try nextLine() {
            var headersEnded = false
            let separator: FromLine? = buffer.withUnsafeBufferPointer { all in
                let line = UnsafeBufferPointer(rebasing: all[range])
                if contentLengthRemaining > 0 {
                    contentLengthRemaining -= line.count
                    trailingBlankLength = 0
                } else {
                    if FromLine.hasPrefix(line), let separator = FromLine.parse(line) { return separator }
                    let blank = Self.isBlank(line)
                    trailingBlankLength = blank ? line.count : 0
                    if inHeaders {
                        if blank { inHeaders = false; headersEnded = true } else { headers.scan(line) }
                    }
                }
                rawLength += line.count
                if unescape, Self.isEscapedFromLine(line) {
                    data.append(contentsOf: UnsafeBufferPointer(rebasing: line[1...]))
                } else {
                    data.append(contentsOf: line)
                }
                return nil
            }
            if let separator {
                pending = (separator, bufferBase + Int64(range.lowerBound), range.count)
                break
            }
            if headersEnded, options.honourContentLength, let length = headers.contentLength,
               try contentLengthFits(length) {
                contentLengthRemaining = length
                delimitedByContentLength = true
            }
        }
        if trailingBlankLength > 0 {
            data.removeLast(trailingBlankLength)
            rawLength -= trailingBlankLength
        }
        let message = Data(data)
        // Keep the capacity for the next message unless this one was unusually large.
        messageBuffer = data.capacity <= 4 * options.bufferSize ? data : []
        messagesRead += 1
        let contentOffset = from.offset + Int64(from.length)
        lastMessage = MboxMessageInfo(
            index: messagesRead, separatorOffset: from.offset, contentOffset: contentOffset,
            endOffset: contentOffset + Int64(rawLength), fromLine: from.line.text,
            envelopeSender: from.line.sender, delimitedByContentLength: delimitedByContentLength)
        return RawMessage(data: message, receivedDate: from.line.date, flags: headers.flags)
    }

    // MARK: - Framing

    /// Skips a byte-order mark and anything before the first From_ line. The very first line
    /// of the file is accepted leniently: at offset 0 "From " cannot be anything else.
    private func skipToFirstSeparator() throws(MailboxReadError) {
        started = true
        try ensureAvailable(3)
        if buffer.count - head >= 3, buffer[head] == 0xEF, buffer[head + 1] == 0xBB, buffer[head + 2] == 0xBF {
            head += 3
        }
        var first = true
        while let range = try nextLine() {
            let lenient = first
            let separator = buffer.withUnsafeBufferPointer { all in
                FromLine.parse(UnsafeBufferPointer(rebasing: all[range]), lenient: lenient)
            }
            if let separator {
                pending = (separator, bufferBase + Int64(range.lowerBound), range.count)
                return
            }
            skippedLeadingBytes += Int64(range.count)
            skippedLeadingLines += 1
            first = false
        }
    }

    /// Whether a body of `length` bytes starting at `head` ends where a message must end: at
    /// the end of the file, or at a From_ line, possibly after one blank line.
    private func contentLengthFits(_ length: Int) throws(MailboxReadError) -> Bool {
        guard length <= options.maxContentLength else { return false }
        if compression == nil, let size = input.size, bufferBase + Int64(head) + Int64(length) > size {
            return false
        }
        // Enough for the body plus a blank line and a generous From_ line.
        try ensureAvailable(length + 2 + 1024)
        let end = head + length
        guard end <= buffer.count else { return false }
        return buffer.withUnsafeBufferPointer { all in
            if end == all.count { return endOfInput }
            if length > 0, all[end - 1] != 0x0A { return false }
            var lineStart = end
            if let blankEnd = Self.blankLineEnd(all, at: lineStart) {
                if blankEnd == all.count { return endOfInput }
                lineStart = blankEnd
            }
            let lineEnd = Self.newline(in: all, from: lineStart).map { $0 + 1 } ?? all.count
            return FromLine.parse(UnsafeBufferPointer(rebasing: all[lineStart..<lineEnd])) != nil
        }
    }

    // MARK: - Buffer

    /// The next line (terminator included) as a range of `buffer`, valid until the next call;
    /// nil when the input is exhausted.
    private func nextLine() throws(MailboxReadError) -> Range<Int>? {
        var searchFrom = head
        while true {
            if let newline = buffer.withUnsafeBufferPointer({ Self.newline(in: $0, from: searchFrom) }) {
                let line = head..<(newline + 1)
                head = newline + 1
                return line
            }
            if endOfInput {
                guard head < buffer.count else { return nil }
                let line = head..<buffer.count
                head = buffer.count
                return line
            }
            searchFrom = buffer.count - compact()
            try fill()
        }
    }

    /// Reads until `count` unconsumed bytes are buffered or the input ends.
    private func ensureAvailable(_ count: Int) throws(MailboxReadError) {
        while buffer.count - head < count, !endOfInput {
            _ = compact()
            try fill()
        }
    }

    /// Drops consumed bytes from the front of the buffer; returns how many.
    private func compact() -> Int {
        let consumed = head
        guard consumed > 0 else { return 0 }
        buffer.removeSubrange(0..<consumed)
        bufferBase += Int64(consumed)
        head = 0
        return consumed
    }

    private func fill() throws(MailboxReadError) {
        if try input.read(into: &buffer, maxCount: options.bufferSize) == 0 { endOfInput = true }
        peakBufferCount = max(peakBufferCount, buffer.count)
    }

    // MARK: - Byte helpers

    private static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private static func isBlank(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        (line.count == 1 && line[0] == 0x0A) || (line.count == 2 && line[0] == 0x0D && line[1] == 0x0A)
    }

    /// End of the blank line starting at `index`, if one does.
    private static func blankLineEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        if index < bytes.count, bytes[index] == 0x0A { return index + 1 }
        if index + 1 < bytes.count, bytes[index] == 0x0D, bytes[index + 1] == 0x0A { return index + 2 }
        return nil
    }

    /// `^>+From `: a From line escaped by the writer.
    private static func isEscapedFromLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard line.first == 0x3E else { return false }
        var index = 1
        while index < line.count, line[index] == 0x3E { index += 1 }
        return FromLine.hasPrefix(UnsafeBufferPointer(rebasing: line[index...]))
    }

    /// The compression the file's magic bytes announce, if any.
    private static func sniffCompression(path: String) throws(MailboxReadError) -> MailboxCompression? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        guard !isDirectory.boolValue else {
            throw .unrecognizedFormat(path: path, reason: "a directory, not an mbox file")
        }
        let handle: FileHandle
        do { handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)) } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
        defer { try? handle.close() }
        let magic: Data?
        do { magic = try handle.read(upToCount: 6) } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
        return magic.flatMap { MailboxCompression.detect(prefix: $0) }
    }
}

@available(*, unavailable, message: "a reader is single-consumer state; create one per task")
extension MboxReader: Sendable {}
