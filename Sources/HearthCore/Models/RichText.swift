import Foundation

/// The composer's formatted text (spec product §5.5.1: bold, italic, links, lists), as a typed
/// document rather than HTML. Whatever produced it (an editor's HTML read through an allow-list,
/// a draft decoded from the store), the only HTML it can ever render is its own: escaped text
/// in `<b>`, `<i>`, `<a href>` with an http, https or mailto address, lines and lists. No
/// script, style, image or attribute other than `href` can be expressed, so a message built
/// from it is safe to send whoever built it.
public struct RichText: Sendable, Codable, Hashable {
    public var blocks: [Block]

    public init(blocks: [Block]) { self.blocks = blocks }

    /// Unformatted text, one line per line.
    public init(plainText: String) {
        let lines = plainText.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        blocks = lines.map { .line($0.isEmpty ? [] : [Span(String($0))]) }
    }

    /// One line of text, or a list (each item one line).
    public enum Block: Sendable, Codable, Hashable {
        case line([Span])
        case list(ordered: Bool, items: [[Span]])
    }

    /// A run of text with one style.
    public struct Span: Sendable, Codable, Hashable {
        public var text: String
        public var bold: Bool
        public var italic: Bool
        public var link: Link?

        public init(_ text: String, bold: Bool = false, italic: Bool = false, link: Link? = nil) {
            self.text = text; self.bold = bold; self.italic = italic; self.link = link
        }

        var isPlain: Bool { !bold && !italic && link == nil }
    }

    /// A link target the message may carry: http, https or mailto, no spaces, quotes, angle
    /// brackets or control characters. Checked on creation and on decoding, so no other
    /// scheme (`javascript:`, `data:`) can get into a `RichText`.
    public struct Link: Sendable, Hashable, Codable {
        public let url: String

        public init?(_ url: String) {
            let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
            let lowered = trimmed.lowercased()
            guard ["http://", "https://", "mailto:"].contains(where: lowered.hasPrefix),
                  trimmed.count > (lowered.hasPrefix("mailto:") ? 7 : 8), trimmed.utf8.count <= 2048,
                  !trimmed.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || "\"'<>\\`".unicodeScalars.contains($0) })
            else { return nil }
            self.url = trimmed
        }

        public init(from decoder: any Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(String.self)
            guard let link = Link(raw) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an http, https or mailto link"))
            }
            self = link
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(url)
        }
    }

    /// Whether anything is bold, italic, a link or a list: without that the message is sent
    /// as text/plain only.
    public var hasFormatting: Bool {
        blocks.contains { block in
            switch block {
            case .line(let spans): spans.contains { !$0.isPlain }
            case .list: true
            }
        }
    }

    // MARK: - Plain text

    /// The text/plain rendering: bold and italic as their text, links as `text <url>` (the
    /// address alone when it is the text), list items as `- item` or `1. item`.
    public var plainText: String {
        var lines: [String] = []
        for block in blocks {
            switch block {
            case .line(let spans): lines.append(Self.plain(spans))
            case .list(let ordered, let items):
                for (index, item) in items.enumerated() { lines.append((ordered ? "\(index + 1). " : "- ") + Self.plain(item)) }
            }
        }
        return lines.joined(separator: "\n")
    }

    static func plain(_ spans: [Span]) -> String {
        Self.linkGroups(spans).map { group in
            let text = group.spans.map(\.text).joined()
            guard let link = group.link else { return text }
            let bare = link.url.lowercased().hasPrefix("mailto:") ? String(link.url.dropFirst(7)) : link.url
            return text == link.url || text == bare || text.trimmingCharacters(in: .whitespaces).isEmpty ? link.url : "\(text) <\(link.url)>"
        }.joined()
    }

    // MARK: - HTML

    /// The HTML fragment: each line a `<div>` (an empty one holds a `<br>`, as mail clients
    /// write it), lists as `<ul>`/`<ol>`, every character of text escaped. No white space
    /// between the elements: an editor would keep it as text nodes of its own.
    public var html: String {
        var out = ""
        for block in blocks {
            switch block {
            case .line(let spans):
                out += spans.allSatisfy({ $0.text.isEmpty }) ? "<div><br></div>" : "<div>\(Self.html(spans))</div>"
            case .list(let ordered, let items):
                let tag = ordered ? "ol" : "ul"
                out += "<\(tag)>" + items.map { "<li>\(Self.html($0))</li>" }.joined() + "</\(tag)>"
            }
        }
        return out
    }

    static func html(_ spans: [Span]) -> String {
        Self.linkGroups(spans).map { group in
            let inner = group.spans.map { span -> String in
                var text = HTMLEscape.text(span.text)
                // Runs of spaces survive HTML's whitespace collapsing as space + no-break space.
                while text.contains("  ") { text = text.replacingOccurrences(of: "  ", with: " &nbsp;") }
                if span.italic { text = "<i>\(text)</i>" }
                if span.bold { text = "<b>\(text)</b>" }
                return text
            }.joined()
            guard let link = group.link else { return inner }
            return "<a href=\"\(HTMLEscape.text(link.url))\">\(inner)</a>"
        }.joined()
    }

    /// Consecutive spans with the same link, so one link is one anchor however it is styled.
    static func linkGroups(_ spans: [Span]) -> [(link: Link?, spans: [Span])] {
        var groups: [(link: Link?, spans: [Span])] = []
        for span in spans where !span.text.isEmpty {
            if let last = groups.indices.last, groups[last].link == span.link { groups[last].spans.append(span) } else { groups.append((span.link, [span])) }
        }
        return groups
    }
}
