import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

/// Line endings, the ends and the start of a file, flags from status headers, Content-Length.
@Suite struct MboxFramingTests {
    @Test func crlfFileKeepsItsLineEndings() throws {
        let text = "From a@example.com Fri Feb 22 17:06:23 2008\r\nSubject: one\r\n\r\nbody\r\n>From x\r\n\r\n"
            + "From b@example.com Sat Feb 23 10:00:00 2008\r\nSubject: two\r\n\r\nlast\r\n\r\n"
        let (messages, _) = try readMbox(content: text)
        #expect(messages.map(\.text) == ["Subject: one\r\n\r\nbody\r\nFrom x\r\n", "Subject: two\r\n\r\nlast\r\n"])
        #expect(messages.map(\.receivedDate) == [utc(2008, 2, 22, 17, 6, 23), utc(2008, 2, 23, 10)])
        let second = try #require(text.utf8.firstRange(of: "From b".utf8))
        #expect(messages.first?.info?.endOffset == Int64(text.utf8.distance(from: text.utf8.startIndex, to: second.lowerBound) - 2))
        #expect(messages.last?.info?.separatorOffset == Int64(text.utf8.distance(from: text.utf8.startIndex, to: second.lowerBound)))
    }

    @Test func lastLineWithoutNewlineIsKept() throws {
        let (messages, reader) = try readMbox(content: "From a@b Fri Feb 22 17:06:23 2008\nSubject: x\n\nno newline at the end")
        #expect(messages.map(\.text) == ["Subject: x\n\nno newline at the end"])
        #expect(reader.bytesRead == reader.totalBytes)
    }

    @Test func emptyFileHasNoMessages() throws {
        let (messages, reader) = try readMbox(content: "")
        #expect(messages.isEmpty)
        #expect(reader.totalBytes == 0)
        #expect(reader.bytesRead == 0)
        #expect(reader.skippedLeadingBytes == 0)
    }

    @Test func garbageBeforeTheFirstFromLineIsSkippedAndCounted() throws {
        let garbage = "This file was exported by\nSomeMailer 1.0\n\nFrom here on, mail.\n"
        let (messages, reader) = try readMbox(content: garbage + "From a@b Fri Feb 22 17:06:23 2008\nSubject: x\n\nbody\n")
        #expect(messages.map(\.text) == ["Subject: x\n\nbody\n"])
        #expect(reader.skippedLeadingBytes == Int64(garbage.utf8.count))
        #expect(reader.skippedLeadingLines == 4)
        #expect(messages.first?.info?.separatorOffset == Int64(garbage.utf8.count))
    }

    @Test func fileWithoutAnyFromLineIsAllGarbage() throws {
        let (messages, reader) = try readMbox(content: "just\ntext\n")
        #expect(messages.isEmpty)
        #expect(reader.skippedLeadingBytes == 10)
    }

    @Test func byteOrderMarkIsNotGarbage() throws {
        let (messages, reader) = try readMbox(data: Data([0xEF, 0xBB, 0xBF]) + Data("From -\nSubject: x\n\nbody\n".utf8))
        #expect(messages.map(\.text) == ["Subject: x\n\nbody\n"])
        #expect(reader.skippedLeadingBytes == 0)
        #expect(messages.first?.info?.separatorOffset == 3)
    }

    @Test func onlyOneSeparatingBlankLineIsRemoved() throws {
        let (messages, _) = try readMbox(content: "From a@b Fri Feb 22 17:06:23 2008\nS: 1\n\nbody\n\n\n\nFrom a@b Fri Feb 22 17:06:23 2008\nS: 2\n\nx\n")
        #expect(messages.map(\.text) == ["S: 1\n\nbody\n\n\n", "S: 2\n\nx\n"])
    }

    @Test func statusHeadersBecomeFlags() throws {
        let (messages, _) = try readMbox(content: """
            From a@b Fri Feb 22 17:06:23 2008
            Status: RO
            X-Status: AF

            one

            From a@b Fri Feb 22 17:06:23 2008
            Status: O

            two

            From a@b Fri Feb 22 17:06:23 2008
            X-Mozilla-Status: 0005

            three

            From a@b Fri Feb 22 17:06:23 2008
            status: R
            x-status: DT

            Status: A (in the body, ignored)

            """)
        #expect(messages.map(\.flags) == [
            [.seen, .answered, .flagged], [], [.seen, .flagged], [.seen, .deleted, .draft],
        ])
    }

    static let contentLengthMbox = """
        From a@b Fri Feb 22 17:06:23 2008
        Content-Length: 54

        line one
        From c@d Sat Feb 23 10:00:00 2008
        line three

        From e@f Sun Feb 24 10:00:00 2008
        Content-Length: 999

        From g@h Mon Feb 25 10:00:00 2008
        tail

        """

    @Test func contentLengthIsHonouredWhenItFits() throws {
        let (messages, _) = try readMbox(content: Self.contentLengthMbox, MboxReaderOptions(honourContentLength: true))
        #expect(messages.count == 3)
        #expect(messages.first?.text == "Content-Length: 54\n\nline one\nFrom c@d Sat Feb 23 10:00:00 2008\nline three\n")
        #expect(messages.map { $0.info?.delimitedByContentLength } == [true, false, false])
    }

    @Test func contentLengthIsIgnoredByDefault() throws {
        let (messages, _) = try readMbox(content: Self.contentLengthMbox)
        #expect(messages.count == 4)
        #expect(messages.allSatisfy { $0.info?.delimitedByContentLength == false })
    }

    @Test func contentLengthAtEndOfFileFits() throws {
        let (messages, _) = try readMbox(content: "From a@b Fri Feb 22 17:06:23 2008\nContent-Length: 36\n\nFrom c@d Sat Feb 23 10:00:00 2008\nx\n",
                                         MboxReaderOptions(honourContentLength: true))
        #expect(messages.count == 1)
        #expect(messages.first?.info?.delimitedByContentLength == true)
    }
}
