import Foundation

/// Which part of a message a BODY[...] fetch names (RFC 3501 `section`): part numbers
/// (`1.2`) and an optional text specifier. The same type comes back in FETCH responses, so a
/// caller can match what it asked for with what it got.
public struct BodySection: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        case header
        case headerFields([String])
        case headerFieldsNot([String])
        case text
        /// MIME headers of a part (needs a part number).
        case mime
    }

    public var part: [Int]
    public var kind: Kind?

    public init(part: [Int] = [], kind: Kind? = nil) { self.part = part; self.kind = kind }

    /// `BODY[]`: the whole message.
    public static let complete = BodySection()
    public static let header = BodySection(kind: .header)
    public static let text = BodySection(kind: .text)
    public static func headerFields(_ fields: [String]) -> BodySection { BodySection(kind: .headerFields(fields)) }

    /// The text between the brackets, e.g. `1.2.MIME`, `HEADER.FIELDS (SUBJECT FROM)`.
    public var description: String {
        var pieces: [String] = []
        if !part.isEmpty { pieces.append(part.map(String.init).joined(separator: ".")) }
        if let kind {
            switch kind {
            case .header: pieces.append("HEADER")
            case .headerFields(let f): pieces.append("HEADER.FIELDS (\(f.map(BodySection.fieldName).joined(separator: " ")))")
            case .headerFieldsNot(let f): pieces.append("HEADER.FIELDS.NOT (\(f.map(BodySection.fieldName).joined(separator: " ")))")
            case .text: pieces.append("TEXT")
            case .mime: pieces.append("MIME")
            }
        }
        return pieces.joined(separator: ".")
    }

    /// Header names are astrings; the few that are not valid atoms get quoted.
    private static func fieldName(_ name: String) -> String {
        let atomSafe = !name.isEmpty && name.utf8.allSatisfy { IMAPSyntax.isAtomChar($0) }
        return atomSafe ? name.uppercased() : "\"\(name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\""
    }

    /// Parses the text between the brackets; nil if it is not a section spec.
    public init?(parsing text: String) {
        var rest = Substring(text)
        var numbers: [Int] = []
        while let first = rest.first, first.isNumber {
            let digits = rest.prefix { $0.isNumber }
            guard let n = Int(digits) else { return nil }
            numbers.append(n)
            rest = rest.dropFirst(digits.count)
            if rest.first == "." { rest = rest.dropFirst() } else { break }
        }
        part = numbers
        let upper = rest.uppercased()
        if upper.isEmpty { kind = nil; return }
        if upper == "HEADER" { kind = .header; return }
        if upper == "TEXT" { kind = .text; return }
        if upper == "MIME" { kind = .mime; return }
        for (prefix, negated) in [("HEADER.FIELDS.NOT", true), ("HEADER.FIELDS", false)] where upper.hasPrefix(prefix) {
            var list = upper.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            guard list.hasPrefix("("), list.hasSuffix(")") else { return nil }
            list = String(list.dropFirst().dropLast())
            let fields = list.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            kind = negated ? .headerFieldsNot(fields) : .headerFields(fields)
            return
        }
        return nil
    }
}


/// A byte range of a section: `<origin.length>` in a request; responses echo only `<origin>`.
public struct PartialRange: Hashable, Sendable {
    public var origin: Int
    public var length: Int
    public init(origin: Int, length: Int) { self.origin = origin; self.length = length }
}

/// What a FETCH asks for (RFC 3501 `fetch-att`, CONDSTORE's MODSEQ, Gmail's X-GM-*). The
/// Gmail attributes are only valid when the server advertises X-GM-EXT-1.
public enum FetchAttribute: Hashable, Sendable {
    case uid
    case flags
    case internalDate
    case rfc822Size
    case envelope
    case bodyStructure
    /// `BODY[section]<partial>`, or `BODY.PEEK[...]` when `peek` (does not set \Seen).
    case body(section: BodySection, partial: PartialRange? = nil, peek: Bool = true)
    case modSeq
    case gmailMessageID
    case gmailThreadID
    case gmailLabels

    /// The attribute as it appears in a FETCH command.
    public var wireText: String {
        switch self {
        case .uid: "UID"
        case .flags: "FLAGS"
        case .internalDate: "INTERNALDATE"
        case .rfc822Size: "RFC822.SIZE"
        case .envelope: "ENVELOPE"
        case .bodyStructure: "BODYSTRUCTURE"
        case .body(let section, let partial, let peek):
            "\(peek ? "BODY.PEEK" : "BODY")[\(section)]" + (partial.map { "<\($0.origin).\($0.length)>" } ?? "")
        case .modSeq: "MODSEQ"
        case .gmailMessageID: "X-GM-MSGID"
        case .gmailThreadID: "X-GM-THRID"
        case .gmailLabels: "X-GM-LABELS"
        }
    }
}
