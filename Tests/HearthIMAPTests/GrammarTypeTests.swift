import HearthMailTransport
import HearthTestSupport
import Foundation
@testable import HearthIMAP
import Testing

struct SequenceSetTests {
    @Test func compactEncoding() {
        #expect(SequenceSet([5, 1, 2, 3, 9, 10, 11, 3, 20]).description == "1:3,5,9:11,20")
        #expect(SequenceSet([UInt32]()).isEmpty)
        #expect(SequenceSet([UInt32.max - 1, UInt32.max]).description == "4294967294:4294967295")
        #expect(SequenceSet.all.description == "1:*")
        #expect(SequenceSet.from(42).description == "42:*")
        #expect(SequenceSet(ranges: [SequenceRange(.number(9), .number(3))]).description == "3:9")
    }

    @Test func parsingAndMembership() throws {
        let set = try #require(SequenceSet(parsing: "1:3,7,10:*"))
        #expect(set.contains(2) && set.contains(7) && set.contains(1_000_000))
        #expect(!set.contains(5))
        #expect(set.count == nil)
        #expect(SequenceSet(parsing: "4,2:3")?.numbers() == [2, 3, 4])
        #expect(SequenceSet(parsing: "4,2:3")?.count == 3)
        #expect(SequenceSet(parsing: "") == nil)
        #expect(SequenceSet(parsing: "0") == nil)
        #expect(SequenceSet(parsing: "1::2") == nil)
        #expect(SequenceSet(parsing: "a") == nil)
        // A hostile huge range is capped.
        #expect(SequenceSet(parsing: "1:4294967295")?.numbers(limit: 1000).count == 1000)
    }

    @Test func roundTripProperty() {
        var generator = SeededGenerator(seed: 3)
        for _ in 0..<300 {
            let numbers = (0..<Int(generator.next() % 60)).map { _ in UInt32(generator.next() % 200) + 1 }
            let set = SequenceSet(numbers)
            #expect(set.numbers() == Array(Set(numbers)).sorted())
            #expect(SequenceSet(parsing: set.description).map { $0.numbers() } ?? [] == set.numbers())
        }
    }
}

struct MailboxNameTests {
    @Test func modifiedUTF7KnownValues() {
        // RFC 3501 §5.1.3 example.
        #expect(ModifiedUTF7.encode("~peter/mail/台北/日本語") == "~peter/mail/&U,BTFw-/&ZeVnLIqe-")
        #expect(ModifiedUTF7.decode("~peter/mail/&U,BTFw-/&ZeVnLIqe-") == "~peter/mail/台北/日本語")
        #expect(ModifiedUTF7.encode("Tom & Jerry") == "Tom &- Jerry")
        #expect(ModifiedUTF7.decode("Tom &- Jerry") == "Tom & Jerry")
        #expect(ModifiedUTF7.encode("Entwürfe") == "Entw&APw-rfe")
        #expect(ModifiedUTF7.encode("📁 Ordner") == "&2D3cwQ- Ordner")
        #expect(MailboxName(wire: "&2D3cwQ- Ordner").displayName == "📁 Ordner")
    }

    @Test func invalidInputFallsBackToWireForm() {
        #expect(ModifiedUTF7.decode("&Jjo!") == nil)
        #expect(ModifiedUTF7.decode("&AGE-") == nil) // encodes ASCII "a": not allowed
        #expect(ModifiedUTF7.decode("unterminated &APw") == nil)
        #expect(MailboxName(wire: "broken &Jjo!").displayName == "broken &Jjo!")
    }

    @Test func roundTripProperty() {
        let samples = ["INBOX", "Sent Items", "Černá skříňka", "メール", "a&b&&c", "Δ/Ω/ü", "emoji 🎉 folder", "[Gmail]/Alle Nachrichten", ""]
        for sample in samples {
            let name = MailboxName(sample)
            #expect(name.wire.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
            #expect(name.displayName == sample)
        }
        #expect(MailboxName(wire: "inbox").isInbox)
    }
}

struct DateAndFlagTests {
    @Test func internalDateParsing() {
        #expect(IMAPDateTime.parse("01-Jan-2023 05:16:10 +0000") == Date(timeIntervalSince1970: 1_672_550_170))
        #expect(IMAPDateTime.parse(" 1-Jan-2023 10:46:10 +0530") == Date(timeIntervalSince1970: 1_672_550_170))
        #expect(IMAPDateTime.parse("17-Jul-1996 02:44:25 -0700") == Date(timeIntervalSince1970: 837_596_665))
        #expect(IMAPDateTime.parse("garbage") == nil)
        #expect(IMAPDateTime.format(Date(timeIntervalSince1970: 837_596_665)) == "17-Jul-1996 09:44:25 +0000")
        #expect(IMAPDate(Date(timeIntervalSince1970: 1_709_647_629)).description == "5-Mar-2024")
    }

    @Test func flagsAndCapabilitiesCompareCaseInsensitively() {
        #expect(Flag("\\SEEN") == .seen)
        #expect(Set([Flag("\\seen"), .seen]).count == 1)
        #expect(Capability("literal+") == .literalPlus)
        #expect(MailboxAttribute("\\NoSelect") == .noSelect)
    }
}

struct SASLTests {
    @Test func xoauth2Payload() {
        let payload = SASL.xoauth2(user: "alice@gmail.test", token: "tok")
        #expect(Data(base64Encoded: payload.base64) == Data("user=alice@gmail.test\u{1}auth=Bearer tok\u{1}\u{1}".utf8))
    }

    @Test func oauthBearerPayloadEscapesAuthzid() {
        let payload = SASL.oauthBearer(user: "a,b=c@x", token: "tok", host: "imap.example", port: 993)
        #expect(Data(base64Encoded: payload.base64) == Data("n,a=a=2Cb=3Dc@x,\u{1}host=imap.example\u{1}port=993\u{1}auth=Bearer tok\u{1}\u{1}".utf8))
    }

    @Test func plainPayloadAndErrorAcknowledgements() {
        #expect(Data(base64Encoded: SASL.plain(user: "u", password: "p").base64) == Data([0, 117, 0, 112]))
        #expect(SASL.errorAcknowledgement(mechanism: "XOAUTH2").base64 == "")
        #expect(SASL.errorAcknowledgement(mechanism: "OAUTHBEARER").base64 == "AQ==")
        #expect(SASL.decodeChallenge("eyJzdGF0dXMiOiI0MDEiLCJzY2hlbWVzIjoiYmVhcmVyIiwic2NvcGUiOiJtYWlsIn0=")
                == "{\"status\":\"401\",\"schemes\":\"bearer\",\"scope\":\"mail\"}")
        #expect(SASL.decodeChallenge("") == nil)
    }
}
