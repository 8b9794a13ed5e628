import Foundation
@testable import HearthAI
import HearthCore
import Testing

/// Failed automatic summaries back off instead of being retried on every run (which starved
/// older threads), and generation stops once a summary has its 4 sentences.
@Suite struct SummaryBackoffTests {
    /// A clock the test moves by hand.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 1_000.0
        var now: Double { lock.withLock { value } }
        func advance(_ seconds: Double) { lock.withLock { value += seconds } }
    }

    @Test func aFailedThreadWaitsDoublingPerFailureAndASuccessForgetsIt() async {
        let clock = Clock()
        let backoff = SummaryBackoff(base: 60, maximum: 200, now: { clock.now })
        let thread = ThreadID(7)
        #expect(await !backoff.isWaiting(thread))
        await backoff.recordFailure(thread)
        #expect(await backoff.isWaiting(thread))
        clock.advance(61)
        #expect(await !backoff.isWaiting(thread))
        await backoff.recordFailure(thread)   // second failure: 120 s
        clock.advance(100)
        #expect(await backoff.isWaiting(thread))
        clock.advance(21)
        #expect(await !backoff.isWaiting(thread))
        await backoff.recordFailure(thread)   // third: 240 s, capped at 200
        clock.advance(201)
        #expect(await !backoff.isWaiting(thread))
        #expect(await backoff.failureCount(thread) == 3)
        await backoff.recordSuccess(thread)
        #expect(await backoff.failureCount(thread) == 0)
    }

    @Test func threadsWhoseSummaryFailedAreSkippedSoOlderOnesGetTheirTurn() async throws {
        // Threads 1…4, newest first; the model times out on thread 1 and 2 every time.
        let store = FakeThreadStore(threadCount: 4)
        let generator = FakeTextGenerator { messages in
            let text = messages.last?.content ?? ""
            if text.contains("Subject: Topic 1\n") || text.contains("Subject: Topic 2\n") { throw AIError.timedOut(seconds: 45) }
            // Grounded: it names only people the thread has (the validator rejects invented names).
            return "P0 opened the discussion and P2 answered last. Everyone agreed to go ahead."
        }
        let clock = Clock()
        let backoff = SummaryBackoff(base: 600, now: { clock.now })
        let work = PostSyncAIWork(store: store, embedder: nil, generator: generator, indexVectors: nil,
                                  limits: .init(timeBudget: 60, maxSummaries: 2), summaryBackoff: backoff)
        let first = await work.run()
        #expect(first.summaryFailures == 2 && first.summarized.isEmpty)
        // Next run: 1 and 2 wait, so 3 and 4 are summarised.
        let second = await work.run()
        #expect(second.summarized.sorted() == [3, 4] && second.summariesDeferred == 2 && second.summaryFailures == 0)
        // Nothing else to do while they wait: no model call at all.
        let calls = generator.calls
        let third = await work.run()
        #expect(third.summarized.isEmpty && third.summaryFailures == 0 && generator.calls == calls)
        // After the back-off they are tried again.
        clock.advance(601)
        let fourth = await work.run()
        #expect(fourth.summaryFailures == 2)
        #expect(await backoff.failureCount(ThreadID(1)) == 2)
    }

    @Test func aTimeoutCutShortByTheRunsBudgetIsNotHeldAgainstTheThread() async throws {
        let store = FakeThreadStore(threadCount: 1)
        let generator = FakeTextGenerator { _ in throw AIError.timedOut(seconds: 10) }
        let backoff = SummaryBackoff(base: 600)
        // Budget 10 s < the 45 s summary limit: the summary got only what was left of the run.
        let work = PostSyncAIWork(store: store, embedder: nil, generator: generator, indexVectors: nil,
                                  limits: .init(timeBudget: 10, maxSummaries: 1), summaryBackoff: backoff)
        #expect(await work.run().summaryFailures == 1)
        #expect(await !backoff.isWaiting(ThreadID(1)))
    }

    @Test func sentencesAreCountedOnlyWhenFinished() {
        #expect(SentenceCounter.completeSentences(in: "") == 0)
        #expect(SentenceCounter.completeSentences(in: "The demo moved to Tuesday.") == 0)   // no space yet: may go on
        #expect(SentenceCounter.completeSentences(in: "The demo moved to Tuesday. Bob") == 1)
        #expect(SentenceCounter.completeSentences(in: "We use configure.in now. Is it fine? Yes! Done. ") == 4)   // "configure.in" is no boundary
        #expect(SentenceCounter.completeSentences(in: "1. First point here. ") == 1)
        // The validator's rule (SentenceBoundary): an initial or a title does not end a sentence,
        // so decoding is not stopped inside "John P. Looney" (session 16 review).
        #expect(SentenceCounter.completeSentences(in: "John P. Looney and Dr. Ito fixed it. Then") == 1)
        #expect(SentenceCounter.completeSentences(in: "John P. Looney and Dr. Ito fixed it. Then")
                == ThreadSummarizer.sentences("John P. Looney and Dr. Ito fixed it.").count)
    }
}

/// Threads 1…n with three messages each ("Topic N"), newest activity first, no summaries yet.
final class FakeThreadStore: PostSyncAIStore, InertMailRepositories, @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var summaries: [ThreadID: StoredThreadSummary] = [:]

    init(threadCount: Int) { count = threadCount }

    private func messages(_ id: ThreadID) -> [Email] {
        (0..<3).map { index in
            Email(id: EmailID(id.rawValue * 10 + Int64(index)), accountID: AccountID(1), threadID: id,
                  from: EmailAddress(name: "P\(index)", address: "p\(index)@example.org"), subject: "Topic \(id.rawValue)",
                  bodyPlain: "Message \(index) about topic \(id.rawValue).", dateReceived: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 3600))
        }
    }

    // AIBacklogRepository
    func signalHeaders(of ids: [EmailID]) throws(StoreError) -> [EmailID: [HeaderField]] { [:] }
    func threadsNeedingSummary(minimumMessages: Int, limit: Int) throws(StoreError) -> [ThreadID] {
        lock.withLock { (1...Int64(count)).map { ThreadID($0) }.filter { summaries[$0] == nil }.prefix(limit).map { $0 } }
    }
    // ThreadRepository
    func threads(_ query: ThreadQuery) throws(StoreError) -> [MailThread] { [] }
    func thread(_ id: ThreadID) throws(StoreError) -> MailThread? {
        MailThread(id: id, accountID: AccountID(1), subject: "Topic \(id.rawValue)", latestDate: Date(), messageCount: 3)
    }
    // EmailRepository
    func emails(inThread id: ThreadID) throws(StoreError) -> [Email] { messages(id) }
    func email(_ id: EmailID) throws(StoreError) -> Email? { nil }
    // AIRepository
    func threadSummary(_ thread: ThreadID) throws(StoreError) -> StoredThreadSummary? { lock.withLock { summaries[thread] } }
    func saveThreadSummary(_ summary: StoredThreadSummary) throws(StoreError) { lock.withLock { summaries[summary.threadID] = summary } }
}
