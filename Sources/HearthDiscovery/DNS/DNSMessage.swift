/// The DNS message format (RFC 1035 §4) as types: only what a stub resolver asking for SRV and MX
/// records needs, but every field of the header and every record is read, so an answer can be
/// checked (id, question, truncation, response code) rather than trusted.
public struct DNSMessage: Sendable, Hashable {
    public var header: DNSHeader
    public var questions: [DNSQuestion]
    public var answers: [DNSResourceRecord]
    public var authorities: [DNSResourceRecord]
    public var additionals: [DNSResourceRecord]

    public init(header: DNSHeader, questions: [DNSQuestion], answers: [DNSResourceRecord] = [],
                authorities: [DNSResourceRecord] = [], additionals: [DNSResourceRecord] = []) {
        self.header = header; self.questions = questions; self.answers = answers
        self.authorities = authorities; self.additionals = additionals
    }

    /// A recursive query for one name and type.
    public static func query(id: UInt16, name: DNSName, type: DNSRecordType) -> DNSMessage {
        DNSMessage(header: DNSHeader(id: id, isResponse: false, opcode: 0, isAuthoritative: false, isTruncated: false,
                                     recursionDesired: true, recursionAvailable: false, responseCode: .noError),
                   questions: [DNSQuestion(name: name, type: type)])
    }
}

/// The fixed 12-byte header (counts are implied by the sections' arrays).
public struct DNSHeader: Sendable, Hashable {
    public var id: UInt16
    public var isResponse: Bool
    public var opcode: UInt8
    public var isAuthoritative: Bool
    /// TC: the answer did not fit the UDP datagram.
    public var isTruncated: Bool
    public var recursionDesired: Bool
    public var recursionAvailable: Bool
    public var responseCode: DNSResponseCode

    public init(id: UInt16, isResponse: Bool, opcode: UInt8, isAuthoritative: Bool, isTruncated: Bool,
                recursionDesired: Bool, recursionAvailable: Bool, responseCode: DNSResponseCode) {
        self.id = id; self.isResponse = isResponse; self.opcode = opcode; self.isAuthoritative = isAuthoritative
        self.isTruncated = isTruncated; self.recursionDesired = recursionDesired
        self.recursionAvailable = recursionAvailable; self.responseCode = responseCode
    }
}

/// RCODE (RFC 1035 §4.1.1); unknown codes are kept as their number.
public enum DNSResponseCode: Sendable, Hashable {
    case noError, formatError, serverFailure, nameError, notImplemented, refused
    case other(UInt8)

    init(_ code: UInt8) {
        switch code {
        case 0: self = .noError
        case 1: self = .formatError
        case 2: self = .serverFailure
        case 3: self = .nameError
        case 4: self = .notImplemented
        case 5: self = .refused
        default: self = .other(code)
        }
    }

    var code: UInt8 {
        switch self {
        case .noError: 0
        case .formatError: 1
        case .serverFailure: 2
        case .nameError: 3
        case .notImplemented: 4
        case .refused: 5
        case .other(let code): code
        }
    }
}

/// Record types Hearth reads; others are carried by number.
public enum DNSRecordType: Sendable, Hashable {
    case a, cname, mx, aaaa, srv
    case other(UInt16)

    init(_ value: UInt16) {
        switch value {
        case 1: self = .a
        case 5: self = .cname
        case 15: self = .mx
        case 28: self = .aaaa
        case 33: self = .srv
        default: self = .other(value)
        }
    }

    var value: UInt16 {
        switch self {
        case .a: 1
        case .cname: 5
        case .mx: 15
        case .aaaa: 28
        case .srv: 33
        case .other(let value): value
        }
    }
}

public struct DNSQuestion: Sendable, Hashable {
    public var name: DNSName
    public var type: DNSRecordType
    /// Always IN (1) for mail look-ups.
    public var recordClass: UInt16 = 1

    public init(name: DNSName, type: DNSRecordType, recordClass: UInt16 = 1) {
        self.name = name; self.type = type; self.recordClass = recordClass
    }
}

public struct DNSResourceRecord: Sendable, Hashable {
    public var name: DNSName
    public var type: DNSRecordType
    public var recordClass: UInt16
    public var ttl: UInt32
    public var data: DNSRecordData

    public init(name: DNSName, type: DNSRecordType, recordClass: UInt16 = 1, ttl: UInt32, data: DNSRecordData) {
        self.name = name; self.type = type; self.recordClass = recordClass; self.ttl = ttl; self.data = data
    }
}

/// RDATA, decoded for the types discovery reads.
public enum DNSRecordData: Sendable, Hashable {
    /// RFC 2782.
    case srv(priority: UInt16, weight: UInt16, port: UInt16, target: DNSName)
    /// RFC 1035 §3.3.9.
    case mx(preference: UInt16, exchange: DNSName)
    case cname(DNSName)
    /// A (4 bytes) or AAAA (16 bytes).
    case address([UInt8])
    /// Any other type, undecoded.
    case raw([UInt8])
}

/// A domain name as its labels (without the empty root label). Names compare case-insensitively,
/// as DNS does (RFC 4343).
public struct DNSName: Sendable, CustomStringConvertible {
    public var labels: [String]

    public init(labels: [String]) { self.labels = labels }

    /// "_imaps._tcp.example.org" or with a trailing dot; throws for empty labels or a label
    /// over 63 bytes or a name over 255 bytes on the wire.
    public init(_ text: String) throws(DNSError) {
        var text = text
        if text.hasSuffix(".") { text.removeLast() }
        let labels = text.isEmpty ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for label in labels where label.isEmpty || label.utf8.count > 63 {
            throw .invalidName(text)
        }
        guard labels.reduce(1, { $0 + $1.utf8.count + 1 }) <= 255 else { throw .invalidName(text) }
        self.labels = labels
    }

    /// Without the trailing dot; "." for the root.
    public var description: String { labels.isEmpty ? "." : labels.joined(separator: ".") }
}

extension DNSName: Hashable {
    public static func == (lhs: DNSName, rhs: DNSName) -> Bool {
        lhs.labels.map { $0.lowercased() } == rhs.labels.map { $0.lowercased() }
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(labels.map { $0.lowercased() }) }
}

/// What can go wrong asking DNS, in words a log or an error page can show.
public enum DNSError: Error, Sendable, Equatable, CustomStringConvertible {
    case invalidName(String)
    /// The reply is not a well-formed DNS message (what was wrong, at which byte).
    case malformed(String, offset: Int)
    /// The reply does not answer our question (id, question or flags differ).
    case mismatchedReply(String)
    /// The answer did not fit a UDP datagram (TCP fallback is not implemented).
    case truncated
    /// The server answered with an error code.
    case serverError(DNSResponseCode)
    /// No reply within the time allowed, after every retry.
    case timedOut(server: String)
    /// The resolver configuration names no server.
    case noNameServer
    /// The socket could not be opened or written.
    case network(String)

    public var description: String {
        switch self {
        case .invalidName(let name): "“\(name)” is not a valid DNS name"
        case .malformed(let what, let offset): "malformed DNS reply (\(what) at byte \(offset))"
        case .mismatchedReply(let what): "DNS reply does not match the question (\(what))"
        case .truncated: "DNS reply truncated"
        case .serverError(let code): "DNS server answered with error code \(code.code)"
        case .timedOut(let server): "no answer from the DNS server \(server)"
        case .noNameServer: "no DNS server configured (/etc/resolv.conf has no nameserver line)"
        case .network(let why): "DNS network error: \(why)"
        }
    }
}
