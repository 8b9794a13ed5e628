import Foundation
import Testing

/// The small mail readers the corpus tests rely on.
@Suite("Test support: mbox, headers, dates, encoded words")
struct TestSupportTests {
    @Test func mboxrdSplittingSurvivesAnyChunking() {
        let mbox = Array("""
            From a@b Fri Feb 22 17:06:23 2008
            Message-ID: <1@b>
            Subject: one

            >From the body
            >>From deeper
            From_ is fine

            From a@b Fri Feb 22 17:06:24 2008
            Message-ID: <2@b>

            two

            """.utf8)
        for chunkSize in [1, 3, 7, 64, mbox.count] {
            var splitter = MboxSplitter()
            var messages: [MboxMessage] = []
            for start in stride(from: 0, to: mbox.count, by: chunkSize) {
                messages += splitter.feed(Array(mbox[start..<min(start + chunkSize, mbox.count)]))
            }
            messages += splitter.finish()
            #expect(messages.count == 2)
            #expect(messages.first.map { String(decoding: $0.bytes, as: UTF8.self) } ==
                    "Message-ID: <1@b>\nSubject: one\n\nFrom the body\n>From deeper\nFrom_ is fine\n")
            #expect(messages.last?.separator == "a@b Fri Feb 22 17:06:24 2008")
        }
        var headersOnly = MboxSplitter(headersOnly: true)
        let heads = headersOnly.feed(mbox) + headersOnly.finish()
        #expect(heads.map { String(decoding: $0.bytes, as: UTF8.self) } ==
                ["Message-ID: <1@b>\nSubject: one\n\n", "Message-ID: <2@b>\n\n"])
    }

    @Test func headersUnfoldAndIDsParse() throws {
        let message = MboxMessage(separator: "x Fri Feb 22 15:06:23 2008", bytes: Array("""
            Message-Id: <a@b>
            References: <r1@x>
            \t<r2@x>  <r3
             @x>
            In-Reply-To: Ralf <ralf@example.org>'s message of today
            Subject: =?utf-8?q?Caf=C3=A9?= =?iso-8859-1?b?6Q==?=
             world
            Date: Fri, 22 Feb 2008 22:00:10 +0200 (EET)

            body
            """.utf8))
        let headers = ThreadingHeaders(message)
        #expect(headers.messageID == "a@b")
        #expect(headers.references == ["r1@x", "r2@x", "r3@x"])
        #expect(headers.inReplyTo == ["ralf@example.org"])
        #expect(headers.subject == "Caféé world")
        #expect(headers.sentDate == Date(timeIntervalSince1970: 1_203_710_410))
        #expect(headers.arrivalDate == Date(timeIntervalSince1970: 1_203_692_783))
    }

    @Test func datesInTheirCommonShapes() {
        let expected = Date(timeIntervalSince1970: 946_939_785)   // 2000-01-03 22:49:45 UTC
        #expect(MailDate.parse("Mon, 3 Jan 2000 14:49:45 -0800") == expected)
        #expect(MailDate.parse("3 Jan 00 14:49:45 PST") == expected)
        #expect(MailDate.parse("Mon Jan  3 22:49:45 2000") == expected)
        #expect(MailDate.parse("mboxrd@z Mon Jan 03 22:49:45 2000") == expected)
        #expect(MailDate.parse("Mon, 3 Jan 2000 22:49 GMT") == expected.addingTimeInterval(-45))
        #expect(MailDate.parse("yesterday") == nil)
        #expect(MailDate.parse("Mon, 3 Foo 2000 14:49:45") == nil)
    }

    @Test func encodedWords() {
        #expect(EncodedWords.decode("=?iso-8859-1?q?RE:_C?=") == "RE: C")
        #expect(EncodedWords.decode("=?us-ascii?b?UmU6IGM=?=") == "Re: c")
        #expect(EncodedWords.decode("Re: =?utf-8?q?b?=") == "Re: b")
        #expect(EncodedWords.decode("=?iso-8859-1?q?_?=") == " ")
        #expect(EncodedWords.decode("a =?x?y?z?= b") == "a =?x?y?z?= b")
        #expect(EncodedWords.decode("plain  text") == "plain  text")
    }
}
