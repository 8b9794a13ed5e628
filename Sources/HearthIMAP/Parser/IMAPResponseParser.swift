/// The incremental response parser: feed bytes as they arrive, in chunks cut anywhere, and get
/// the complete responses back. Never throws: what it cannot parse (or what exceeds `limits`)
/// comes out as `.unknown`, so one odd line cannot end a session.
public struct IMAPResponseParser: Sendable {
    private var framer: ResponseFramer

    public init(limits: ParserLimits = .default) {
        framer = ResponseFramer(limits: limits)
    }

    /// True while a response is partly received. After STARTTLS's OK this must be false: bytes
    /// sent before the TLS handshake would otherwise be trusted as if they came through TLS.
    public var hasBufferedInput: Bool { framer.hasPartialResponse }

    /// Feeds the next bytes; returns the responses they complete, in order.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [IMAPResponse] {
        var frames: [ResponseFramer.Frame] = []
        framer.feed(bytes, into: &frames)
        return frames.map(IMAPResponseParser.response)
    }

    public mutating func feed(_ bytes: some Collection<UInt8>) -> [IMAPResponse] {
        if let result = bytes.withContiguousStorageIfAvailable({ feed(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(bytes).withUnsafeBytes { feed($0) }
    }

    /// Parses one complete response (no trailing CRLF needed), e.g. in tests.
    public static func parse(_ line: String) -> IMAPResponse {
        var parser = IMAPResponseParser()
        let responses = parser.feed(Array((line.hasSuffix("\r\n") ? line : line + "\r\n").utf8))
        return responses.first ?? .unknown(line)
    }

    private static func response(_ frame: ResponseFramer.Frame) -> IMAPResponse {
        switch frame {
        case .skipped(let description):
            return .unknown(description)
        case .response(let bytes):
            do {
                return try ResponseGrammar.parse(bytes)
            } catch {
                return .unknown(ByteCursor.text(Array(bytes.prefix(4096))))
            }
        }
    }
}
