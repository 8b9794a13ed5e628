import Foundation
import HearthAI
@testable import HearthBench
import Testing

/// The automatic checks of the judged-set rubric (docs/ai.md "Rubric scoring"): each criterion
/// must be able to fail.
@Suite struct RubricTests {
    static let thread = [
        ThreadMessageText(sender: "Priya Natarajan", date: Date(timeIntervalSince1970: 1_717_400_000),
                          text: "Hi Tomasz, can you draft the grant proposal this week? I'll review it."),
        ThreadMessageText(sender: "Tomasz Nowak", date: Date(timeIntervalSince1970: 1_717_486_400),
                          text: "Sorry Priya, I'm travelling until Friday. Could you draft it instead? I'll do the review."),
        ThreadMessageText(sender: "Priya Natarajan", date: Date(timeIntervalSince1970: 1_717_572_800),
                          text: "OK, I'll draft the proposal by Thursday. Please review it on Friday so we can submit on Monday."),
    ]
    static let rubric = SummaryRubric(people: ["Priya", "Tomasz"], facts: [["proposal"], ["review"]], latestStatus: ["Thursday", "submit"])

    @Test func aGoodSummaryMeetsEveryCriterion() {
        let score = Self.rubric.score("Priya will draft the grant proposal by Thursday. Tomasz will review it on Friday so they can submit on Monday.",
                                      thread: Self.thread, subject: "Grant proposal")
        #expect(score.total == 1, "\(score.notes)")
    }

    @Test func eachCriterionFailsOnItsOwn() {
        let invented = Self.rubric.score("Priya will draft the proposal by Thursday. Tomasz and Karl will review it in Dublin.",
                                         thread: Self.thread, subject: "Grant proposal")
        #expect(invented.grounded == 0 && invented.notes.contains { $0.contains("Karl") })
        let thin = Self.rubric.score("Priya and Tomasz wrote about a grant proposal. They agreed on a plan.", thread: Self.thread, subject: "Grant proposal")
        #expect(thin.content == 0.5 && thin.latestStatus == 0 && thin.grounded == 1)
        let oneName = Self.rubric.score("Priya will draft the proposal by Thursday. The review follows on Friday.", thread: Self.thread, subject: "Grant proposal")
        #expect(oneName.people == 0.5)
        let long = Self.rubric.score(Array(repeating: "Priya will draft the proposal.", count: 6).joined(separator: " "),
                                     thread: Self.thread, subject: "Grant proposal")
        #expect(long.length == 0)
        #expect(SummaryRubric.Score.refused.total == 0)
    }

    @Test func repliesAreCheckedForEchoesInventionsAddresseeAndShape() {
        let message = ThreadMessageText(sender: "Alice Martin", date: Date(),
                                        text: "Hi Bob, can we move the product demo from Thursday to Tuesday at 10am? Carla would prepare the data on Monday.")
        let good = ReplyRubric.score([
            (.accept, "Sure Alice, Tuesday works for me."),
            (.decline, "Sorry Alice, I can't make Tuesday."),
            (.question, "Alice, could we do the afternoon instead?"),
        ], to: message)
        #expect(good.passing == 3 && good.total == 1, "\(good.notes)")
        let bad = ReplyRubric.score([
            (.accept, "Sure, we can move the product demo from Thursday to Tuesday at 10am."),
            (.decline, "Sorry Carla, I can't."),
            (.question, "Should I ask Steve about Wednesday?"),
        ], to: message)
        #expect(bad.passing == 0, "\(bad.notes)")
        #expect(bad.notes.contains { $0.contains("echoes") } && bad.notes.contains { $0.contains("addressed to Carla") }
                && bad.notes.contains { $0.contains("Steve") })
        // The same line for two threads (names aside) is a template, not an answer.
        let other = ThreadMessageText(sender: "John Byrne", date: Date(), text: "Is the console working at 9600 baud now?")
        let templates = ReplyRubric.templates([(["Sorry Alice, I'm fully booked this week."], message.sender),
                                               (["Sorry John, I'm fully booked this week.", "John, it works now."], other.sender)])
        let canned = ReplyRubric.score([(.decline, "Sorry John, I'm fully booked this week."), (.accept, "John, it works now.")],
                                       to: other, templates: templates)
        #expect(canned.passing == 1 && canned.notes.contains { $0.contains("other threads") }, "\(canned.notes)")
        let few = ReplyRubric.score([(.accept, "sure thing")], to: message)
        #expect(few.passing == 0 && few.offered == 1)
    }

    /// Relevance, approximated by the topics a reader listed for the message (session 11): a
    /// reply naming none of them is off topic; topics match at a word's start only.
    @Test func repliesNamingNoneOfTheMessagesTopicsAreOffTopic() {
        let message = ThreadMessageText(sender: "Alice Martin", date: Date(), text: "Can we move the product demo to Tuesday?")
        let score = ReplyRubric.score([(.accept, "Hi Alice, thanks! I'll move the demo to Tuesday."),
                                       (.question, "Hi Alice, quick question: what time works best for you?")],
                                      to: message, topics: ["demo", "tuesday"])
        #expect(score.relevant == 1 && score.notes.contains("question: off topic"), "\(score.notes)")
        #expect(ReplyRubric.score([(.accept, "Hi Alice, sure.")], to: message).relevant == nil)
        #expect(ReplyRubric.isRelevant("Nice earrings!", topics: ["earring"]))
        #expect(!ReplyRubric.isRelevant("I'll finish it.", topics: ["ini"]))
    }
}

/// The evaluation sets load through the real parser (skipped without the corpora).
@Suite struct EvaluationSetLoadingTests {
    @Test(.enabled(if: BenchEnvironment.corporaIfSet().map { FileManager.default.fileExists(atPath: $0.path) } ?? false)) func theModernAndJudgedSetsLoadFromTheCorpora() throws {
        let modern = try EvaluationSet.load(path: EvaluationSet.modernPath)
        // 54 rows, one of which HearthMIME
        // cannot parse (docs/ai.md "Modern set"); 16 held out by the sha256 rule.
        #expect(modern.count == 53)
        #expect(Set(modern.map(\.label)) == [.primary, .promotions, .updates, .forums])
        #expect(modern.filter(\.holdout).count == 16)
        #expect(modern.allSatisfy { $0.input.from != nil || $0.input.subject.isEmpty == false })
        let judged = try JudgedSet.load()
        // Six threads of the first set, two more 2002 threads and four single messages of the
        // mime-* corpora (session 11), the latter judged for replies only.
        #expect(judged.count == 12)
        #expect(judged.filter(\.original).count == 6)
        #expect(judged.filter { $0.rubric != nil }.allSatisfy { $0.messages.count >= 3 && !($0.rubric?.people.isEmpty ?? true) })
        #expect(judged.filter { !$0.original }.allSatisfy { !$0.replyTopics.isEmpty })
        #expect(judged.filter { $0.rubric == nil }.count == 4)
        #expect(judged.flatMap(\.messages).allSatisfy { !$0.text.isEmpty })
    }
}
