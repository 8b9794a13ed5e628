import CGumbo
import Foundation
import HearthCore

/// Reads the HTML a composer sends (the web editor's content, or whatever was pasted into it)
/// into a `RichText`, keeping only what a message may carry: bold, italic, http/https/mailto
/// links, lines and lists. It is an allow-list over the HTML5 parser's tree (the same Gumbo
/// tree the body sanitizer walks): everything else is dropped — scripts, styles and their text,
/// images (so no remote image is ever sent), forms, frames, event handlers, every attribute but
/// `href` — and the text of unknown or presentational elements is kept as plain text. The
/// browser is never trusted: this runs on the server before a draft is stored or a message sent.
public enum ComposerHTMLReader {
    /// A composer body larger than this is refused (a pasted document, not a message).
    public static let limits = HTMLSanitizer.Limits(maxInputBytes: 4 << 20, maxTags: 50_000)

    public static func read(_ html: String) throws(HTMLParseFailure) -> RichText {
        try GumboTree.parse(html, limits: limits) { document in
            var builder = Builder()
            builder.walk(document, Style())
            return builder.finish()
        }
    }

    /// Elements dropped with everything inside them.
    static let dropped: Set<String> = [
        "script", "style", "head", "title", "template", "iframe", "frame", "frameset", "object", "embed", "applet",
        "noscript", "noembed", "noframes", "img", "picture", "video", "audio", "source", "track", "canvas", "map", "area",
        "input", "select", "option", "optgroup", "textarea", "button", "datalist", "meta", "link", "base", "param", "svg", "math",
    ]
    /// Elements that end a line before and after them.
    static let blocks: Set<String> = [
        "div", "p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "section", "article", "header", "footer",
        "main", "nav", "aside", "address", "figure", "figcaption", "table", "tr", "dl", "dt", "dd", "hr", "center", "details", "summary",
    ]

    struct Style {
        var bold = false
        var italic = false
        var link: RichText.Link?
        var preformatted = false
    }

    /// Collects lines and lists while walking the tree.
    struct Builder {
        var blocks: [RichText.Block] = []
        var line: [RichText.Span] = []
        /// Inside a list: its kind and the items so far (nested lists join the outer one).
        var list: (ordered: Bool, items: [[RichText.Span]])?
        var listDepth = 0

        mutating func walk(_ node: GumboNodeRef, _ style: Style) {
            if node.isText { text(node.text, style); return }
            guard node.isElement || node.type == GUMBO_NODE_DOCUMENT else { return }
            if node.isElement {
                if node.isForeign { return }
                let name = node.tagName
                if Self.isDropped(name) { return }
                var inner = style
                apply(name, node.attributes, to: &inner)
                switch name {
                case "br":
                    if list != nil { text(" ", style) } else { endLine(force: true) }
                    return
                case "ul", "ol":
                    startList(ordered: name == "ol")
                    node.children.forEach { walk($0, inner) }
                    endList()
                    return
                case "li":
                    if list == nil { startList(ordered: false); node.children.forEach { walk($0, inner) }; endItem(); endList(); return }
                    endItem()
                    node.children.forEach { walk($0, inner) }
                    endItem()
                    return
                case "td", "th":
                    node.children.forEach { walk($0, inner) }
                    text(" ", inner)
                    return
                default:
                    break
                }
                let block = ComposerHTMLReader.blocks.contains(name)
                if block { blockBoundary() }
                node.children.forEach { walk($0, inner) }
                if block { blockBoundary() }
                return
            }
            node.children.forEach { walk($0, style) }
        }

        static func isDropped(_ name: String) -> Bool { name.isEmpty ? false : ComposerHTMLReader.dropped.contains(name) }

        /// Bold, italic and links from the element and the few inline styles editors and word
        /// processors use for them (`font-weight`, `font-style`); nothing else of a style is read.
        func apply(_ name: String, _ attributes: [(name: String, value: String)], to style: inout Style) {
            let css = (attributes.first { $0.name == "style" }?.value ?? "").lowercased().replacingOccurrences(of: " ", with: "")
            switch name {
            case "b", "strong": style.bold = !(css.contains("font-weight:normal") || css.contains("font-weight:400"))
            case "i", "em", "cite", "var", "dfn": style.italic = !css.contains("font-style:normal")
            case "a":
                style.link = attributes.first { $0.name == "href" }.flatMap { RichText.Link($0.value) }
            case "pre": style.preformatted = true
            default: break
            }
            if let weight = Self.value(of: "font-weight", in: css) {
                if weight == "bold" || weight == "bolder" || (Int(weight) ?? 0) >= 600 { style.bold = true }
                if weight == "normal" || (Int(weight).map { $0 < 600 } ?? false) { style.bold = false }
            }
            if let slant = Self.value(of: "font-style", in: css) { style.italic = slant == "italic" || slant == "oblique" }
        }

