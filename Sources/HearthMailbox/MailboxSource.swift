import Foundation
import HearthCore

/// Any of the mailbox readers, so callers hold one concrete `var` (the protocol's `next()` is
/// `mutating`) and can still ask format-specific questions.
public enum AnyMailboxSource: RawMessageSource {
    case mbox(MboxReader)
    case maildir(MaildirReader)
    case emlFiles(EmlDirectoryReader)

    public mutating func next() throws(MailboxReadError) -> RawMessage? {
        switch self {
        case .mbox(let reader): try reader.next()
        case .maildir(let reader): try reader.next()
        case .emlFiles(let reader): try reader.next()
        }
    }

    public var bytesRead: Int64 {
        switch self {
        case .mbox(let reader): reader.bytesRead
        case .maildir(let reader): reader.bytesRead
        case .emlFiles(let reader): reader.bytesRead
        }
    }

    public var totalBytes: Int64? {
        switch self {
        case .mbox(let reader): reader.totalBytes
        case .maildir(let reader): reader.totalBytes
        case .emlFiles(let reader): reader.totalBytes
        }
    }

    /// Message files left out so far, with the reason (Maildir and .eml only: an mbox is one
    /// file, and a read error there stops the reader with `MailboxReadError.io`).
    public var skipped: [MailboxSkip] {
        switch self {
        case .mbox: []
        case .maildir(let reader): reader.skipped
        case .emlFiles(let reader): reader.skipped
        }
    }

    /// A short name of the detected format, for messages to the user.
    public var formatName: String {
        switch self {
        case .mbox(let reader): reader.compression.map { "mbox (\($0.rawValue))" } ?? "mbox"
        case .maildir: "Maildir"
        case .emlFiles: ".eml files"
        }
    }
}

/// Opens a mailbox, deciding its format from what is on disk (never from the name alone):
///
/// | path is | read as |
/// |---|---|
/// | missing | `MailboxReadError.notFound` |
/// | a directory with `cur/` or `new/`, or with Maildir folders below it (Maildir++ `.folder`s, a tree of Maildirs as mbsync/offlineimap write) | Maildir, one folder per Maildir |
/// | another directory holding `.eml` files (at any depth) | `EmlDirectoryReader` |
/// | an xz or gzip file (by magic bytes) | compressed mbox |
/// | an empty file, or one with a From_ line in its first 64 KB | mbox |
/// | a file starting with a header field (`Name: value`) | a single message |
/// | anything else | `MailboxReadError.unrecognizedFormat`, saying why |
public enum MailboxSource {
    /// How far into a file detection looks for a From_ line.
    static let sniffLength = 64 * 1024

    public static func open(path: String, mboxOptions: MboxReaderOptions = MboxReaderOptions())
        throws(MailboxReadError) -> AnyMailboxSource {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .notFound(path: path)
        }
        let url = URL(fileURLWithPath: path)
        if isDirectory.boolValue {
            let layout = MaildirLayout(root: url)
            if !layout.folders.isEmpty {
                return .maildir(try MaildirReader(root: url, layout: layout))
            }
            if EmlDirectoryReader.containsMessageFiles(url) {
                return .emlFiles(try EmlDirectoryReader(path: path))
            }
            throw .unrecognizedFormat(path: path, reason:
                "a directory with no Maildir folder (cur/ or new/) in it or below it, and without .eml files")
        }
        let values = try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey])
        guard values?.isRegularFile == true else {
            throw .unrecognizedFormat(path: path, reason: "neither a regular file nor a directory")
        }
        let prefix = try readPrefix(path: path)
        if prefix.isEmpty || MailboxCompression.detect(prefix: prefix) != nil {
            return .mbox(try MboxReader(path: path, options: mboxOptions))
        }
        switch classify(prefix) {
        case .mbox: return .mbox(try MboxReader(path: path, options: mboxOptions))
        case .message: return .emlFiles(try EmlDirectoryReader(path: path))
        case .unknown:
            throw .unrecognizedFormat(path: path, reason:
                "no \"From \" separator line in the first \(sniffLength / 1024) KB, and it does not start like a single message")
        }
    }

    enum FileKind { case mbox, message, unknown }

    /// What the first bytes of a plain file look like.
    static func classify(_ prefix: [UInt8]) -> FileKind {
        var bytes = prefix[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        // The last piece may be a line cut by the prefix length: judge only whole lines.
        for (number, line) in lines.dropLast(bytes.last == 0x0A ? 0 : 1).enumerated() {
            let isSeparator = line.withContiguousStorageIfAvailable {
                FromLine.parse($0, lenient: number == 0) != nil
            } ?? false
            if isSeparator { return .mbox }
        }
        if let first = lines.first, startsWithHeaderField(first) { return .message }
        return .unknown
    }

    /// `Name:` with a name of printable ASCII other than ':' (RFC 5322 field-name).
    private static func startsWithHeaderField(_ line: ArraySlice<UInt8>) -> Bool {
        guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else { return false }
        return line[..<colon].allSatisfy { (0x21...0x7E).contains($0) }
    }

    private static func readPrefix(path: String) throws(MailboxReadError) -> [UInt8] {
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            return Array(try handle.read(upToCount: sniffLength) ?? Data())
        } catch {
            throw .io(path: path, reason: error.localizedDescription)
        }
    }
}
