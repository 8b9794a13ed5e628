/// A mailbox attribute from LIST (`\Noselect`, `\HasChildren`, `\Sent`), compared
/// case-insensitively (servers differ: `\NoSelect`, `\Noselect`).
public struct MailboxAttribute: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let noSelect = MailboxAttribute("\\Noselect")
    public static let nonExistent = MailboxAttribute("\\NonExistent")
    public static let noInferiors = MailboxAttribute("\\Noinferiors")
    public static let hasChildren = MailboxAttribute("\\HasChildren")
    public static let hasNoChildren = MailboxAttribute("\\HasNoChildren")
    public static let marked = MailboxAttribute("\\Marked")
    public static let unmarked = MailboxAttribute("\\Unmarked")
    public static let subscribed = MailboxAttribute("\\Subscribed")
    // RFC 6154 special-use, plus Gmail's \Important.
    public static let all = MailboxAttribute("\\All")
    public static let archive = MailboxAttribute("\\Archive")
    public static let drafts = MailboxAttribute("\\Drafts")
    public static let flagged = MailboxAttribute("\\Flagged")
    public static let junk = MailboxAttribute("\\Junk")
    public static let sent = MailboxAttribute("\\Sent")
    public static let trash = MailboxAttribute("\\Trash")
    public static let important = MailboxAttribute("\\Important")

    public static func == (lhs: MailboxAttribute, rhs: MailboxAttribute) -> Bool {
        lhs.rawValue.lowercased() == rhs.rawValue.lowercased()
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue.lowercased()) }

    public var description: String { rawValue }
}

/// RFC 6154 special-use roles (and Gmail's \Important), for mapping folders to the domain's types.
public enum SpecialUse: String, Sendable, CaseIterable {
    case all, archive, drafts, flagged, junk, sent, trash, important

    var attribute: MailboxAttribute {
        switch self {
        case .all: .all
        case .archive: .archive
        case .drafts: .drafts
        case .flagged: .flagged
        case .junk: .junk
        case .sent: .sent
        case .trash: .trash
        case .important: .important
        }
    }
}

/// The attributes of one LIST entry.
public struct MailboxAttributes: Hashable, Sendable {
    public let attributes: [MailboxAttribute]

    public init(_ attributes: [MailboxAttribute]) { self.attributes = attributes }

    public func contains(_ attribute: MailboxAttribute) -> Bool { attributes.contains(attribute) }

    /// False for `\Noselect` and `\NonExistent` (RFC 5258: \NonExistent implies \Noselect) —
    /// e.g. Gmail's `[Gmail]` parent, which must never be SELECTed.
    public var isSelectable: Bool { !contains(.noSelect) && !contains(.nonExistent) }

    /// The special-use role, if the server declares one. \All wins over \Important if both occur.
    public var specialUse: SpecialUse? {
        SpecialUse.allCases.first { contains($0.attribute) }
    }
}
