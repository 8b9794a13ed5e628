import Foundation

/// The HTML sanitizer: parses mail HTML with Gumbo (the WHATWG HTML5 parsing algorithm, so the
/// tree is the one a browser would build) and re-serialises only what the allowlists keep
/// (`SanitizerPolicy`, `URLPolicy`, `CSSSanitizer`), removing trackers on the way.
///
/// Working on the parse tree rather than on the text is the point: every tokenizer trick
/// (unclosed tags, entities in attributes, `<scr<script>ipt>`, comments and CDATA, foreign
/// content) has already been resolved the way the browser resolves it, and the output is
/// written by our serializer, which escapes everything it did not build itself.
public struct HTMLSanitizer: Sendable {
    /// Hard bounds on hostile input; beyond them the message is shown as plain text. The tag
    /// bound also bounds time: the HTML5 tree builder scans the stack of open elements for
    /// scope on many start tags, so a document nested N deep costs O(N²) (20,000 nested
    /// `<div>`s take seconds); real newsletters have a few thousand tags.
    public struct Limits: Sendable, Hashable {
        public var maxInputBytes: Int
        public var maxTags: Int
        public init(maxInputBytes: Int = 8 << 20, maxTags: Int = 25_000) {
            self.maxInputBytes = maxInputBytes; self.maxTags = maxTags
        }
    }

    public let options: SanitizeOptions
    let blocklist: TrackerBlocklist
    let unwrapper: ClickTrackerUnwrapper

    public init(options: SanitizeOptions = .init(), blocklist: TrackerBlocklist = .bundled,
                unwrapper: ClickTrackerUnwrapper = .bundled) {
        self.options = options; self.blocklist = blocklist; self.unwrapper = unwrapper
    }

    /// Sanitises a whole HTML document or fragment.
    ///
    /// The output is a fixed point: it is parsed and sanitised again until nothing changes
    /// (at most `maxPasses` times). HTML serialisation does not always survive a re-parse
    /// (mis-nested formatting, foster-parented table content, headings in headings), and that
    /// gap is where mutation XSS lives; checking the re-parse closes it, because what the
    /// browser will build from the output is then exactly the tree that was checked.
    /// Documents are parsed in no-quirks mode, as the rendering contract's document renders.
    public func sanitize(_ html: String) throws(HTMLParseFailure) -> SanitizedHTML {
        let bytes = html.utf8.count
        guard bytes <= options.limits.maxInputBytes else { throw .tooLarge(bytes: bytes, limit: options.limits.maxInputBytes) }
        var result = try pass(html)
        var current = result
        for _ in 1..<Self.maxPasses {
            let next = try pass(current.html)
            if next.html == current.html { break }
            current = next
        }
        result.html = current.html
        result.textCharacters = current.textCharacters
        result.imagesShown = current.imagesShown
        return result
    }

    static let maxPasses = 4
    static let doctype = "<!DOCTYPE html>"

    private func pass(_ html: String) throws(HTMLParseFailure) -> SanitizedHTML {
        let walker = SanitizingWalker(options: options, blocklist: blocklist, unwrapper: unwrapper)
        var limits = options.limits
        limits.maxInputBytes += Self.doctype.utf8.count
        return try GumboTree.parse(Self.doctype + html, limits: limits) { document in
            walker.run(document: document)
        }
    }
}

/// One pass over one tree. Iterative, with an explicit stack: tree depth is attacker-chosen.
private struct SanitizingWalker: Sendable {
    let options: SanitizeOptions
    let blocklist: TrackerBlocklist
    let unwrapper: ClickTrackerUnwrapper

    private enum Work {
        case visit(GumboNodeRef, hidden: Bool, topLevel: Bool)
        case emit(String)
    }

