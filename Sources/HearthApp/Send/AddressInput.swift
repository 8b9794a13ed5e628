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

extension AddressInput {
    /// For saving a draft: every address as typed, finished or not — a half-typed recipient
    /// ("ann@exa") is kept as text rather than refused, so autosave never loses it. Sending
    /// still goes through `parse`, which refuses it. `unfinished` names what needs a look.
    public static func asTyped(_ text: String) -> (addresses: [EmailAddress], unfinished: [String]) {
        var addresses: [EmailAddress] = []
        var unfinished: [String] = []
        for piece in splitList(text) {
            let parsed = AddressParser.parseList(piece)
            if !parsed.isEmpty, parsed.allSatisfy({ AddressValidator.isValid($0.address) }) {
                addresses += parsed
            } else {
                addresses.append(EmailAddress(address: piece))
                unfinished.append(piece)
            }
        }
        return (addresses, unfinished)
    }

    /// Commas outside quotes and angle brackets separate addresses.
    static func splitList(_ text: String) -> [String] {
        var pieces: [String] = [], current = ""
        var quoted = false, angle = false
        for character in text {
            switch character {
            case "\"": quoted.toggle(); current.append(character)
            case "<" where !quoted: angle = true; current.append(character)
            case ">" where !quoted: angle = false; current.append(character)
            case ",", ";" where !quoted && !angle:
                pieces.append(current); current = ""
            default: current.append(character)
            }
        }
        pieces.append(current)
        return pieces.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
