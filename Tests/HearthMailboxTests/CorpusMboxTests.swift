import Foundation
import HearthCore
import HearthTestSupport
import Testing
@testable import HearthMailbox

/// Other libraries' mbox test files with their expected results (../shared/corpora).
@Suite(.corporaPresent)
struct CorpusMboxTests {
    /// GMime's substring.mbox: three messages whose `From - ` lines (no date) follow the
    /// previous body without a blank line; expected output lists message and header offsets.
    @Test func gmimeSubstringMbox() throws {
        let input = Corpora.url("mime-gmime/tests/data/mbox/input/substring.mbox")
        let expected = try String(contentsOf: Corpora.url("mime-gmime/tests/data/mbox/output/substring.mbox"), encoding: .utf8)
        // "message offsets: 0, 526" / "header offsets: 8, 216", one pair per message.
        func pairs(_ label: String) -> [[Int64]] {
            expected.split(separator: "\n").filter { $0.hasPrefix(label) }.map {
                $0.dropFirst(label.count).split(separator: ",").compactMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
            }
        }
        let messageOffsets = pairs("message offsets:")
        let headerOffsets = pairs("header offsets:")
        #expect(messageOffsets.count == 3)
        for size in [1, 7, 64, 1 << 20] {
            let (messages, _) = try readMbox(input, MboxReaderOptions(bufferSize: size))
            try #require(messages.count == messageOffsets.count, "buffer \(size)")
            for (index, message) in messages.enumerated() {
                let info = try #require(message.info)
                // No blank line before the next From_, so a message ends where the next starts.
                #expect([info.separatorOffset, info.endOffset] == messageOffsets[index])
                let headerEnd = try #require(message.text.utf8.firstRange(of: "\n\n".utf8))
                let headerLength = message.text.utf8.distance(from: message.text.utf8.startIndex, to: headerEnd.lowerBound) + 1
                #expect([info.contentOffset, info.contentOffset + Int64(headerLength)] == headerOffsets[index])
                #expect(info.fromLine == "From - ")
                #expect(message.receivedDate == nil)
            }
        }
    }

    struct MimeKitOffsets: Decodable {
        var mboxMarkerOffset: Int64
        var beginOffset: Int64
        var endOffset: Int64
    }

    /// MimeKit's mboxes with expected per-message offsets, as written (LF) and converted to
    /// CRLF (its `dos-offsets` files), with and without Content-Length honoured.
    ///
    /// One deliberate difference: where no blank line precedes the next From_ line, MimeKit
    /// ends the message before the last line break, we after it — only a blank line is mbox
    /// framing, the line break ends the message's last line. GMime agrees with us on the very
    /// same messages (`gmimeSubstringMbox`: ends equal the next From_ offset).
    @Test(arguments: ["content-length", "issue1189"], [false, true])
    func mimekitOffsets(name: String, crlf: Bool) throws {
        let folder = "mime-mimekit/UnitTests/TestData/mbox/"
        let expected = try JSONDecoder().decode([MimeKitOffsets].self, from: Data(contentsOf: Corpora.url(
            folder + "\(name).\(crlf ? "dos" : "unix")-offsets.json")))
        var bytes = try Data(contentsOf: Corpora.url(folder + "\(name).mbox.txt"))
        if crlf { bytes = Data(bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }) }
        let lineBreak: Int64 = crlf ? 2 : 1
        for honour in [false, true] {
            let (messages, _) = try readMbox(data: bytes, MboxReaderOptions(honourContentLength: honour))
            try #require(messages.count == expected.count)
            for (index, (message, want)) in zip(messages, expected).enumerated() {
                let info = try #require(message.info)
                #expect([info.separatorOffset, info.contentOffset] == [want.mboxMarkerOffset, want.beginOffset],
                        "message \(index), Content-Length honoured: \(honour)")
                let nextMarker = index + 1 < expected.count ? expected[index + 1].mboxMarkerOffset : Int64(bytes.count)
                let noBlankLineBefore = info.endOffset == nextMarker && want.endOffset == nextMarker - lineBreak
                #expect(info.endOffset == want.endOffset || noBlankLineBefore,
                        "message \(index): end \(info.endOffset), MimeKit \(want.endOffset), honoured: \(honour)")
            }
            if honour && name == "content-length" && !crlf {
                // Netscape's lengths: 18 land on the next From_ line; the other 11 are wrong or
                // leave out the last line break, and those messages fall back to From_ lines.
                #expect(messages.filter { $0.info?.delimitedByContentLength == true }.count == 18)
            }
        }
    }

    /// `From Russia with love` after a blank line in both bodies, `From -` separators, a BOM.
    @Test func mimekitUnmungedFromLines() throws {
        let (messages, reader) = try readMbox(Corpora.url("mime-mimekit/UnitTests/TestData/mbox/unmunged.mbox.txt"))
        #expect(messages.count == 2)
        #expect(messages.allSatisfy { $0.text.contains("\n\nFrom Russia with love\n") })
        #expect(messages.first?.text.hasPrefix("From: Jeffrey Stedfast") == true)
        #expect(reader.skippedLeadingBytes == 0)
    }

    @Test func mimekitSimpleMbox() throws {
        let (messages, _) = try readMbox(Corpora.url("mime-mimekit/UnitTests/TestData/mbox/simple.mbox.txt"))
        #expect(messages.count == 3)
    }

    /// mime4j's mbox.rlug and the five messages its iterator must produce. mime4j keeps the
    /// blank line that precedes the next From_ line; we drop it as mbox framing (as GMime,
    /// MimeKit and the mboxrd definition do), so each expected file is our message plus "\n".
    @Test func mime4jRlug() throws {
        let folder = "mime-mime4j/mbox/src/test/resources/test-1/"
        let (messages, _) = try readMbox(Corpora.url(folder + "mbox.rlug"))
        #expect(messages.count == 5)
        for (index, message) in messages.enumerated() {
            let expected = try Data(contentsOf: Corpora.url(folder + "mbox.rlug-\(index)"))
            #expect(Data((message.text + "\n").utf8) == expected, "message \(index)")
            #expect(message.receivedDate == utc(2003, 3, 4, 3, 33, 20))
        }
    }
}
