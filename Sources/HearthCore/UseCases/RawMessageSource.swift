import Foundation

/// One message as a mailbox file holds it, before parsing.
public struct RawMessage: Sendable {
    public var data: Data
    /// When the message arrived, if the container records it (mbox "From " line, Maildir mtime).
    public var receivedDate: Date?
    public var flags: MessageMapping.Flags
    /// The folder the container places it in (Maildir++ sub-folder), if any.
    public var folderPath: String?

    public init(data: Data, receivedDate: Date? = nil, flags: MessageMapping.Flags = [],
                folderPath: String? = nil) {
        self.data = data; self.receivedDate = receivedDate; self.flags = flags; self.folderPath = folderPath
    }
}

/// A streaming reader of a mailbox (mbox file, Maildir). Never loads the whole mailbox.
public protocol RawMessageSource {
    /// The next message, or nil at the end.
    mutating func next() throws(MailboxReadError) -> RawMessage?
    /// Bytes consumed so far and in total (for progress), when known.
    var bytesRead: Int64 { get }
    var totalBytes: Int64? { get }
}

/// Why a mailbox could not be read.
public enum MailboxReadError: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound(path: String)
    case unrecognizedFormat(path: String, reason: String)
    case io(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "no mailbox at \(path)"
        case .unrecognizedFormat(let path, let reason): "\(path) is not an mbox file or Maildir: \(reason)"
        case .io(let path, let reason): "cannot read \(path): \(reason)"
        }
    }
}
