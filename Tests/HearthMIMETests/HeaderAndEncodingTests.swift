import Foundation
import Testing
import HearthMIME
import HearthCore

@Suite struct HeaderSectionTests {
    @Test func unfoldsMixedLineEndingsCaseInsensitively() {
        let raw = Array("SUBJECT: Hello\r\n\tworld\nx-Other:  v \r\n\r\nbody".utf8)
        let h = HeaderSection.parse(raw)
        #expect(h.fields.count == 2)
        #expect(h.first("subject")?.unfoldedValue == "Hello world")
        #expect(h.first("X-OTHER")?.unfoldedValue == "v")
        #expect(Array(raw[h.bodyStart...]) == Array("body".utf8))
    }

    @Test func eightBitHeadersUTF8AndLatin1() {
        #expect(HeaderSection.parse(Array("Subject: Grüße\n\n".utf8)).first("subject")?.decodedValue == "Grüße")
        let latin1: [UInt8] = Array("Subject: Gr".utf8) + [0xFC, 0xDF, 0x65] + Array("\n\n".utf8)
        #expect(HeaderSection.parse(latin1).first("subject")?.decodedValue == "Grüße")
    }

    @Test func junkLineSkippedWhenFieldsFollowElseBodyStarts() {
        let skipped = HeaderSection.parse(Array("A: 1\njunk line\nB: 2\n\nbody".utf8))
        #expect(skipped.fields.map(\.name) == ["A", "B"])
        let ends = HeaderSection.parse(Array("A: 1\nthis is body\nmore\n".utf8))
        #expect(ends.fields.map(\.name) == ["A"])
        #expect(ends.defects.contains { $0.kind == .invalidHeader })
    }

    @Test func skipsMboxEnvelopeButNotObsoleteFromField() {
        let env = HeaderSection.parse(Array("From joe@x Mon Jan 1 00:00:00 2024\nSubject: s\n\n".utf8), skipEnvelope: true)
        #expect(env.fields.map(\.name) == ["Subject"])
        let obs = HeaderSection.parse(Array("From  : John <j@x>\n\n".utf8), skipEnvelope: true)
        #expect(obs.first("from")?.unfoldedValue == "John <j@x>")
    }
}

@Suite struct RFC2047Tests {
    @Test func basicBAndQ() {
        #expect(RFC2047.decode("=?UTF-8?B?w6k=?=") == "é")
        #expect(RFC2047.decode("=?iso-8859-1?q?caf=E9_cr=E8me?=") == "café crème")
    }

    @Test func adjacentWordsJoinWithoutWhitespace() {
        #expect(RFC2047.decode("=?utf-8?q?a?= \r\n =?utf-8?q?b?=") == "ab")
        #expect(RFC2047.decode("x =?utf-8?q?a?= y") == "x a y")
    }

    @Test func splitMultibyteAcrossWords() {
        // "é" = C3 A9 split over two words.
        #expect(RFC2047.decode("=?utf-8?B?w6?= =?utf-8?B?qQ==?=") != "")
        #expect(RFC2047.decode("=?utf-8?Q?=C3?= =?utf-8?Q?=A9t=C3=A9?=") == "été")
    }

    @Test func brokenForms() {
        #expect(RFC2047.decode("Re:=?utf-8?Q?caf=C3=A9?=!") == "Re:café!")           // no spaces around
        #expect(RFC2047.decode("=?UTF-8?b?w6k=?= =?UTF-8?q?=C3=A9?=") == "éé")        // lowercase b / q
        #expect(RFC2047.decode("=?us-ascii*en?q?Keith_Moore?=") == "Keith Moore")     // RFC 2231 language
        #expect(RFC2047.decode("=?iso-8859-1?q?this is text?=") == "this is text")   // unencoded spaces
        #expect(RFC2047.decode("=?utf-8?q?bad=ZZescape?=") == "bad=ZZescape")
        #expect(RFC2047.decode("not =?an encoded word") == "not =?an encoded word")
    }

    @Test func unknownCharsetFallsBackWithDefect() {
        var defects: [ParseDefect] = []
        #expect(RFC2047.decode("=?x-klingon?q?caf=C3=A9?=", defects: &defects) == "café")
        #expect(defects.contains { $0.kind == .unknownCharset })
    }

    @Test func rawEightBitInsideEncodedWordUsesItsCharset() {
        var defects: [ParseDefect] = []
        let bytes = Array("=?iso-8859-1?Q?Fr".utf8) + [0xF6] + Array("sche?=".utf8)
        #expect(RFC2047.decode(bytes: bytes, defects: &defects) == "Frösche")
    }
}

@Suite struct RFC2231Tests {
    @Test func plainQuotedAndEscaped() {
        let ct = MIMEContentType.parse("text/plain; charset=\"utf-8\"; name=\"a \\\"b\\\".txt\"")
        #expect(ct?.mimeType == "text/plain")
        #expect(ct?.charset == "utf-8")
        #expect(ct?.parameters["name"] == "a \"b\".txt")
    }

    @Test func continuationsAndCharset() {
        let cd = ContentDisposition.parse("attachment; filename*0*=utf-8''%E2%82%AC%20rate; filename*1=\"s.pdf\"")
        #expect(cd.isAttachment)
        #expect(cd.filename == "€ rates.pdf")
        let single = ContentDisposition.parse("attachment; filename*=iso-8859-1'fr'caf%E9.txt")
        #expect(single.filename == "café.txt")
    }

