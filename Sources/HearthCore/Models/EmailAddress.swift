/// A mailbox as it appears in an address header: an optional display name and an addr-spec.
public struct EmailAddress: Sendable, Codable, Hashable {
    public var name: String?
    public var address: String

    public init(name: String? = nil, address: String) {
        let trimmed = name?.trimmingCharacters(in: .whitespaces)
        self.name = (trimmed?.isEmpty ?? true) ? nil : trimmed
        self.address = address
    }

    /// The address lower-cased, for de-duplication (local parts are case-sensitive in theory,
    /// never in practice).
    public var normalizedAddress: String { address.lowercased() }

    /// What a person would call this sender: the display name, else the local part.
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        return address.split(separator: "@").first.map(String.init) ?? address
    }

    /// RFC 5322 style rendering for display (not for wire use: no encoding is applied).
    public var formatted: String {
        guard let name else { return address }
        return "\(name) <\(address)>"
    }
}

import Foundation
