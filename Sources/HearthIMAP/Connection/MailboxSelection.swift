/// What SELECT / EXAMINE reported: the per-folder sync state (UIDVALIDITY, UIDNEXT,
/// HIGHESTMODSEQ) plus, with QRESYNC, the changes since the given mod-sequence.
public struct MailboxSelection: Hashable, Sendable {
    public var mailbox: MailboxName
    public var exists: Int?
    public var recent: Int?
    public var uidValidity: UInt32?
    public var uidNext: UInt32?
    /// Nil when the server sent NOMODSEQ or does not do CONDSTORE.
    public var highestModSeq: UInt64?
    public var noModSeq = false
    public var flags: [Flag] = []
    public var permanentFlags: [Flag] = []
    public var readOnly = false
    /// QRESYNC: UIDs expunged since the known mod-sequence.
    public var vanished: [SequenceSet] = []
    /// QRESYNC: flag changes since the known mod-sequence.
    public var changes: [FetchedMessage] = []

    public init(mailbox: MailboxName, responses: [IMAPResponse], completion: TaggedStatus) {
        self.mailbox = mailbox
        for response in responses {
            switch response {
            case .exists(let n): exists = n
            case .recent(let n): recent = n
            case .flags(let f): flags = f
            case .vanished(_, let uids): vanished.append(uids)
            case .fetch(let seq, let items): changes.append(FetchedMessage(sequence: seq, items: items))
            default: break
            }
            if let code = response.responseCode { apply(code) }
        }
        if let code = completion.code { apply(code) }
    }

    private mutating func apply(_ code: ResponseCode) {
        switch code {
        case .uidValidity(let v): uidValidity = v
        case .uidNext(let v): uidNext = v
        case .highestModSeq(let v): highestModSeq = v
        case .noModSeq: noModSeq = true
        case .permanentFlags(let f): permanentFlags = f
        case .readOnly: readOnly = true
        case .readWrite: readOnly = false
        default: break
        }
    }
}
