import Foundation
import Testing
import HearthMIME
import HearthCore

@Suite struct AddressParserTests {
    static func pairs(_ s: String) -> [String] { AddressParser.parseList(s).map { "\($0.name ?? "")|\($0.address)" } }

    @Test func simpleAndQuoted() {
        #expect(Self.pairs("John Doe <jdoe@example.com>, mary@x.org") == ["John Doe|jdoe@example.com", "|mary@x.org"])
        #expect(Self.pairs("\"Doe, John \\\"JD\\\"\" <j@x.com>") == ["Doe, John \"JD\"|j@x.com"])
    }

    @Test func groups() {
        #expect(Self.pairs("undisclosed-recipients:;").isEmpty)
        #expect(Self.pairs("team: a@x, B <b@y>; c@z") == ["|a@x", "B|b@y", "|c@z"])
    }

    @Test func commentsAndObsoleteSyntax() {
        #expect(Self.pairs("a@b (Name)") == ["Name|a@b"])
        #expect(Self.pairs("Pete(A nice chap) <pete(his account)@silly.test(his host)>") == ["Pete|pete@silly.test"])
        #expect(Self.pairs("Mary <@node.test,@x:mary@example.net>") == ["Mary|mary@example.net"])
        #expect(Self.pairs("jdoe@test  . example") == ["|jdoe@test.example"])
    }

    @Test func brokenForms() {
        #expect(Self.pairs("Name <a@b.com") == ["Name|a@b.com"])                        // missing ">"
        #expect(Self.pairs("Name <a@b.com, c@d") == ["Name|a@b.com", "|c@d"])
        #expect(Self.pairs("a@b c@d") == ["|a@b", "|c@d"])                               // missing comma
        #expect(Self.pairs("Big Bug bb@bug.com") == ["Big Bug|bb@bug.com"])               // missing brackets
        #expect(Self.pairs("just a phrase, ok@x") == ["|ok@x"])                           // skipped piece
        var defects: [ParseDefect] = []
        _ = AddressParser.parseList("just a phrase", defects: &defects)
        #expect(defects.contains { $0.kind == .invalidAddress })
    }

    @Test func encodedWordNames() {
        #expect(Self.pairs("=?ISO-8859-1?Q?Keld_J=F8rn?= <k@dk>") == ["Keld Jørn|k@dk"])
        #expect(Self.pairs("=?utf-8?q?a?= =?utf-8?q?b?= <a@b.com>") == ["ab|a@b.com"])
        #expect(Self.pairs("\"=?utf-8?B?w6k=?= x\" <a@b.com>") == ["é x|a@b.com"])         // inside quotes
        #expect(Self.pairs("=?utf-8?q?J.Doe,_Jr?= <a@b.com>") == ["J.Doe, Jr|a@b.com"])    // specials inside the word
    }

    /// A script that sets a non-ASCII From as one string (Python's legacy header policy) encodes
    /// the address with the name; the field is decoded, then read, and the repair is reported.
    @Test func aMailboxEncodedWholeIsDecodedBeforeItIsRead() {
        let field = "=?utf-8?q?Luc=C3=ADa_Fern=C3=A1ndez_=3Clucia=2Efernandez=40empresa-ejemplo=2Ees=3E?="
        var defects: [ParseDefect] = []
        let boxes = AddressParser.parseList(field, defects: &defects)
        #expect(boxes.map { "\($0.name ?? "")|\($0.address)" } == ["Lucía Fernández|lucia.fernandez@empresa-ejemplo.es"])
        #expect(defects.contains { $0.kind == .invalidAddress && $0.detail.contains("encoded word") })
        // Base64, two mailboxes in one word.
        let both = "=?utf-8?b?" + Data("Zoë <zoe@x.org>, Ana <ana@y.org>".utf8).base64EncodedString() + "?="
        #expect(Self.pairs(both) == ["Zoë|zoe@x.org", "Ana|ana@y.org"])
    }
}

@Suite struct MailDateParserTests {
    static func iso(_ d: Date?) -> String? {
        guard let d else { return nil }
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: d)
    }

    @Test(arguments: [
        ("Tue, 1 Jul 2003 10:52:37 +0200", "2003-07-01T08:52:37Z"),
        ("1 Jul 2003 10:52:37 +0200", "2003-07-01T08:52:37Z"),            // no weekday
        ("Tue, 1 Jul 03 10:52:37 +0200", "2003-07-01T08:52:37Z"),         // 2-digit year
        ("Tue, 1 Jul 99 10:52:37 GMT", "1999-07-01T10:52:37Z"),
        ("Fri, 21 Nov 1997 09:55:06 EST", "1997-11-21T14:55:06Z"),
        ("Fri, 21 Nov 1997 09:55:06 PDT", "1997-11-21T16:55:06Z"),
        ("Fri, 21 Nov 1997 09:55:06 UT", "1997-11-21T09:55:06Z"),
        ("Fri, 21 Nov 1997 09:55:06 Z", "1997-11-21T09:55:06Z"),
        ("Fri, 21 Nov 1997 09:55:06 M", "1997-11-21T09:55:06Z"),          // military → -0000
        ("Fri, 21 Nov 1997 09:55 -0600", "1997-11-21T15:55:00Z"),         // no seconds
        ("Fri, 21 Nov 1997 09:55:06 -0600 (CST) junk", "1997-11-21T15:55:06Z"),
        ("2003-07-01T10:52:37+02:00", "2003-07-01T08:52:37Z"),
        ("2003-07-01 10:52:37Z", "2003-07-01T10:52:37Z"),
        ("Wed Jun 30 21:49:08 1993", "1993-06-30T21:49:08Z"),             // asctime
        ("Fri, 21 Nov 1997 09.55.06 -0600", "1997-11-21T15:55:06Z"),      // dots
        ("Fri, Nov 21 1997 09:55:06 -0600", "1997-11-21T15:55:06Z"),      // month first
        ("21-Nov-97 09:55:06 -0600", "1997-11-21T15:55:06Z"),
        ("Thu, 13 Feb 1969 23:32:54 -0330", "1969-02-14T03:02:54Z"),
        ("by x; Mon, 10 Oct 2022 10:31:15 -0700 (PDT)", "2022-10-10T17:31:15Z"),
    ])
    func parses(_ input: String, _ expected: String) {
        #expect(Self.iso(MailDateParser.parse(input)) == expected, "\(input)")
    }

    @Test(arguments: ["", "garbage", "31 Feb 2003 10:00:00 +0000", "Tue, 1 Foo 2003", "32 Jan 2003 10:00"])
    func hopeless(_ input: String) {
        #expect(MailDateParser.parse(input) == nil)
    }
}

