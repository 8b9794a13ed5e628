/// Memory bounds for one response. A server (or a man in the middle before TLS) must not be able
/// to make the client buffer without limit; responses over a limit are skipped as `.unknown`.
public struct ParserLimits: Hashable, Sendable {
    /// Longest line outside literals (a big UID SEARCH answer is the usual long line).
    public var maxLineLength: Int
    /// Largest single literal (a message body). Bigger ones are skipped, not buffered.
    public var maxLiteralSize: Int

    public init(maxLineLength: Int = 8 << 20, maxLiteralSize: Int = 256 << 20) {
        self.maxLineLength = maxLineLength; self.maxLiteralSize = maxLiteralSize
    }

    public static let `default` = ParserLimits()
}
