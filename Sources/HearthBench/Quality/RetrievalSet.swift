import Foundation
import HearthCore
import HearthSearch
import HearthStore

/// A retrieval set made from a mailbox's own threads, so no one has to label anything and it
/// works on any mailbox: the query is a thread's subject (reply/forward prefixes and `[tags]`
/// dropped), the documents are the messages' vector texts **without** their subjects, and a
/// document answers the query when it belongs to that thread. Messages of single-message
/// threads are added as distractors.
///
/// Why without the subject: with it, every message would contain its own query word for word
/// and any embedder would look perfect; without it, the query must be matched through what the
/// sender wrote — the job the vectors do next to the keyword index. It is a proxy (a subject is
/// not a user's question), good for comparing embedders and text trims on the same mail, not
/// an absolute figure of search quality.
struct RetrievalSet {
    struct Message { var thread: Int64; var sender: String; var body: String }
    struct Query { var thread: Int64; var text: String }

    var queries: [Query]
    var messages: [Message]

    /// Every `stride`-th thread of the mailbox (newest first) with at least two messages and a
    /// subject of two words or more, up to `threads`, and as many messages of single-message
    /// threads as `distractors`.
    static func build(store: MailStore, threads wanted: Int, distractors: Int) throws -> RetrievalSet {
        let all = try store.threads(ThreadQuery(limit: 1_000_000))
        let conversations = all.filter { $0.messageCount >= 2 && query(fromSubject: $0.subject) != nil }
        let singles = all.filter { $0.messageCount == 1 }
        var set = RetrievalSet(queries: [], messages: [])
        for thread in spread(conversations, count: wanted) {
            guard let id = thread.id, let text = query(fromSubject: thread.subject) else { continue }
            set.queries.append(Query(thread: id.rawValue, text: text))
            set.messages += try store.emails(inThread: id).map { message(of: $0, thread: id.rawValue) }
        }
        for thread in spread(singles, count: distractors) {
            guard let id = thread.id else { continue }
            set.messages += try store.emails(inThread: id).map { message(of: $0, thread: id.rawValue) }
        }
        return set
    }

    /// The vector texts of the messages, trimmed as the index trims them, subject left out.
    func documents(bodyCharacters: Int) -> [String] {
        messages.map { EmbeddingText.make(subject: "", sender: $0.sender, body: $0.body, bodyCharacters: bodyCharacters) }
    }

    /// A thread subject as a query: "Re: [PATCH 2.5] fix the frobnicator" → "fix the
    /// frobnicator"; nil when fewer than two words are left.
    static func query(fromSubject subject: String) -> String? {
        var text = subject.replacingOccurrences(of: #"\[[^\]]*\]"#, with: " ", options: .regularExpression)
        while let prefix = text.range(of: #"^\s*(re|fwd?|aw|sv)\s*:\s*"#, options: [.regularExpression, .caseInsensitive]) {
            text.removeSubrange(prefix)
        }
        let words = text.split(whereSeparator: \.isWhitespace)
        return words.count >= 2 ? words.joined(separator: " ") : nil
    }

    private static func message(of email: Email, thread: Int64) -> Message {
        Message(thread: thread, sender: email.from?.name ?? "", body: email.bodyPlain ?? email.snippet)
    }

    /// `count` items spread evenly over `items` (deterministic, so runs compare).
    static func spread<T>(_ items: [T], count: Int) -> [T] {
        guard count > 0, !items.isEmpty else { return [] }
        guard items.count > count else { return items }
        return (0..<count).map { items[$0 * items.count / count] }
    }
}

/// Recall at k and mean reciprocal rank of a set of query and document vectors (unit length).
struct RetrievalScores: Codable, Equatable {
    var recallAt10: Double
    var meanReciprocalRank: Double

    /// For each query, documents ranked by dot product; a document is relevant when its thread
    /// is the query's. Recall@10: the share of queries with a relevant document in the first
    /// ten; MRR: the mean of 1/rank of the first relevant one (0 when none).
    static func measure(queries: [[Float]], queryThreads: [Int64], documents: [[Float]], documentThreads: [Int64]) -> RetrievalScores {
        guard !queries.isEmpty, let width = queries.first?.count, width > 0 else { return RetrievalScores(recallAt10: 0, meanReciprocalRank: 0) }
        // One flat matrix and pointer loops: this runs 300 × 2,000 dot products per measured
        // trim, which the generic zip/reduce made minutes long in a debug build.
        let flat = documents.flatMap { $0.count == width ? $0 : [Float](repeating: 0, count: width) }
        var found = 0
        var reciprocal = 0.0
        var scores = [Float](repeating: 0, count: documents.count)
        for (vector, thread) in zip(queries, queryThreads) where vector.count == width {
            flat.withUnsafeBufferPointer { matrix in
                vector.withUnsafeBufferPointer { query in
                    scores.withUnsafeMutableBufferPointer { out in
                        for d in 0..<out.count { out[d] = dot(query.baseAddress!, matrix.baseAddress! + d * width, width) }
                    }
                }
            }
            guard let rank = rankOfFirstRelevant(scores: scores, relevant: { documentThreads[$0] == thread }) else { continue }
            if rank < 10 { found += 1 }
            reciprocal += 1 / Double(rank + 1)
        }
        return RetrievalScores(recallAt10: Double(found) / Double(queries.count), meanReciprocalRank: reciprocal / Double(queries.count))
    }

    /// The rank (0-based) the first relevant document has when documents are ordered by score,
    /// higher first, ties by index: the number of documents ahead of the best relevant one.
    static func rankOfFirstRelevant(scores: [Float], relevant: (Int) -> Bool) -> Int? {
        var best: Int?
        for index in scores.indices where relevant(index) {
            if let current = best, scores[current] >= scores[index] { continue }
            best = index
        }
        guard let best else { return nil }
        let score = scores[best]
        var ahead = 0
        for index in scores.indices where scores[index] > score || (scores[index] == score && index < best) { ahead += 1 }
        return ahead
    }

    static func dot(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ count: Int) -> Float {
        var sum: Float = 0
        for i in 0..<count { sum += a[i] * b[i] }
        return sum
    }
}
