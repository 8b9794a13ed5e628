import Foundation
import Testing
import HearthMIME
import HearthCore

@Suite struct MessageParsingTests {
    static func parse(_ s: String, keep: Bool = false) throws -> ParsedMessage {
        try MIMEParser(keepAttachmentContent: keep).parse(Data(s.utf8))
    }

    @Test func notAMessage() {
        for input in ["", "\n\n  \r\n", "just some text without any header\n"] {
            #expect(throws: MessageParseError.self) { try MIMEParser().parse(Data(input.utf8)) }
        }
    }

    @Test func simpleMessageFields() throws {
        let m = try Self.parse("""
        From: =?utf-8?q?Ren=C3=A9?= <rene@x.fr>\r
        To: a@b, "B, C" <bc@d>\r
        Cc: team: x@y;\r
        Subject: =?utf-8?B?SGVsbG8=?= world\r
        Date: Tue, 1 Jul 2003 10:52:37 +0200\r
        Message-ID: <id1@x>\r
        In-Reply-To: <id0@x> (message from A)\r
        References: <r1@x>\r
          <r2@x>\r
        \r
        Hi there\r
        -- \r
        sig\r
        """)
        #expect(m.from == [EmailAddress(name: "René", address: "rene@x.fr")])
        #expect(m.to.map(\.address) == ["a@b", "bc@d"])
        #expect(m.cc.map(\.address) == ["x@y"])
        #expect(m.subject == "Hello world")
        #expect(m.date == Date(timeIntervalSince1970: 1_057_049_557))
        #expect(m.messageID == "id1@x")
        #expect(m.inReplyTo == ["id0@x"])
        #expect(m.references == ["r1@x", "r2@x"])
        #expect(m.textBody == "Hi there\n-- \nsig\n")
        #expect(m.snippet == "Hi there")
        #expect(m.header("subject") == "Hello world")
    }

    static let alternativeWithRelated = """
    From: a@b
    Content-Type: multipart/mixed; boundary="outer"

    preamble
    --outer
    Content-Type: multipart/alternative; boundary="alt"

    --alt
    Content-Type: text/plain; charset=iso-8859-1
    Content-Transfer-Encoding: quoted-printable

    Caf=E9 plain
    --alt
    Content-Type: multipart/related; boundary="rel"

    --rel
    Content-Type: text/html; charset=utf-8

    <p>Caf\u{E9} <img src="cid:img1@x"></p>
    --rel
    Content-Type: image/png
    Content-ID: <img1@x>
    Content-Transfer-Encoding: base64

    iVBORw0K
    --rel--
    --alt--
    --outer
    Content-Type: application/pdf; name="=?utf-8?B?w6kucGRm?="
    Content-Disposition: attachment; filename*=utf-8''r%C3%A9sum%C3%A9.pdf
    Content-Transfer-Encoding: base64

    JVBERi0=
    --outer
    Content-Type: text/plain
    Content-Disposition: attachment; filename=notes.txt

    not the body
    --outer--
    epilogue
    """

    @Test func alternativeRelatedAttachmentsAndPaths() throws {
        let m = try Self.parse(Self.alternativeWithRelated, keep: true)
        #expect(m.textBody == "Café plain")
        #expect(m.htmlBody?.contains("<img src=\"cid:img1@x\">") == true)
        #expect(m.attachments.count == 3)
        let image = try #require(m.attachments.first { $0.mimeType == "image/png" })
        #expect(image.partPath == "1.2.2")
        #expect(image.contentID == "img1@x")
        #expect(image.isInline)
        #expect(image.sizeBytes == 6)
        let pdf = try #require(m.attachments.first { $0.mimeType == "application/pdf" })
        #expect(pdf.filename == "résumé.pdf")
        #expect(pdf.partPath == "2")
        #expect(pdf.content == Data("%PDF-".utf8))
        #expect(!pdf.isInline)
        let notes = try #require(m.attachments.first { $0.filename == "notes.txt" })
        #expect(notes.partPath == "3")
        let content = try MIMEParser.partContent(raw: Data(Self.alternativeWithRelated.utf8), partPath: "2")
        #expect(content == Data("%PDF-".utf8))
        #expect(throws: PartContentError.self) { try MIMEParser.partContent(raw: Data(Self.alternativeWithRelated.utf8), partPath: "9") }
    }

