import Foundation
@testable import HearthBench
import Testing

/// `hearth-bench embed`'s retrieval set: thread subjects as queries, and the two scores.
@Suite struct RetrievalSetTests {
    @Test func subjectsLoseReplyPrefixesAndTags() {
        #expect(RetrievalSet.query(fromSubject: "Re: [PATCH 2.5] fix the frobnicator") == "fix the frobnicator")
        #expect(RetrievalSet.query(fromSubject: "RE: Fwd: re:  Prefetches in   memcpy") == "Prefetches in memcpy")
        #expect(RetrievalSet.query(fromSubject: "Re: unsubscribe") == nil)
        #expect(RetrievalSet.query(fromSubject: "[linux-mips] ") == nil)
    }

    @Test func recallAndReciprocalRankFollowTheFirstRelevantDocument() {
        // Query 1 (thread 1) finds its thread at rank 2; query 2 (thread 2) at rank 1;
        // query 3 (thread 3) has no document at all.
        let documents: [[Float]] = [[1, 0], [0.8, 0.6], [0, 1]]
        let documentThreads: [Int64] = [2, 1, 9]
        let queries: [[Float]] = [[1, 0], [1, 0], [0, 1]]
        let scores = RetrievalScores.measure(queries: queries, queryThreads: [1, 2, 3],
                                             documents: documents, documentThreads: documentThreads)
        #expect(abs(scores.recallAt10 - 2.0 / 3) < 1e-9)
        #expect(abs(scores.meanReciprocalRank - (0.5 + 1 + 0) / 3) < 1e-9)
    }

    @Test func recallCountsOnlyTheFirstTen() {
        let documents = (0..<11).map { n -> [Float] in [1 - Float(n) * 0.01, 0] }
        let threads = (0..<11).map { $0 == 10 ? Int64(7) : Int64(100 + $0) }
        let scores = RetrievalScores.measure(queries: [[1, 0]], queryThreads: [7], documents: documents, documentThreads: threads)
        #expect(scores.recallAt10 == 0)
        #expect(abs(scores.meanReciprocalRank - 1.0 / 11) < 1e-9)
    }

    @Test func spreadPicksEvenlyAndKeepsShortListsWhole() {
        #expect(RetrievalSet.spread(Array(0..<10), count: 5) == [0, 2, 4, 6, 8])
        #expect(RetrievalSet.spread([1, 2], count: 5) == [1, 2])
        #expect(RetrievalSet.spread([1, 2], count: 0).isEmpty)
    }
}