    func run(document: GumboNodeRef) -> SanitizedHTML {
        var result = SanitizedHTML(html: "", trackers: [], remoteImagesBlocked: 0, remoteImagesKept: 0,
                                   inlineContentIDs: [], linksUnwrapped: 0, stylesheetsOrFontsRemoved: 0,
                                   textCharacters: 0, imagesShown: 0)
        var out = ""
        out.reserveCapacity(4_096)
        var html: GumboNodeRef?
        for child in document.children where child.isElement && child.tagName == "html" { html = child }
        guard let root = html else { return result }
        var body: GumboNodeRef?
        for child in root.children where child.isElement {
            switch child.tagName {
            case "head":
                // Only the head's style sheets matter to how a mail looks; everything else there
                // (title, meta refresh, base, link) is removed.
                for node in child.children where node.isElement && node.tagName == "style" {
                    emitStyle(node, into: &out, result: &result)
                }
            case "body":
                body = child
            default:
                break
            }
        }
        guard let body else { result.html = out; return result }

        var emittedContent = false
        var stack: [Work] = body.children.reversed().map { .visit($0, hidden: false, topLevel: true) }
        while let work = stack.popLast() {
            switch work {
            case .emit(let text):
                out += text
            case .visit(let node, let hidden, let topLevel):
                if node.isText {
                    var text = node.text
                    if !emittedContent && topLevel {
                        // A re-parse drops whitespace before the first content of a document:
                        // drop it now so the output is a fixed point.
                        text = String(text.drop(while: { " \t\n\r\u{0C}".contains($0) }))
                        if text.isEmpty { continue }
                    }
                    result.textCharacters += text.unicodeScalars.reduce(0) { $0 + ($1.properties.isWhitespace ? 0 : 1) }
                    out += HTMLEscaping.text(text)
                    emittedContent = true
                    continue
                }
                guard node.isElement, !node.isForeign else { continue }
                let name = node.tagName
                if node.isUnknownTag || name.isEmpty {
                    pushChildren(of: node, hidden: hidden, topLevel: topLevel, onto: &stack)
                    continue
                }
                if name == "style" {
                    emitStyle(node, into: &out, result: &result)
                    continue
                }
                if SanitizerPolicy.droppedWithContent.contains(name) { continue }
                guard let allowed = SanitizerPolicy.elements[name] else {
                    pushChildren(of: node, hidden: hidden, topLevel: topLevel, onto: &stack)
                    continue
                }
                let attributes = node.attributes
                let isHidden = hidden || Self.hides(attributes)
                if name == "img" {
                    if let markup = image(attributes, hidden: isHidden, result: &result) {
                        out += markup
                        emittedContent = true
                    }
                    continue
                }
                var tag = "<" + name
                tag += keptAttributes(attributes, allowed: allowed)
                if !result.setsColors && !isHidden { result.setsColors = Self.setsColors(attributes, allowed: allowed) }
                if name == "a" { tag += linkAttributes(attributes, result: &result) }
                tag += ">"
                out += tag
                emittedContent = true
                if SanitizerPolicy.voidElements.contains(name) { continue }
                let children = node.children
                if name == "pre", let first = children.first, first.isText, first.text.hasPrefix("\n") {
                    // The parser eats one newline right after <pre>; write one back so the
                    // text's own leading newline survives a re-parse (HTML serialisation rule).
                    out += "\n"
                }
                stack.append(.emit("</" + name + ">"))
                for child in children.reversed() { stack.append(.visit(child, hidden: isHidden, topLevel: false)) }
            }
        }
        result.html = out
        return result
    }

    private func pushChildren(of node: GumboNodeRef, hidden: Bool, topLevel: Bool, onto stack: inout [Work]) {
        for child in node.children.reversed() { stack.append(.visit(child, hidden: hidden, topLevel: topLevel)) }
    }

    private func emitStyle(_ node: GumboNodeRef, into out: inout String, result: inout SanitizedHTML) {
        let source = node.children.filter(\.isText).map(\.text).joined()
        let lower = source.lowercased()
        result.stylesheetsOrFontsRemoved += lower.components(separatedBy: "url(").count - 1
            + lower.components(separatedBy: "@import").count - 1
        let css = CSSSanitizer.sanitizeStylesheet(source)
        if !css.isEmpty { out += "<style>" + css + "</style>" }
        if !result.setsColors && CSSSanitizer.namesColors(css) { result.setsColors = true }
    }

    // MARK: Attributes

    private func keptAttributes(_ attributes: [(name: String, value: String)], allowed: Set<String>) -> String {
        var out = ""
        for (name, value) in attributes where SanitizerPolicy.globalAttributes.contains(name) || allowed.contains(name) {
            let kind = SanitizerPolicy.kind(of: name)
            guard kind != .url, let kept = SanitizerPolicy.checkedValue(value, kind: kind) else { continue }
            out += " " + name + "=\"" + HTMLEscaping.attribute(kept) + "\""
        }
        return out
    }