        static func value(of property: String, in css: String) -> String? {
            guard let range = css.range(of: property + ":") else { return nil }
            return String(css[range.upperBound...].prefix { $0 != ";" && $0 != "!" })
        }

        mutating func text(_ raw: String, _ style: Style) {
            var out = ""
            if style.preformatted {
                for (index, part) in raw.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if index > 0 { append(out, style); out = ""; if list == nil { endLine(force: true) } else { out = " " } }
                    out += part.replacingOccurrences(of: "\t", with: "    ")
                }
                append(out, style)
                return
            }
            // HTML's whitespace rules: a run of spaces, tabs and line ends is one space, and
            // none at the start of a line; a no-break space is a space the author meant.
            var lastWasSpace = current.last.map { $0.text.last == " " } ?? true
            for scalar in raw.unicodeScalars {
                switch scalar {
                case " ", "\t", "\n", "\r", "\u{0C}":
                    if !lastWasSpace { out += " "; lastWasSpace = true }
                case "\u{A0}":
                    out += " "; lastWasSpace = false
                case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x200B...0x200D).contains(scalar.value) || scalar.value == 0xFEFF:
                    continue
                default:
                    out.unicodeScalars.append(scalar); lastWasSpace = false
                }
            }
            append(out, style)
        }

        var current: [RichText.Span] { list?.items.last ?? line }

        mutating func append(_ text: String, _ style: Style) {
            guard !text.isEmpty else { return }
            var spans = current
            if let last = spans.indices.last, spans[last].bold == style.bold, spans[last].italic == style.italic, spans[last].link == style.link {
                spans[last].text += text
            } else {
                spans.append(RichText.Span(text, bold: style.bold, italic: style.italic, link: style.link))
            }
            if list != nil, var open = list {
                if open.items.isEmpty { open.items.append(spans) } else { open.items[open.items.count - 1] = spans }
                list = open
            } else {
                line = spans
            }
        }

        /// Between blocks: the open line ends unless it is empty (so `<div><br></div>` is
        /// one empty line, not two).
        mutating func blockBoundary() {
            if list != nil { if !(list?.items.last ?? []).isEmpty { append(" ", Style()) }; return }
            endLine(force: false)
        }

        mutating func endLine(force: Bool) {
            trimTrailingSpace(&line)
            if force || !line.isEmpty { blocks.append(.line(line)) }
            line = []
        }

        mutating func startList(ordered: Bool) {
            listDepth += 1
            guard list == nil else { return }
            endLine(force: false)
            list = (ordered, [])
        }

        /// Closes the item being written (a following one starts empty).
        mutating func endItem() {
            guard var open = list else { return }
            if let last = open.items.indices.last {
                trimTrailingSpace(&open.items[last])
                if open.items[last].isEmpty { open.items.removeLast() }
            }
            open.items.append([])
            list = open
        }

        mutating func endList() {
            listDepth -= 1
            guard listDepth == 0, var open = list else { return }
            open.items = open.items.map { item in var item = item; trimLeadingSpace(&item); trimTrailingSpace(&item); return item }.filter { !$0.isEmpty }
            if !open.items.isEmpty { blocks.append(.list(ordered: open.ordered, items: open.items)) }
            list = nil
        }

        mutating func finish() -> RichText {
            if list != nil { listDepth = 1; endList() }
            endLine(force: false)
            // Trailing empty lines are not part of the message.
            while case .line(let spans)? = blocks.last, spans.isEmpty { blocks.removeLast() }
            return RichText(blocks: blocks)
        }

        func trimTrailingSpace(_ spans: inout [RichText.Span]) {
            while let last = spans.indices.last, spans[last].text.hasSuffix(" ") {
                spans[last].text.removeLast()
                if spans[last].text.isEmpty { spans.removeLast() }
            }
        }

        func trimLeadingSpace(_ spans: inout [RichText.Span]) {
            while let first = spans.first, first.text.hasPrefix(" ") {
                spans[0].text.removeFirst()
                if spans[0].text.isEmpty { spans.removeFirst() }
            }
        }
    }
}
