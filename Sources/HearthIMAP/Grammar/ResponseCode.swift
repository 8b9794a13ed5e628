/// A response code in brackets at the start of a status response's text (RFC 3501 §7.1 and
/// extensions). Unknown codes keep their name and raw argument text, so nothing is lost.
public enum ResponseCode: Hashable, Sendable {
    /// The text must be shown to the user (RFC 3501: "MUST present").
    case alert
    case capability(Capabilities)
    case uidValidity(UInt32)
    case uidNext(UInt32)
    case unseen(UInt32)
    case highestModSeq(UInt64)
    /// The mailbox does not support mod-sequences (CONDSTORE unusable for it).
    case noModSeq
    case permanentFlags([Flag])
    case readOnly
    case readWrite
    /// The target mailbox does not exist but could be created.
    case tryCreate
    /// UIDPLUS: the UID(s) the appended message(s) got.
    case appendUID(uidValidity: UInt32, uids: SequenceSet)
    /// UIDPLUS: source UIDs and the matching destination UIDs of a COPY/MOVE.
    case copyUID(uidValidity: UInt32, source: SequenceSet, destination: SequenceSet)
    /// CONDSTORE: UIDs (or numbers) that failed UNCHANGEDSINCE.
    case modified(SequenceSet)
    /// QRESYNC: the previously selected mailbox is closed.
    case closed
    case authenticationFailed
    case authorizationFailed
    case expired
    /// Temporary failure (server busy, backend down): retry later.
    case unavailable
    case serverBug
    case clientBug
    case limit
    case other(name: String, text: String?)
}
