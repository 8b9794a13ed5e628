import Foundation
import HearthCore
import HearthThreading
import Testing

/// `ThreadAssigner` against the in-memory graph: the rules of spec product §5.2.4, one scenario each.
@Suite("ThreadAssigner")
struct ThreadAssignerTests {
    static let day: TimeInterval = 24 * 3600
    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    /// A key as `MessageMapping` would build it (normalised subject, own id not among ancestors).
    static func key(_ id: String?, _ ancestors: [String] = [], subject: String = "", day offset: Double = 0,
                    account: Int64 = 1, automated: Bool = false) -> ThreadingKey {
        ThreadingKey(accountID: AccountID(account), messageID: id, ancestorIDs: ancestors,
                     normalizedSubject: SubjectNormalizer.normalize(subject), date: start.addingTimeInterval(offset * day),
                     isAutomated: automated, isReply: !ancestors.isEmpty || SubjectNormalizer.isReplyOrForward(subject))
    }

    /// Stores the keys in order (handles 0, 1, 2, …) and returns the graph.
    static func thread(_ keys: [ThreadingKey], assigner: ThreadAssigner = ThreadAssigner()) throws -> InMemoryThreadGraph {
        let graph = InMemoryThreadGraph()
        for (index, key) in keys.enumerated() { try graph.store(key, as: index, using: assigner) }
        #expect(graph.violations.isEmpty)
        return graph
    }

    private typealias T = ThreadAssignerTests

    @Test func replyChainIsOneThread() throws {
        let graph = try T.thread([T.key("a"), T.key("b", ["a"]), T.key("c", ["a", "b"])])
        #expect(graph.partition() == [[0, 1, 2]])
        #expect(graph.ghostCount == 0)
    }

    @Test func repliesToAMissingMessageMeetAtItsGhost() throws {
        let graph = try T.thread([T.key("b", ["x"]), T.key("c", ["x"]), T.key("d", ["y"])])
        #expect(graph.partition() == [[0, 1], [2]])
        #expect(graph.ghostCount == 2)
        // The missing message arriving later fills the ghost instead of starting a thread.
        let thread = try graph.store(T.key("x"), as: 3, using: ThreadAssigner())
        #expect(thread == graph.thread(of: 0))
        #expect(graph.ghostCount == 1)
    }

    @Test func lateMessageMergesTwoThreads() throws {
        // Thread 1: a. Thread 2: c, which replies to the not-yet-seen b. Then b arrives replying to a.
        let graph = try T.thread([T.key("a"), T.key("c", ["b"]), T.key("b", ["a"])])
        #expect(graph.partition() == [[0, 1, 2]])
        #expect(graph.liveThreadCount == 1)
        #expect(graph.thread(of: 0) == graph.thread(of: 1))
    }

    @Test func subjectFallbackOnlyForHeaderlessMessages() throws {
        // Headerless "Re: Budget" joins the thread of "Budget" — whichever arrives first.
        #expect(try T.thread([T.key("a", subject: "Budget"), T.key("b", subject: "Re: budget", day: 2)]).partition() == [[0, 1]])
        #expect(try T.thread([T.key("b", subject: "Re: budget", day: 2), T.key("a", subject: "Budget")]).partition() == [[0, 1]])
        // A headerless message joins a thread through a member that has headers...
        #expect(try T.thread([T.key("a", ["p"], subject: "Budget"), T.key("b", subject: "Budget", day: 1)]).partition() == [[0, 1]])
        #expect(try T.thread([T.key("b", subject: "Budget", day: 1), T.key("a", ["p"], subject: "Budget")]).partition() == [[0, 1]])
        // ...but two messages with headers are never joined by subject.
        #expect(try T.thread([T.key("a", ["p"], subject: "Budget"), T.key("b", ["q"], subject: "Budget")]).partition() == [[0], [1]])
    }

