import Foundation

/// The header block of a message as unfolded fields — just enough RFC 5322 for threading tests.
struct HeaderBlock {
    /// (lower-cased name, unfolded value) in order of appearance.
    private(set) var fields: [(name: String, value: String)] = []

    /// Reads the fields up to the first blank line. Bytes are taken as UTF-8 when valid, otherwise
    /// as ISO-8859-1 (old mail carries raw 8-bit headers); continuation lines are joined to the
    /// line they continue, dropping the line break but keeping the folding white space.
    init(messageBytes: [UInt8]) {
        let end = Self.headerEnd(messageBytes)
        let bytes = messageBytes[..<end]
        let text = String(bytes: bytes, encoding: .utf8) ?? String(bytes: bytes, encoding: .isoLatin1) ?? ""
        var unfolded: [String] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if let first = line.first, first == " " || first == "\t", let last = unfolded.popLast() {
                unfolded.append(last + line)
            } else if !line.isEmpty {
                unfolded.append(String(line))
            }
        }
        for line in unfolded {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields.append((name, value))
        }
    }

    /// The first field named `name` (case-insensitive), if any.
    func value(_ name: String) -> String? {
        let wanted = name.lowercased()
        return fields.first { $0.name == wanted }?.value
    }

    /// The `<…>` message ids in a field value, brackets removed, in order.
    static func messageIDs(in value: String) -> [String] {
        var ids: [String] = []
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: ">") else { break }
            let id = rest[afterOpen..<close].filter { !$0.isWhitespace }
            if !id.isEmpty { ids.append(String(id)) }
            rest = rest[rest.index(after: close)...]
        }
        return ids
    }

    /// Offset of the blank line ending the header block (or the end).
    private static func headerEnd(_ bytes: [UInt8]) -> Int {
        var index = 0
        var atLineStart = true
        while index < bytes.count {
            if atLineStart && (bytes[index] == 0x0A || (bytes[index] == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A)) {
                return index
            }
            atLineStart = bytes[index] == 0x0A
            index += 1
        }
        return bytes.count
    }
}
