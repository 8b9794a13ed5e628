import Foundation

/// A parsed Content-Type (RFC 2045 §5).
public struct MIMEContentType: Sendable, Hashable {
    /// Lowercased top-level type, e.g. "text".
    public var type: String
    /// Lowercased subtype, e.g. "plain".
    public var subtype: String
    /// Parameters with lowercased names and decoded values (RFC 2231 / 2047).
    public var parameters: [String: String]

    public init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = type; self.subtype = subtype; self.parameters = parameters
    }

    /// "type/subtype".
    public var mimeType: String { "\(type)/\(subtype)" }
    public var isMultipart: Bool { type == "multipart" }
    /// message/rfc822 and message/global (RFC 6532) carry a whole message.
    public var isEncapsulatedMessage: Bool { type == "message" && (subtype == "rfc822" || subtype == "global") }
    public var charset: String? { parameters["charset"] }
    public var boundary: String? { parameters["boundary"] }

    public static let textPlain = MIMEContentType(type: "text", subtype: "plain", parameters: ["charset": "us-ascii"])
    public static let messageRFC822 = MIMEContentType(type: "message", subtype: "rfc822")

    /// Parses a Content-Type value; nil when there is no "type/subtype" (RFC 2045 §5.2 then says
    /// to assume text/plain). Tolerates spaces around "/", comments, and a missing ";" before
    /// the first parameter ("text/html charset=utf-8").
    public static func parse(_ value: String) -> MIMEContentType? {
        let s = Substring(value)
        let semi = s.firstIndex(of: ";") ?? s.endIndex
        let head = stripComments(s[..<semi])
        var extra = ""
        guard let slash = head.firstIndex(of: "/") else { return nil }
        let type = head[..<slash].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var subtypePart = head[head.index(after: slash)...].trimmingCharacters(in: .whitespacesAndNewlines)
        if let space = subtypePart.firstIndex(where: { $0 == " " || $0 == "\t" }) {
            extra = String(subtypePart[space...])
            subtypePart = String(subtypePart[..<space])
        }
        // "text/plain/format": keep the first subtype token.
        if let extraSlash = subtypePart.firstIndex(of: "/") { subtypePart = String(subtypePart[..<extraSlash]) }
        let subtype = subtypePart.lowercased()
        guard isToken(type), isToken(subtype) else { return nil }
        var params = RFC2231.parseParameters(s[semi...])
        if extra.contains("=") {
            for (k, v) in RFC2231.parseParameters(Substring(extra)) where params[k] == nil { params[k] = v }
        }
        return MIMEContentType(type: type, subtype: subtype, parameters: params)
    }

    static func isToken(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !"()<>@,;:\\\"/[]?=".utf8.contains($0) }
    }

    static func stripComments(_ s: Substring) -> String {
        guard s.contains("(") else { return String(s) }
        var out = ""
        var depth = 0
        for ch in s {
            if ch == "(" { depth += 1; continue }
            if ch == ")" && depth > 0 { depth -= 1; continue }
            if depth == 0 { out.append(ch) }
        }
        return out
    }
}

/// A parsed Content-Disposition (RFC 2183).
public struct ContentDisposition: Sendable, Hashable {
    /// Lowercased disposition type: "inline", "attachment", or whatever was written.
    public var type: String
    public var parameters: [String: String]

    public var isAttachment: Bool { type == "attachment" }
    public var isInline: Bool { type == "inline" }
    public var filename: String? { parameters["filename"].flatMap { $0.isEmpty ? nil : $0 } }

    public init(type: String, parameters: [String: String] = [:]) { self.type = type; self.parameters = parameters }

    public static func parse(_ value: String) -> ContentDisposition {
        let s = Substring(value)
        let semi = s.firstIndex(of: ";") ?? s.endIndex
        var type = s[..<semi].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        var params = RFC2231.parseParameters(s[semi...])
        // "attachment filename=x" without ";"
        if let space = type.firstIndex(of: " ") {
            let rest = type[space...]
            let original = s[..<semi]
            if rest.contains("="), let os = original.firstIndex(of: " ") {
                for (k, v) in RFC2231.parseParameters(original[os...]) where params[k] == nil { params[k] = v }
            }
            type = String(type[..<space])
        }
        return ContentDisposition(type: type, parameters: params)
    }
}
