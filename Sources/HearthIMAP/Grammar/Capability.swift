/// One capability a server advertises (`IDLE`, `AUTH=XOAUTH2`, `LITERAL+`). Compared
/// case-insensitively; stored upper-cased.
public struct Capability: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue.uppercased() }
    public init(stringLiteral value: String) { self.init(value) }

    public static let imap4rev1 = Capability("IMAP4rev1")
    public static let startTLS = Capability("STARTTLS")
    public static let loginDisabled = Capability("LOGINDISABLED")
    public static let saslIR = Capability("SASL-IR")
    public static let idle = Capability("IDLE")
    public static let move = Capability("MOVE")
    public static let uidPlus = Capability("UIDPLUS")
    public static let condStore = Capability("CONDSTORE")
    public static let qresync = Capability("QRESYNC")
    public static let enable = Capability("ENABLE")
    public static let specialUse = Capability("SPECIAL-USE")
    public static let literalPlus = Capability("LITERAL+")
    public static let literalMinus = Capability("LITERAL-")
    public static let esearch = Capability("ESEARCH")
    public static let gmailExtensions = Capability("X-GM-EXT-1")
    public static let id = Capability("ID")
    public static let unselect = Capability("UNSELECT")
    public static let listExtended = Capability("LIST-EXTENDED")
    public static let listStatus = Capability("LIST-STATUS")
    public static let namespace = Capability("NAMESPACE")

    /// `AUTH=<mechanism>`.
    public static func auth(_ mechanism: String) -> Capability { Capability("AUTH=\(mechanism)") }

    public var description: String { rawValue }
}

/// What the server advertised most recently. The connection replaces it after STARTTLS and after
/// authentication (RFC 3501 requires discarding the old list), and the client keys every optional
/// feature off this list only — a server that happens to accept an unadvertised command is not
/// relied on.
public struct Capabilities: Hashable, Sendable, CustomStringConvertible {
    public private(set) var all: Set<Capability>

    public init(_ capabilities: some Sequence<Capability> = []) { all = Set(capabilities) }

    public func contains(_ capability: Capability) -> Bool { all.contains(capability) }

    /// The SASL mechanisms from `AUTH=` entries, upper-cased.
    public var authMechanisms: Set<String> {
        Set(all.compactMap { $0.rawValue.hasPrefix("AUTH=") ? String($0.rawValue.dropFirst(5)) : nil })
    }

    public func supportsAuth(_ mechanism: String) -> Bool { contains(.auth(mechanism)) }

    public var isEmpty: Bool { all.isEmpty }

    public var description: String { all.map(\.rawValue).sorted().joined(separator: " ") }
}
