/// The allowlists of the sanitizer. Anything not named here is removed: an element not listed
/// is unwrapped (its children kept) unless it is in `droppedWithContent`; an attribute not
/// listed is dropped. See docs/safety.md for why each removal exists.
enum SanitizerPolicy {
    /// Elements removed together with everything inside them: code, plugins, frames, forms'
    /// controls, metadata that acts (refresh, base, external stylesheets), media that loads,
    /// and raw-text elements whose content would change meaning if kept as text.
    static let droppedWithContent: Set<String> = [
        "script", "noscript", "iframe", "frame", "frameset", "noframes", "object", "embed", "applet", "param",
        "template", "textarea", "select", "option", "optgroup", "button", "input", "datalist", "keygen", "output",
        "meter", "progress", "title", "meta", "link", "base", "basefont", "bgsound", "noembed", "xmp", "plaintext",
        "audio", "video", "source", "track", "canvas", "map", "area", "portal", "dialog", "head", "menuitem",
        "svg", "math", "isindex", "image",
    ]

    /// Elements kept, with the attributes each may keep beyond `globalAttributes`.
    static let elements: [String: Set<String>] = [
        "a": ["href"], "abbr": [], "acronym": [], "address": [], "article": [], "aside": [],
        "b": [], "bdi": [], "bdo": [], "big": [], "blockquote": [], "br": ["clear"],
        "caption": [], "center": [], "cite": [], "code": [], "col": ["span"], "colgroup": ["span"],
        "dd": [], "del": ["datetime"], "details": ["open"], "dfn": [], "div": [], "dl": [], "dt": [],
        "em": [], "figcaption": [], "figure": [], "font": ["color", "face", "size"], "footer": [],
        "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [], "header": [], "hgroup": [],
        "hr": ["size", "noshade", "color"], "i": [], "img": ["src", "alt", "border", "hspace", "vspace"],
        "ins": ["datetime"], "kbd": [], "li": ["value", "type"], "main": [], "mark": [], "marquee": [],
        "nav": [], "nobr": [], "ol": ["start", "type", "reversed"], "p": [], "pre": [], "q": [],
        "rp": [], "rt": [], "ruby": [], "s": [], "samp": [], "section": [], "small": [], "span": [],
        "strike": [], "strong": [], "sub": [], "summary": [], "sup": [],
        "table": ["border", "cellpadding", "cellspacing", "summary", "frame", "rules"],
        "tbody": [], "td": ["colspan", "rowspan", "nowrap", "abbr", "scope", "axis"], "tfoot": [],
        "th": ["colspan", "rowspan", "nowrap", "abbr", "scope", "axis"], "thead": [], "time": ["datetime"],
        "tr": [], "tt": [], "u": [], "ul": ["type"], "var": [], "wbr": [], "label": [], "fieldset": [], "legend": [],
    ]

    /// `id` and `name` are absent on purpose: no script runs, but DOM clobbering is a class of
    /// bug we need not reason about at all if no element can claim a name.
    static let globalAttributes: Set<String> = [
        "class", "title", "dir", "lang", "style", "align", "valign", "bgcolor", "width", "height",
    ]

    static let voidElements: Set<String> = ["br", "hr", "img", "col", "wbr"]

    /// How an attribute's value is checked before it is kept.
    enum ValueKind { case number, color, keyword, text, style, url }

    static func kind(of attribute: String) -> ValueKind {
        switch attribute {
        case "width", "height", "border", "cellpadding", "cellspacing", "colspan", "rowspan", "span",
             "start", "value", "size", "hspace", "vspace":
            return .number
        case "bgcolor", "color":
            return .color
        case "align", "valign", "dir", "clear", "frame", "rules", "scope", "type", "nowrap", "noshade", "open", "reversed":
            return .keyword
        case "style":
            return .style
        case "href", "src":
            return .url
        default:
            return .text
        }
    }

    /// The value to keep, canonicalised so a second pass keeps it unchanged; nil drops it.
    static func checkedValue(_ value: String, kind: ValueKind) -> String? {
        switch kind {
        case .number:
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            var digits = trimmed.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty else { return nil }
            if digits.count > 5 { digits = digits.prefix(5) }
            let rest = trimmed.dropFirst(digits.count)
            return rest.hasPrefix("%") ? digits + "%" : String(digits)
        case .color:
            let ok = !value.isEmpty && value.count <= 32 && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
            return ok ? value : nil
        case .keyword:
            let ok = value.count <= 32 && value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == " ") }
            return ok ? value : nil
        case .text:
            return value.count <= 1_024 ? value : String(value.prefix(1_024))
        case .style:
            let css = CSSSanitizer.sanitizeInline(value)
            return css.isEmpty ? nil : css
        case .url:
            return nil // handled by the sanitizer itself
        }
    }
}
