/// SEARCH criteria (RFC 3501 §6.4.4, plus CONDSTORE's MODSEQ and Gmail's X-GM-* keys). Several
/// keys side by side are ANDed (`.and`).
public indirect enum SearchKey: Hashable, Sendable {
    case all
    case uid(SequenceSet)
    case sequence(SequenceSet)
    /// INTERNALDATE on or after the date (the sync window).
    case since(IMAPDate)
    case before(IMAPDate)
    case on(IMAPDate)
    /// Date: header on or after the date.
    case sentSince(IMAPDate)
    case sentBefore(IMAPDate)
    case seen, unseen, flagged, unflagged, answered, unanswered, deleted, undeleted, draft, undraft
    case keyword(Flag)
    case unkeyword(Flag)
    case header(field: String, value: String)
    case from(String)
    case to(String)
    case subject(String)
    case body(String)
    case text(String)
    case larger(Int)
    case smaller(Int)
    /// CONDSTORE: messages whose mod-sequence is at least this.
    case modSeq(UInt64)
    /// Gmail (X-GM-EXT-1): the message with this X-GM-MSGID.
    case gmailMessageID(UInt64)
    case gmailThreadID(UInt64)
    /// Gmail search syntax (X-GM-RAW), e.g. `has:attachment`.
    case gmailRaw(String)
    case not(SearchKey)
    case or(SearchKey, SearchKey)
    case and([SearchKey])
}

/// ESEARCH result options (RFC 4731): `RETURN (MIN MAX ALL COUNT)`. Only sent when the server
/// advertises ESEARCH; otherwise the encoder sends a plain SEARCH and the caller reads `* SEARCH`.
public enum SearchReturnOption: String, Hashable, Sendable, CaseIterable {
    case min = "MIN", max = "MAX", all = "ALL", count = "COUNT"
}
