/// Encoding and decoding of `DNSMessage` to and from its wire form (RFC 1035 §4.1). The reader
/// checks every length against the bytes it has and follows name-compression pointers only
/// backwards and a bounded number of times, so a hostile reply yields `DNSError.malformed`,
/// never a crash or a loop.
public enum DNSWire {
    public static func encode(_ message: DNSMessage) -> [UInt8] {
        var out: [UInt8] = []
        let h = message.header
        out.append(uint16: h.id)
        var flags: UInt16 = 0
        if h.isResponse { flags |= 0x8000 }
        flags |= UInt16(h.opcode & 0x0F) << 11
        if h.isAuthoritative { flags |= 0x0400 }
        if h.isTruncated { flags |= 0x0200 }
        if h.recursionDesired { flags |= 0x0100 }
        if h.recursionAvailable { flags |= 0x0080 }
        flags |= UInt16(h.responseCode.code & 0x0F)
        out.append(uint16: flags)
        out.append(uint16: UInt16(message.questions.count))
        out.append(uint16: UInt16(message.answers.count))
        out.append(uint16: UInt16(message.authorities.count))
        out.append(uint16: UInt16(message.additionals.count))
        for q in message.questions {
            out.append(name: q.name)
            out.append(uint16: q.type.value)
            out.append(uint16: q.recordClass)
        }
        for record in message.answers + message.authorities + message.additionals {
            out.append(name: record.name)
            out.append(uint16: record.type.value)
            out.append(uint16: record.recordClass)
            out.append(uint16: UInt16(record.ttl >> 16)); out.append(uint16: UInt16(record.ttl & 0xFFFF))
            var rdata: [UInt8] = []
            switch record.data {
            case .srv(let priority, let weight, let port, let target):
                rdata.append(uint16: priority); rdata.append(uint16: weight); rdata.append(uint16: port)
                rdata.append(name: target)
            case .mx(let preference, let exchange):
                rdata.append(uint16: preference); rdata.append(name: exchange)
            case .cname(let name): rdata.append(name: name)
            case .address(let bytes), .raw(let bytes): rdata = bytes
            }
            out.append(uint16: UInt16(rdata.count))
            out += rdata
        }
        return out
    }

    public static func decode(_ bytes: [UInt8]) throws(DNSError) -> DNSMessage {
        var reader = DNSReader(bytes: bytes)
        let id = try reader.uint16("id")
        let flags = try reader.uint16("flags")
        let header = DNSHeader(
            id: id, isResponse: flags & 0x8000 != 0, opcode: UInt8((flags >> 11) & 0x0F),
            isAuthoritative: flags & 0x0400 != 0, isTruncated: flags & 0x0200 != 0,
            recursionDesired: flags & 0x0100 != 0, recursionAvailable: flags & 0x0080 != 0,
            responseCode: DNSResponseCode(UInt8(flags & 0x0F)))
        let counts = try (0..<4).map { _ throws(DNSError) in try reader.uint16("section count") }
        var questions: [DNSQuestion] = []
        for _ in 0..<counts[0] {
            let name = try reader.name()
            let type = DNSRecordType(try reader.uint16("question type"))
            questions.append(DNSQuestion(name: name, type: type, recordClass: try reader.uint16("question class")))
        }
        var sections: [[DNSResourceRecord]] = []
        for count in counts.dropFirst() {
            var records: [DNSResourceRecord] = []
            for _ in 0..<count { records.append(try reader.record()) }
            sections.append(records)
        }
        return DNSMessage(header: header, questions: questions, answers: sections[0],
                          authorities: sections[1], additionals: sections[2])
    }
}

/// A bounds-checked cursor over a received message.
struct DNSReader {
    let bytes: [UInt8]
    var offset = 0

    mutating func uint8(_ what: String) throws(DNSError) -> UInt8 {
        guard offset < bytes.count else { throw .malformed("message ends inside \(what)", offset: offset) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func uint16(_ what: String) throws(DNSError) -> UInt16 {
        let high = try uint8(what), low = try uint8(what)
        return UInt16(high) << 8 | UInt16(low)
    }

    mutating func uint32(_ what: String) throws(DNSError) -> UInt32 {
        let high = try uint16(what), low = try uint16(what)
        return UInt32(high) << 16 | UInt32(low)
    }

    mutating func take(_ count: Int, _ what: String) throws(DNSError) -> [UInt8] {
        guard count >= 0, offset + count <= bytes.count else { throw .malformed("\(what) runs past the end", offset: offset) }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    /// A name at the cursor, following compression pointers (RFC 1035 §4.1.4).
    mutating func name() throws(DNSError) -> DNSName {
        var labels: [String] = []
        var position = offset
        var jumped = false
        var jumps = 0
        var wireLength = 1
        while true {
            guard position < bytes.count else { throw .malformed("name runs past the end", offset: position) }
            let length = bytes[position]
            switch length & 0xC0 {
            case 0xC0:
                guard position + 1 < bytes.count else { throw .malformed("cut compression pointer", offset: position) }
                let target = Int(length & 0x3F) << 8 | Int(bytes[position + 1])
                // Only backwards, and not forever: a pointer loop is an attack, not a name.
                guard target < position, jumps < 64 else { throw .malformed("compression pointer loop", offset: position) }
                if !jumped { offset = position + 2 }
                jumped = true; jumps += 1
                position = target
            case 0x00:
                if length == 0 {
                    if !jumped { offset = position + 1 }
                    return DNSName(labels: labels)
                }
                let start = position + 1, end = start + Int(length)
                guard end <= bytes.count else { throw .malformed("label runs past the end", offset: position) }
                wireLength += Int(length) + 1
                guard wireLength <= 255 else { throw .malformed("name longer than 255 bytes", offset: position) }
                labels.append(String(decoding: bytes[start..<end], as: UTF8.self))
                position = end
            default:
                throw .malformed("reserved label type", offset: position)
            }
        }
    }

    mutating func record() throws(DNSError) -> DNSResourceRecord {
        let owner = try name()
        let type = DNSRecordType(try uint16("record type"))
        let recordClass = try uint16("record class")
        let ttl = try uint32("ttl")
        let length = Int(try uint16("rdata length"))
        let start = offset
        guard start + length <= bytes.count else { throw .malformed("record data runs past the end", offset: start) }
        let data: DNSRecordData
        switch type {
        case .srv:
            let priority = try uint16("SRV priority"), weight = try uint16("SRV weight"), port = try uint16("SRV port")
            data = .srv(priority: priority, weight: weight, port: port, target: try name())
        case .mx:
            let preference = try uint16("MX preference")
            data = .mx(preference: preference, exchange: try name())
        case .cname:
            data = .cname(try name())
        case .a, .aaaa:
            data = .address(try take(length, "address"))
        case .other:
            data = .raw(try take(length, "record data"))
        }
        // The decoded data must end exactly where RDLENGTH says.
        guard offset == start + length else { throw .malformed("record data length disagrees with its content", offset: start) }
        return DNSResourceRecord(name: owner, type: type, recordClass: recordClass, ttl: ttl, data: data)
    }
}

extension Array where Element == UInt8 {
    mutating func append(uint16 value: UInt16) {
        append(UInt8(value >> 8)); append(UInt8(value & 0xFF))
    }

    /// Uncompressed (a query has one name; compression would save nothing).
    mutating func append(name: DNSName) {
        for label in name.labels {
            let bytes = Array(label.utf8.prefix(63))
            append(UInt8(bytes.count)); self += bytes
        }
        append(0)
    }
}
