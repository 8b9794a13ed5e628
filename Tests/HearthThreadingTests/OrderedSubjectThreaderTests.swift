import Foundation
import HearthThreading
import Testing

@Suite("OrderedSubjectThreader (RFC 5256 ORDEREDSUBJECT)")
struct OrderedSubjectThreaderTests {
    private func message(_ index: Int, _ subject: String, minute: Double) -> ThreadInput {
        ThreadInput(index: index, messageID: nil, subject: subject, date: Date(timeIntervalSince1970: minute * 60))
    }

    @Test func groupsByBaseSubjectOrderedByDate() {
        let forest = OrderedSubjectThreader.thread([
            message(1, "b", minute: 5), message(2, "Re: a", minute: 1), message(3, "a", minute: 3),
            message(4, "RE: B", minute: 2), message(5, "", minute: 9), message(6, "  ", minute: 8),
        ])
        // a: 2 (1), 3 (3); b: 4 (2), 1 (5); empty base subjects group too: 6 (8), 5 (9).
        #expect(ThreadTree.imapThreadList(forest) == "(2 3)(4 1)(6 5)")
    }

    @Test func childrenAreSiblingsAndTiesGoByIndex() {
        let forest = OrderedSubjectThreader.thread([
            message(3, "x", minute: 0), message(1, "x", minute: 0), message(2, "Fwd: x", minute: 0),
        ])
        #expect(ThreadTree.imapThreadList(forest) == "(1 (2)(3))")
    }
}