    private func linkAttributes(_ attributes: [(name: String, value: String)], result: inout SanitizedHTML) -> String {
        guard let raw = attributes.first(where: { $0.name == "href" })?.value else { return "" }
        let outside = " target=\"_blank\" rel=\"noopener noreferrer\""
        switch URLPolicy.evaluate(raw, context: .link) {
        case .remote(let url):
            var href = URLPolicy.clean(raw)
            if options.unwrapClickTrackers, let destination = unwrapper.destination(of: url) {
                href = URLPolicy.clean(destination.absoluteString)
                result.linksUnwrapped += 1
            }
            return " href=\"" + HTMLEscaping.attribute(href) + "\"" + outside
        case .mailto(let cleaned):
            return " href=\"" + HTMLEscaping.attribute(cleaned) + "\"" + outside
        case .fragment(let cleaned):
            return " href=\"" + HTMLEscaping.attribute(cleaned) + "\""
        case .contentID, .inlineData, .rejected:
            return ""
        }
    }

    // MARK: Images

    /// The markup an `<img>` becomes: itself, a placeholder, or nothing (tracker, bad URL).
    private func image(_ attributes: [(name: String, value: String)], hidden: Bool, result: inout SanitizedHTML) -> String? {
        guard let src = attributes.first(where: { $0.name == "src" })?.value else { return nil }
        let allowed = SanitizerPolicy.elements["img"] ?? []
        let kept = keptAttributes(attributes, allowed: allowed)
        // Our own inline-image URL for this very message (an earlier pass wrote it): kept as is.
        if let route = options.inlineImages, let (id, contentID) = InlineImageRoute.parse(path: src, pathPrefix: route.pathPrefix),
           id == route.emailID, route.url(contentID: contentID) == src {
            result.imagesShown += 1
            result.inlineContentIDs.append(contentID)
            return "<img src=\"" + HTMLEscaping.attribute(src) + "\"" + kept + ">"
        }
        switch URLPolicy.evaluate(src, context: .image) {
        case .remote(let url):
            let cleaned = URLPolicy.clean(src)
            if let reason = trackerReason(cleaned, attributes: attributes, hidden: hidden) {
                result.trackers.append(BlockedTracker(reason: reason.0, host: url.host?.lowercased() ?? "", company: reason.1))
                return nil
            }
            result.imagesShown += 1
            if options.remoteImages == .allow {
                result.remoteImagesKept += 1
                return "<img src=\"" + HTMLEscaping.attribute(cleaned) + "\"" + kept + " referrerpolicy=\"no-referrer\">"
            }
            result.remoteImagesBlocked += 1
            return placeholder(attributes, label: "Remote image blocked")
        case .contentID(let contentID):
            result.imagesShown += 1
            result.inlineContentIDs.append(contentID)
            guard let route = options.inlineImages else { return placeholder(attributes, label: "Inline image") }
            return "<img src=\"" + HTMLEscaping.attribute(route.url(contentID: contentID)) + "\"" + kept + ">"
        case .inlineData(let cleaned):
            result.imagesShown += 1
            return "<img src=\"" + HTMLEscaping.attribute(cleaned) + "\"" + kept + ">"
        case .mailto, .fragment, .rejected:
            return nil
        }
    }

    private func trackerReason(_ url: String, attributes: [(name: String, value: String)], hidden: Bool)
        -> (BlockedTracker.Reason, String?)? {
        if let match = blocklist.match(url), !(match.onlyWhenPixelShaped && Self.isDeclaredVisible(attributes)) {
            return (.blocklist, match.company)
        }
        if Self.isTiny(attributes) { return (.tinyImage, nil) }
        if hidden { return (.hiddenImage, nil) }
        return nil
    }

