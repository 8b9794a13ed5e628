import HearthTestSupport
import Foundation
import HearthIMAP
import Testing

/// The parser's central promise: however the byte stream is cut into reads, the responses are
/// the same.
struct ParserSplitPropertyTests {
    /// Every fixture plus a large literal, a literal8, a literal ending exactly at a chunk
    /// boundary, 8-bit data and an unknown line.
    static let stream: [UInt8] = {
        var bytes: [UInt8] = []
        for text in [Fixtures.greeting, Fixtures.selectQResync, Fixtures.fetchAlternative, Fixtures.fetchEncodedWord,
                     Fixtures.fetchMixed, Fixtures.fetchLiterals, Fixtures.listGmail, Fixtures.misc] {
            bytes += Array(text.utf8)
        }
        var body: [UInt8] = []
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<200_000 { body.append(UInt8(truncatingIfNeeded: generator.next())) }
        bytes += Array("* 9 FETCH (UID 99 BODY[] {\(body.count)}\r\n".utf8) + body + Array(" FLAGS (\\Seen))\r\n".utf8)
        bytes += Array("* 10 FETCH (BINARY[2] ~{4}\r\n\r\n\r\n UID 100)\r\n".utf8)
        bytes += Array("* 11 FETCH (BODY[1] {0}\r\n UID 101)\r\n".utf8)
        bytes += Array("* XUNKNOWN {3}\r\nabc still one response\r\n".utf8)
        bytes += Array("* 12 FETCH (ENVELOPE (NIL \"Grüße aus Köln\" NIL NIL NIL NIL NIL NIL NIL NIL))\r\n".utf8)
        return bytes
    }()

    static func parse(chunks: [ArraySlice<UInt8>]) -> [IMAPResponse] {
        var parser = IMAPResponseParser()
        var out: [IMAPResponse] = []
        for chunk in chunks { out += parser.feed(chunk) }
        return out
    }

    static let reference = parse(chunks: [stream[...]])

    @Test func referenceParseIsComplete() {
        #expect(Self.reference.count == 50)
        #expect(!Self.reference.contains { if case .unknown(let line) = $0 { line.contains("skipped") } else { false } })
        let big = Self.reference.first { $0.fetchedMessage?.uid == 99 }?.fetchedMessage
        #expect(big?.body()?.count == 200_000)
        #expect(big?.flags == [.seen])
        #expect(Self.reference.contains { $0.fetchedMessage?.uid == 100 })
        #expect(Self.reference.contains { $0.fetchedMessage?.uid == 101 })
        #expect(Self.reference.last?.fetchedMessage?.envelope?.subject == "Grüße aus Köln")
    }

    /// Two pieces, cut at every position of the fixtures (every token boundary), and around
    /// the large literal's announcement and end. (Each cut re-parses the whole stream, so the
    /// every-position part uses the stream without the 200 kB literal.)
    @Test func splitAtEveryPosition() {
        let marker = Array("* 9 FETCH (UID 99".utf8)
        let end = Self.stream.indices.first { Self.stream[$0...].starts(with: marker) } ?? Self.stream.count
        let fixtures = Array(Self.stream[..<end])
        let fixtureReference = Self.parse(chunks: [fixtures[...]])
        for position in 0...fixtures.count {
            if Self.parse(chunks: [fixtures[..<position], fixtures[position...]]) != fixtureReference {
                Issue.record("split at \(position) of the fixtures changed the result")
                return
            }
        }
        let stream = Self.stream
        let bigStart = fixtures.count
        let positions = Array(bigStart...(bigStart + 60)) + Array((stream.count - 600)...stream.count)
        for position in positions {
            if Self.parse(chunks: [stream[..<position], stream[position...]]) != Self.reference {
                Issue.record("split at \(position) changed the result")
                return
            }
        }
    }

    @Test func byteByByte() {
        let chunks = Self.stream.indices.map { Self.stream[$0...$0] }
        #expect(Self.parse(chunks: chunks) == Self.reference)
    }

    @Test func randomChunkSizes() {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            var chunks: [ArraySlice<UInt8>] = []
            var index = 0
            let maxChunk = Int(generator.next() % 4096) + 1
            while index < Self.stream.count {
                let size = Int(generator.next() % UInt64(maxChunk)) + 1
                let end = min(Self.stream.count, index + size)
                chunks.append(Self.stream[index..<end])
                index = end
            }
            #expect(Self.parse(chunks: chunks) == Self.reference)
        }
    }
}

