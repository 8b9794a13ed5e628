import Foundation
import HearthCore

/// Dates are stored as INTEGER milliseconds since 1970-01-01 UTC: compact, sortable, and exact
/// under round trips, which keyset pagination relies on (a cursor's date must compare equal to
/// the stored one). Sub-millisecond precision is dropped.
enum Millis {
    static func from(_ date: Date) -> Int64 {
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        if ms >= Double(Int64.max) { return .max }
        if ms <= Double(Int64.min) { return .min }
        return Int64(ms)
    }

    static func from(_ date: Date?) -> Int64? { date.map { from($0) } }

    static func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }
    static func date(_ ms: Int64?) -> Date? { ms.map { date($0) } }
}

/// JSON and list encodings of multi-value columns (foundation §5.6).
enum ColumnCoding {
    // MARK: Address lists: `to_addresses` = ["a@x", …] (§5.6), `to_names` = ["Alice", null, …]
    // (parallel, same length; the column is NULL when no address has a name).

    static func addresses(_ list: [EmailAddress]) -> String {
        jsonArray(list.map(\.address))
    }

    static func names(_ list: [EmailAddress]) -> String? {
        guard list.contains(where: { $0.name != nil }) else { return nil }
        return jsonArray(list.map(\.name))
    }

    static func addressList(addresses: String?, names: String?) -> [EmailAddress] {
        let addrs = decodeStrings(addresses)
        let nameList = decodeStrings(names)
        return addrs.enumerated().compactMap { index, address in
            guard let address else { return nil }
            let name = index < nameList.count ? nameList[index] : nil
            return EmailAddress(name: name, address: address)
        }
    }

    // MARK: References: "<id1> <id2>" (RFC 5322 style, §5.6).

    static func references(_ ids: [String]) -> String {
        ids.filter { !$0.isEmpty }.map { "<\($0)>" }.joined(separator: " ")
    }

    static func references(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).compactMap { token in
            var id = Substring(token)
            if id.first == "<" { id = id.dropFirst() }
            if id.last == ">" { id = id.dropLast() }
            return id.isEmpty ? nil : String(id)
        }
    }

    // MARK: Participants: [{"name": "Alice", "email": "alice@example.com"}] (§5.6).

    static func participants(_ list: [EmailAddress]) -> String {
        var out = "["
        for (index, p) in list.enumerated() {
            if index > 0 { out += "," }
            out += "{\"name\":"
            if let name = p.name { appendJSONString(name, to: &out) } else { out += "null" }
            out += ",\"email\":"
            appendJSONString(p.address, to: &out)
            out += "}"
        }
        return out + "]"
    }

    private struct Participant: Decodable { var name: String?; var email: String }

    static func participants(_ text: String?) -> [EmailAddress] {
        guard let data = text?.data(using: .utf8),
              let list = try? JSONDecoder().decode([Participant].self, from: data) else { return [] }
        return list.map { EmailAddress(name: $0.name, address: $0.email) }
    }

    // MARK: JSON primitives

    static func jsonArray(_ values: [String?]) -> String {
        var out = "["
        for (index, value) in values.enumerated() {
            if index > 0 { out += "," }
            if let value { appendJSONString(value, to: &out) } else { out += "null" }
        }
        return out + "]"
    }

    static func jsonArray(_ values: [String]) -> String { jsonArray(values.map { Optional($0) }) }

    static func decodeStrings(_ text: String?) -> [String?] {
        guard let text, text != "[]", let data = text.data(using: .utf8) else { return [] }
        return (try? JSONDecoder().decode([String?].self, from: data)) ?? []
    }

    static func appendJSONString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let s where s.value < 0x20:
                let hex = String(s.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
