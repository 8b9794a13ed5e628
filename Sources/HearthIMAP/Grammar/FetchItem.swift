import Foundation

/// One data item of a FETCH response.
public enum FetchItem: Hashable, Sendable {
    case uid(UInt32)
    case flags([Flag])
    /// The raw `date-time` and its value (nil if malformed).
    case internalDate(raw: String, date: Date?)
    case rfc822Size(Int)
    case envelope(Envelope)
    case bodyStructure(BodyStructure)
    /// `BODY[section]<origin>`; `data` nil for NIL. Also RFC822 (section `[]`),
    /// RFC822.HEADER (`[HEADER]`) and RFC822.TEXT (`[TEXT]`).
    case body(section: BodySection, origin: Int?, data: Data?)
    /// `BINARY[section]` (RFC 3516), decoded content.
    case binary(section: [Int], data: Data?)
    case modSeq(UInt64)
    case gmailMessageID(UInt64)
    case gmailThreadID(UInt64)
    case gmailLabels([String])
    /// An item this client does not model (e.g. PREVIEW, SAVEDATE): its name only.
    case other(name: String)
}

/// Convenient access to the items of one FETCH response.
public struct FetchedMessage: Hashable, Sendable {
    public var sequence: Int
    public var items: [FetchItem]

    public init(sequence: Int, items: [FetchItem]) { self.sequence = sequence; self.items = items }

    public var uid: UInt32? { items.lazy.compactMap { if case .uid(let v) = $0 { v } else { nil } }.first }
    public var flags: [Flag]? { items.lazy.compactMap { if case .flags(let v) = $0 { v } else { nil } }.first }
    public var internalDate: Date? { items.lazy.compactMap { if case .internalDate(_, let d) = $0 { d } else { nil } }.first }
    public var size: Int? { items.lazy.compactMap { if case .rfc822Size(let v) = $0 { v } else { nil } }.first }
    public var envelope: Envelope? { items.lazy.compactMap { if case .envelope(let v) = $0 { v } else { nil } }.first }
    public var bodyStructure: BodyStructure? { items.lazy.compactMap { if case .bodyStructure(let v) = $0 { v } else { nil } }.first }
    public var modSeq: UInt64? { items.lazy.compactMap { if case .modSeq(let v) = $0 { v } else { nil } }.first }
    public var gmailMessageID: UInt64? { items.lazy.compactMap { if case .gmailMessageID(let v) = $0 { v } else { nil } }.first }
    public var gmailThreadID: UInt64? { items.lazy.compactMap { if case .gmailThreadID(let v) = $0 { v } else { nil } }.first }
    public var gmailLabels: [String]? { items.lazy.compactMap { if case .gmailLabels(let v) = $0 { v } else { nil } }.first }

    /// The data of `BODY[section]` (first match, any origin).
    public func body(_ section: BodySection = .complete) -> Data? {
        for case .body(let s, _, let data) in items where s == section { return data }
        return nil
    }
}

extension IMAPResponse {
    /// The FETCH response as a `FetchedMessage`, if it is one.
    public var fetchedMessage: FetchedMessage? {
        if case .fetch(let sequence, let items) = self { return FetchedMessage(sequence: sequence, items: items) }
        return nil
    }
}
