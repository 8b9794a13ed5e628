/// Filters CSS from `style` attributes and `<style>` elements down to an allowlist of
/// properties whose values cannot load anything or run anything.
///
/// Rather than parse CSS fully, it refuses whatever a full parser would be needed for: a value
/// with a backslash (CSS escapes can spell `url(` without the letters), a quote-enclosed brace,
/// `url(`, `image-set(`, `expression(`, `@`, `<` … is dropped whole. What is kept is re-emitted
/// in one canonical form (`prop:value;`), so sanitising the output again changes nothing.
public enum CSSSanitizer {
    /// Properties that change how the message looks and nothing else. Absent on purpose:
    /// `position`/`z-index` (overlays that fake the app's own UI), `content`, `cursor`,
    /// `behavior`, `-moz-binding`, `filter`, `background-image`, `list-style-image`, `@font-face`.
    static let allowedProperties: Set<String> = [
        "color", "background-color", "background",
        "border", "border-top", "border-right", "border-bottom", "border-left",
        "border-color", "border-style", "border-width", "border-radius", "border-collapse", "border-spacing",
        "border-top-color", "border-right-color", "border-bottom-color", "border-left-color",
        "border-top-style", "border-right-style", "border-bottom-style", "border-left-style",
        "border-top-width", "border-right-width", "border-bottom-width", "border-left-width",
        "margin", "margin-top", "margin-right", "margin-bottom", "margin-left",
        "padding", "padding-top", "padding-right", "padding-bottom", "padding-left",
        "font", "font-family", "font-size", "font-style", "font-weight", "font-variant",
        "line-height", "letter-spacing", "word-spacing", "white-space", "word-break", "word-wrap", "overflow-wrap",
        "text-align", "text-decoration", "text-indent", "text-transform", "text-shadow", "vertical-align",
        "width", "height", "min-width", "max-width", "min-height", "max-height",
        "display", "visibility", "opacity", "float", "clear", "overflow", "overflow-x", "overflow-y",
        "list-style", "list-style-type", "list-style-position",
        "table-layout", "caption-side", "empty-cells", "direction", "unicode-bidi", "box-sizing",
    ]

    /// The properties that choose text or background colours (what a dark theme would fight with).
    static let colorProperties: Set<String> = ["color", "background-color", "background"]

    /// Whether sanitised CSS (canonical `prop:value;` form, rules or declarations) sets a text
    /// or background colour.
    static func namesColors(_ css: String) -> Bool {
        var previous: Character = ";"
        var index = css.startIndex
        while index < css.endIndex {
            let c = css[index]
            if previous == ";" || previous == "{" {
                for property in colorProperties where css[index...].hasPrefix(property + ":") { return true }
            }
            previous = c
            index = css.index(after: index)
        }
        return false
    }

    /// Substrings that disqualify a value (checked lower-cased, comments removed).
    static let forbiddenInValue = ["url(", "image(", "image-set(", "element(", "expression", "javascript:",
                                   "vbscript:", "@", "<", ">", "{", "}", "\\", "attr(", "var(", "env(", "binding", "behavior"]

    /// One declaration kept: lower-case property, trimmed value (may end in `!important`).
    public struct Declaration: Sendable, Hashable {
        public let property: String
        public let value: String
    }

