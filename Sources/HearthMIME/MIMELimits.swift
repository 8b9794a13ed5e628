/// Safety limits applied while parsing. Hostile mail is normal, so every dimension that an
/// attacker controls (size, nesting, part count, header count, header length) is bounded.
/// Exceeding `maxTotalSize` refuses the message; every other limit degrades the parse and
/// records a `ParseDefect`, so the user still sees what could be read.
public struct MIMELimits: Sendable, Hashable {
    /// Maximum nesting of multipart and message/rfc822 entities. Deeper entities are not opened.
    public var maxDepth: Int
    /// Maximum number of MIME entities (parts) in the tree, encapsulated messages included.
    public var maxParts: Int
    /// Maximum header fields kept per entity; later fields are skipped.
    public var maxHeaderFields: Int
    /// Maximum bytes kept of one (folded) header field; longer values are truncated.
    public var maxHeaderLineLength: Int
    /// Messages larger than this are refused with `MessageParseError.limitExceeded`.
    public var maxTotalSize: Int

    public init(maxDepth: Int = 20, maxParts: Int = 1_000, maxHeaderFields: Int = 1_000,
                maxHeaderLineLength: Int = 256 * 1024, maxTotalSize: Int = 64 * 1024 * 1024) {
        self.maxDepth = max(1, maxDepth)
        self.maxParts = max(1, maxParts)
        self.maxHeaderFields = max(1, maxHeaderFields)
        self.maxHeaderLineLength = max(80, maxHeaderLineLength)
        self.maxTotalSize = max(1, maxTotalSize)
    }

    public static let `default` = MIMELimits()
}
