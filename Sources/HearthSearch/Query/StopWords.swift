/// Words that say nothing about which email is meant ("the", "a", "from", "about", …).
///
/// Why they are dropped from keyword matching: every word of the keyword query must match
/// (FTS5's implicit AND), so "dinner invitation from a politician" would need "from" and "a"
/// in the mail, and a highlight would mark every "the" of the snippet. They are kept for the
/// semantic side (the model reads the sentence as written) and inside quoted phrases ("to be
/// or not to be" is a phrase, not six stop words). A query made only of stop words ("the
/// who") keeps them: dropping everything would match nothing useful.
///
/// English only: the list a user of an English mailbox expects; words of other languages are
/// matched as typed.
enum StopWords {
    static let english: Set<String> = [
        "a", "an", "and", "are", "as", "at", "be", "been", "but", "by", "can", "could", "did", "do",
        "does", "for", "from", "had", "has", "have", "he", "her", "him", "his", "how", "i", "if",
        "in", "into", "is", "it", "its", "me", "my", "of", "on", "or", "our", "she", "so", "some",
        "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those",
        "to", "us", "was", "we", "were", "what", "when", "where", "which", "who", "whom", "why",
        "will", "with", "would", "you", "your", "about", "any", "all", "up", "out", "just", "also",
        "am", "being", "over", "under", "again", "very", "s", "t",
    ]

    /// True for a stop word, compared case-insensitively with edge punctuation removed.
    static func contains(_ word: String) -> Bool {
        english.contains(word.lowercased().trimmingCharacters(in: QueryToken.edgePunctuation))
    }
}
