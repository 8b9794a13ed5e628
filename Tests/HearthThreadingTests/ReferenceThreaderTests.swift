import HearthTestSupport
import Foundation
import HearthThreading
import Testing

/// `ReferenceThreader`: the RFC 5256 REFERENCES rules one at a time, rendered in IMAP syntax.
@Suite("ReferenceThreader (RFC 5256 REFERENCES)")
struct ReferenceThreaderTests {
    static let day: TimeInterval = 24 * 3600

    /// Message `index`, sent `minute` minutes after the epoch (default: its index).
    static func message(_ index: Int, _ id: String?, refs: [String] = [], irt: [String] = [],
                        subject: String = "", minute: Double? = nil) -> ThreadInput {
        ThreadInput(index: index, messageID: id, references: refs, inReplyTo: irt, subject: subject,
                    date: Date(timeIntervalSince1970: (minute ?? Double(index)) * 60))
    }

    static func render(_ messages: [ThreadInput], _ grouping: ReferenceThreader.SubjectGrouping = .none) -> String {
        ThreadTree.imapThreadList(ReferenceThreader(subjectGrouping: grouping).thread(messages))
    }

    private typealias T = ReferenceThreaderTests

    @Test func replyChainAndBranches() {
        #expect(T.render([
            T.message(1, "a"), T.message(2, "b", refs: ["a"]), T.message(3, "c", refs: ["a", "b"]),
            T.message(4, "d", refs: ["a"]),
        ]) == "(1 (2 3)(4))")
    }

    @Test func missingParentIsAGhostHoldingSiblings() throws {
        let forest = ReferenceThreader(subjectGrouping: .none).thread([
            T.message(1, "b", refs: ["x"]), T.message(2, "c", refs: ["x"]),
        ])
        #expect(ThreadTree.imapThreadList(forest) == "((1)(2))")
        let root = try #require(forest.first)
        #expect(root.isPlaceholder && root.messageID == "x")
    }

    @Test func pruningPromotesLoneChildrenAndSplicesInnerGhosts() {
        // A ghost root with one child disappears; a ghost between two messages too.
        #expect(T.render([T.message(1, "b", refs: ["x"])]) == "(1)")
        #expect(T.render([T.message(1, "a"), T.message(2, "c", refs: ["a", "x"])]) == "(1 2)")
        // A ghost below a message with two children: the children move up to the message.
        #expect(T.render([
            T.message(1, "a"), T.message(2, "c", refs: ["a", "x"]), T.message(3, "d", refs: ["a", "x"]),
        ]) == "(1 (2)(3))")
    }

    @Test func inReplyToOnlyWithoutReferences() {
        #expect(T.render([
            T.message(1, "a"), T.message(2, "b"),
            T.message(3, "c", refs: ["a"], irt: ["b"]),          // References wins
            T.message(4, "d", irt: ["b", "a"]),                  // first In-Reply-To id only
        ]) == "(1 3)(2 4)")
    }

    @Test func linksThatWouldLoopAreRefused() {
        // a says b is its parent, b says a is: the later message's claim would close a loop.
        let forest = ReferenceThreader(subjectGrouping: .none).thread([
            T.message(1, "a", refs: ["b"]), T.message(2, "b", refs: ["a"]),
        ])
        #expect(ThreadTree.imapThreadList(forest) == "(2 1)")
        // A References chain that contradicts the tree: b→a is refused, c still goes under a.
        #expect(T.render([
            T.message(1, "a"), T.message(2, "b", refs: ["a"]), T.message(3, "c", refs: ["b", "a"]),
        ]) == "(1 (2)(3))")
    }

    @Test func ownHeaderReplacesAnEarlierGuessedParent() {
        // b's References made x the parent of c; c's own header says a.
        #expect(T.render([
            T.message(1, "a"), T.message(2, "b", refs: ["x", "c"]), T.message(3, "c", refs: ["a"]),
        ]) == "(1 3 2)")
    }

    @Test func duplicateMessageIDsKeepTheFirst() {
        // The later duplicate is threaded as if it had a unique id; references go to the first.
        #expect(T.render([
            T.message(1, "a"), T.message(2, "a", refs: ["r"]), T.message(3, "c", refs: ["a"]),
        ]) == "(1 3)(2)")
        // "First" is by index, not by position in the array.
        #expect(T.render([
            T.message(3, "c", refs: ["a"]), T.message(2, "a", refs: ["r"]), T.message(1, "a"),
        ]) == "(1 3)(2)")
        // A duplicate that references the shared id hangs under the first holder.
        #expect(T.render([T.message(1, "a"), T.message(2, "a", refs: ["a"])]) == "(1 2)")
    }

    @Test func selfReferencesAreIgnored() {
        #expect(T.render([T.message(1, "a", refs: ["a"])]) == "(1)")
        #expect(T.render([T.message(1, "x"), T.message(2, "a", refs: ["x", "a"])]) == "(1 2)")
        #expect(T.render([T.message(1, "x"), T.message(2, "a", irt: ["a"]), T.message(3, "b", refs: ["a"])]) == "(1)(2 3)")
    }

    @Test func messagesWithoutIDsStayApart() {
        #expect(T.render([T.message(1, nil), T.message(2, ""), T.message(3, nil, refs: ["a"])]) == "(1)(2)(3)")
    }

    @Test func siblingsAndRootsByDateThenIndex() {
        #expect(T.render([
            T.message(1, "a", minute: 0), T.message(2, "b", refs: ["a"], minute: 10),
            T.message(3, "c", refs: ["a"], minute: 5), T.message(4, "d", refs: ["a"], minute: 5),
        ]) == "(1 (3)(4)(2))")
        // A ghost root sorts by its earliest child.
        #expect(T.render([
            T.message(1, "a", minute: 7), T.message(2, "b", refs: ["x"], minute: 9),
            T.message(3, "c", refs: ["x"], minute: 3),
        ]) == "((3)(2))(1)")
    }

    @Test func rfcSubjectGroupingOfRoots() {
        // A reply goes under the original; two originals go side by side under a placeholder.
        #expect(T.render([T.message(1, "a", subject: "foo"), T.message(2, "b", subject: "Re: foo")], .rfc5256) == "(1 2)")
        #expect(T.render([T.message(1, "a", subject: "foo"), T.message(2, "b", subject: "foo")], .rfc5256) == "((1)(2))")
        // An original arriving after the reply still becomes the parent.
        #expect(T.render([T.message(1, "a", subject: "Re: foo"), T.message(2, "b", subject: "[x] foo")], .rfc5256) == "(2 1)")
        // A ghost-rooted thread absorbs a same-subject root.
        #expect(T.render([
            T.message(1, "a", subject: "foo"), T.message(2, "b", refs: ["x"], subject: "Re: foo"),
            T.message(3, "c", refs: ["x"], subject: "Re: foo"),
        ], .rfc5256) == "((1)(2)(3))")
        // Empty base subjects are never grouped; .none never groups.
        #expect(T.render([T.message(1, "a", subject: "Re:"), T.message(2, "b", subject: "")], .rfc5256) == "(1)(2)")
        #expect(T.render([T.message(1, "a", subject: "foo"), T.message(2, "b", subject: "Re: foo")]) == "(1)(2)")
    }

    @Test func specSubjectGroupingOnlyForHeaderlessWithinWindow() {
        let window = 30 * T.day
        let inWindow = 29 * T.day / 60, outOfWindow = 31 * T.day / 60   // in minutes
        func render(_ messages: [ThreadInput]) -> String { T.render(messages, .spec(window: window)) }
        // Headerless reply-by-subject joins the earlier message.
        #expect(render([T.message(1, "a", subject: "Budget"), T.message(2, "b", subject: "Re: budget", minute: inWindow)]) == "(1 2)")
        // ...but not outside the window.
        #expect(render([T.message(1, "a", subject: "Budget"), T.message(2, "b", subject: "Re: budget", minute: outOfWindow)]) == "(1)(2)")
        // Two messages that both carry references are never joined by subject.
        #expect(render([
            T.message(1, "a", refs: ["p"], subject: "Budget"), T.message(2, "b", refs: ["q"], subject: "Re: budget"),
        ]) == "(1)(2)")
        // A headerless message joins a thread through any same-subject member, here a reply.
        #expect(render([
            T.message(1, "a", subject: "start"), T.message(2, "b", refs: ["a"], subject: "Re: topic"),
            T.message(3, "c", subject: "topic"),
        ]) == "(1 (2)(3))")
        // Chains of headerless messages link transitively, each step within the window.
        #expect(render([
            T.message(1, "a", subject: "x", minute: 0), T.message(2, "b", subject: "x", minute: inWindow),
            T.message(3, "c", subject: "x", minute: 2 * inWindow),
        ]) == "(1 (2)(3))")
        // Empty subjects never group; the default window is 30 days.
        #expect(render([T.message(1, "a"), T.message(2, "b")]) == "(1)(2)")
        #expect(T.render([T.message(1, "a", subject: "s"), T.message(2, "b", subject: "s", minute: outOfWindow)], .spec()) == "(1)(2)")
    }

    @Test func specGroupingSplicesAPlaceholderRoot() {
        // The earliest tree adopts the later ones; a later placeholder root gives up its children.
        #expect(T.render([
            T.message(1, "a", subject: "s"), T.message(2, "b", refs: ["x"], subject: "s"),
            T.message(3, "c", refs: ["x"], subject: "s"),
        ], .spec()) == "(1 (2)(3))")
    }

    /// Random message sets: every message exactly once, placeholders only at the top with two or
    /// more children, siblings in date order, and the result independent of the input order.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomForestsAreWellFormed(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let count = 600
        let messages = (1...count).map { index -> ThreadInput in
            let references = (0..<Int.random(in: 0...3, using: &random)).map { _ in "m\(Int.random(in: 1...(count + 60), using: &random))" }
            let id: String? = Int.random(in: 0..<40, using: &random) == 0 ? nil : "m\(Int.random(in: 1...count, using: &random))"
            return ThreadInput(index: index, messageID: id, references: references,
                               inReplyTo: Bool.random(using: &random) ? ["m\(Int.random(in: 1...count, using: &random))"] : [],
                               subject: ["a", "Re: a", "b", "", "Fwd: c"].randomElement(using: &random) ?? "",
                               date: Date(timeIntervalSince1970: Double(Int.random(in: 0..<(90 * 24), using: &random)) * 3600))
        }
        for grouping in [ReferenceThreader.SubjectGrouping.none, .rfc5256, .spec()] {
            let threader = ReferenceThreader(subjectGrouping: grouping)
            let forest = threader.thread(messages)
            let indices = forest.flatMap(\.indices)
            #expect(indices.sorted() == Array(1...count), "\(grouping): each message once")
            let dates = Dictionary(uniqueKeysWithValues: messages.map { ($0.index, $0.date) })
            let rootKeys = forest.map { root in root.indices.first.map { (dates[$0] ?? .distantPast, $0) } ?? (.distantPast, 0) }
            #expect(zip(rootKeys, rootKeys.dropFirst()).allSatisfy { $0 <= $1 }, "\(grouping): root order")
            var stack = forest.map { ($0, true) }
            while let (node, isRoot) = stack.popLast() {
                if node.isPlaceholder {
                    #expect(isRoot && node.children.count >= 2, "\(grouping): placeholder placement")
                }
                let keys = node.children.map { child -> (Date, Int) in
                    let first = child.indices.first ?? 0
                    return (dates[first] ?? .distantPast, first)
                }
                #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 }, "\(grouping): sibling order")
                stack.append(contentsOf: node.children.map { ($0, false) })
            }
            var shuffled = messages
            shuffled.shuffle(using: &random)
            #expect(threader.thread(shuffled) == forest, "\(grouping): input order matters")
        }
    }

    @Test func deepReferenceChainsDoNotExhaustTheStack() {
        let depth = 3_000
        let messages = (1...depth).map { index in
            T.message(index, "m\(index)", irt: index > 1 ? ["m\(index - 1)"] : [])
        }
        let forest = ReferenceThreader().thread(messages)
        #expect(forest.count == 1)
        #expect(forest.first?.indices == Array(1...depth))
    }
}