    @Test func extendedWinsOverPlainAndEncodedWordsInPlain() {
        let both = ContentDisposition.parse("attachment; filename=\"fallback.txt\"; filename*=utf-8''real.txt")
        #expect(both.filename == "real.txt")
        let ew = ContentDisposition.parse("attachment; filename=\"=?utf-8?B?w6kudHh0?=\"")
        #expect(ew.filename == "é.txt")
    }

    @Test func brokenParameters() {
        #expect(ContentDisposition.parse("attachment; filename=my file.pdf").filename == "my file.pdf")
        #expect(ContentDisposition.parse("attachment; filename=\"unterminated.pdf; size=3").filename == "unterminated.pdf")
        #expect(MIMEContentType.parse("text/plain; charset = us-ascii (Plain text)")?.charset == "us-ascii")
        #expect(MIMEContentType.parse("image/ jpeg")?.mimeType == "image/jpeg")
        #expect(MIMEContentType.parse("text/html charset=utf-8")?.charset == "utf-8")
        #expect(MIMEContentType.parse("message/external-body; access-type=x\n server=\"s\"")?.parameters["server"] == "s")
        #expect(MIMEContentType.parse("inline") == nil)
    }
}

@Suite struct TransferDecodingTests {
    @Test func base64Tolerant() {
        #expect(TransferDecoding.decodeBase64(Array("SGVs\r\nbG8*!".utf8)) == Array("Hello".utf8)) // junk, no padding
        #expect(TransferDecoding.decodeBase64(Array("SGk=SGk=".utf8)) == Array("HiHi".utf8))      // concatenated
        #expect(TransferDecoding.decodeBase64(Array("SGk".utf8)) == Array("Hi".utf8))
    }

    @Test func quotedPrintable() {
        let qp = Array("caf=E9 =\r\nsoft=3d =ZZ end  \r\nline2=\n".utf8)
        #expect(TransferDecoding.decodeQuotedPrintable(qp) == [0x63, 0x61, 0x66, 0xE9, 0x20] + Array("soft= =ZZ end\r\nline2".utf8))
    }

    @Test func unknownEncodingIsIdentity() {
        #expect(TransferEncoding(headerValue: "x-weird") == .other("x-weird"))
        #expect(TransferEncoding(headerValue: " Base64 ") == .base64)
        #expect(TransferEncoding(headerValue: "quoted-printable;") == .quotedPrintable)
        #expect(TransferEncoding(headerValue: "7-bit") == .sevenBit)
    }
}

@Suite struct CharsetTests {
    static let cases: [(String, [UInt8], String)] = [
        ("utf-8", [0xC3, 0xA9], "é"), ("utf8", [0xC3, 0xA9], "é"),
        ("iso-8859-1", [0xE9], "é"), ("latin1", [0xE9], "é"), ("cp1252", [0x80], "€"), ("windows-1252", [0x93, 0x94], "\u{201C}\u{201D}"),
        ("iso-8859-2", [0xB1], "ą"), ("iso-8859-5", [0xD0], "а"), ("iso-8859-7", [0xE1], "α"), ("iso-8859-15", [0xA4], "€"),
        ("windows-1251", [0xCF, 0xF0, 0xE8], "При"), ("windows-1250", [0x9A], "š"), ("koi8-r", [0xF0, 0xD2, 0xC9], "При"),
        ("koi8-u", [0xA4], "є"), ("iso-2022-jp", [0x1B, 0x24, 0x42, 0x24, 0x22, 0x1B, 0x28, 0x42], "あ"),
        ("shift_jis", [0x82, 0xA0], "あ"), ("euc-jp", [0xA4, 0xA2], "あ"), ("gb2312", [0xC4, 0xE3], "你"),
        ("eucgb2312_cn", [0xC0, 0xEE, 0xCE, 0xB0], "李伟"),
        ("gbk", [0xC4, 0xE3], "你"), ("gb18030", [0xC4, 0xE3], "你"), ("big5", [0xA7, 0x41], "你"),
        ("euc-kr", [0xC7, 0xD1], "한"), ("ks_c_5601-1987", [0xC7, 0xD1], "한"), ("utf-16", [0xFE, 0xFF, 0x00, 0x41], "A"),
        ("utf-16le", [0x41, 0x00], "A"), ("utf-32be", [0, 0, 0, 0x41], "A"), ("utf-7", Array("+AOk-".utf8), "é"),
        ("unicode-1-1-utf-7", Array("+AOk-".utf8), "é"), ("us-ascii", Array("abc".utf8), "abc"), ("ascii", [0xC3, 0xA9], "é"),
        ("x-unknown", [0xE9], "é"), ("tis-620", [0xA1], "ก"), ("macintosh", [0x8E], "é"), ("ISO_8859-1", [0xE9], "é"),
        ("\"UTF-8\"", [0xC3, 0xA9], "é"), ("iso-8859-8-i", [0xE0], "א"), ("cp850", [0x82], "é"),
    ]

    @Test(arguments: cases.indices)
    func decodes(_ index: Int) {
        let (label, bytes, expected) = Self.cases[index]
        let result = Charsets.decode(bytes, charset: label)
        #expect(result.charsetRecognized, "\(label)")
        #expect(result.text == expected, "\(label)")
    }

    @Test func invalidBytesBecomeReplacementNeverNil() {
        #expect(Charsets.decode([0x61, 0xFF, 0x62], charset: "utf-8").text == "a\u{FFFD}b")
        #expect(Charsets.decode([0x82], charset: "shift_jis").text.contains("\u{FFFD}"))
        let unknown = Charsets.decode([0xE9], charset: "x-nonexistent-charset")
        #expect(!unknown.charsetRecognized)
        #expect(unknown.text == "é")
    }
}