    /// The declarations of a `style` attribute that survive, in order.
    public static func declarations(_ css: String) -> [Declaration] {
        var out: [Declaration] = []
        for piece in splitTopLevel(stripComments(css), on: ";") {
            guard let colon = piece.firstIndex(of: ":") else { continue }
            let property = piece[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let rawValue = piece[piece.index(after: colon)...]
            let value = collapseWhitespace(String(rawValue))
            guard allowedProperties.contains(property), isSafeValue(value, property: property) else { continue }
            out.append(Declaration(property: property, value: value))
        }
        return out
    }

    /// A `style` attribute's value after filtering: "" when nothing survives.
    public static func sanitizeInline(_ css: String) -> String {
        render(declarations(css))
    }

    static func render(_ declarations: [Declaration]) -> String {
        declarations.map { "\($0.property):\($0.value);" }.joined()
    }

    static func isSafeValue(_ value: String, property: String) -> Bool {
        guard !value.isEmpty, value.count <= 512 else { return false }
        let lower = value.lowercased()
        for bad in forbiddenInValue where lower.contains(bad) { return false }
        // Quotes are allowed only for font names; an unbalanced quote would change tokenising.
        let quotes = value.filter { $0 == "\"" || $0 == "'" }.count
        if quotes > 0 && (!property.hasPrefix("font") || quotes % 2 != 0) { return false }
        // No control characters; the value is re-emitted inside an attribute or a <style>.
        return !value.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    // MARK: Stylesheets

    /// A `<style>` element's text after filtering: style rules with allowed declarations, and
    /// `@media` blocks of such rules; every other at-rule (`@import`, `@font-face`, `@charset`,
    /// `@namespace`, `@keyframes`, …) is dropped with its block. "" when nothing survives.
    public static func sanitizeStylesheet(_ css: String) -> String {
        let text = stripComments(css).replacingOccurrences(of: "<!--", with: " ").replacingOccurrences(of: "-->", with: " ")
        return renderRules(parseBlockList(Substring(text), depth: 0))
    }

    private enum Rule {
        case style(selector: String, declarations: [Declaration])
        case media(query: String, rules: [Rule])
    }

    private static func renderRules(_ rules: [Rule]) -> String {
        var out = ""
        for rule in rules {
            switch rule {
            case .style(let selector, let declarations):
                out += "\(selector){\(render(declarations))}"
            case .media(let query, let inner):
                let body = renderRules(inner)
                if !body.isEmpty { out += "@media \(query){\(body)}" }
            }
        }
        return out
    }

    /// Reads `prelude { block }` items until the end of the text.
    private static func parseBlockList(_ text: Substring, depth: Int) -> [Rule] {
        var rules: [Rule] = []
        var rest = text
        while let open = rest.firstIndex(of: "{") {
            let prelude = rest[..<open]
            guard let close = matchingBrace(in: rest, from: open) else { break }
            let block = rest[rest.index(after: open)..<close]
            rest = rest[rest.index(after: close)...]
            // A stray `;`-terminated statement (e.g. `@import url(x);`) before the prelude: skip it.
            let statement = prelude.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? ""
            let head = collapseWhitespace(statement)
            if head.hasPrefix("@") {
                let lower = head.lowercased()
                if depth == 0, lower.hasPrefix("@media "), let query = safeMediaQuery(String(head.dropFirst(7))) {
                    let inner = parseBlockList(block, depth: depth + 1)
                    rules.append(.media(query: query, rules: inner))
                }
                continue
            }
            guard let selector = safeSelector(head) else { continue }
            let kept = declarations(String(block))
            if !kept.isEmpty { rules.append(.style(selector: selector, declarations: kept)) }
        }
        return rules
    }

    private static func matchingBrace(in text: Substring, from open: Substring.Index) -> Substring.Index? {
        var level = 0
        var index = open
        while index < text.endIndex {
            let c = text[index]
            if c == "{" { level += 1 } else if c == "}" {
                level -= 1
                if level == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    /// Selectors are harmless inside the sandboxed frame once no value can fetch anything, but
    /// they are re-emitted into a `<style>`, so refuse anything that could end the element or
    /// confuse a re-parse.
    static func safeSelector(_ selector: String) -> String? {
        guard !selector.isEmpty, selector.count <= 1_024 else { return nil }
        let forbidden: Set<Character> = ["<", ">", "{", "}", "\\", "@", ";", "\"", "'", "`"]
        // `>` is a child combinator, legitimate; allow it when spaced as a combinator only.
        let withoutCombinators = selector.replacingOccurrences(of: ">", with: " ")
        guard !withoutCombinators.contains(where: { forbidden.contains($0) }) else { return nil }
        guard !selector.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return nil }
        return selector.replacingOccurrences(of: ">", with: " > ").split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }

    static func safeMediaQuery(_ query: String) -> String? {
        let allowed = query.allSatisfy { $0.isLetter || $0.isNumber || " ():,.-".contains($0) }
        return allowed && !query.isEmpty && query.count <= 256 ? query : nil
    }

    // MARK: Helpers

    static func stripComments(_ css: String) -> String {
        guard css.contains("/*") else { return css }
        var out = ""
        var rest = Substring(css)
        while let start = rest.range(of: "/*") {
            out += rest[..<start.lowerBound]
            out += " "
            guard let end = rest[start.upperBound...].range(of: "*/") else { return out }
            rest = rest[end.upperBound...]
        }
        out += rest
        return out
    }

    /// Splits on a separator outside parentheses and quotes.
    static func splitTopLevel(_ text: String, on separator: Character) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var quote: Character?
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            if let q = quote { if c == q { quote = nil } } else if c == "\"" || c == "'" { quote = c } else if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) } else if c == separator && depth == 0 {
                parts.append(text[start..<index])
                start = text.index(after: index)
            }
            index = text.index(after: index)
        }
        parts.append(text[start...])
        return parts
    }

    static func collapseWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" })
            .joined(separator: " ")
    }
}
