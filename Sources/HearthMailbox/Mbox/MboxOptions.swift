import Foundation

/// How "From " lines inside message bodies were escaped when the mbox was written.
public enum MboxVariant: String, Sendable, Hashable, CaseIterable {
    /// mboxrd: the writer turned every `^>*From ` line into one with an extra `>`; the reader
    /// removes exactly one `>` from lines matching `^>+From `. Reversible.
    case mboxrd
    /// mboxo (and mboxcl2): `>From ` lines are kept as written. The writer escaped "From " to
    /// ">From " but left ">From " alone, so the escape cannot be undone unambiguously.
    case mboxo
    /// The default: read as mboxrd. For an mboxrd file that is exact. For an mboxo file it turns
    /// each escaped `>From ` back into the `From ` the sender wrote — the common case — and only
    /// costs one `>` on a line that was literally `>From ` (a quoted "From " line); keeping
    /// every escape instead would leave a stray `>` in every message that had one. A file cannot
    /// be classified before it has been read to the end, and a streaming reader cannot wait.
    case auto

    /// Whether one leading `>` is removed from `^>+From ` lines.
    var unescapesFromLines: Bool { self != .mboxo }
}

/// Tuning and interpretation choices of `MboxReader`.
public struct MboxReaderOptions: Sendable, Hashable {
    public var variant: MboxVariant
    /// mboxcl/mboxcl2: when true and a message's `Content-Length:` ends its body exactly where
    /// the next From_ line (optionally after one blank line) or the end of the file begins, that
    /// body is taken as is, "From " lines inside it included. A length that does not land there
    /// (wrong, as often written by old Netscape versions) is ignored and the message is split by
    /// From_ lines as usual. Off by default: most files carry no or stale Content-Length.
    public var honourContentLength: Bool
    /// Bytes read from the file per chunk. Memory stays near this plus the largest message.
    public var bufferSize: Int
    /// A `Content-Length:` above this is ignored rather than buffered to check it.
    public var maxContentLength: Int

    public init(variant: MboxVariant = .auto, honourContentLength: Bool = false,
                bufferSize: Int = 1 << 20, maxContentLength: Int = 256 << 20) {
        self.variant = variant
        self.honourContentLength = honourContentLength
        self.bufferSize = max(1, bufferSize)
        self.maxContentLength = max(0, maxContentLength)
    }
}

/// Where the message `MboxReader.next()` returned last sits in the (decompressed) file.
public struct MboxMessageInfo: Sendable, Hashable {
    /// 1-based position of the message in the file.
    public var index: Int
    /// Offset of its From_ line.
    public var separatorOffset: Int64
    /// Offset of its first header byte (just after the From_ line).
    public var contentOffset: Int64
    /// Offset just past its last byte, excluding the blank line that separates it from the
    /// next From_ line.
    public var endOffset: Int64
    /// The From_ line without its line terminator.
    public var fromLine: String
    /// The envelope sender written on the From_ line (`-` for Thunderbird, an address, …).
    public var envelopeSender: String
    /// Whether its body was delimited by a `Content-Length:` header.
    public var delimitedByContentLength: Bool
}
