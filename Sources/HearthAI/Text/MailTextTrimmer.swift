import Foundation

/// Cuts a message body down to what a small model should read: no quoted replies ("> …",
/// "On … wrote:" blocks, Outlook "-----Original Message-----"), no signature ("-- " and what
/// follows), no mailing-list footers, collapsed whitespace, at most `maxCharacters`.
public enum MailTextTrimmer {
    /// `namedQuotes`: also drop quotes marked with their writer's name ("Tim> …", "JM> …", the
    /// supercite style of many lists) and a bare "[Skip Montanaro]" attribution line. Summaries
    /// and replies ask for it (session 11: a quoted paragraph reached the digest under the
    /// quoter's name, "Skip ran thru all of them and checked every box" — Tim had); the
    /// categoriser's input is left as it was.
    public static func trim(_ text: String, maxCharacters: Int = 1_500, namedQuotes: Bool = false) -> String {
        var kept: [Substring] = []
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            let stripped = line.trimmingCharacters(in: .whitespaces)
            if line == "-- " || stripped == "--" || stripped.hasPrefix("-----Original Message") || stripped.hasPrefix("________________")
                || (stripped.count >= 10 && stripped.allSatisfy { $0 == "-" || $0 == "=" }) { break }
            if stripped.hasPrefix(">") || stripped.hasPrefix("|") { continue }
            if isAttributionLine(stripped) { continue }
            if namedQuotes && isNamedQuote(stripped) { continue }
            kept.append(line)
        }
        let joined = kept.joined(separator: "\n")
        let collapsed = joined.replacingOccurrences(of: "[ \t]+", with: " ", options: .regularExpression)
            .replacingOccurrences(of: "\n{3,}", with: "\n\n", options: .regularExpression)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard collapsed.count > maxCharacters else { return collapsed }
        let cut = collapsed.prefix(maxCharacters)
        if let space = cut.lastIndex(where: { $0 == " " || $0 == "\n" }), cut.distance(from: cut.startIndex, to: space) > maxCharacters / 2 {
            return String(cut[..<space]) + " …"
        }
        return String(cut) + " …"
    }

    /// "On Tue, 5 Mar 2002, Alice wrote:" / "Alice <a@b> writes:" / "So then, X is all like:".
    static func isAttributionLine(_ line: String) -> Bool {
        let lower = line.lowercased()
        guard lower.count < 200 else { return false }
        return (lower.hasPrefix("on ") && (lower.hasSuffix("wrote:") || lower.hasSuffix("wrote :")))
            || lower.hasSuffix(" writes:") || lower.hasSuffix(" wrote:")
    }

    /// "Tim> About half the developers …" (a name or initials, then ">"), or "[Skip Montanaro]"
    /// alone on its line.
    static func isNamedQuote(_ line: String) -> Bool {
        line.range(of: #"^[A-Za-z][A-Za-z0-9._-]{0,15}>(\s|$)"#, options: .regularExpression) != nil
            || line.range(of: #"^\[\p{Lu}[\p{L}.'’-]*(\s\p{Lu}[\p{L}.'’-]*){0,3}\]$"#, options: .regularExpression) != nil
    }

    /// Removes HTML tags and entities crudely, for text that only exists as HTML (categoriser input).
    public static func plainText(fromHTML html: String) -> String {
        var text = html.replacingOccurrences(of: "(?is)<(script|style|head)[^>]*>.*?</\\1>", with: " ", options: .regularExpression)
        text = text.replacingOccurrences(of: "(?s)<[^>]*>", with: " ", options: .regularExpression)
        for (entity, value) in ["&nbsp;": " ", "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": "\"", "&#39;": "'"] {
            text = text.replacingOccurrences(of: entity, with: value)
        }
        return text.replacingOccurrences(of: "\\s+", with: " ", options: .regularExpression).trimmingCharacters(in: .whitespaces)
    }
}
