import Foundation

/// Checks generated text against the mail it was generated from (issue 15: summaries invented
/// names and dates, smart replies echoed the sender). A name, a number or a date in the output
/// must occur in the source; the output must not copy long runs of the source or of the prompt.
/// Lower-case words are free (paraphrase is the point); capitalised words and numbers are
/// claims.
public struct Grounding: Sendable {
    /// Lower-cased words of everything the output may draw on.
    let sourceWords: Set<String>
    /// Lower-cased word sequence of the source, for copy detection.
    let sourceSequence: [String]

    public init(sources: [String]) {
        let words = sources.flatMap(Self.words)
        sourceSequence = words
        // "Bob's" also vouches for "Bob"; "2.40" for "2" and "40".
        var set = Set(words)
        for word in words {
            if word.hasSuffix("'s") { set.insert(String(word.dropLast(2))) }
            for part in word.split(whereSeparator: { ".,:/-'".contains($0) }) { set.insert(String(part)) }
        }
        sourceWords = set
    }

    /// Capitalised words (not a sentence's usual first words) and numbers that the source does
    /// not contain: invented names, places, dates and figures. With `lenientSentenceStarts` a
    /// capitalised word opening a sentence is not a claim (replies open with "Absolutely",
    /// "Happy to…"; a summary's sentences open with names, so summaries check them).
    public func unsupportedClaims(in text: String, lenientSentenceStarts: Bool = false) -> [String] {
        var claims: [String] = []
        var atSentenceStart = true
        for token in text.split(whereSeparator: { $0.isWhitespace || "()\"“”[]{},;/".contains($0) }) {
            let startsSentence = atSentenceStart
            atSentenceStart = token.last.map { ".!?".contains($0) } ?? false
            let word = token.trimmingCharacters(in: CharacterSet(charactersIn: ".,;:!?'’\"—–-*"))
            guard let first = word.first else { continue }
            if lenientSentenceStarts && startsSentence && !word.contains(where: \.isNumber) { continue }
            let lower = word.lowercased()
            let isClaim = first.isUppercase || word.contains(where: \.isNumber)
            guard isClaim, !Self.commonWords.contains(lower) else { continue }
            let stem = lower.hasSuffix("'s") || lower.hasSuffix("’s") ? String(lower.dropLast(2)) : lower
            if sourceWords.contains(stem) || sourceWords.contains(lower) { continue }
            // "2.40" may be written "2.4"; "10am" as "10 am": compare digits only.
            let digits = stem.filter(\.isNumber)
            if !digits.isEmpty, stem.allSatisfy({ $0.isNumber || ".:apm".contains($0) }),
               sourceWords.contains(where: { $0.filter(\.isNumber) == digits }) { continue }
            claims.append(word)
        }
        return claims
    }

    /// The longest run of consecutive words `text` shares with the source.
    public func longestCopiedRun(in text: String) -> Int {
        Self.longestCommonRun(Self.words(text), sourceSequence)
    }

    /// Words of `text` lower-cased, punctuation around them removed (inner "'", ".", ":" kept).
    static func words(_ text: String) -> [String] {
        text.lowercased().split { $0.isWhitespace || "()\"“”[]{},;!?<>".contains($0) }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".:'’-*—–")) }
            .filter { !$0.isEmpty }
    }

    static func longestCommonRun(_ a: [String], _ b: [String]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var best = 0
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 1...b.count where a[i - 1] == b[j - 1] {
                current[j] = previous[j - 1] + 1
                best = max(best, current[j])
            }
            previous = current
        }
        return best
    }

    /// Capitalised words that start sentences or are generic, never claims by themselves.
    static let commonWords: Set<String> = [
        "the", "a", "an", "this", "that", "these", "those", "they", "he", "she", "it", "we", "you", "i", "our", "their",
        "his", "her", "its", "there", "both", "all", "everyone", "nobody", "no", "yes", "and", "but", "so", "then",
        "after", "before", "once", "when", "while", "if", "as", "in", "on", "at", "for", "to", "with", "by", "from",
        "of", "also", "however", "meanwhile", "finally", "currently", "now", "next", "later", "still", "thanks",
        "thank", "sure", "sorry", "unfortunately", "sounds", "great", "good", "ok", "okay", "hi", "hello", "dear",
        "could", "can", "would", "will", "should", "is", "are", "was", "were", "do", "does", "did", "let", "let's",
        "i'll", "i'm", "i've", "i'd", "we'll", "we're", "that's", "it's", "they're", "there's", "what",
        "where", "which", "who", "why", "how", "please", "any", "some", "one", "two", "three", "first", "second",
        "each", "either", "neither", "not", "yet", "instead", "summary", "update", "status", "regarding", "re",
        "mr", "mrs", "ms", "dr", "am", "pm", "ai", "ok.", "email", "e-mail", "team", "everybody", "someone",
    ]
}
