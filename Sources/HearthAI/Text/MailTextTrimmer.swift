import Foundation
import HearthCore

/// Cuts a message body down to what a small model should read: no quoted replies ("> …",
/// "On … wrote:" blocks, a quoted original's separator and header block: `QuotedMessageHeader`),
/// no signature ("-- " and what
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
        var quotedHeader = QuotedMessageHeader.Reader()
        var hasText = false
        reading: for (index, line) in lines.enumerated() {
            let stripped = line.trimmingCharacters(in: .whitespaces)
            switch quotedHeader.read(stripped, hasText: hasText, next: lines.dropFirst(index + 1).first) {
            case .skip:
                // The categoriser keeps a forward's separator line: what follows it is the
                // forwarded mail's (its "Unsubscribe" footer is not the forwarder's), and
                // `BulkMailEvidence` reads only what comes above it (session 18's probe).
                if !namedQuotes, QuotedMessageHeader.separator(stripped) == .forwardedMessage { kept.append(line) }
                continue reading
            case .end: break reading
            case .other: break
            }
            if line == "-- " || stripped == "--" { break }
            if stripped.count >= 10 && stripped.allSatisfy({ $0 == "-" || $0 == "=" }) {
                // A rule as long as the line of text above it underlines a heading, as plain-text
                // parts made from HTML write one ("Autumn seat sale\n================", "** New
                // in\n-----…", Mailchimp's); a longer one under a name, or after a blank line,
                // separates a masthead, a signature or a list's footer.
                if index > 0, isUnderlinedHeading(lines[index - 1], rule: stripped) { continue }
                break
            }
            if stripped.hasPrefix(">") || stripped.hasPrefix("|") { continue }
            if namedQuotes {
                if isQuoted(stripped) || isSignedMessageArmour(stripped, previous: index > 0 ? lines[index - 1] : nil) { continue }
                // nmh and exmh put the original's fields above a quote ("Date: Wed, 28 Aug 2002 …"
                // over "From: Robert Elz <…>"): two field lines together are a header, never the
                // sender's sentences (session 17: "Robert: Date: Wed, 28 Aug 2002 13:51:21 +0700.").
                if isHeaderField(stripped), [index - 1, index + 1].contains(where: { lines.indices.contains($0)
                    && isHeaderField(lines[$0].trimmingCharacters(in: .whitespaces)) }) { continue }
                if isFooterStart(stripped) { break }
            }
            if isAttributionLine(stripped)
                || (namedQuotes && (isOtherAttribution(stripped) || introducesQuote(stripped, next: { nextText(after: index, in: lines) }))) {
                // An attribution wrapped over two lines ("On Thu, 1 Aug 2002 17:15:27 +0100" then
                // "\"John P. Looney\" <…> wrote:"): its date half goes too (session 12: it reached a
                // judged summary as "Paul: On Thu, 1 Aug 2002 17:15:27 +0100.").
                if namedQuotes, let previous = kept.last, isAttributionDate(previous.trimmingCharacters(in: .whitespaces)) { kept.removeLast() }
                continue
            }
            if namedQuotes && isNamedQuote(stripped) { continue }
            kept.append(line)
            if !stripped.isEmpty { hasText = true }
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

    /// A quoted header's field line: a quoted header block's fields and the Message-ID nmh adds.
    static func isHeaderField(_ stripped: String) -> Bool {
        QuotedMessageHeader.isField(stripped) || stripped.lowercased().hasPrefix("message-id:")
    }

    /// "On Tue, 5 Mar 2002, Alice wrote:" / "Alice <a@b> writes:" / "So then, X is all like:".
    static func isAttributionLine(_ line: String) -> Bool {
        let lower = line.lowercased()
        guard lower.count < 200 else { return false }
        return (lower.hasPrefix("on ") && (lower.hasSuffix("wrote:") || lower.hasSuffix("wrote :")))
            || lower.hasSuffix(" writes:") || lower.hasSuffix(" wrote:")
    }

    /// Attribution lines in the other words mail programs use: "On Thu, Aug 01, 2002 at
    /// 05:41:03PM +0100, Paul Mc Auley mentioned:" (mutt's configurable line), "… said:",
    /// "Quoting Eamonn Shinners <shinnere@…>:" (webmail). Session 12: the first reached the
    /// digest, and the judged summary credited Paul with what John wrote after it ("Paul Mc Auley
    /// mentioned that the terminal was in 9600 mode"). Only for summaries and replies, like
    /// `isNamedQuote`.
    static func isOtherAttribution(_ line: String) -> Bool {
        let lower = line.lowercased()
        guard lower.count < 200, lower.hasSuffix(":") else { return false }
        return lower.range(of: #"^on .*\d.*\b(mentioned|said|says|replied|responded|posted|spake|quoth|a écrit|schrieb)\s?:$"#,
                           options: .regularExpression) != nil
            || lower.range(of: #"^quoting .+:$"#, options: .regularExpression) != nil
    }

    /// The first half of a wrapped attribution: "On", a date with digits, nothing after it that
    /// ends a sentence ("On Thu, 1 Aug 2002 17:15:27 +0100", "On 2002-08-01, at 17:15,"; Mulberry
    /// writes "--On Wednesday, July 24, 2002 …").
    static func isAttributionDate(_ line: String) -> Bool {
        line.count < 80 && line.range(of: #"^[-–—]*\s*On .*\d"#, options: .regularExpression) != nil && !line.hasSuffix(".")
    }

    /// A quoted line in the marks other mailers use: ") > …" and "&> EL> …" (session 16, real
    /// list mail: the quoted paragraph reached the digest under the quoter's name, once per
    /// reply that quoted it), besides ">", "|" and "Name>".
    static func isQuoted(_ line: String) -> Bool {
        line.range(of: #"^(?:\)(?=\s|>|$)|&>)"#, options: .regularExpression) != nil
    }

    /// A short line ending in a colon right before a quoted line introduces the quote, whatever
    /// its words: "Eugene Leitl:", "Am 3. Mai schrieb Anna:", "El lunes, Juan escribió:"; so
    /// does "On … wrote" without one.
    /// `next` reads ahead only for a line that could introduce a quote.
    static func introducesQuote(_ line: String, next: () -> String?) -> Bool {
        // KMail's "On Monday 09 September 2002 09:51 pm, Geege Schuman wrote" has no colon.
        guard line.hasSuffix(":") || (line.hasPrefix("On ") && line.hasSuffix(" wrote")), line.count < 100, let next = next() else { return false }
        return next.hasPrefix(">") || next.hasPrefix("|") || isQuoted(next) || isNamedQuote(next)
    }

    /// A heading above a rule of its own length, or marked the way Mailchimp's text part marks
    /// one ("** Fresh this week").
    static func isUnderlinedHeading(_ line: Substring, rule: String) -> Bool {
        let heading = line.trimmingCharacters(in: .whitespaces)
        guard heading.contains(where: { $0.isLetter || $0.isNumber }) else { return false }
        return heading.hasPrefix("** ") || abs(heading.count - rule.count) <= 2
    }

    /// OpenPGP's clear-signing armour before the text ("-----BEGIN PGP SIGNED MESSAGE-----" and
    /// its "Hash: SHA1" line; session 16: "The: BEGIN PGP SIGNED MESSAGE-----." led a summary).
    static func isSignedMessageArmour(_ line: String, previous: Substring?) -> Bool {
        if line == "-----BEGIN PGP SIGNED MESSAGE-----" { return true }
        return line.hasPrefix("Hash: ") && previous?.trimmingCharacters(in: .whitespaces) == "-----BEGIN PGP SIGNED MESSAGE-----"
    }

    /// Where a signature block or a group's footer begins: OpenPGP's signature, a sponsor
    /// banner of twenty dashes and more ("------------------------ Yahoo! Groups Sponsor ---…"),
    /// a group's unsubscribe line. (A forward's "---------- Forwarded message ---------" has ten.)
    static func isFooterStart(_ line: String) -> Bool {
        line == "-----BEGIN PGP SIGNATURE-----" || line.hasPrefix(String(repeating: "-", count: 20))
            || line.lowercased().hasPrefix("to unsubscribe from this group")
    }

    /// The next line with text after `index`, trimmed.
    static func nextText(after index: Int, in lines: [Substring]) -> String? {
        lines.dropFirst(index + 1).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
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
