import Foundation
@testable import HearthSMTP
import Testing

@Suite("SMTP grammar, parser and encoder")
struct ProtocolTypeTests {
    static let ehlo = "250-mail.rig.test\r\n250-8BITMIME\r\n250-AUTH PLAIN LOGIN XOAUTH2 OAUTHBEARER\r\n250-BURL imap\r\n250-CHUNKING\r\n250-ENHANCEDSTATUSCODES\r\n250-SIZE 36700160\r\n250 PIPELINING\r\n"

    @Test("multi-line replies, enhanced codes, split at every byte")
    func parserSplitAnywhere() throws {
        let stream = "220 mail.rig.test ESMTP ready\r\n" + Self.ehlo + "550 5.1.1 <x@y>: user unknown\r\n354 go ahead\r\n250 2.0.0 OK queued as rig-000001\n"
        let bytes = Array(stream.utf8)
        var whole = SMTPReplyParser()
        let expected = try whole.feed(bytes)
        #expect(expected.count == 5)
        #expect(expected[1].lines.count == 8)
        #expect(expected[2] == SMTPReply(code: 550, enhanced: EnhancedStatusCode(5, 1, 1), lines: ["<x@y>: user unknown"]))
        #expect(expected[3].enhanced == nil && expected[3].kind == .positiveIntermediate)
        #expect(expected[4].enhanced == EnhancedStatusCode(2, 0, 0))
        for cut in 1..<bytes.count {
            var parser = SMTPReplyParser()
            let replies = try parser.feed(bytes[..<cut]) + parser.feed(bytes[cut...])
            #expect(replies == expected, "cut at \(cut)")
        }
        var byteByByte = SMTPReplyParser()
        var replies: [SMTPReply] = []
        for b in bytes { replies += try byteByByte.feed([b]) }
        #expect(replies == expected)
    }

    @Test("garbage is a protocol error, not a guess")
    func malformed() {
        var parser = SMTPReplyParser()
        #expect(throws: SMTPReplyParser.ParseError.malformedLine("hello")) { try parser.feed(Array("hello\r\n".utf8)) }
        var mixed = SMTPReplyParser()
        #expect(throws: SMTPReplyParser.ParseError.inconsistentCode(250, 550)) { try mixed.feed(Array("250-a\r\n550 b\r\n".utf8)) }
        var long = SMTPReplyParser()
        #expect(throws: SMTPReplyParser.ParseError.lineTooLong(SMTPReplyParser.maxLineLength + 1)) {
            try long.feed([UInt8](repeating: 0x32, count: SMTPReplyParser.maxLineLength + 1))
        }
        // An enhanced code whose class differs from the reply's is just text.
        var other = SMTPReplyParser()
        #expect((try? other.feed(Array("250 5.1.1 odd\r\n".utf8)))?.first?.enhanced == nil)
    }

    @Test("EHLO capabilities")
    func capabilities() throws {
        var parser = SMTPReplyParser()
        let reply = try #require(try parser.feed(Array(Self.ehlo.utf8)).first)
        let caps = SMTPCapabilities(ehloReply: reply)
        #expect(caps.serverDomain == "mail.rig.test")
        #expect(caps.authMechanisms == ["PLAIN", "LOGIN", "XOAUTH2", "OAUTHBEARER"])
        #expect(caps.sizeLimit == 36_700_160)
        #expect(caps.pipelining && caps.eightBitMIME && caps.enhancedStatusCodes)
        #expect(!caps.smtpUTF8 && !caps.startTLS)
        let old = SMTPCapabilities(ehloReply: SMTPReply(code: 250, lines: ["x", "AUTH=LOGIN PLAIN", "SIZE 0"]))
        #expect(old.authMechanisms == ["LOGIN", "PLAIN"])
        #expect(old.sizeLimit == nil && old.offersSize)
    }

    @Test("commands on the wire; secrets never in the log line")
    func encoder() {
        let auth = SMTPCommandEncoder.encode(.auth(mechanism: "PLAIN", initialResponse: SASLResponse(bytes: Array("\0u\0secret".utf8))))
        #expect(String(decoding: auth.bytes, as: UTF8.self) == "AUTH PLAIN AHUAc2VjcmV0\r\n")
        #expect(auth.logLine == "AUTH PLAIN <redacted>")
        #expect(SMTPCommandEncoder.encode(.authResponse(SASLResponse(base64: "dG9rZW4="))).logLine == "<redacted SASL response>")
        #expect(SMTPCommandEncoder.encode(.auth(mechanism: "LOGIN", initialResponse: SASLResponse(base64: ""))).bytes == Array("AUTH LOGIN =\r\n".utf8))
        let mail = SMTPCommandEncoder.encode(.mail(from: "a@b.test", parameters: [.size(42), .body8BitMIME]))
        #expect(String(decoding: mail.bytes, as: UTF8.self) == "MAIL FROM:<a@b.test> SIZE=42 BODY=8BITMIME\r\n")
        #expect(String(describing: SMTPCredentials.plain(user: "u", password: "hunter2")) == "PLAIN(u)")
        #expect(!SMTPCommandEncoder.isSafePath("a@b\r\nRCPT TO:<x@y>"))
        #expect(!SMTPCommandEncoder.isSafePath("a>@b"))
    }

    @Test("DATA: dot-stuffing, CRLF everywhere, one terminator")
    func dataEncoding() {
        func enc(_ s: String) -> String { String(decoding: DataEncoder.encode(Array(s.utf8)), as: UTF8.self) }
        #expect(enc("a\r\n.b\r\n") == "a\r\n..b\r\n.\r\n")
        #expect(enc(".start\nmid\r.\n") == "..start\r\nmid\r\n..\r\n.\r\n")
        #expect(enc("no final newline") == "no final newline\r\n.\r\n")
        #expect(enc("") == ".\r\n")
        #expect(enc("x\r\n.\r\n") == "x\r\n..\r\n.\r\n")
    }

    @Test("error classes: 4xx transient, 5xx recipient fails now, 535 means credentials")
    func errorClasses() {
        let r450 = SMTPReply(code: 450, enhanced: EnhancedStatusCode(4, 2, 1), lines: ["busy"])
        let r550 = SMTPReply(code: 550, enhanced: EnhancedStatusCode(5, 1, 1), lines: ["unknown"])
        #expect(SMTPError.recipientsRejected([RecipientRejection(address: "a@b", reply: r450)]).isTransient)
        #expect(SMTPError.recipientsRejected([RecipientRejection(address: "a@b", reply: r550)]).isBadRecipient)
        #expect(!SMTPError.recipientsRejected([RecipientRejection(address: "a@b", reply: r550)]).isTransient)
        #expect(SMTPError.authenticationFailed(reply: SMTPReply(code: 535, enhanced: EnhancedStatusCode(5, 7, 8), lines: []), details: nil).isAuthenticationFailure)
        #expect(SMTPError.authenticationFailed(reply: SMTPReply(code: 454, enhanced: EnhancedStatusCode(4, 7, 0), lines: []), details: nil).isTransient)
        #expect(SMTPError.rejected(stage: .message, reply: SMTPReply(code: 451, lines: [])).isTransient)
        #expect(!SMTPError.rejected(stage: .message, reply: SMTPReply(code: 554, enhanced: EnhancedStatusCode(5, 6, 0), lines: [])).isTransient)
        #expect(SMTPError.timeout(stage: .greeting, seconds: 1).isTransient)
    }
}