    @Test func subjectFallbackStaysWithinTheWindow() throws {
        #expect(try T.thread([T.key("a", subject: "s"), T.key("b", subject: "Re: s", day: 30)]).partition() == [[0, 1]])
        #expect(try T.thread([T.key("a", subject: "s"), T.key("b", subject: "Re: s", day: 31)]).partition() == [[0], [1]])
        #expect(try T.thread([T.key("a", subject: "Re: s", day: 31), T.key("b", subject: "s")]).partition() == [[0], [1]])
        // A reply between the two bridges them: grouping is transitive through replies.
        #expect(try T.thread([T.key("a", subject: "s"), T.key("c", subject: "Re: s", day: 40), T.key("b", subject: "Re: s", day: 20)])
            .partition() == [[0, 1, 2]])
        // The window is configurable.
        #expect(try T.thread([T.key("a", subject: "s"), T.key("b", subject: "Re: s", day: 2)],
                             assigner: ThreadAssigner(subjectWindow: T.day)).partition() == [[0], [1]])
    }

    @Test func sameSubjectWithoutAReplyIsNotAConversation() throws {
        // Two "Weekly report" mails a week apart, neither answering anything: two threads.
        #expect(try T.thread([T.key("a", subject: "Weekly report"), T.key("b", subject: "Weekly report", day: 7)])
            .partition() == [[0], [1]])
        // A header-less reply still joins them both: the link goes through a reply.
        #expect(try T.thread([T.key("a", subject: "Weekly report"), T.key("b", subject: "Weekly report", day: 7),
                              T.key("c", subject: "RE: Weekly report", day: 8)]).partition() == [[0, 1, 2]])
    }

    @Test func automatedSeriesNeverThreadBySubject() throws {
        // An alert series (28 mails, five weeks, one subject, some even "Re:"-prefixed by the
        // sender's template) stays 28 threads; any arrival order gives the same.
        let alerts = (0..<28).map { T.key("alert\($0)", subject: $0 % 5 == 0 ? "Re: CNN Alerts: bush" : "CNN Alerts: bush",
                                          day: Double($0) * 1.25, automated: true) }
        #expect(try T.thread(alerts).partition().count == 28)
        #expect(try T.thread(alerts.reversed()).partition().count == 28)
        // A person's header-less reply to an alert does not collect the series either.
        #expect(try T.thread(alerts + [T.key("me", subject: "Re: CNN Alerts: bush", day: 3)]).partition().count == 29)
        // Automated mail with reply headers still threads by its references.
        #expect(try T.thread([T.key("n1", subject: "Your order", automated: true),
                              T.key("n2", ["n1"], subject: "Re: Your order", day: 1, automated: true)]).partition() == [[0, 1]])
    }

    @Test func emptySubjectsAreNeverGrouped() throws {
        #expect(try T.thread([T.key("a"), T.key("b"), T.key("c", subject: "Re:")]).partition() == [[0], [1], [2]])
    }

    @Test func accountsNeverMerge() throws {
        let graph = try T.thread([
            T.key("a", account: 1), T.key("b", ["a"], account: 2), T.key("a", account: 2),
            T.key("c", subject: "s", account: 1), T.key("d", subject: "s", account: 2),
        ])
        #expect(graph.partition() == [[0], [1, 2], [3], [4]])
    }

    @Test func selfReferenceIsHarmless() throws {
        // A key naming its own id among its ancestors links nothing new and stays apart.
        let graph = try T.thread([T.key("a", ["a"]), T.key("b")])
        #expect(graph.partition() == [[0], [1]])
        #expect(graph.ghostCount == 0)
        // MessageMapping drops the own id, so a message referencing only itself is headerless.
        let email = Email(accountID: AccountID(1), messageID: "a", inReplyTo: "a", references: ["a"],
                          subject: "Hello", dateReceived: T.start)
        #expect(MessageMapping.threadingKey(for: email).ancestorIDs.isEmpty)
    }

    @Test func messagesWithoutIDsThreadByTheirReferences() throws {
        let graph = try T.thread([T.key(nil, ["a"]), T.key(nil, ["a"]), T.key(nil)])
        #expect(graph.partition() == [[0, 1], [2]])
    }

    @Test func duplicateMessageIDsShareAThread() throws {
        // Unlike RFC 5256 (which renames the later duplicate), the assigner treats a repeated id as
        // the same node: two copies of one message belong to one conversation.
        let graph = try T.thread([T.key("a"), T.key("a")])
        #expect(graph.partition() == [[0, 1]])
    }
}
