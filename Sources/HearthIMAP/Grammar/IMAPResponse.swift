/// Text of a status response with its optional response code.
public struct ResponseText: Hashable, Sendable, CustomStringConvertible {
    public var code: ResponseCode?
    public var text: String
    public init(code: ResponseCode? = nil, text: String) { self.code = code; self.text = text }
    public var description: String { text }
}

/// OK / NO / BAD.
public enum CompletionState: String, Hashable, Sendable {
    case ok = "OK", no = "NO", bad = "BAD"
}

/// The tagged completion of a command.
public struct TaggedStatus: Hashable, Sendable, CustomStringConvertible {
    public var tag: String
    public var state: CompletionState
    public var code: ResponseCode?
    public var text: String

    public init(tag: String, state: CompletionState, code: ResponseCode? = nil, text: String) {
        self.tag = tag; self.state = state; self.code = code; self.text = text
    }

    public var description: String { "\(tag) \(state.rawValue) \(text)" }
}

/// One LIST (or LSUB) entry.
public struct MailboxListItem: Hashable, Sendable {
    public var attributes: MailboxAttributes
    /// Hierarchy delimiter; nil for a flat namespace (`NIL`).
    public var delimiter: Character?
    public var name: MailboxName

    public init(attributes: MailboxAttributes, delimiter: Character?, name: MailboxName) {
        self.attributes = attributes; self.delimiter = delimiter; self.name = name
    }
}

/// STATUS values (each only when requested and returned).
public struct MailboxStatus: Hashable, Sendable {
    public var messages: Int?
    public var recent: Int?
    public var uidNext: UInt32?
    public var uidValidity: UInt32?
    public var unseen: Int?
    public var highestModSeq: UInt64?
    public var size: UInt64?
    public var deleted: Int?
    public init() {}
}

/// An ESEARCH response (RFC 4731).
public struct ESearchResponse: Hashable, Sendable {
    /// The tag of the command this answers.
    public var tag: String?
    public var uid: Bool
    public var min: UInt32?
    public var max: UInt32?
    public var all: SequenceSet?
    public var count: Int?
    public var modSeq: UInt64?
    public init(tag: String? = nil, uid: Bool = false) { self.tag = tag; self.uid = uid }
}

/// Every server response the parser produces. Anything it does not understand becomes
/// `.unknown(line)`: a single odd line must never end a sync.
public enum IMAPResponse: Hashable, Sendable {
    case tagged(TaggedStatus)
    /// `+ text`: the server waits for more (literal data, SASL response, IDLE accepted).
    case continuation(String)

    case ok(ResponseText)
    case no(ResponseText)
    case bad(ResponseText)
    case bye(ResponseText)
    case preauth(ResponseText)

    case capability(Capabilities)
    case enabled([Capability])
    case list(MailboxListItem)
    case status(MailboxName, MailboxStatus)
    case flags([Flag])
    case exists(Int)
    case recent(Int)
    /// A message number (not a UID) was expunged; later numbers shift down by one.
    case expunge(Int)
    /// QRESYNC: these UIDs are gone; `earlier` when reporting expunges from before this session.
    case vanished(earlier: Bool, uids: SequenceSet)
    case fetch(sequence: Int, items: [FetchItem])
    case search(numbers: [UInt32], modSeq: UInt64?)
    case esearch(ESearchResponse)
    case id([IDField]?)
    /// An untagged response this client does not model, or a line it could not parse: skipped.
    case unknown(String)

    /// The response code of a status response, if any.
    public var responseCode: ResponseCode? {
        switch self {
        case .tagged(let status): status.code
        case .ok(let t), .no(let t), .bad(let t), .bye(let t), .preauth(let t): t.code
        default: nil
        }
    }
}
