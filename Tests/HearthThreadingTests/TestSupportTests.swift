import Foundation
import HearthTestSupport
import Testing

/// The corpus tests read mail through the production mbox reader and MIME parser; this checks
/// the threading fields come out as the oracle tests need them.
@Suite("Test support: threading headers from an mbox")
struct TestSupportTests {
    @Test func headersUnfoldIDsParseAndDatesComeFromBothPlaces() throws {
        let dir = try Corpora.temporaryDirectory("thread-support")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("one.mbox")
        try Data("""
            From x Fri Feb 22 15:06:23 2008
            Message-Id: <a@b>
            References: <r1@x>
            \t<r2@x>  <r3@x>
            In-Reply-To: Ralf <ralf@example.org>'s message of today
            Subject: =?utf-8?q?Caf=C3=A9?= =?iso-8859-1?b?6Q==?=
             world
            Date: Fri, 22 Feb 2008 22:00:10 +0200 (EET)

            body

            """.utf8).write(to: file)
        let messages = try ThreadingHeaders.read(mbox: file)
        #expect(messages.count == 1)
        let headers = try #require(messages.first)
        #expect(headers.messageID == "a@b")
        #expect(headers.references == ["r1@x", "r2@x", "r3@x"])
        #expect(headers.inReplyTo == ["ralf@example.org"])
        #expect(headers.subject == "Caféé world")
        #expect(headers.sentDate == Date(timeIntervalSince1970: 1_203_710_410))
        #expect(headers.arrivalDate == Date(timeIntervalSince1970: 1_203_692_783))
    }
}
