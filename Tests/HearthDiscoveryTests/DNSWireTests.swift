import Testing
@testable import HearthDiscovery

@Suite("DNS message format")
struct DNSWireTests {
    @Test("A query is the RFC 1035 bytes: header with RD, one question, QTYPE SRV, QCLASS IN")
    func queryBytes() throws {
        let query = DNSMessage.query(id: 0xBEEF, name: try DNSName("_imaps._tcp.rig.test"), type: .srv)
        let bytes = DNSWire.encode(query)
        #expect(Array(bytes[0..<12]) == [0xBE, 0xEF, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0])
        let name: [UInt8] = [6] + Array("_imaps".utf8) + [4] + Array("_tcp".utf8) + [3] + Array("rig".utf8) + [4] + Array("test".utf8) + [0]
        #expect(Array(bytes[12...]) == name + [0, 33, 0, 1])
    }

    @Test("A reply with SRV, MX and A records decodes to the same message it was encoded from")
    func roundTrip() throws {
        var header = DNSMessage.query(id: 7, name: try DNSName("rig.test"), type: .srv).header
        header.isResponse = true; header.recursionAvailable = true
        let message = DNSMessage(
            header: header, questions: [DNSQuestion(name: try DNSName("_imaps._tcp.rig.test"), type: .srv)],
            answers: [
                DNSResourceRecord(name: try DNSName("_imaps._tcp.rig.test"), type: .srv, ttl: 300,
                                  data: .srv(priority: 0, weight: 5, port: 993, target: try DNSName("imap.rig.test"))),
                DNSResourceRecord(name: try DNSName("rig.test"), type: .mx, ttl: 60,
                                  data: .mx(preference: 10, exchange: try DNSName("mx.rig.test"))),
            ],
            additionals: [DNSResourceRecord(name: try DNSName("imap.rig.test"), type: .a, ttl: 1, data: .address([127, 0, 0, 1]))])
        #expect(try DNSWire.decode(DNSWire.encode(message)) == message)
    }

    @Test("Compression pointers are followed (the form real servers send)")
    func compressedNames() throws {
        // Header (1 question, 1 answer), question "a.test" SRV IN at offset 12; the answer's
        // owner is a pointer to 12, the target "mail" + pointer to "test" at offset 14.
        var bytes: [UInt8] = [0, 1, 0x81, 0x80, 0, 1, 0, 1, 0, 0, 0, 0]
        bytes += [1, 0x61, 4] + Array("test".utf8) + [0, 0, 33, 0, 1]
        let rdata: [UInt8] = [0, 1, 0, 2, 0x03, 0xE1, 4] + Array("mail".utf8) + [0xC0, 14]
        bytes += [0xC0, 12, 0, 33, 0, 1, 0, 0, 0, 30, 0, UInt8(rdata.count)] + rdata
        let message = try DNSWire.decode(bytes)
        #expect(message.answers.first?.name == (try DNSName("a.test")))
        #expect(message.answers.first?.data == .srv(priority: 1, weight: 2, port: 993, target: try DNSName("mail.test")))
    }

    @Test("Hostile replies are errors, never crashes or loops", arguments: [
        ("pointer loop", [0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0, 0xC0, 12, 0, 33, 0, 1] as [UInt8]),
        ("forward pointer", [0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0, 0xC0, 40, 0, 33, 0, 1]),
        ("label past the end", [0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0, 9, 0x61]),
        ("cut header", [0, 1, 0x81]),
        ("count larger than content", [0, 1, 0x81, 0x80, 0, 0, 0, 5, 0, 0, 0, 0]),
        ("rdata length lies", [0, 1, 0x81, 0x80, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 33, 0, 1, 0, 0, 0, 1, 0, 2, 0, 1]),
    ])
    func hostile(_ label: String, _ bytes: [UInt8]) {
        #expect(throws: DNSError.self, "\(label)") { try DNSWire.decode(bytes) }
    }

    @Test("Random bytes never crash the decoder")
    func fuzz() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let count = Int.random(in: 0..<96, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? DNSWire.decode(bytes)
        }
    }

    @Test("Names: case-insensitive, trailing dot optional, over-long labels refused")
    func names() throws {
        #expect(try DNSName("Rig.TEST.") == (try DNSName("rig.test")))
        #expect(try DNSName("rig.test").description == "rig.test")
        #expect(throws: DNSError.self) { try DNSName(String(repeating: "a", count: 64) + ".test") }
        #expect(throws: DNSError.self) { try DNSName("a..test") }
    }
}
