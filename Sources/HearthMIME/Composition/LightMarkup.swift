import Foundation
import HearthCore

/// The composer's basic formatting (spec product §5.5.1: bold, italic, links) as a tiny,
/// predictable markup: `*bold*`, `_italic_`, `[text](https://…)`. It gives the HTML
/// alternative; the plain-text part keeps `*bold*`/`_italic_` as the conventional plain-text
/// emphasis and writes links as `text <url>`.
///
/// Only http, https and mailto links become anchors; anything else stays text, so a draft can
/// never carry a `javascript:` link. Everything else is HTML-escaped.
public enum LightMarkup {
    /// The text/plain rendering.
    public static func plainText(_ source: String) -> String {
        render(source, html: false)
    }

    /// A complete, minimal HTML document for the text/html alternative.
    public static func html(_ source: String) -> String {
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head><body>\n"
            + render(source, html: true) + "\n</body></html>\n"
    }

    static func render(_ source: String, html: Bool) -> String {
        let lines = source.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { renderLine(Array($0), html: html) }.joined(separator: html ? "<br>\n" : "\n")
    }

    private static func renderLine(_ chars: [Character], html: Bool) -> String {
        var out = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "[", let (text, url, next) = link(chars, at: i) {
                if html {
                    out += "<a href=\"\(HTMLEscape.text(url))\">\(renderLine(Array(text), html: true))</a>"
                } else {
                    out += text == url || "mailto:\(text)" == url ? url : "\(text) <\(url)>"
                }
                i = next
                continue
            }
            if (c == "*" || c == "_"), let end = emphasisEnd(chars, at: i) {
                let inner = renderLine(Array(chars[(i + 1)..<end]), html: html)
                if html {
                    let tag = c == "*" ? "b" : "i"
                    out += "<\(tag)>\(inner)</\(tag)>"
                } else {
                    out += "\(c)\(inner)\(c)"
                }
                i = end + 1
                continue
            }
            out += html ? HTMLEscape.text(String(c)) : String(c)
            i += 1
        }
        return out
    }

    /// `*x*` / `_x_`: opens at a word start, content does not start or end with a space,
    /// closes before a non-word character, all on one line.
    private static func emphasisEnd(_ chars: [Character], at i: Int) -> Int? {
        let marker = chars[i]
        if i > 0, chars[i - 1].isLetter || chars[i - 1].isNumber { return nil }
        guard i + 2 < chars.count, !chars[i + 1].isWhitespace, chars[i + 1] != marker else { return nil }
        var j = i + 2
        while j < chars.count {
            if chars[j] == marker, !chars[j - 1].isWhitespace,
               j + 1 == chars.count || !(chars[j + 1].isLetter || chars[j + 1].isNumber) {
                return j
            }
            j += 1
        }
        return nil
    }

    /// `[text](url)` with an http, https or mailto URL.
    private static func link(_ chars: [Character], at i: Int) -> (String, String, Int)? {
        guard let close = chars[(i + 1)...].firstIndex(of: "]"), close > i + 1,
              close + 1 < chars.count, chars[close + 1] == "(",
              let paren = chars[(close + 2)...].firstIndex(of: ")") else { return nil }
        let text = String(chars[(i + 1)..<close])
        let url = String(chars[(close + 2)..<paren]).trimmingCharacters(in: .whitespaces)
        let lowered = url.lowercased()
        guard ["http://", "https://", "mailto:"].contains(where: lowered.hasPrefix),
              !url.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }) else { return nil }
        return (text, url, paren + 1)
    }
}