    /// A placeholder the size of the image, with its alt text: shows where an image was
    /// without fetching it. Written in the sanitizer's own canonical form.
    private func placeholder(_ attributes: [(name: String, value: String)], label: String) -> String {
        var style = "display:inline-block;border:1px dashed #aaa;color:#777;font-size:12px;"
        for dimension in ["width", "height"] {
            if let raw = attributes.first(where: { $0.name == dimension })?.value,
               let value = SanitizerPolicy.checkedValue(raw, kind: .number) {
                style += "\(dimension):\(value.hasSuffix("%") ? value : value + "px");"
            }
        }
        let alt = attributes.first(where: { $0.name == "alt" })?.value ?? ""
        let title = alt.isEmpty ? label : "\(label): \(alt)"
        return "<span class=\"hearth-blocked-image\" title=\"" + HTMLEscaping.attribute(String(title.prefix(1_024)))
            + "\" style=\"" + style + "\">" + HTMLEscaping.text(String(alt.prefix(1_024))) + "</span>"
    }

    // MARK: Tracker heuristics

    /// 0×0 or 1×1 (or 0/1 in one dimension with the other unset), by attribute or inline CSS.
    static func isTiny(_ attributes: [(name: String, value: String)]) -> Bool {
        switch declaredSize(attributes) {
        case (nil, nil): return false
        case (let w?, nil): return w <= 1
        case (nil, let h?): return h <= 1
        case (let w?, let h?): return w <= 1 && h <= 1
        }
    }

    /// Declared clearly larger than a pixel: both sides over 3 px, or one side of 16 px or more
    /// with the other unset (responsive images often give only a width).
    static func isDeclaredVisible(_ attributes: [(name: String, value: String)]) -> Bool {
        switch declaredSize(attributes) {
        case (nil, nil): return false
        case (let w?, nil): return w >= 16
        case (nil, let h?): return h >= 16
        case (let w?, let h?): return w > 3 && h > 3
        }
    }

    /// Width and height in pixels from the attributes, overridden by inline CSS.
    static func declaredSize(_ attributes: [(name: String, value: String)]) -> (width: Int?, height: Int?) {
        var width: Int?
        var height: Int?
        for (name, value) in attributes where name == "width" || name == "height" {
            let number = Int(value.trimmingCharacters(in: .whitespaces).prefix(while: { $0.isNumber }))
            if name == "width" { width = number } else { height = number }
        }
        if let style = attributes.first(where: { $0.name == "style" })?.value {
            for declaration in CSSSanitizer.declarations(style) where declaration.property == "width" || declaration.property == "height" {
                let v = declaration.value.lowercased().replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespaces)
                let number = Int(v.hasSuffix("px") ? String(v.dropLast(2)) : v)
                if declaration.property == "width" { width = number ?? width } else { height = number ?? height }
            }
        }
        return (width, height)
    }

    /// Whether an element's kept attributes choose a text or background colour.
    static func setsColors(_ attributes: [(name: String, value: String)], allowed: Set<String>) -> Bool {
        for (name, value) in attributes {
            switch name {
            case "bgcolor", "color":
                if allowed.contains(name) || SanitizerPolicy.globalAttributes.contains(name),
                   SanitizerPolicy.checkedValue(value, kind: .color) != nil { return true }
            case "style":
                if CSSSanitizer.declarations(value).contains(where: { CSSSanitizer.colorProperties.contains($0.property) }) { return true }
            default:
                continue
            }
        }
        return false
    }

    /// Whether an element hides its content: the `hidden` attribute, `display:none`,
    /// `visibility:hidden` or `opacity:0` inline.
    static func hides(_ attributes: [(name: String, value: String)]) -> Bool {
        for (name, value) in attributes {
            if name == "hidden" { return true }
            guard name == "style" else { continue }
            for declaration in CSSSanitizer.declarations(value) {
                let v = declaration.value.lowercased().replacingOccurrences(of: "!important", with: "").trimmingCharacters(in: .whitespaces)
                switch declaration.property {
                case "display" where v == "none": return true
                case "visibility" where v == "hidden" || v == "collapse": return true
                case "opacity" where (Double(v.hasSuffix("%") ? String(v.dropLast()) : v) ?? 1) == 0: return true
                default: continue
                }
            }
        }
        return false
    }
}

/// Escaping for our own serializer (HTML "escaping a string", plus `<`/`>` in attributes so
/// no re-parse can ever see markup inside a value).
enum HTMLEscaping {
    static func text(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\u{A0}" }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\u{A0}": out += "&nbsp;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func attribute(_ value: String) -> String {
        guard value.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "\u{A0}" }) else { return value }
        var out = ""
        out.reserveCapacity(value.utf8.count + 16)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\u{A0}": out += "&nbsp;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
