import Foundation
import HearthCore

/// What an email's vector is computed from: its subject, its sender and the first paragraphs
/// of what the sender wrote — not quoted replies, attributions ("On … wrote:"), greetings,
/// sign-offs, signatures, list footers or patch hunks, and links only by their host
/// (`EmbeddingTextLines`).
///
/// Why so little: the model's cost grows with the tokens it reads (all-MiniLM-L6-v2 on this
/// 2-core box: ~20 emails/s at 256 tokens each), and a mailbox of 60K messages must become
/// searchable by meaning in minutes, not hours. The subject and the opening say what a message
/// is about; the rest of a long message (or the 40 quoted lines above a one-line reply)
/// mostly dilutes the mean-pooled vector. Measured on 150 linux-mips messages of 2002 with
/// MiniLM f16, one thread, load average ≈ 20 on 2 cores: 199 → 88 tokens per email, 0.5 → 2.0
/// emails/s (4×); the vectors change on purpose (quotes and patches dropped): cosine between
/// the old full-text and the trimmed vector of the same email median 0.87, 10th percentile 0.69.
package enum EmbeddingText {
    /// Characters of body kept after trimming (≈ 100 word-piece tokens of English).
    package static let bodyCharacters = 400

    /// `bodyCharacters` is a parameter so `hearth-bench embed` can measure other trims against
    /// the same retrieval set; the index always uses the default.
    package static func make(subject: String, sender: String, body: String, bodyCharacters: Int = bodyCharacters) -> String {
        let opening = opening(of: body, maxCharacters: bodyCharacters)
        return [subject, sender, opening].filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// The first paragraphs the sender wrote, without greeting, quotes, a quoted or forwarded
    /// message's header block (`QuotedMessageHeader`) or sign-off, whitespace collapsed, links
    /// cut to their host, cut at a word boundary.
    static func opening(of body: String, maxCharacters: Int) -> String {
        var kept: [Substring] = []
        var length = 0
        var quotedHeader = QuotedMessageHeader.Reader()
        // Any newline: "\r\n" is one Character, which a split on "\n" never finds.
        let lines = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        reading: for (index, line) in lines.enumerated() {
            let stripped = line.trimmingCharacters(in: .whitespacesAndNewlines)
            switch quotedHeader.read(stripped, hasText: !kept.isEmpty, next: lines.dropFirst(index + 1).first) {
            case .skip: continue reading
            case .end: break reading
            case .other: if EmbeddingTextLines.isEndOfText(line: line, stripped: stripped) { break reading }
            }
            if stripped.isEmpty || EmbeddingTextLines.isQuoteOrAttribution(stripped) { continue }
            if kept.isEmpty && EmbeddingTextLines.isGreeting(stripped) { continue }
            let prose = EmbeddingTextLines.shorteningLinks(stripped)
            kept.append(Substring(prose))
            length += prose.count + 1
            if length >= maxCharacters { break }
        }
        let text = kept.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
        guard text.count > maxCharacters else { return text }
        let cut = text.prefix(maxCharacters)
        if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > maxCharacters / 2 {
            return String(cut[..<space])
        }
        return String(cut)
    }
}
