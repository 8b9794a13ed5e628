import HearthCore
import HearthMIME

/// Addresses as a person types them ("Ann <ann@example.org>, bob@example.org"), checked where
/// they are typed — in the composer, on the command line — not after the undo window.
public enum AddressInput {
    /// Every address in `text` (empty text: none). Throws naming the field when one is wrong.
    public static func parse(_ text: String, field: String = "the address list") throws(AppError) -> [EmailAddress] {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return [] }
        let parsed = AddressParser.parseList(trimmed)
        guard !parsed.isEmpty, parsed.allSatisfy({ AddressValidator.isValid($0.address) }) else {
            throw .invalidInput("\"\(trimmed)\" in \(field) is not a valid address")
        }
        return parsed
    }

    /// Several typed values (repeated flags), each possibly a list.
    public static func parse(_ values: [String], field: String = "the address list") throws(AppError) -> [EmailAddress] {
        var all: [EmailAddress] = []
        for value in values { all += try parse(value, field: field) }
        return all
    }
}
