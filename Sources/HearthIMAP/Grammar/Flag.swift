/// A message flag or keyword (`\Seen`, `$Forwarded`, `Junk`). IMAP compares flags
/// case-insensitively, so equality and hashing do too; `rawValue` keeps the server's spelling.
public struct Flag: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public static let seen = Flag("\\Seen")
    public static let answered = Flag("\\Answered")
    public static let flagged = Flag("\\Flagged")
    public static let deleted = Flag("\\Deleted")
    public static let draft = Flag("\\Draft")
    public static let recent = Flag("\\Recent")
    /// `\*` in PERMANENTFLAGS: the client may create new keywords.
    public static let mayCreate = Flag("\\*")

    public static func == (lhs: Flag, rhs: Flag) -> Bool {
        lhs.rawValue.lowercased() == rhs.rawValue.lowercased()
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue.lowercased()) }

    public var description: String { rawValue }
}
