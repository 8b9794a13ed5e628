import Foundation
import HearthCore
import Testing
@testable import HearthMailbox

/// Which "From " lines split messages (docs/mailbox-formats.md, "The separator rule").
@Suite struct MboxSeparatorTests {
    @Test func fromLineInBodyWithoutDateStaysInTheMessage() throws {
        let (messages, _) = try readMbox(content: """
            From alice@example.com Fri Feb 22 17:06:23 2008
            Subject: one

            My favourite film:

            From Russia with love
            From here on, no date.

            From bob@example.com Sat Feb 23 10:00:00 2008
            Subject: two

            body

            """)
        #expect(messages.map(\.text) == [
            "Subject: one\n\nMy favourite film:\n\nFrom Russia with love\nFrom here on, no date.\n",
            "Subject: two\n\nbody\n",
        ])
    }

    @Test func fromLineInBodyWithValidDateSplits() throws {
        // Indistinguishable from a real separator: an unescaped mboxo body line like this one
        // starts a new message (what every mbox reader does).
        let (messages, _) = try readMbox(content: """
            From alice@example.com Fri Feb 22 17:06:23 2008
            Subject: one

            quoted:

            From carol@example.com Sun Feb 24 08:00:00 2008
            not a header

            """)
        #expect(messages.count == 2)
        #expect(messages.last?.text == "not a header\n")
        #expect(messages.last?.receivedDate == utc(2008, 2, 24, 8))
    }

    @Test func separatorWithoutBlankLineBefore() throws {
        // GMime's and MimeKit's test mailboxes: `From - ` right after the previous body line.
        let (messages, _) = try readMbox(content: "From -\nSubject: a\n\ntext\nFrom -\nSubject: b\n\nmore\n")
        #expect(messages.map(\.text) == ["Subject: a\n\ntext\n", "Subject: b\n\nmore\n"])
        #expect(messages.map { $0.info?.envelopeSender } == ["-", "-"])
        #expect(messages.allSatisfy { $0.receivedDate == nil })
    }

    @Test(arguments: [
        ("From alice@example.com Fri Feb 22 17:06:23 2008", true),
        ("From - Mon Jun  3 12:50:27 1996", true),
        ("From -", true),
        ("From - ", true),
        ("From 1844347792267117879@xxx", true),
        ("From MAILER-DAEMON", true),
        ("From \"john doe\"@example.com Fri Feb 22 17:06:23 2008", true),
        ("From a@b Fri, 22 Feb 2008 17:06:23 +0100", true),
        ("From Russia with love", false),
        ("From here on, no date.", false),
        ("From Feb 22 on", false),
        ("From Monday through Friday at 17:06", false),
        ("From alice", false),
        ("From ", false),
        ("From: alice@example.com", false),
        (">From alice@example.com Fri Feb 22 17:06:23 2008", false),
    ])
    func separatorHeuristic(line: String, isSeparator: Bool) {
        let bytes = Array((line + "\n").utf8)
        let parsed = bytes.withUnsafeBufferPointer { FromLine.parse($0) }
        #expect((parsed != nil) == isSeparator, "\(line)")
    }

    @Test func lenientAtFileStartOnly() throws {
        // "From alice" is not a separator in a body, but the first line of a file can be
        // nothing else.
        let (messages, reader) = try readMbox(content: "From alice\nSubject: a\n\nFrom alice\n")
        #expect(messages.map(\.text) == ["Subject: a\n\nFrom alice\n"])
        #expect(reader.skippedLeadingBytes == 0)
    }

    @Test(arguments: [
        ("Fri Feb 22 17:06:23 2008", utc(2008, 2, 22, 17, 6, 23)),
        ("Sat Feb  2 01:02:03 2008", utc(2008, 2, 2, 1, 2, 3)),
        ("Mon Jan 03 22:49:45 2000", utc(2000, 1, 3, 22, 49, 45)),
        ("Fri Feb 22 17:06 2008", utc(2008, 2, 22, 17, 6)),
        ("Feb 22 17:06:23 2008", utc(2008, 2, 22, 17, 6, 23)),
        ("Fri Feb 22 17:06:23 +0100 2008", utc(2008, 2, 22, 16, 6, 23)),
        ("Fri Feb 22 17:06:23 2008 -0800", utc(2008, 2, 23, 1, 6, 23)),
        ("Fri Feb 22 17:06:23 PST 2008", utc(2008, 2, 23, 1, 6, 23)),
        ("Fri, 22 Feb 2008 17:06:23 +0100", utc(2008, 2, 22, 16, 6, 23)),
        ("Fri Feb 22 17:06:23 2008 remote from uucphost", utc(2008, 2, 22, 17, 6, 23)),
        ("Thu Jan  1 00:00:00 1970", utc(1970, 1, 1)),
        ("Tue Feb 29 12:00:00 2000", utc(2000, 2, 29, 12)),
    ])
    func receivedDateFromTheFromLine(date: String, expected: Date) throws {
        let (messages, _) = try readMbox(content: "From someone@example.com  \(date)\nSubject: x\n\nbody\n")
        #expect(messages.first?.receivedDate == expected, "\(date)")
    }
}
