import Foundation

/// The header block a mail program writes above a message it quotes or forwards:
///
///     ----- Original Message -----          ---------- Forwarded message ---------
///     From: "Jun Sun" <jsun@mvista.com>     From: Alice <alice@example.org>
///     Sent: Tuesday, January 08, 2002       Date: Mon, 1 Jan 2024 at 10:00
///     To: "Jim Paris" <jim@jtan.com>        Subject: Tickets
///
/// Its names and addresses say nothing of what the message is about, and what follows an
/// original message's separator is someone else's older message: the list preview
/// (HearthMIME's `Snippet`), the search vectors (`EmbeddingText`) and the text the models read
/// (`MailTextTrimmer`, where a quoted original
/// read as the replier's own words would give one person's sentences to another) leave it out
/// through `Reader`. After the sender's own text the separator ends the text (a top-posted
/// reply); at the top (the sender answers below it, quoting with ">") only the block is left
/// out. A forward's content is what the forward is about, so it is kept without its header.
public enum QuotedMessageHeader {
    public enum Separator: Equatable, Sendable { case originalMessage, forwardedMessage }

    /// Reads a body line by line, as its caller's loop goes: what each line is to this block.
    public struct Reader: Sendable {
        public enum Verdict: Equatable, Sendable {
            /// Not the block's: the caller's own rules decide.
            case other
            /// The separator or a line of its header block: left out.
            case skip
            /// A quoted original begins after the sender's own text: nothing below is theirs.
            case end
        }

        var inBlock = false
        var sawField = false

        public init() {}

        /// `stripped`: the line without surrounding whitespace; `hasText`: whether the sender's
        /// own text has begun; `next`: the line after it, if any.
        public mutating func read(_ stripped: String, hasText: Bool, next: Substring?) -> Verdict {
            if inBlock {
                // Blank lines may come between the separator and the first field, not after them.
                if QuotedMessageHeader.isField(stripped) { sawField = true; return .skip }
                if stripped.isEmpty && !sawField { return .skip }
                // A field wrapped over two lines ("From: list-admin@… On Behalf Of" then "Robert
                // Harley"): its second line, when another field follows (session 17: the block
                // ended there, and "Sent: Monday, September 02, 2002" reached a summary).
                if sawField, !stripped.isEmpty, let next, QuotedMessageHeader.isField(next.trimmingCharacters(in: .whitespaces)) {
                    return .skip
                }
                inBlock = false
            }
            if let separator = QuotedMessageHeader.separator(stripped) {
                if separator == .originalMessage && hasText { return .end }
                inBlock = true
                sawField = false
                return .skip
            }
            if hasText && QuotedMessageHeader.startsHeaderWithoutSeparator(stripped, next: next) { return .end }
            return .other
        }
    }

    /// "-----Original Message-----", "----- Original Message -----", Outlook's translations,
    /// newer Outlook's line of underscores, "-------- Forwarded Message --------", Gmail's
    /// "---------- Forwarded message ---------", "Begin forwarded message:" (Apple Mail).
    public static func separator(_ stripped: String) -> Separator? {
        if stripped.hasPrefix(underscoreLine) { return .originalMessage }
        guard stripped.count <= 80 else { return nil }
        let lower = stripped.lowercased()
        if lower == "begin forwarded message:" { return .forwardedMessage }
        guard lower.hasPrefix("--") else { return nil }
        let words = lower.trimmingCharacters(in: CharacterSet(charactersIn: "-= ")).split(separator: " ").joined(separator: " ")
        if originalMessageWords.contains(words) { return .originalMessage }
        if forwardedMessageWords.contains(words) { return .forwardedMessage }
        return nil
    }

    /// "From: …", "Sent: …", "To: …" and the other fields such a block lists (English, and the
    /// German, French and Spanish Outlook writes).
    public static func isField(_ stripped: String) -> Bool {
        guard let colon = stripped.firstIndex(of: ":") else { return false }
        return fieldNames.contains(stripped[..<colon].lowercased())
    }

    /// After the sender's own text, a "From:" line directly followed by another field starts
    /// Outlook's separator-less quoted header ("From: … / Sent: …").
    static func startsHeaderWithoutSeparator(_ stripped: String, next: Substring?) -> Bool {
        guard stripped.prefix(5).lowercased() == "from:", let next else { return false }
        let following = next.trimmingCharacters(in: .whitespaces)
        return isField(following) && !following.lowercased().hasPrefix("from:")
    }

    /// Outlook writes 32 underscores above "From: … / Sent: …"; 16 are enough to tell.
    static let underscoreLine = String(repeating: "_", count: 16)
    static let originalMessageWords: Set<String> = [
        "original message", "ursprüngliche nachricht", "message d'origine", "mensaje original",
        "messaggio originale", "oorspronkelijk bericht", "mensagem original",
    ]
    static let forwardedMessageWords: Set<String> = ["forwarded message", "weitergeleitete nachricht", "message transféré"]
    static let fieldNames: Set<String> = [
        "from", "sent", "to", "cc", "bcc", "date", "subject", "reply-to",
        "von", "gesendet", "an", "betreff", "datum",
        "de", "envoyé", "à", "objet", "enviado el", "para", "asunto",
    ]
}