@Suite struct MessageIDParserTests {
    @Test func idsWithJunkAndMissingBrackets() {
        #expect(MessageIDParser.parse("<a@b> <c@d>") == ["a@b", "c@d"])
        #expect(MessageIDParser.parse("<a@b> (Joe's message of Mon) \"quoted\" <c@d>") == ["a@b", "c@d"])
        #expect(MessageIDParser.parse("malformed@id.example") == ["malformed@id.example"])
        #expect(MessageIDParser.parse("x@y, z@w") == ["x@y", "z@w"])
        #expect(MessageIDParser.parse("<>").isEmpty)
        #expect(MessageIDParser.parse("<a@b").first == "a@b")
        #expect(MessageIDParser.parse("Re: your mail").isEmpty)
        #expect(MessageIDParser.parse("ralf@linux-mips.org's message of Mon, 3 Jan 2000").isEmpty, "prose is not an id list")
    }
}

@Suite struct SnippetTests {
    @Test func skipsQuotesAttributionAndSignature() {
        let text = """
        Sounds good,  see you
        then.
        On Mon, 1 Jan 2024 at 10:00, Bob <bob@x.org>
        wrote:
        > earlier text
        >> older
        -- 
        Alice
        """
        #expect(Snippet.make(fromText: text) == "Sounds good, see you then.")
    }

    /// The list preview reads a quoted or forwarded message's header block the way the search
    /// vectors and the models do (`QuotedMessageHeader`): Outlook Express's spaced separator and
    /// newer Outlook's underscores end a top-posted reply; a forward shows its text, not its "From:" line.
    @Test func aQuotedOriginalEndsThePreviewAndAForwardShowsItsText() {
        #expect(Snippet.make(fromText: "Yes, in CVS now.\n----- Original Message -----\nFrom: Jun\nOld text")
                == "Yes, in CVS now.")
        #expect(Snippet.make(fromText: "Fine by me.\n________________________________\nFrom: Anna\nSent: Monday\nOld text")
                == "Fine by me.")
        let forward = "---------- Forwarded message ---------\nFrom: Booking <noreply@trains.example>\nSubject: E-ticket\n\nYour train leaves at 09:12."
        #expect(Snippet.make(fromText: forward) == "Your train leaves at 09:12.")
    }

    @Test func skipsLinesDrawnWithSymbols() {
        let text = """
        The Long Read Weekly
        ====================

        * * *
        This week: the quiet comeback of the paper map.
        """
        #expect(Snippet.make(fromText: text) == "The Long Read Weekly This week: the quiet comeback of the paper map.")
        #expect(Snippet.make(fromText: "Price: 10 - 20\n...\nOK") == "Price: 10 - 20 ... OK")
        #expect(Snippet.make(fromText: "👍") == "👍")
        // CRLF line ends ("\r\n" is one Character): lines, the rule and the attribution as with "\n".
        #expect(Snippet.make(fromText: "Title\r\n=====\r\nYes, see you.\r\nOn Mon, 1 Jan 2024, Ann wrote:\r\n") == "Title Yes, see you.")
    }

    @Test func cutsAtWordBoundary() {
        let words = Array(repeating: "word", count: 60).joined(separator: " ")
        let s = Snippet.make(fromText: words)
        #expect(s.count <= 100)
        #expect(s.hasSuffix("word"))
        #expect(Snippet.make(fromText: String(repeating: "x", count: 300)).count == 100)
    }

    @Test func htmlTextStripsScriptsStylesAndEntities() {
        let html = "<html><head><style>p{}</style><title>T</title></head><body><script>alert(1)</script><p>Caf&eacute; &amp; &#x263A; <b>bold</b></p><blockquote>quoted</blockquote></body></html>"
        let text = HTMLText.plainText(fromHTML: html, dropQuotes: true)
        #expect(Snippet.make(fromText: text) == "Café & ☺ bold")
    }

    @Test func deeplyNestedHTMLIsLinear() {
        let html = String(repeating: "<div>", count: 200_000) + "x" + String(repeating: "</div>", count: 200_000)
        #expect(Snippet.make(fromText: HTMLText.plainText(fromHTML: html)) == "x")
    }
}
