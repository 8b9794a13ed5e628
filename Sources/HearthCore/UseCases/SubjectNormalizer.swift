import Foundation

/// Subject normalisation for the subject-based threading fallback (spec product §5.2.4 step 4):
/// reply/forward prefixes (`Re:`, `Fwd:`, `FW:`, also `Re[2]:` and common localised forms) and
/// mailing-list tags like `[linux-mips]` are removed repeatedly, whitespace is collapsed, and the
/// result is lower-cased so "Re: Budget" and "budget" match.
public enum SubjectNormalizer {
    private static let prefixes: Set<String> = ["re", "fwd", "fw", "aw", "wg", "sv", "vs", "antw", "tr", "rif", "r", "ref"]

    public static func normalize(_ subject: String) -> String { strip(subject).text }

    /// True when the subject carries a reply or forward prefix (`Re:`, `AW:`, `Fwd:`…), possibly
    /// after a list tag.
    public static func isReplyOrForward(_ subject: String) -> Bool { strip(subject).hadReplyPrefix }

    private static func strip(_ subject: String) -> (text: String, hadReplyPrefix: Bool) {
        var s = Substring(subject)
        var hadReplyPrefix = false
        var changed = true
        while changed {
            changed = false
            s = s.drop { $0.isWhitespace }
            if s.first == "[", let close = s.firstIndex(of: "]"), s.distance(from: s.startIndex, to: close) < 64 {
                // A list tag is only dropped when something follows it.
                let rest = s[s.index(after: close)...].drop { $0.isWhitespace }
                if !rest.isEmpty { s = rest; changed = true; continue }
            }
            if let colon = s.firstIndex(of: ":"), s.distance(from: s.startIndex, to: colon) <= 8 {
                var word = s[..<colon]
                // "Re[2]" and "Re(2)" counters.
                if let open = word.firstIndex(where: { $0 == "[" || $0 == "(" }) { word = word[..<open] }
                if prefixes.contains(word.trimmingCharacters(in: .whitespaces).lowercased()) {
                    s = s[s.index(after: colon)...]
                    changed = true
                    hadReplyPrefix = true
                }
            }
        }
        return (s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").lowercased(), hadReplyPrefix)
    }
}