    @Test func imapNumberingWithEncapsulatedMessages() throws {
        let raw = """
        Subject: outer
        Content-Type: multipart/mixed; boundary=a

        --a
        Content-Type: text/plain

        cover
        --a
        Content-Type: message/rfc822

        Subject: Inner / one
        Content-Type: multipart/mixed; boundary=b

        --b
        Content-Type: text/plain

        inner text
        --b
        Content-Type: image/gif
        Content-Disposition: attachment; filename=x.gif

        GIF
        --b--
        --a--
        """
        let s = try MIMEParser().structure(of: Data(raw.utf8))
        let numbered = s.depthFirstOrder().map { s.parts[$0] }.filter(\.hasOwnNumber).map { "\($0.path)=\($0.contentType.mimeType)" }
        #expect(numbered == ["1=text/plain", "2=message/rfc822", "2.1=text/plain", "2.2=image/gif"])
        let m = try MIMEParser().parse(Data(raw.utf8))
        #expect(m.textBody == "cover")
        #expect(m.attachments.map(\.filename) == ["Inner _ one.eml"])
        #expect(try MIMEParser.partContent(raw: Data(raw.utf8), partPath: "2.2") == Data("GIF".utf8))
        let single = try MIMEParser().structure(of: Data("Subject: x\n\nbody".utf8))
        #expect(single.root.path == "1")
    }

    @Test func forwardedMessageTextUsedWhenOuterHasNone() throws {
        let raw = "Content-Type: multipart/mixed; boundary=a\n\n--a\nContent-Type: text/plain\n\n \n--a\nContent-Type: message/rfc822\n\nSubject: fw\n\nforwarded words\n--a--\n"
        let m = try Self.parse(raw)
        #expect(m.textBody == "forwarded words")
        #expect(m.attachments.first?.filename == "fw.eml")
    }

    @Test func missingAndUnterminatedBoundaries() throws {
        let never = try Self.parse("Content-Type: multipart/mixed; boundary=zz\n\nplain text body\n")
        #expect(never.textBody == "plain text body\n")
        #expect(never.defects.contains { $0.kind == .missingBoundary })
        let noParam = try Self.parse("Content-Type: multipart/mixed\n\nbody\n")
        #expect(noParam.textBody == "body\n")
        let open = try Self.parse("Content-Type: multipart/mixed; boundary=\"b\"\n\n--b  \nContent-Type: text/plain\n\nrest of file\n")
        #expect(open.textBody == "rest of file\n")
        #expect(open.defects.contains { $0.kind == .unterminatedMultipart })
    }

    @Test func eudoraPrefixBoundariesAndJunkAfterDelimiter() throws {
        let raw = "Content-Type: multipart/mixed; boundary=\"=_x\"\n\n--=_x\nContent-Type: multipart/related; boundary=\"=_x.REL\"\n\n--=_x.REL\nContent-Type: text/plain\n\ninner\n--=_x.REL--\n--=_x ignored junk\nContent-Type: text/plain; name=a.txt\n\nsecond\n--=_x--\n"
        let s = try MIMEParser().structure(of: Data(raw.utf8))
        #expect(s.depthFirstOrder().map { s.parts[$0].contentType.mimeType } == ["multipart/mixed", "multipart/related", "text/plain", "text/plain"])
    }

    @Test func htmlOnlyAndTextAttachmentAndTNEF() throws {
        let html = try Self.parse("Content-Type: text/html; charset=utf-8\n\n<html><style>x{}</style><body><p>Hello &amp; welcome</p></body></html>")
        #expect(html.textBody == nil)
        #expect(html.snippet == "Hello & welcome")
        let att = try Self.parse("Content-Type: text/plain\nContent-Disposition: attachment; filename=a.txt\n\nfile")
        #expect(att.textBody == nil)
        #expect(att.attachments.first?.partPath == "1")
        let tnef = try Self.parse("Content-Type: multipart/mixed; boundary=q\n\n--q\n\nbody\n--q\nContent-Type: application/ms-tnef\nContent-Transfer-Encoding: base64\n\neJ8+IgAA\n--q--\n")
        #expect(tnef.attachments.first?.filename == "winmail.dat")
        #expect(tnef.textBody == "body")
    }

    @Test func digestDefaultsToMessages() throws {
        let raw = "Content-Type: multipart/digest; boundary=d\n\n--d\n\nSubject: one\n\nfirst\n--d\n\nSubject: two\n\nsecond\n--d--\n"
        let s = try MIMEParser().structure(of: Data(raw.utf8))
        #expect(s.parts[s.parts[0].children[0]].contentType.mimeType == "message/rfc822")
    }

    @Test func encodedMultipartBody() throws {
        let inner = "--b\nContent-Type: text/plain\n\nhidden\n--b--\n"
        let raw = "Content-Type: multipart/mixed; boundary=b\nContent-Transfer-Encoding: base64\n\n" + Data(inner.utf8).base64EncodedString() + "\n"
        let m = try Self.parse(raw)
        #expect(m.textBody == "hidden")
    }
}
