import Foundation
@testable import HearthAI
import HearthCore

/// A deterministic stand-in for a chat model: answers with a scripted function of the prompt,
/// counts calls, and can be slow or fail, so features are tested without any model file.
final class FakeTextGenerator: TextGenerator, @unchecked Sendable {
    let modelIdentifier = "fake-generator"
    let contextTokens: Int
    private let lock = NSLock()
    private var _calls = 0
    private let answer: @Sendable ([ChatMessage]) throws -> String
    /// When set, answers from the request's options too (e.g. the opening written for the model).
    private var answerWithOptions: (@Sendable ([ChatMessage], GenerationOptions) throws -> String)?
    private let ranking: @Sendable ([ChatMessage], [String]) -> [Double]

    init(contextTokens: Int = 2048,
         answer: @escaping @Sendable ([ChatMessage]) throws -> String = { _ in "" },
         ranking: @escaping @Sendable ([ChatMessage], [String]) -> [Double] = { _, choices in choices.map { _ in 1.0 / Double(max(choices.count, 1)) } }) {
        self.contextTokens = contextTokens; self.answer = answer; self.ranking = ranking
    }

    convenience init(answeringWithOptions: @escaping @Sendable ([ChatMessage], GenerationOptions) throws -> String) {
        self.init()
        answerWithOptions = answeringWithOptions
    }

    var calls: Int { lock.withLock { _calls } }

    func generate(_ messages: [ChatMessage], options: GenerationOptions) async throws -> GenerationOutput {
        lock.withLock { _calls += 1 }
        let text = try answerWithOptions?(messages, options) ?? answer(messages)
        return GenerationOutput(text: text, promptTokens: messages.reduce(0) { $0 + $1.content.count / 4 },
                                evaluatedPromptTokens: 0, generatedTokens: text.count / 4)
    }

    func rankChoices(_ messages: [ChatMessage], choices: [String], timeoutSeconds: Double) async throws -> [Double] {
        lock.withLock { _calls += 1 }
        return ranking(messages, choices)
    }

    func tokenCount(_ text: String) async throws -> Int { text.count / 4 }
}

/// A deterministic embedder: hashed bag of words, L2-normalised. Texts sharing words are close,
/// which is all the categoriser's plumbing needs.
struct FakeEmbedder: TextEmbedder {
    let dimensions = 64
    let modelIdentifier = "fake-embedder"

    func embed(_ texts: [String]) async throws -> [[Float]] {
        texts.map { text in
            var vector = [Float](repeating: 0, count: dimensions)
            for word in text.lowercased().split(whereSeparator: { !$0.isLetter }) where word.count > 2 {
                var hash: UInt64 = 1469598103934665603
                for byte in word.utf8 { hash = (hash ^ UInt64(byte)) &* 1099511628211 }
                vector[Int(hash % UInt64(dimensions))] += 1
            }
            let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return norm > 0 ? vector.map { $0 / norm } : vector
        }
    }
}

/// In-memory repositories for the summary cache test.
final class FakeMailData: InertMailRepositories, ThreadRepository, @unchecked Sendable {
    private let lock = NSLock()
    var thread: MailThread
    var messages: [Email]
    private var summaries: [ThreadID: StoredThreadSummary] = [:]

    init(thread: MailThread, messages: [Email]) { self.thread = thread; self.messages = messages }

    func append(_ email: Email) { lock.withLock { messages.append(email); thread.messageCount = messages.count } }

    // ThreadRepository
    func threads(_ query: ThreadQuery) throws(StoreError) -> [MailThread] { [thread] }
    func thread(_ id: ThreadID) throws(StoreError) -> MailThread? { lock.withLock { id == thread.id ? thread : nil } }
    // EmailRepository (only what the summary service reads)
    func emails(inThread id: ThreadID) throws(StoreError) -> [Email] { lock.withLock { messages } }
    func email(_ id: EmailID) throws(StoreError) -> Email? { lock.withLock { messages.first { $0.id == id } } }
    // AIRepository
    func threadSummary(_ thread: ThreadID) throws(StoreError) -> StoredThreadSummary? { lock.withLock { summaries[thread] } }
    func saveThreadSummary(_ summary: StoredThreadSummary) throws(StoreError) { lock.withLock { summaries[summary.threadID] = summary } }
}
