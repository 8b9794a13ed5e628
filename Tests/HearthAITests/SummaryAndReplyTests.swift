import Foundation
@testable import HearthAI
import HearthCore
import Testing

@Suite struct SummaryAndReplyTests {
    static func email(_ id: Int64, from: String, _ body: String, at day: Double) -> Email {
        Email(id: EmailID(id), accountID: AccountID(1), threadID: ThreadID(1), from: EmailAddress(name: from, address: "\(from.lowercased())@example.org"),
              subject: "Demo", bodyPlain: body, dateReceived: Date(timeIntervalSince1970: 1_700_000_000 + day * 86_400))
    }

    @Test func summariesAreCachedAndInvalidatedWhenTheThreadGrows() async throws {
        let data = FakeMailData(
            thread: MailThread(id: ThreadID(1), accountID: AccountID(1), subject: "Demo", latestDate: Date(), messageCount: 3),
            messages: [Self.email(1, from: "Alice", "Can we move the demo to Tuesday?", at: 0),
                       Self.email(2, from: "Bob", "Tuesday works. Let's drop the export feature.\n> Can we move", at: 1),
                       Self.email(3, from: "Alice", "Agreed. Carla prepares the data on Monday.", at: 2)])
        // Message 4 is Carla's: the fake's answer says whether it was in the prompt.
        let generator = FakeTextGenerator { messages in
            messages.last?.content.contains("Latest: Carla, ") == true
                ? "Summary: Alice and Bob moved the demo to Tuesday. Carla has the data ready."
                : "Summary: Alice and Bob moved the demo to Tuesday. Bob dropped the export feature."
        }
        let service = ThreadSummaryService(summarizer: ThreadSummarizer(generator: generator), emails: data, threads: data, store: data)
        let first = try await service.summary(of: ThreadID(1))
        #expect(!first.cached && generator.calls == 1)
        // The newest message's status, which the answer leaves out, follows under its writer's name.
        #expect(first.text == "Alice and Bob moved the demo to Tuesday. Bob dropped the export feature. Alice: Carla prepares the data on Monday.")
        let second = try await service.summary(of: ThreadID(1))
        #expect(second.cached && second.text == first.text && generator.calls == 1)
        data.append(Self.email(4, from: "Carla", "Data is ready.", at: 3))
        let third = try await service.summary(of: ThreadID(1))
        #expect(!third.cached && generator.calls == 2 && third.text.contains("Carla has the data ready"))
    }

    @Test func withoutAModelSummariesAreUnavailableButACachedOneIsStillShown() async throws {
        let data = FakeMailData(thread: MailThread(id: ThreadID(1), accountID: AccountID(1), subject: "S", latestDate: Date()),
                                messages: [Self.email(1, from: "A", "Hello there, a question.", at: 0)])
        let none = ThreadSummaryService(summarizer: nil, emails: data, threads: data, store: data)
        await #expect(throws: AIError.modelNotInstalled("chat model")) { try await none.summary(of: ThreadID(1)) }
        try data.saveThreadSummary(StoredThreadSummary(threadID: ThreadID(1), messageCount: 1, lastEmailID: EmailID(1),
                                                       text: "Cached.", modelIdentifier: "m", createdAt: Date()))
        #expect(try await none.summary(of: ThreadID(1)).text == "Cached.")
    }

    static let thread = [
        ThreadMessageText(sender: "Alice Martin", date: Date(timeIntervalSince1970: 1_700_000_000),
                          text: "Hi Bob, the build is broken again since the upgrade. Can you look at it before Friday?"),
        ThreadMessageText(sender: "Bob Lee", date: Date(timeIntervalSince1970: 1_700_086_400),
                          text: "I found the cause: the cache directory moved. I'll push a fix tonight and tell Carla."),
    ]

    static func validator(subject: String = "Build broken") -> SummaryValidator {
        SummaryValidator(subject: subject, messages: thread, instructions: ThreadSummarizer.instructionTexts)
    }

    @Test func summaryValidatorKeepsGroundedTextAndCapsSentences() throws {
        let five = "Alice reported the broken build. Bob found the cause. Bob will push a fix. Carla will be told. The cache moved."
        #expect(try Self.validator().validated(five) == "Alice reported the broken build. Bob found the cause. Bob will push a fix. Carla will be told.")
        #expect(try Self.validator().validated("Summary: Bob will push a fix tonight for the build Alice reported broken.")
                == "Bob will push a fix tonight for the build Alice reported broken.")
        #expect(throws: AIError.self) { try Self.validator().validated("   ") }
    }

    @Test func summaryValidatorRejectsNamesDatesAndNumbersNotInTheThread() {
        // "Dave" and "Monday" appear nowhere in the thread: invented.
        #expect(throws: AIError.self) { try Self.validator().validated("Dave will push a fix tonight. Alice agreed.") }
        #expect(throws: AIError.self) { try Self.validator().validated("Bob will push a fix on Monday. Alice agreed.") }
        #expect(throws: AIError.self) { try Self.validator().validated("Bob will push 3 fixes tonight. Alice agreed.") }
    }

    @Test func summaryValidatorRejectsPromptLeaksEchoesAndRepeats() throws {
        // The prompt's own words (the leak seen in issue 15).
        #expect(throws: AIError.self) { try Self.validator().validated("Bob will push a fix. Use only names, dates and facts from the messages.") }
        // The digest's line heads after the name the summary opens with.
        #expect(throws: AIError.self) { try Self.validator().validated("Bob Lee, Wed 15 Nov: Bob will push a fix tonight.") }
        #expect(throws: AIError.self) { try Self.validator().validated("Bob Lee will push a fix. Latest: Alice is waiting.") }
        // …also with the day in lower case, after two names (a modern thread in the demo mailbox).
        #expect(throws: AIError.self) { try Self.validator().validated("Bob Lee, Alice Martin, wed 15 Nov: Bob will push a fix tonight.") }
        // Written to the people, then a message copied in its writer's voice.
        #expect(throws: AIError.self) { try Self.validator().validated("Bob Lee, Alice Martin, this is broken again. Bob will push a fix tonight.") }
        #expect(throws: AIError.self) { try Self.validator().validated("Alice, thanks for the report. Bob will push a fix tonight.") }
        // A list of names going on with the sentence is a summary.
        #expect(try Self.validator().validated("Alice, Bob, and Carla know the build is broken. Bob will push a fix tonight.")
                == "Alice, Bob, and Carla know the build is broken. Bob will push a fix tonight.")
        #expect(try Self.validator().validated("Bob, who found the cause, will push a fix tonight.") == "Bob, who found the cause, will push a fix tonight.")
        // A long verbatim copy of a message.
        #expect(throws: AIError.self) {
            try Self.validator().validated("Hi Bob, the build is broken again since the upgrade. Can you look at it before Friday?")
        }
        // The subject over and over.
        #expect(throws: AIError.self) {
            try Self.validator(subject: "The build is broken").validated("The build is broken. The build is broken. The build is broken.")
        }
    }

    /// The demo mailbox's list thread whose summary read "Hannah Ito is the local model for
    /// summaries." (session 10): every word is in the thread, only the join is invented.
    static let localModelThread = [
        ThreadMessageText(sender: "Hannah Ito", date: Date(timeIntervalSince1970: 1_763_700_000),
                          text: "Curious what people use for thread summaries on older laptops. The small one is quick but a bit terse."),
        ThreadMessageText(sender: "Tom Becker", date: Date(timeIntervalSince1970: 1_763_703_600),
                          text: "I stick with the default. Summaries only run for threads of three or more messages anyway."),
        ThreadMessageText(sender: "Ravi Patel", date: Date(timeIntervalSince1970: 1_763_707_200),
                          text: "Same here. The bigger models were not worth the fan noise for me. Tom is the maintainer of the importer, by the way."),
        ThreadMessageText(sender: "Hannah Ito", date: Date(timeIntervalSince1970: 1_763_710_800), text: "Fair. Default it is. I'm a happy user of the default."),
    ]

    @Test func aSummarySayingWhatAPersonIsThatTheThreadNeverSaysOfThemIsRejected() throws {
        let validator = SummaryValidator(subject: "Which local model for summaries?", messages: Self.localModelThread,
                                         instructions: ThreadSummarizer.instructionTexts)
        #expect(throws: AIError.self) { try validator.validated("Hannah Ito is the local model for summaries.") }
        #expect(throws: AIError.self) { try validator.validated("Tom Becker sticks with the default. Ravi is a local model for summaries.") }
        #expect(throws: AIError.self) { try validator.validated("Tom sticks with the default, and Hannah Ito was the model's maintainer.") }
        // What the thread does say of them: Ravi names Tom the importer's maintainer; Hannah
        // calls herself a user of the default.
        let good = "Tom Becker is the maintainer of the importer and sticks with the default. Hannah Ito is a happy user of the default too."
        #expect(try validator.validated(good) == good)
        // Actions, not identities, are never read as such claims.
        let actions = "Hannah Ito asked which model people use for summaries. Tom and Ravi stick with the default, and Hannah agreed."
        #expect(try validator.validated(actions) == actions)
        #expect(try validator.validated("Hannah is the one who asked. Tom sticks with the default.") == "Hannah is the one who asked. Tom sticks with the default.")
    }

    /// The judged release thread's summary said "Justin Mason is preparing a small patch."
    /// (session 13): Klaus is. Both names are in the thread, so only who did what is wrong.
    static let patchThread = [
        ThreadMessageText(sender: "Justin Mason <jm@example.org>", date: Date(timeIntervalSince1970: 1_030_000_000),
                          text: "The release build fails on the Sparc box. Can someone look at the Makefile?"),
        ThreadMessageText(sender: "Klaus Heinz <kh@example.org>", date: Date(timeIntervalSince1970: 1_030_003_600),
                          text: "It is the missing -lsocket flag. I am preparing a small patch for the Makefile."),
        ThreadMessageText(sender: "Justin Mason <jm@example.org>", date: Date(timeIntervalSince1970: 1_030_007_200),
                          text: "Great, I will test it on the Sparc box tonight."),
    ]

    @Test func aSummaryGivingOnePersonsActionToAnotherIsRejected() throws {
        let validator = SummaryValidator(subject: "Release build fails on Sparc", messages: Self.patchThread,
                                         instructions: ThreadSummarizer.instructionTexts)
        #expect(throws: AIError.self) { try validator.validated("Justin Mason is preparing a small patch.") }
        #expect(throws: AIError.self) { try validator.validated("The build fails on Sparc. Justin will prepare a patch for the Makefile.") }
        // The right person, an action both could claim, and both named: shown.
        let right = "Klaus Heinz is preparing a small patch for the Makefile. Justin Mason will test it on the Sparc box."
        #expect(try validator.validated(right) == right)
        let both = "Klaus and Justin are preparing a patch for the Makefile."
        #expect(try validator.validated(both) == both)
        // Verbs of saying are what every writer does: never read as such claims.
        let said = "Justin Mason asked about the Makefile. Klaus suggested a patch."
        #expect(try validator.validated(said) == said)
        // An action nobody else claims is not this check's business.
        let claims = ActionClaims(people: ThreadPeople(messages: Self.patchThread))
        #expect(claims.misattributed(in: "Justin Mason looked at the Makefile.") == nil)
        // A possessive names whose, not who acted (the judged exmh thread: "Anders's issue
        // becomes any clearer" was refused while Chris had written of "this issue").
        #expect(claims.misattributed(in: "Justin's prepared patch for the Makefile is small.") == nil)
        #expect(claims.misattributed(in: "Justin preparing a patch for the Makefile.") == nil)
        // Session 16, the judged ie-dns thread: John wrote "James, last week … I noticed that
        // ns0 and banba were out of synch"; the summary said James noticed it. A clause after
        // the verb has its subject as the head, and a name that only addresses its person says
        // nothing of them.
        let dns = [ThreadMessageText(sender: "James Raftery", date: Date(), text: "Four of the nameservers are out of date."),
                   ThreadMessageText(sender: "John McCormac", date: Date(),
                                     text: "James, last week I noticed that ns0.example.ie and ns1.example.ie were out of synch.")]
        let dnsClaims = ActionClaims(people: ThreadPeople(messages: dns))
        #expect(dnsClaims.misattributed(in: "James noticed that ns0.example.ie and ns1.example.ie were out of synch.") != nil)
        #expect(dnsClaims.misattributed(in: "John noticed that ns0.example.ie and ns1.example.ie were out of synch.") == nil)
        #expect(ThreadPeople.onlyAddresses("James, last week I noticed it.", names: ["james", "raftery"]))
        #expect(!ThreadPeople.onlyAddresses("James, James's fix works.", names: ["james", "raftery"]))
        #expect(!ThreadPeople.onlyAddresses("As James said, it works.", names: ["james", "raftery"]))
    }

    /// The demo's usability thread came back as "Alex Morgan, Priya Raman, and Priya Raman will
    /// have a sixth session…" (session 11): one person twice in a list of names.
    @Test func aListOfNamesHoldingOnePersonTwiceIsRejected() throws {
        let thread = [
            ThreadMessageText(sender: "Priya Raman", date: Date(timeIntervalSince1970: 1_763_700_000),
                              text: "Attached are the results of the first five sessions. Happy to talk it through tomorrow."),
            ThreadMessageText(sender: "Alex Morgan", date: Date(timeIntervalSince1970: 1_763_703_600),
                              text: "This is really useful, thanks. Could we add a sixth session with someone on Gmail?"),
            ThreadMessageText(sender: "Priya Raman", date: Date(timeIntervalSince1970: 1_763_707_200),
                              text: "Booked: Thursday 10:00, a Gmail user from the support team. I'll send notes after."),
        ]
        let validator = SummaryValidator(subject: "Usability sessions: schedule and results so far", messages: thread,
                                         instructions: ThreadSummarizer.instructionTexts)
        #expect(throws: AIError.self) {
            try validator.validated("Alex Morgan, Priya Raman, and Priya Raman will have a sixth session with someone on Gmail.")
        }
        #expect(throws: AIError.self) { try validator.validated("Priya and Alex and Priya will have a sixth session with someone on Gmail.") }
        // Names once each, or a name again in another clause, pass.
        let good = "Alex Morgan asked for a sixth session with someone on Gmail, and Priya Raman booked it for Thursday 10:00. Priya will send notes after."
        #expect(try validator.validated(good) == good)
        #expect(SummaryValidator.personListedTwice("Alex Morgan and Priya Raman agreed; Priya Raman will send notes.") == nil)
    }

    @Test func aRejectedSummaryIsRetriedOnceThenTheThreadsOwnSentencesOrNothingAreShown() async throws {
        let inventing = FakeTextGenerator { _ in "Dave and Erin decided to rewrite the build on Monday." }
        let fallback = try await ThreadSummarizer(generator: inventing).summarize(subject: "Build broken", messages: Self.thread)
        #expect(inventing.calls == 2)
        // The thread's own key sentences, each naming its writer, nothing invented.
        #expect(fallback.text.contains("Bob will push a fix tonight"), "\(fallback.text)")
        #expect(!fallback.text.contains("Dave"))
        // A thread with nothing worth a sentence: nothing is shown.
        let chatter = [ThreadMessageText(sender: "Ann", date: Date(), text: "Thanks!"), ThreadMessageText(sender: "Bo", date: Date(), text: "Ok.")]
        await #expect(throws: AIError.self) { try await ThreadSummarizer(generator: inventing).summarize(subject: "Hi", messages: chatter) }
        // The retry names the people allowed; this fake only answers well when told.
        let secondTime = FakeTextGenerator { messages in
            messages.last?.content.contains("(Only Alice Martin, Bob Lee may be named.)") == true
                ? "Bob found the cause of the broken build and will push a fix tonight." : "Dave fixed it."
        }
        let output = try await ThreadSummarizer(generator: secondTime).summarize(subject: "Build broken", messages: Self.thread)
        #expect(output.text.hasPrefix("Bob found the cause"))
        #expect(secondTime.calls == 2)
        // What the summary cost counts both answers (the fake reports a token per 4 characters).
        let both = "Dave fixed it.".count / 4 + "Bob found the cause of the broken build and will push a fix tonight.".count / 4
        #expect(output.generatedTokens == both)
        #expect(fallback.generatedTokens == 2 * ("Dave and Erin decided to rewrite the build on Monday.".count / 4))
    }

    @Test func theSummaryOpensWithTheNameOfAPersonInTheThread() async throws {
        // The fake answers only when offered the thread's people as openings, newest writer
        // first; an answer cut mid-sentence (the token cap) keeps its finished sentence only.
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            options.openingChoices == ["Bob Lee", "Alice Martin"]
                ? "Alice Martin reported the broken build. Bob will push a fix tonight and tell" : "Wrong openings."
        })
        let output = try await ThreadSummarizer(generator: generator).summarize(subject: "Build broken", messages: Self.thread)
        // The unfinished "Bob will push a fix tonight and tell" is dropped; Bob's own sentences,
        // which the answer leaves out, follow (LatestStatus).
        #expect(output.text == "Alice Martin reported the broken build. Bob found the cause: the cache directory moved. Bob will push a fix tonight and tell Carla.")
        #expect(generator.calls == 1)
        let unnamed = [SalientSentences.Excerpt(speaker: "Someone", date: Date(), sentences: ["It broke."]),
                       SalientSentences.Excerpt(speaker: "jm", date: Date(), sentences: ["Fixed."]),
                       SalientSentences.Excerpt(speaker: "Someone", date: Date(), sentences: ["Thanks."])]
        #expect(ThreadSummarizer.openingChoices(for: unnamed).isEmpty)   // no name, an address's local part
        let named = unnamed + [SalientSentences.Excerpt(speaker: "Ann Lee", date: Date(), sentences: ["Done."])]
        #expect(ThreadSummarizer.openingChoices(for: named) == ["Ann Lee"])
        #expect(ThreadSummarizer.droppingUnfinishedTail("Bob fixed it. Alice will") == "Bob fixed it.")
        #expect(ThreadSummarizer.droppingUnfinishedTail("Bob fixed configure.in and") == "Bob fixed configure.in and")
    }

    @Test func extractiveSelectionKeepsDecisionsAndActionsInTheThirdPerson() {
        let messages = [ThreadMessageText(sender: "\"Bob Lee\" <bob@example.org>", date: Date(), text: """
            Hi all,
            Hope you had a nice weekend. The weather was lovely here.
            We agreed to ship version 2 on Thursday. I'll send the release notes tomorrow.
            Cheers, Bob
            """)]
        let excerpt = SalientSentences.select(messages, perMessage: 1)   // the newest message keeps one more
        #expect(excerpt.first?.speaker == "Bob Lee")
        #expect(excerpt.first?.sentences == ["We agreed to ship version 2 on Thursday.", "Bob will send the release notes tomorrow."])
    }

    @Test func theExtractiveSummaryNamesEachWriterOnceAndKeepsTheClosingRequest() {
        let day = Date(timeIntervalSince1970: 1_795_000_000)
        let excerpts = [
            SalientSentences.Excerpt(speaker: "Alex Morgan", date: day, sentences: ["Thursday works.", "Alex will book 2pm and send the prototype link before then."]),
            SalientSentences.Excerpt(speaker: "Maya Chen", date: day.addingTimeInterval(86_400), sentences: [
                "Server settings stay hidden unless discovery fails.",
                "The AI model download moves to the last step.",
                "Alex, can you update the spec page by Monday?",
            ]),
        ]
        let summary = SalientSentences.extractiveSummary(excerpts)
        // The earlier promise, then the newest message's worthiest sentences in its order: the
        // closing request is kept, and Maya is named once.
        #expect(summary == "Alex will book 2pm and send the prototype link before then. Maya: Server settings stay hidden unless discovery fails. Alex, can you update the spec page by Monday?")
    }

    /// The demo's review thread (session 11): an opening request, a question settled on the
    /// way, and a newest message listing the decisions and one request.
    static let review: [ThreadMessageText] = {
        let day = Date(timeIntervalSince1970: 1_795_000_000)
        return [
            ThreadMessageText(sender: "Maya Chen", date: day, text: """
                Hi Alex,

                Could you walk the team through the new onboarding flow on Thursday? Thirty minutes should do. I'd like us to agree on the account step before Jonas starts on the settings discovery.

                Maya
                """),
            ThreadMessageText(sender: "Alex Morgan", date: day.addingTimeInterval(3_600), text: "Thursday works. I'll book 2pm and send the prototype link before then."),
            ThreadMessageText(sender: "Jonas Weber", date: day.addingTimeInterval(86_400), text: "Do we still show the server fields when we find the settings automatically? I'd hide them behind \"Edit settings\"."),
            ThreadMessageText(sender: "Maya Chen", date: day.addingTimeInterval(5 * 86_400), text: """
                Great review today, thank you both. Decisions:

                1. Server settings stay hidden unless discovery fails.
                2. The AI model download moves to the last step, with the size shown up front.
                3. Priya runs five usability sessions next week.

                Alex, can you update the spec page by Monday?

                Maya
                """),
        ]
    }()

    @Test func itemsListedUnderAnOutcomeHeadingCountAsDecisions() {
        let text = Self.review[3].text
        #expect(SalientSentences.listedOutcomes(in: text) == [
            "Server settings stay hidden unless discovery fails.",
            "The AI model download moves to the last step, with the size shown up front.",
            "Priya runs five usability sessions next week.",
        ])
        // A list under any other line is just a list.
        #expect(SalientSentences.listedOutcomes(in: "Some ideas we could try:\n- Move the download to the last step.\n- Hide the server fields.").isEmpty)
        // The newest message keeps its three decisions and the request, not the thanks.
        let latest = SalientSentences.select(Self.review, perMessage: 3).last
        #expect(latest?.sentences.count == 4)
        #expect(latest?.sentences.contains("The AI model download moves to the last step, with the size shown up front.") == true)
        #expect(latest?.listedOutcomes.count == 3)
    }

    @Test func whenTheNewestMessageListsTheOutcomeTheFallbackIsItsSentencesNotAStaleRequest() async throws {
        let copying = FakeTextGenerator { _ in "Maya Chen, Mon 23 Nov: Server settings stay hidden unless discovery fails." }
        let output = try await ThreadSummarizer(generator: copying).summarize(subject: "Onboarding redesign — review on Thursday?", messages: Self.review)
        #expect(copying.calls == 2)
        #expect(output.text == "Maya: Server settings stay hidden unless discovery fails. The AI model download moves to the last step, with the size shown up front. Priya runs five usability sessions next week. Maya asked Alex to update the spec page by Monday.")
    }

    @Test func aThreadClosedWithoutAnOutcomeIsSummarisedByItsQuestionAndAnswers() {
        let day = Date(timeIntervalSince1970: 1_795_000_000)
        let thread = [
            ThreadMessageText(sender: "Hannah Ito", date: day, text: "Curious what people use for thread summaries on older laptops. The small one is quick but a bit terse.\n\n-- \nHannah Ito"),
            ThreadMessageText(sender: "Tom Becker", date: day.addingTimeInterval(3_600), text: "I stick with the default. Summaries only run for threads of three or more messages anyway."),
            ThreadMessageText(sender: "Ravi Patel", date: day.addingTimeInterval(7_200), text: "Same here. The bigger models were not worth the fan noise for me."),
            ThreadMessageText(sender: "Hannah Ito", date: day.addingTimeInterval(9_000), text: "Fair. Default it is."),
        ]
        let summary = SalientSentences.extractiveSummary(SalientSentences.select(thread, perMessage: 3)) ?? ""
        // What was asked, what each answered, then how it ended — not just "Default it is."
        #expect(summary.hasPrefix("Hannah: Curious what people use for thread summaries on older laptops."), "\(summary)")
        #expect(summary.contains("Tom sticks with the default.") && summary.contains("fan noise for Ravi"), "\(summary)")
        #expect(summary.hasSuffix("Hannah: Default it is."), "\(summary)")
        #expect((2...4).contains(ThreadSummarizer.sentences(summary).count))
    }

    @Test func aFallbackThatWouldCopyALongRunDropsItsLeastWorthSentencesUntilItPasses() async throws {
        // Bulleted, not numbered: the numbers would break the copied run. The four sentences in a
        // row are 37 words, an echo to the validator; without the second decision they pass.
        let bulleted = Self.review.dropLast() + [ThreadMessageText(sender: "Maya Chen", date: Date(), text: """
            Decisions:
            - Server settings stay hidden unless discovery fails.
            - The AI model download moves to the last step, with the size shown up front.
            - Priya runs five usability sessions next week.
            Alex, can you update the spec page by Monday?
            """)]
        let refused = FakeTextGenerator { _ in "Quentin decided everything." }
        let output = try await ThreadSummarizer(generator: refused).summarize(subject: "Onboarding", messages: Array(bulleted))
        #expect(output.text == "Maya: Server settings stay hidden unless discovery fails. Priya runs five usability sessions next week. Maya asked Alex to update the spec page by Monday.")
    }

    /// A fallback sentence that copies 24 words of the thread on its own can never pass the echo
    /// rule; kept, it made every length of the fallback fail (session 12: the judged release
    /// thread, whose newest message is long sentences only, showed nothing).
    @Test func theFallbackLeavesOutASentenceThatIsAnEchoOnItsOwn() async throws {
        let thread = [
            ThreadMessageText(sender: "Justin Mason", date: Date(timeIntervalSince1970: 1_030_000_000),
                              text: "Is 2.40 ready for release? Has anyone run into trouble with the new autoconf code?"),
            ThreadMessageText(sender: "Klaus Heinz", date: Date(timeIntervalSince1970: 1_030_010_000),
                              text: "I am now preparing a small patch to configure.in for NetBSD. I would suggest to wait 24 hours more."),
            ThreadMessageText(sender: "Sidney Markowitz", date: Date(timeIntervalSince1970: 1_030_020_000), text: """
                This is what cvs puts in when you modify the copy of the file on your disk and someone checks in a change \
                and then you pull an update and cvs cannot figure out how to merge your changes and the checked in changes.
                """),
        ]
        let refused = FakeTextGenerator { _ in "Quentin decided everything." }
        let (output, rejected) = try await ThreadSummarizer(generator: refused).summarizeListingRejections(subject: "2.40: ready for release?", messages: thread)
        #expect(output.text.contains("Klaus is now preparing a small patch to configure.in for NetBSD"), "\(output.text)")
        #expect(!output.text.contains("cvs puts in"))
        #expect(rejected.count == 2 && rejected.allSatisfy { $0.hasPrefix("Quentin decided everything.") })
    }

    /// The model summarises what it read first and most of; the newest message's status ("Seems
    /// OK now", session 12's judged console thread) was often missing, and with it the person
    /// who wrote it. Its uncovered sentences are added under the writer's name.
    @Test func aSummaryLeavingOutTheNewestMessageGetsItsStatusUnderItsWritersName() async throws {
        let thread = Self.thread + [ThreadMessageText(sender: "Alice Martin", date: Date(timeIntervalSince1970: 1_700_172_800),
                                                      text: "Thanks. The nightly build passed again. Carla will tag the release on Monday.")]
        let earlyOnly = "Alice Martin reported the broken build. Bob Lee found that the cache directory moved and will push a fix."
        #expect(try await Self.summary(answering: earlyOnly, subject: "Build broken", messages: thread)
                == earlyOnly + " Alice: The nightly build passed again. Carla will tag the release on Monday.")
        // An answer that already says it is shown as it is.
        let covering = "Bob Lee fixed the moved cache directory. The nightly build passed again, and Carla will tag the release on Monday."
        #expect(try await Self.summary(answering: covering, subject: "Build broken", messages: thread) == covering)
        // Within four sentences: a three-sentence answer gets one more, the worthiest (the date).
        let three = "Alice Martin reported the broken build. Bob Lee found the cause. Bob will push a fix."
        #expect(try await Self.summary(answering: three, subject: "Build broken", messages: thread) == three + " Alice: Carla will tag the release on Monday.")
    }

    /// What the summariser shows when the model answers `answer` to every prompt.
    static func summary(answering answer: String, subject: String, messages: [ThreadMessageText]) async throws -> String {
        try await ThreadSummarizer(generator: FakeTextGenerator { _ in answer }).summarize(subject: subject, messages: messages).text
    }

    /// Session 16: four of the eight judged summaries named only the one who asked (the console
    /// thread without Paul's fix). A writer of an earlier message the summary never names gets
    /// their worthiest sentence, under their name, before the newest message's status.
    @Test func aSummaryNamingOnlyTheAskerGetsTheAnswerersSentenceBeforeTheStatus() async throws {
        let day = Date(timeIntervalSince1970: 1_700_000_000)
        let thread = [
            ThreadMessageText(sender: "John P. Looney", date: day,
                              text: "I'm getting weird characters on the serial console of the old server. Anyone care to guess what's up?"),
            ThreadMessageText(sender: "Paul McAuley", date: day.addingTimeInterval(3_600),
                              text: "It may be toggling the alternate character set. Sending ^O to the tty should flip it back before Monday."),
            ThreadMessageText(sender: "John P. Looney", date: day.addingTimeInterval(7_200), text: "Ah right. Seems OK now, I'll reboot it tonight to be sure."),
        ]
        let askerOnly = "John P. Looney is getting weird characters on the serial console of the old server."
        #expect(try await Self.summary(answering: askerOnly, subject: "serial console", messages: thread) == askerOnly
                + " Paul: Sending ^O to the tty should flip it back before Monday. Seems OK now, John will reboot it tonight to be sure.")
        // A summary that names Paul already is left as it is (but for the status).
        let both = "John P. Looney is getting weird characters on the console. Paul suggested sending ^O to the tty."
        #expect(try await Self.summary(answering: both, subject: "serial console", messages: thread) == both + " Seems OK now, John will reboot it tonight to be sure.")
        // A writer known only by an address's local part is not named in a sentence.
        let unnamed = thread.map { message in
            message.sender == "Paul McAuley" ? ThreadMessageText(sender: "pmca@example.org", date: message.date, text: message.text) : message
        }
        let noName = try await Self.summary(answering: askerOnly, subject: "serial console", messages: unnamed)
        #expect(!noName.contains("pmca") && !noName.contains("^O"), "\(noName)")
    }

    /// An initial or a title's abbreviation does not end a sentence: "John P." counted as a
    /// sentence of its own, so a summary naming John P. Looney was held to be a sentence longer.
    @Test func initialsAndTitlesDoNotEndASentence() {
        #expect(ThreadSummarizer.sentences("John P. Looney found it. Dr. Ito agreed, e.g. on Monday. Done!")
                == ["John P. Looney found it.", "Dr. Ito agreed, e.g. on Monday.", "Done!"])
        // A capital after a lower-case word is no initial: plan B ends its sentence.
        #expect(ThreadSummarizer.sentences("It works with plan B. Then we ship.") == ["It works with plan B.", "Then we ship."])
    }

    @Test func aVerbAfterIAgreesWithTheNameThatReplacesIt() {
        let third = { (text: String) in SalientSentences.thirdPerson(text, speaker: "Tom Becker") }
        #expect(third("I stick with the default.") == "Tom sticks with the default.")
        #expect(third("I push the fix and I try again tomorrow.") == "Tom pushes the fix and Tom tries again tomorrow.")
        #expect(third("I don't know, I think so.") == "Tom doesn't know, Tom thinks so.")
        #expect(third("I go there, I do it.") == "Tom goes there, Tom does it.")
        // Past forms, modals and words alike in both tenses stay as written; an adverb is passed over.
        #expect(third("I sent it and I fixed it.") == "Tom sent it and Tom fixed it.")
        #expect(third("I can help, I won't wait, I read it.") == "Tom can help, Tom won't wait, Tom read it.")
        #expect(third("I also agree, I never sent it.") == "Tom also agrees, Tom never sent it.")
        #expect(third("I'll review it.") == "Tom will review it.")
        // "I'd" before a participle is "I had" (session 16: "Chris would been thinking of").
        #expect(third("I'd been thinking of it, so I'd check it in.") == "Tom had been thinking of it, so Tom would check it in.")
        #expect(third("I'd tried that.") == "Tom had tried that.")
        // After the auxiliary of a question the verb stays bare (session 16, the demo: "Jonas breaks").
        #expect(third("Is that the new token or did I break something?") == "Is that the new token or did Tom break something?")
        #expect(third("Should I use it? I use it daily.") == "Should Tom use it? Tom uses it daily.")
        // Session 12, the judged timtest thread: "I since got rid of bayes.ini" read "Tim sinces
        // got rid", and "You'll get burned" (to the one other person) "Skip'll get burned".
        #expect(third("Note that I since got rid of bayes.ini.") == "Note that Tom since got rid of bayes.ini.")
        #expect(third("I first thought so.") == "Tom first thought so.")
        let toSkip = { (text: String) in SalientSentences.thirdPerson(text, speaker: "Tim Peters", addressee: "Skip Montanaro") }
        #expect(toSkip("You'll get burned by that instead.") == "Skip will get burned by that instead.")
        #expect(toSkip("You're right, and you've seen it. Your call.") == "Skip is right, and Skip has seen it. Skip's call.")
    }

    @Test func decisionAndActionWordsCountOnlyAsWholeWords() {
        #expect(SalientSentences.score("We finally agreed on the venue.", position: 3) > SalientSentences.score("Mine finally fell apart.", position: 3) + 1.9)
        #expect(SalientSentences.score("Mine finally fell apart.", position: 0) < 2, "'final' is not in 'finally'")
        #expect(SalientSentences.score("I disagree with the plan here.", position: 0) < 2, "'agree' is not in 'disagree'")
        #expect(SalientSentences.score("The project was abandoned in the end.", position: 0) < 2, "'done' is not in 'abandoned'")
        #expect(SalientSentences.containsWords("let's go ahead with it", "go ahead"))
        #expect(!SalientSentences.containsWords("a sendmail patch", "send"))
    }

    @Test func numberedAndBulletedItemsAreSentencesOfTheirOwnWithoutTheirMarkers() {
        let text = """
            Great review today, thank you both. Decisions:
            1. Server settings stay hidden unless discovery fails.
            2. The AI model download moves to the last step, with the size shown up front.
            - Priya runs five usability sessions next week
            Alex, can you update the spec page by Monday?
            """
        #expect(SalientSentences.sentences(in: text) == [
            "Great review today, thank you both.",   // "Decisions:" alone is too short to be a sentence
            "Server settings stay hidden unless discovery fails.",
            "The AI model download moves to the last step, with the size shown up front.",
            "Priya runs five usability sessions next week.",
            "Alex, can you update the spec page by Monday?",
        ])
        // Wrapped prose is still joined back into its sentences.
        #expect(SalientSentences.sentences(in: "We agreed to ship version 2 on Thursday, after the last review of the\nrelease notes by the whole team.") ==
                ["We agreed to ship version 2 on Thursday, after the last review of the release notes by the whole team."])
    }

    @Test func earlierMessagesLoseShortLinesWithNothingInThemTheNewestKeepsThem() {
        let messages = [
            ThreadMessageText(sender: "Ann Lee", date: Date(), text: "The client wants the demo on Tuesday. Can we make it?"),
            ThreadMessageText(sender: "Carla Diaz", date: Date(), text: "Fine with me. Friday works too. I will prepare the data."),
            ThreadMessageText(sender: "Ann Lee", date: Date(), text: "Sounds fine to me. Can we make it?"),
        ]
        let excerpts = SalientSentences.select(messages)
        #expect(excerpts.map(\.sentences) == [["The client wants the demo on Tuesday."],
                                              ["Friday works too.", "Carla will prepare the data."],
                                              ["Sounds fine to Ann.", "Can we make it?"]])
    }

    @Test func longThreadsAreTrimmedToFitTheContext() async throws {
        let generator = FakeTextGenerator(contextTokens: 700)
        let summarizer = ThreadSummarizer(generator: generator)
        let long = String(repeating: "We will ship the word. ", count: 400)
        let messages = (0..<12).map { ThreadMessageText(sender: "P\($0)", date: Date(), text: long) }
        let prompt = try await summarizer.fittedPrompt(subject: "Long", messages: messages, strict: false).prompt
        let tokens = try await generator.tokenCount(prompt.map(\.content).joined(separator: "\n"))
        #expect(tokens <= 700)
        let user = prompt.last?.content ?? ""
        #expect(user.contains("P0,") && user.contains("Latest: P11,") && !user.contains("P5,"))   // first two + last six messages
    }

    @Test func answersStopOnTheMarkThatEndsTheirLastSentence() {
        for finished in [" be there on Friday.", " what time works?", " move it to 10am.", " send it, thanks!"] {
            #expect(SentenceCounter.endsOnASentence(finished), "\(finished)")
        }
        for open in [" see you on Jan.", " use version 2.", " bring e.g.", " ask Mr.", " wait...", " ok.", ""] {
            #expect(!SentenceCounter.endsOnASentence(open), "\(open)")
        }
    }

    @Test func theThreeReplyPromptsAreTheSameUpToTheOpening() {
        let prompt = SmartReplyGenerator.prompt(sender: "Alice Martin", subject: "Demo", text: "Can we move the demo?")
        #expect(prompt.last?.content.hasSuffix("Reply to Alice Martin.") == true)
        let openings = ReplyIntent.allCases.map { SmartReplyGenerator.opening($0, sender: "Alice Martin") }
        #expect(openings == ["Hi Alice, thanks! I'll", "Hi Alice, thanks, but unfortunately I won't be able to", "Hi Alice, quick question:",
                             "Hi Alice, thanks for"])
    }

    @Test func smartRepliesKeepGoodLinesAndDropBadOnesWithoutTemplates() {
        let original = "Can you join the review on Friday at 10? Carla will present the numbers."
        let validator = SmartReplyValidator(original: original, subject: "Review", sender: "Alice Martin",
                                            instructions: SmartReplyGenerator.instructionTexts(sender: "Alice Martin"))
        let good = validator.replies(from: "1. Yes Alice, I'll be there on Friday.\n2. Sorry Alice, I can't make it this week.\n3. Could we do it after lunch instead?")
        #expect(good.map(\.intent) == [.accept, .decline, .question])
        #expect(good[0].text == "Yes Alice, I'll be there on Friday.")
        // An echo of the sender, an invented name, a fragment without an end, a placeholder: all dropped.
        let bad = validator.replies(from: """
            Can you join the review on Friday at 10?
            Sure, I will ask Zoe to join.
            Happy to join the
            Thanks [Your Name], see you then.
            Sounds good, see you at the review.
            """)
        #expect(bad.map(\.text) == ["Sounds good, see you at the review."])
        #expect(validator.replies(from: "").isEmpty)
    }

    @Test func eachReplyIsItsOwnGenerationContinuingItsOpening() async throws {
        // The fake continues whichever opening it is given; the generator adds the opening,
        // keeps finished sentences only and checks each reply reads as the intent asked for.
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            let opening = options.answerPrefix
            if opening.hasSuffix("I'll") { return " send the slides tonight. And" }      // a started sentence: cut
            if opening.hasSuffix("able to") { return " make it on Friday." }
            return " can we meet at noon instead"                                      // no finished sentence: none
        })
        // To two people: the request names nobody, so no yes takes it up (`RequestOfReaderTests`).
        let message = ThreadMessageText(sender: "Alice Martin <alice@example.test>", date: Date(),
                                        text: "Can you join the review on Friday? Carla will present the numbers.",
                                        recipients: ["alex@example.test", "carla@example.test"])
        let (replies, output) = try await SmartReplyGenerator(generator: generator).replies(to: message, subject: "Review")
        #expect(generator.calls == 3)
        #expect(replies.map(\.text) == ["Hi Alice, thanks! I'll send the slides tonight.",
                                        "Hi Alice, thanks, but unfortunately I won't be able to make it on Friday."])
        #expect(replies.map(\.intent) == [.accept, .decline])
        #expect(output.text.contains("quick question:"))
    }

    /// Session 13, the judged set: refusals the validator dropped ("…won't be able to check your
    /// message.", "…to reply to your message.") left those requests with no "no" at all. One
    /// dropped yes or no per set is asked again without the verb it opened with.
    @Test func aDroppedRefusalIsAskedAgainWithTheNextLikeliestVerb() async throws {
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            let opening = options.answerPrefix
            if opening.hasSuffix("I'll") { return " check it over the weekend." }
            if opening.hasSuffix("able to") {
                // Greedy decoding opens with the first choice left, as the real model's likeliest.
                return options.openingChoices.contains(" check") ? " check your message." : "\(options.openingChoices[0]) the build before Friday."
            }
            return " which branch is the patch on?"
        })
        let message = ThreadMessageText(sender: "Klaus Heinz <klaus@example.test>", date: Date(),
                                        text: "Could you test the NetBSD build before Friday? The patch is on the branch.",
                                        recipients: ["alex@example.test", "sidney@example.test"])
        let (replies, _) = try await SmartReplyGenerator(generator: generator).replies(to: message, subject: "NetBSD build")
        #expect(generator.calls == 4, "one second try, for the refusal")
        let refusal = try #require(replies.first { $0.intent == .decline })
        #expect(refusal.text == "Hi Klaus, thanks, but unfortunately I won't be able to make the build before Friday.")
        #expect(replies.count == 3)
        // Only one second try per set: two dropped answers, one more generation.
        let stubborn = FakeTextGenerator(answeringWithOptions: { _, options in
            options.answerPrefix.hasSuffix("question:") ? " which branch?" : "\(options.openingChoices[0]) your message."
        })
        _ = try await SmartReplyGenerator(generator: stubborn).replies(to: message, subject: "NetBSD build")
        #expect(stubborn.calls == 4)
        #expect(SmartReplyGenerator.openingVerb(of: " check the logs.", among: [" look", " check"]) == " check")
        #expect(SmartReplyGenerator.openingVerb(of: " which branch?", among: []) == nil)
        // "reply" is not something to decline in a reply: it led to "…won't be able to reply to
        // your message." on the judged set, second-likeliest after "check".
        #expect(!SmartReplyGenerator.declineVerbs.contains(" reply"))
    }

    /// Session 11, read on the widened judged set: a refusal was offered to a photo ("…won't be
    /// able to see the photo") and to a report; a yes opened "I'll be happy to help (you out)"
    /// for most threads; a question asked "is there anything else I can help you with?".
    @Test func aRefusalIsOnlyAskedForWhenTheMessageAsksSomething() async throws {
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            if options.answerPrefix.hasSuffix("thanks for") { return " the picture of those striking colours." }
            return options.answerPrefix.hasSuffix("able to") ? " see the mural." : (options.openingChoices.first ?? "") + " the mural colours tonight."
        })
        let note = ThreadMessageText(sender: "Dana Okafor", date: Date(),
                                     text: "Took a photo of the new mural by the office entrance. The colours are striking. What do you think?")
        let (replies, _) = try await SmartReplyGenerator(generator: generator).replies(to: note, subject: "Mural photo")
        // A yes, a thanks and a question: three generations, no refusal (session 18: the thanks
        // takes the refusal's place, so a note gets three suggestions too).
        #expect(generator.calls == 3)
        #expect(!replies.contains { $0.intent == .decline }, "\(replies)")
        #expect(replies.map(\.intent) == [.accept, .thanks], "\(replies)")
        let request = ThreadMessageText(sender: "Dana Okafor", date: Date(), text: "Could you send me the mural photo by Friday?")
        #expect(SmartReplyGenerator.intents(for: request.text) == [.accept, .decline, .question])
        #expect(SmartReplyGenerator.intents(for: note.text) == [.accept, .thanks, .question])
        // An imperative is a request too.
        #expect(SmartReplyGenerator.intents(for: "Looks fine to me, ship it.") == [.accept, .decline, .question])
        #expect(SmartReplyGenerator.intents(for: "Bob, send me the slides before noon.") == [.accept, .decline, .question])
        #expect(SmartReplyGenerator.intents(for: "I shipped it this morning. The numbers look good.") == [.accept, .thanks, .question])
        // An invitation is answered by a refusal too, though it asks nothing in so many words.
        let dinner = "Amara is making her famous jollof. 7pm, bring nothing but yourself (and maybe dessert)."
        #expect(SmartReplyGenerator.intents(for: dinner) == [.accept, .thanks, .question])
        #expect(SmartReplyGenerator.intents(for: dinner, subject: "Dinner at ours next Friday") == [.accept, .decline, .question])
        #expect(SmartReplyGenerator.intents(for: note.text, subject: "Mural photo") == [.accept, .thanks, .question])
        // A thanks promises nothing; one that promises is a yes. It is never for "your email".
        #expect(SmartReplyValidator.intent(of: "Hi Dana, thanks for the photo!") == .thanks)
        #expect(SmartReplyValidator.intent(of: "Hi Dana, thanks for the photo, I'll print it.") == .accept)
        #expect(SmartReplyValidator.intent(of: "Hi Dana, thanks! I'll print it.") == .accept)
        #expect(!SmartReplyGenerator.thanksObjects.contains(" your") && !SmartReplyGenerator.thanksObjects.contains(" writing"))
        // A thanks for what the message did not bring, or for the message itself, is dropped.
        let leave = SmartReplyValidator(original: "I'm on leave from Monday to Friday. Back on the 14th.", subject: "Leave",
                                        sender: "Dana Okafor", instructions: SmartReplyGenerator.instructionTexts(sender: "Dana Okafor"))
        #expect(leave.reply("Hi Dana, thanks for the request for a second leave.", intent: .thanks, after: []) == nil)
        #expect(leave.reply("Hi Dana, thanks for the reply about your leave.", intent: .thanks, after: []) == nil)
        #expect(leave.reply("Hi Dana, thanks for sharing your request for a leave.", intent: .thanks, after: []) == nil)
        #expect(leave.reply("Hi Dana, thanks for letting me know about your leave.", intent: .thanks, after: [])?.intent == .thanks)
    }

    @Test func theYesReplyOpensWithAnActionTheModelChoosesNotWithItsOwnHelpfulness() async throws {
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            #expect(options.openingChoices.isEmpty == options.answerPrefix.hasSuffix("question:"))
            return options.openingChoices.isEmpty ? " when is it due?" : options.openingChoices[0] + " the draft tonight."
        })
        let message = ThreadMessageText(sender: "Dana Okafor", date: Date(), text: "Could you review the draft before Friday?",
                                        recipients: ["alex@example.test", "sam@example.test"])
        let (replies, _) = try await SmartReplyGenerator(generator: generator).replies(to: message, subject: "Draft")
        #expect(SmartReplyGenerator.acceptVerbs.allSatisfy { $0.hasPrefix(" ") } && !SmartReplyGenerator.acceptVerbs.contains(" be"))
        #expect(replies.first?.text == "Hi Dana, thanks! I'll\(SmartReplyGenerator.acceptVerbs[0]) the draft tonight.")
        // Session 12: " try" and " take" led to "I'll try to help you out." (twice) and "I'll take
        // care of that." on the judged set — lines about nothing, dropped, so no yes was offered.
        #expect(!SmartReplyGenerator.acceptVerbs.contains(" try") && !SmartReplyGenerator.acceptVerbs.contains(" take"))
    }

    /// Session 12: left free after "…but unfortunately I won't be able to", the model wrote its
    /// own refusal ("assist with that") for 2 of the judged set's 3 requests asked one; both
    /// were dropped. The refusal now opens with what a person declines to do; one whose object
    /// is the message itself ("…reply to your message") is dropped.
    @Test func aRefusalOpensWithWhatThePersonWillNotDoNeverWithTheAssistantsRefusal() async throws {
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            guard options.answerPrefix.hasSuffix("able to") else { return " when is it due?" }
            #expect(options.openingChoices == SmartReplyGenerator.declineVerbs)
            return options.openingChoices.contains(" assist") ? " assist with that." : " review the draft before the weekend."
        })
        let message = ThreadMessageText(sender: "Dana Okafor", date: Date(), text: "Could you review the draft before Friday?")
        let (replies, _) = try await SmartReplyGenerator(generator: generator).replies(to: message, subject: "Draft")
        #expect(replies.first { $0.intent == .decline }?.text == "Hi Dana, thanks, but unfortunately I won't be able to review the draft before the weekend.")
        #expect(!SmartReplyGenerator.declineVerbs.contains(" help") && SmartReplyGenerator.declineVerbs.allSatisfy { $0.hasPrefix(" ") })
        let validator = SmartReplyValidator(original: message.text, subject: "Draft", sender: "Dana Okafor", instructions: [])
        #expect(validator.reply("Hi Dana, thanks, but unfortunately I won't be able to reply to your message.", intent: .decline, after: []) == nil)
        #expect(validator.reply("Hi Dana, thanks, but unfortunately I won't be able to check this e-mail today.", intent: .decline, after: []) == nil)
        #expect(validator.reply("Hi Dana, thanks, but unfortunately I won't be able to review the draft by Friday.", intent: .decline, after: []) != nil)
        #expect(!SmartReplyValidator.isAboutTheMessageItself("Hi Dana, thanks, but unfortunately I won't be able to sign the letter by Friday."))
        // Declining to answer the person one is answering (session 13, the judged set's ie-dns thread).
        #expect(SmartReplyValidator.isAboutTheMessageItself("Hi John, thanks, but unfortunately I won't be able to send you an e-mail reply."))
        #expect(SmartReplyValidator.isAboutTheMessageItself("Hi John, thanks, but unfortunately I won't be able to respond to you this week."))
        #expect(!SmartReplyValidator.isAboutTheMessageItself("Hi John, thanks, but unfortunately I won't be able to reply to the customer before Friday."))
        #expect(!SmartReplyValidator.isAboutTheMessageItself("Hi John, thanks, but unfortunately I won't be able to get back to you on this before Monday."))
    }

    @Test func repliesInTheAssistantsVoiceOrAboutNothingInTheMessageAreDropped() {
        let note = SmartReplyValidator(original: "Note that I since got rid of bayes.ini; it's embedded in Options.py now.",
                                       subject: "timtest broke?", sender: "Tim Peters",
                                       instructions: SmartReplyGenerator.instructionTexts(sender: "Tim Peters"))
        #expect(note.reply("Hi Tim, thanks! I'll be happy to help you out.", intent: .accept, after: []) == nil)
        #expect(note.reply("Hi Tim, quick question: is there anything else I can help you with?", intent: .question, after: []) == nil)
        // Session 16, random easy_ham messages: the assistant's offer, on topic or not.
        #expect(note.reply("Hi Tim, quick question: Is there anything specific you'd like to know about Options.py?", intent: .question, after: []) == nil)
        // A yes to a note that names nothing of it, and one that does.
        #expect(note.reply("Hi Tim, thanks! I'll take a look at it tomorrow.", intent: .accept, after: []) == nil)
        #expect(note.reply("Hi Tim, thanks! I'll move my settings into Options.py.", intent: .accept, after: [])?.intent == .accept)
        #expect(note.reply("Hi Tim, quick question: does timtest still read the old file?", intent: .question, after: [])?.intent == .question)
        // A plain yes to a request answers it.
        let request = SmartReplyValidator(original: "Can you join the review on Friday?", subject: "Review", sender: "Alice Martin",
                                          instructions: SmartReplyGenerator.instructionTexts(sender: "Alice Martin"))
        #expect(request.reply("Hi Alice, thanks! I'll be there.", intent: .accept, after: [])?.intent == .accept)
        // A yes that only promises the reply it is (session 16, random easy_ham messages).
        #expect(request.reply("Hi Alice, thanks! I'll write a reply to you soon.", intent: .accept, after: []) == nil)
        #expect(request.reply("Hi Alice, thanks! I'll follow up on this email.", intent: .accept, after: []) == nil)
    }

    @Test func aBareAddressIsGreetedByAFirstNameOnlyWhenItHoldsOne() {
        #expect(SmartReplyGenerator.addressName("hannah.ito@example.com") == "Hannah")
        #expect(SmartReplyGenerator.addressName("Marta Ruiz <marta@example.test>") == "Marta Ruiz")
        #expect(SmartReplyGenerator.addressName("Marta Ruiz") == "Marta Ruiz")
        for address in ["anonymous@mit.edu", "eryq@rhine.gsfc.nasa.gov", "info@shop.example", "no-reply@x.example", "<support@x.example>"] {
            #expect(SmartReplyGenerator.addressName(address) == "Someone", "\(address)")
            #expect(SmartReplyGenerator.opening(.accept, sender: SmartReplyGenerator.addressName(address)) == "Hi, thanks! I'll")
        }
        // A feed's or a tracker's system is no one to greet; a person at a role mailbox is (session 18).
        for sender in ["scripting <rssfeeds@example.org>", "Bugzilla <bugzilla-daemon@example.org>", "Acme Orders <orders@acme.example>",
                       "bugzilla-daemon@example.org"] {
            #expect(SmartReplyGenerator.addressName(sender) == "Someone", "\(sender)")
        }
        #expect(SmartReplyGenerator.addressName("Rosa Bianchi <orders@smallbakery.example>") == "Rosa Bianchi")
        // A display name with no given name in front is not a greeting (session 16).
        #expect(SmartReplyGenerator.opening(.question, sender: "That Goddess Chick") == "Hi, quick question:")
        #expect(SmartReplyGenerator.opening(.question, sender: "Dr Ito") == "Hi, quick question:")
        #expect(SmartReplyGenerator.opening(.question, sender: "Tom Becker") == "Hi Tom, quick question:")
        #expect(SmartReplyGenerator.opening(.question, sender: "uncle_slacky") == "Hi, quick question:")
        #expect(SmartReplyGenerator.opening(.question, sender: "Anne-Marie O'Neill") == "Hi Anne-Marie, quick question:")
    }

    /// Session 12, known since session 11: a name written family name first ("Starovoitov
    /// Igor") was greeted by the family name. When the address names both, given name first,
    /// the greeting follows it.
    @Test func aNameWrittenFamilyNameFirstIsGreetedByTheGivenNameWhenTheAddressSaysSo() {
        #expect(SmartReplyGenerator.addressName("Starovoitov Igor <igor.starovoitov@fripp.example.ru>") == "Igor Starovoitov")
        #expect(SmartReplyGenerator.opening(.question, sender: SmartReplyGenerator.addressName("Wang Li <li.wang@example.cn>"))
                == "Hi Li, quick question:")
        // Given name first already, or an address of one word ("John Smith" <smith@…> looks
        // like "Starovoitov Igor" <igor@…>): as written.
        #expect(SmartReplyGenerator.addressName("Marta Ruiz <marta.ruiz@example.test>") == "Marta Ruiz")
        #expect(SmartReplyGenerator.addressName("Marta Ruiz <ruiz@example.test>") == "Marta Ruiz")
        #expect(SmartReplyGenerator.addressName("Starovoitov Igor <igor@fripp.example.ru>") == "Starovoitov Igor")
    }

    /// The demo's invitation ("Dinner at ours next Friday") got "I'll bring … dessert for dinner
    /// at ours next Friday" (session 11): the sender's home in the sender's words.
    @Test func theSendersHomeIsTheirsInTheUsersReply() async throws {
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            options.answerPrefix.hasSuffix("able to") ? " come to dinner at ours next Friday." : " bring dessert to dinner at ours on Friday."
        })
        let message = ThreadMessageText(sender: "Ben Okafor", date: Date(), text: "Amara is making her famous jollof. 7pm, bring nothing but yourself.")
        let (replies, _) = try await SmartReplyGenerator(generator: generator).replies(to: message, subject: "Dinner at ours next Friday")
        #expect(replies.map(\.text) == ["Hi Ben, thanks! I'll bring dessert to dinner at yours on Friday.",
                                        "Hi Ben, thanks, but unfortunately I won't be able to come to dinner at yours next Friday."])
        // Only what the sender said is turned: "our place" is the user's own when the message never says it.
        #expect(SmartReplyGenerator.hostsSwapped("Come to our place instead.", message: "Dinner at ours?", subject: "") == "Come to our place instead.")
    }

    @Test func replyValidatorDropsLoopsAndTheChatModelsOwnVoice() {
        let validator = SmartReplyValidator(original: "Can you join the review on Friday?", subject: "Review", sender: "Alice Martin",
                                            instructions: SmartReplyGenerator.instructionTexts(sender: "Alice Martin"))
        #expect(validator.reply("Hi Alice, thanks! I'll agree to agree to help.", intent: .accept, after: []) == nil)
        #expect(validator.reply("Hi Alice, unfortunately I can't assist with that.", intent: .decline, after: []) == nil)
        #expect(validator.reply("Hi Alice, thanks! I'm glad for your kind words.", intent: .accept, after: []) == nil)
        // Read as another intent than asked: a "yes" with a question mark is not offered as yes.
        #expect(validator.reply("Hi Alice, thanks! I'll come, is 10 fine?", intent: .accept, after: []) == nil)
        #expect(validator.reply("Hi Alice, thanks! I'll be there.", intent: .accept, after: [])?.intent == .accept)
    }

    @Test func aReplyRepeatingSixWordsOfTheMessageIsAnEchoWhateverItsCaseAndPunctuation() {
        let validator = SmartReplyValidator(original: "Can you join the review on Friday at 10? Carla will present the numbers.",
                                            subject: "Review", sender: "Alice Martin",
                                            instructions: SmartReplyGenerator.instructionTexts(sender: "Alice Martin"))
        // Six words of the message in a row ("the review on Friday at 10"), a third of the reply:
        // the rule before session 9 (a whole sentence, or a run that is 75 % of the reply) let it through.
        #expect(validator.reply("Hi Alice, quick question: will Carla bring slides to the review on Friday at 10?",
                                intent: .question, after: []) == nil)
        #expect(validator.reply("Hi Alice, quick question: will Carla bring slides to THE Review, on friday... at 10?",
                                intent: .question, after: []) == nil)
        // Five words of it ("join the review on Friday") are the reply's own sentence naming the request.
        #expect(validator.reply("Hi Alice, thanks! I'll join the review on Friday.", intent: .accept, after: [])?.intent == .accept)
        #expect(validator.reply("Hi Alice, quick question: should Carla send the numbers before the review?",
                                intent: .question, after: [])?.intent == .question)
    }

    @Test func theEchoRuleReadsTheMessageAsReceivedNotItsTrimmedText() {
        // The generator shows the model a trimmed message; a reply copying what was trimmed
        // (here a quoted line) is still an echo of what the sender sees in their own mail.
        let full = "Sounds good.\n> We should ship the new installer to everyone next week"
        let validator = SmartReplyValidator(original: MailTextTrimmer.trim(full), subject: "Installer", sender: "Bo Lind",
                                            instructions: SmartReplyGenerator.instructionTexts(sender: "Bo Lind"),
                                            echoSources: ["Bo Lind", full, "Installer"])
        #expect(validator.reply("Hi Bo, thanks! I'll ship the new installer to everyone soon.", intent: .accept, after: []) == nil)
        #expect(validator.reply("Hi Bo, thanks! I'll ship it soon.", intent: .accept, after: [])?.intent == .accept)
    }

    /// Session 11, judged set: a list's "Tim> …" quote reached the digest as the quoter's own
    /// words ("Skip ran thru all of them and checked every box" — Tim had), and a pasted
    /// command and a traceback were copied into summaries.
    @Test func quotesMarkedWithANameAndPastedCodeStayOutOfTheDigest() {
        let reply = """
            [Tim Peters]
                Tim> About half the developers were missing some permission, so I ran thru
                Tim> all of them and checked every box.
            Time to upgrade I guess. I'll try a checkout into a new directory tonight.
            """
        #expect(MailTextTrimmer.trim(reply, namedQuotes: true) == "Time to upgrade I guess. I'll try a checkout into a new directory tonight.")
        #expect(MailTextTrimmer.trim(reply).contains("Tim> all of them"))   // the categoriser's reading is unchanged
        // Attribution lines in other words than "wrote:" (session 12: the judged console summary
        // credited Paul with what John wrote after "…, Paul Mc Auley mentioned:").
        let mentioned = """
            On Thu, Aug 01, 2002 at 05:41:03PM +0100, Paul Mc Auley mentioned:
            Ah right. Seems OK now.
            Quoting Eamonn Shinners <shinnere@example.ie>:
            On Monday the plan is:
            Test the cables first.
            """
        #expect(MailTextTrimmer.trim(mentioned, namedQuotes: true) == "Ah right. Seems OK now.\nOn Monday the plan is:\nTest the cables first.")
        #expect(MailTextTrimmer.trim(mentioned).contains("Paul Mc Auley mentioned:"))   // the categoriser's reading is unchanged
        let wrapped = "On Thu, 1 Aug 2002 17:15:27 +0100\n\"John P. Looney\" <valen@example.org> wrote:\nOne possible cause is the alt character set."
        #expect(MailTextTrimmer.trim(wrapped, namedQuotes: true) == "One possible cause is the alt character set.")
        // A greeting wrapped into the first sentence is not part of it.
        #expect(SalientSentences.sentences(in: "Hi guys,\n\tI'm looking for help on this one. I have a server with SME5.5 installed and it drops pings again.")
                == ["I'm looking for help on this one.", "I have a server with SME5.5 installed and it drops pings again."])
        #expect(SalientSentences.withoutGreeting("Hi Bob.") == "Hi Bob.")
        let first = ThreadMessageText(sender: "Skip Montanaro", date: Date(timeIntervalSince1970: 1_031_000_000), text: """
            I can't write to the repository since Monday. CVS complains:

            % cvs add unheader.py
            cvs [server aborted]: "add" requires write access to the repository

            Traceback (most recent call last): File "/home/skip/timtest.py", line 294, in drive
            """)
        let second = ThreadMessageText(sender: "Tim Peters", date: Date(timeIntervalSince1970: 1_031_003_600),
                                       text: "I fixed the permissions for everyone. Please try again.")
        let digest = SalientSentences.select([first, ThreadMessageText(sender: "Skip Montanaro", date: Date(timeIntervalSince1970: 1_031_001_000), text: reply), second])
        let lines = digest.flatMap(\.sentences).joined(separator: " | ")
        #expect(!lines.contains("% cvs") && !lines.contains("Traceback") && !lines.contains("checked every box"), "\(lines)")
        #expect(lines.contains("repository since Monday") && lines.contains("Skip will try a checkout"), "\(lines)")
    }

    /// Session 16, real list mail read for summaries: quotes marked ") >" and "&> EL>", an
    /// attribution that is only a name and a colon, and Mulberry's "--On …" wrapped over two
    /// lines all reached the digest as the writer's words. (A list footer under a line of
    /// underscores was already cut, as Outlook's separator before a quoted original.)
    @Test func otherMailersQuoteMarksAttributionsAndFootersAreNotTheWritersText() {
        let text = """
            Anna Weber:
            > The server keeps dropping the connection.

            Try the other cable first.
            ) > Older text quoted with a parenthesis.
            &> EL> Older text quoted twice over.
            Then restart the hub.

            --On Wednesday, July 24, 2002 00:18:27 +0200 Roy Smith
            <roy@example.org> wrote:

            > Seems like the mirror is down.
            I can host a copy.
            _______________________________________________
            Users mailing list
            https://lists.example.org/listinfo/users
            """
        #expect(MailTextTrimmer.trim(text, namedQuotes: true) == "Try the other cable first.\nThen restart the hub.\n\nI can host a copy.")
        // The categoriser's reading is unchanged: it keeps what it always kept.
        #expect(MailTextTrimmer.trim(text).contains(") > Older text"))
        // A line ending in a colon before prose is the writer's own ("Here is the plan:").
        #expect(MailTextTrimmer.trim("Here is the plan:\nWe ship on Friday.", namedQuotes: true) == "Here is the plan:\nWe ship on Friday.")
    }

    /// Narrow wrapping (under 60 characters a line) kept every line a sentence of its own ("If
    /// you have a rogue app on your machine, what."); an aside in parentheses holding a question
    /// mark split its sentence; a text ending in a colon read "irssi:.". A single long token
    /// (a path) is worth nothing to a summary.
    @Test func narrowlyWrappedLinesAndAsidesStayOneSentence() {
        let wrapped = "Hello Eugen,\nIf you have a rogue app on your\nmachine, what keeps it from sniffing\nyour passphrase? This is why.\n- thin clients for all\n- hardware tokens too"
        // The greeting is too short to be a sentence; the list items stay apart.
        #expect(SalientSentences.sentences(in: wrapped) == ["If you have a rogue app on your machine, what keeps it from sniffing your passphrase?",
                                                            "This is why.", "thin clients for all.", "hardware tokens too."])
        #expect(ThreadSummarizer.sentences("Maybe the site should do it (how hard can it be? not very) for everyone. Then done.")
                == ["Maybe the site should do it (how hard can it be? not very) for everyone.", "Then done."])
        #expect(ThreadSummarizer.sentences("No X for me :( sadly. It works.") == ["No X for me :( sadly.", "It works."])
        #expect(ThreadSummarizer.sentences("The mirror has snapshots of irssi:") == ["The mirror has snapshots of irssi."])
        #expect(SalientSentences.score(":ext:cwg@cvs.example.net:/cvsroot/exmh.", position: 0) == 0)
    }

    /// Session 16, more real list mail: a display name whose first word is no given name ("The
    /// Butterfly", "That Goddess Chick") read "When The does that" and "That would appreciate
    /// that"; OpenPGP's armour led a summary ("The: BEGIN PGP SIGNED MESSAGE-----."); a group's
    /// sponsor banner and unsubscribe lines reached the digest.
    @Test func writersAreCalledByANameAndArmourAndGroupFootersAreNotText() {
        #expect(SalientSentences.callName("Tom Becker") == "Tom")
        #expect(SalientSentences.callName("The Butterfly") == "The Butterfly")
        #expect(SalientSentences.callName("Dr. Ito") == "Dr. Ito")
        #expect(SalientSentences.thirdPerson("When I do that, I see it.", speaker: "The Butterfly") == "When The Butterfly does that, The Butterfly sees it.")
        let signed = """
            -----BEGIN PGP SIGNED MESSAGE-----
            Hash: SHA1

            Where is that option? I run version 2.4.
            -----BEGIN PGP SIGNATURE-----
            iD8DBQE9
            -----END PGP SIGNATURE-----
            """
        #expect(MailTextTrimmer.trim(signed, namedQuotes: true) == "Where is that option? I run version 2.4.")
        let group = """
            That could be interesting!

            ------------------------ Yahoo! Groups Sponsor ---------------------~-->
            Sell a Home for Top $
            ---------------------------------------------------------------------~->

            To unsubscribe from this group, send an email to:
            group-unsubscribe@example.com
            """
        #expect(MailTextTrimmer.trim(group, namedQuotes: true) == "That could be interesting!")
        #expect(MailTextTrimmer.trim("Sure.\n\nTo unsubscribe from this group, send an email to:\nx@example.com", namedQuotes: true) == "Sure.")
    }

    /// Session 16, 20 threads of easy_ham: 15 of 21 refused answers opened with the digest's line
    /// head ("Chris Garrigues, Sun 9 Sep: Chris has …"), and the retry wrote the same. The head
    /// goes; the sentence stays, under its writer's name unless it names them.
    @Test func aDigestLineHeadInTheAnswerIsRemovedNotRefused() async throws {
        #expect(ThreadSummarizer.withoutDigestHead("Chris Garrigues, Sun 9 Sep: Chris will email his changes.") == "Chris will email his changes.")
        #expect(ThreadSummarizer.withoutDigestHead("Latest: Gary Murphy, Mon 2 Sep: That's very perceptive.") == "Gary: That's very perceptive.")
        #expect(ThreadSummarizer.withoutDigestHead("Gary Murphy, James Rogers, Sun 9 Sep: It is not a database.") == "It is not a database.")
        #expect(ThreadSummarizer.withoutDigestHead("Gregory Bolcer, Sun 9 Sep, has a good article.") == "Gregory Bolcer has a good article.")
        #expect(ThreadSummarizer.withoutDigestHead("Bob fixed it on Sun 9 Sep.") == "Bob fixed it on Sun 9 Sep.")
        // The thread, not the head, says whose sentence it is (the demo: Alex's head on Jonas's words).
        let dark = [ThreadMessageText(sender: "Jonas Weber", date: Date(), text: "The header text is dark grey on almost black. Did I break something?"),
                    ThreadMessageText(sender: "Alex Morgan", date: Date(), text: "That's the old token, use text-secondary.")]
        #expect(ThreadSummarizer.withoutDigestHead("Alex Morgan, Wed 1 Oct: The header text is dark grey on almost black.", messages: dark)
                == "Jonas: The header text is dark grey on almost black.")
        let copyingTheHead = FakeTextGenerator { _ in "Bob Lee, Tue 14 Nov: Bob found the cause and will push a fix tonight." }
        let output = try await ThreadSummarizer(generator: copyingTheHead).summarize(subject: "Build broken", messages: Self.thread)
        #expect(copyingTheHead.calls == 1)
        #expect(output.text.hasPrefix("Bob found the cause and will push a fix tonight."), "\(output.text)")
        // KMail's attribution has no colon; it introduces the quote all the same.
        #expect(MailTextTrimmer.trim("On Monday 09 September 2002 09:51 pm, Geege Schuman wrote\n> old\nNew text here.", namedQuotes: true) == "New text here.")
    }

    /// Session 16, 20 threads of easy_ham_2: "Ryan, Shaun" (family name first) was read as
    /// "Ryan,", "J C Lawrence" was called "J", and a signature's name-address-link line was a
    /// sentence worth summarising.
    @Test func writersNamesInDirectoryOrderOrWithInitialsAndSignatureLines() {
        #expect(SalientSentences.speakerName("\"Ryan, Shaun\" <shaun.ryan@example.ie>") == "Shaun Ryan")
        #expect(SalientSentences.speakerName("Ryan, Shaun") == "Shaun Ryan")
        #expect(SalientSentences.speakerName("Smith, Jones and Partners, Ltd") == "Smith, Jones and Partners, Ltd")
        // A company's or a generation's suffix after the comma is no given name (review).
        #expect(SalientSentences.speakerName("Acme, Inc.") == "Acme, Inc.")
        #expect(SalientSentences.speakerName("Smith, Jr") == "Smith, Jr")
        #expect(SalientSentences.callName("J C Lawrence") == "J C Lawrence")
        #expect(SalientSentences.callName("J. Smith") == "J. Smith")
        #expect(SalientSentences.score("David Raistrick drais@atlasta.net http://www.expita.com/nomime.html.", position: 0) == 0)
        #expect(SalientSentences.score("The patch is at http://example.org/fix.diff for review.", position: 0) > 0)
        // A link is left out of the digest: its digits read as figures the thread never gave,
        // and the one thread's fallback summary was refused for them (nothing was shown).
        #expect(SalientSentences.sentences(in: "NASA plans to read minds at airports http://example.org/n/20020817-704732.htm\n\nIt is bizarre, really.")
                == ["NASA plans to read minds at airports.", "It is bizarre, really."])
    }

    @Test func trimmerDropsQuotesSignaturesAndAttributionLines() {
        let text = "Sounds good.\nOn Tue, 5 Mar 2002, Bob wrote:\n> old text\n> more\nSee you.\n-- \nBob\nPhone 123"
        #expect(MailTextTrimmer.trim(text) == "Sounds good.\nSee you.")
        #expect(MailTextTrimmer.trim(String(repeating: "a ", count: 2000), maxCharacters: 100).count <= 102)
    }

    /// Outlook Express's "----- Original Message -----" (with spaces) was not known: the quoted
    /// original below a top-posted reply, unmarked by ">", reached the models as the replier's
    /// own words — one person's sentences given to another.
    @Test func aQuotedOriginalsSeparatorEndsTheRepliersTextAndAForwardLosesOnlyItsHeader() {
        let topPosted = """
            Yes, it is in CVS now.

            ----- Original Message -----
            From: "Jun Sun" <jsun@example.com>
            Sent: Tuesday, January 08, 2002 5:12 PM
            Subject: Re: ISA

            I will rewrite the ISA mapping this weekend.
            """
        #expect(MailTextTrimmer.trim(topPosted) == "Yes, it is in CVS now.")
        // Newer Outlook's line of underscores is the same separator.
        #expect(MailTextTrimmer.trim("Fine by me.\n________________________________\nFrom: Anna\nSent: Monday\nOld text") == "Fine by me.")
        let forward = """
            ---------- Forwarded message ---------
            From: Booking <noreply@trains.example>
            Date: Mon, 1 Jan 2024 at 10:00
            Subject: Your e-ticket

            Your train to York leaves at 09:12.
            """
        #expect(MailTextTrimmer.trim(forward, namedQuotes: true) == "Your train to York leaves at 09:12.")
        // The categoriser's text keeps the separator line itself (what is below it is not the forwarder's).
        #expect(MailTextTrimmer.trim(forward) == "---------- Forwarded message ---------\n\nYour train to York leaves at 09:12.")
        // At the top, with a field wrapped over two lines (a list's "On Behalf Of"): the whole
        // block goes, and the answer below the quote is the sender's (session 17: "Sent: Monday,
        // September 02, 2002 2:55 AM." was read as a sentence of theirs).
        let bottomPosted = """
            -----Original Message-----
            From: list-admin@example.com [mailto:list-admin@example.com]On Behalf Of
            Robert Harley
            Sent: Monday, September 02, 2002 2:55 AM
            To: list@example.com
            Subject: RE: Java is for kiddies

            > Looks like a case of my experience.
            I have run the same bytecode on Solaris and Windows without trouble.
            """
        #expect(MailTextTrimmer.trim(bottomPosted) == "I have run the same bytecode on Solaris and Windows without trouble.")
    }

    /// Session 16's random threads: Colm's job post to a list ("Please contact me directly if you
    /// wish to apply") came out as "…if kevin wish to apply", kevin being the one who answered.
    /// A post to a list speaks to every reader; "you" is the other writer only in a message that
    /// went to them or answers them.
    @Test func youInAPostToAListIsEveryReaderAndInAnAnswerTheOtherWriter() {
        let start = Date(timeIntervalSince1970: 1_028_700_000)
        let post = ThreadMessageText(sender: "Colm Buckley", date: start,
                                     text: "We are looking for a sysadmin who knows Debian well. Please contact me directly if you wish to apply.",
                                     senderAddress: "colm@example.ie", recipients: ["ilug@lists.example.ie"])
        let answer = ThreadMessageText(sender: "Kevin Lyda", date: start.addingTimeInterval(3_600),
                                       text: "Will you consider someone part-time? I could start in March.",
                                       senderAddress: "kevin@example.ie", recipients: ["colm@example.ie", "ilug@lists.example.ie"])
        let digest = SalientSentences.select([post, answer]).flatMap(\.sentences).joined(separator: " ")
        #expect(digest.contains("if you wish to apply"), "\(digest)")
        #expect(!digest.contains("Kevin wish"))
        // The newest message's request is reported, its "you" being the writer it answers.
        #expect(digest.contains("Kevin asked Colm to consider someone part-time."), "\(digest)")

        // Between two people, a first message that went to the other one: "you" is them.
        let ask = ThreadMessageText(sender: "Ana Ruiz", date: start, text: "Can you send me the signed lease by Friday?",
                                    senderAddress: "ana@example.org", recipients: ["ben@example.org"])
        let reply = ThreadMessageText(sender: "Ben Ode", date: start.addingTimeInterval(600), text: "Sure, I'll post it tomorrow.",
                                      senderAddress: "ben@example.org", recipients: ["ana@example.org"])
        let pair = SalientSentences.select([ask, reply]).flatMap(\.sentences).joined(separator: " ")
        #expect(pair.contains("Can Ben send Ana the signed lease by Friday?"), "\(pair)")

        // A thread as stored that opens with an answer to an older post (outside the store): its
        // "you" is the other writer, even on a list.
        let answering = ThreadMessageText(sender: "Philip Reynolds", date: start, text: "I can guarantee you that the learning curve is different.",
                                          senderAddress: "philip@example.ie", recipients: ["ilug@lists.example.ie"], isReply: true)
        let follow = ThreadMessageText(sender: "Paul Jakma", date: start.addingTimeInterval(600), text: "So is ipfw not encumbered the same way?",
                                       senderAddress: "paul@example.ie", recipients: ["ilug@lists.example.ie"], isReply: true)
        let list = SalientSentences.select([answering, follow]).flatMap(\.sentences).joined(separator: " ")
        #expect(list.contains("Philip can guarantee Paul that"), "\(list)")
    }

    /// Session 16's random threads: "Matthew frequently see people" (an "-ly" adverb between "I"
    /// and its verb) and "Valdis.Kletnieks's bad" (a bare address as the writer's name).
    @Test func adverbsBeforeTheVerbAndMailboxesThatAreNames() {
        #expect(SalientSentences.thirdPerson("I frequently see people optimising loops.", speaker: "Matthew Smith")
                == "Matthew frequently sees people optimising loops.")
        #expect(SalientSentences.thirdPerson("I reply to everyone on the list.", speaker: "Matthew Smith")
                == "Matthew replies to everyone on the list.")
        #expect(SalientSentences.thirdPerson("I apply the patch tonight.", speaker: "Matthew Smith") == "Matthew applies the patch tonight.")
        #expect(SalientSentences.speakerName("Valdis.Kletnieks@vt.edu") == "Valdis Kletnieks")
        #expect(SalientSentences.speakerName("jane_doe@example.org") == "Jane Doe")
        #expect(SalientSentences.speakerName("kevin+lists@example.ie") == "kevin")
        #expect(SalientSentences.speakerName("jm2@example.org") == "jm2")
        #expect(SalientSentences.speakerName("x.y.z.w@example.org") == "x.y.z.w")
        #expect(SalientSentences.speakerName("Tom Becker <tom.becker@example.org>") == "Tom Becker")
    }

    /// Session 16: "Philip: Well, that doesn't help. Philip: Nope, …" — a writer's head twice in a row.
    @Test func aWritersHeadIsNotRepeatedOnTheNextSentence() {
        #expect(SalientSentences.withoutRepeatedHeads("Philip: Well, that doesn't help Paul. Philip: Nope, IPFW2 is out. Paul: Fine.")
                == "Philip: Well, that doesn't help Paul. Nope, IPFW2 is out. Paul: Fine.")
        #expect(SalientSentences.withoutRepeatedHeads("R. A. Hettinga: That's it. R. A. Hettinga: Or not.") == "R. A. Hettinga: That's it. Or not.")
        // Not consecutive, or no repeat: as it was, spacing and all.
        let apart = "Rick: The above works.  Hal: Regenerate the cache. Rick: Best would be a button."
        #expect(SalientSentences.withoutRepeatedHeads(apart) == apart)
    }

    /// Session 17, replies to 40 random list posts: "I'll keep you updated on the Razor servers."
    /// to posts that asked nothing (4 of 40), "…won't be able to send you an email.", "…let you
    /// know if … or if you have any questions.", "I'll look forward to hearing from you soon."
    @Test func repliesThatPromiseOnlyNewsOrSpeakLikeAnAssistantAreDropped() {
        let post = SmartReplyValidator(original: "Razor servers are timing out again; the spot checks show a 40% hit rate.",
                                       subject: "What's wrong with the Razor servers now?", sender: "Patrick",
                                       instructions: SmartReplyGenerator.instructionTexts(sender: "Patrick"))
        #expect(post.reply("Hi Patrick, thanks! I'll keep you updated on the Razor servers.", intent: .accept, after: []) == nil)
        #expect(post.reply("Hi Patrick, thanks! I'll check the Razor servers' timeouts tonight.", intent: .accept, after: []) != nil)
        #expect(post.reply("Hi Patrick, thanks! I'll look forward to the Razor servers' fix.", intent: .accept, after: []) == nil)
        #expect(post.reply("Hi Patrick, thanks! I'll share some thoughts on the Razor servers' hit rate.", intent: .accept, after: []) == nil)
        #expect(post.reply("Hi Patrick, thanks! I'll keep an eye on the Razor servers tonight.", intent: .accept, after: []) == nil)
        // A question asking the thread's own subject back.
        #expect(post.reply("Hi Patrick, quick question: what's wrong with the Razor servers?", intent: .question, after: []) == nil)
        #expect(post.reply("Hi Patrick, quick question: which spot checks gave the 40% hit rate?", intent: .question, after: []) != nil)
        #expect(post.reply("Hi Patrick, thanks! I'll check the Razor servers and let you know if you have any questions.", intent: .accept, after: []) == nil)
        // Asked for news, a promise of news answers it.
        let asked = SmartReplyValidator(original: "Can you tell me when the Razor servers are back?", subject: "Razor servers",
                                        sender: "Patrick", instructions: [])
        #expect(asked.reply("Hi Patrick, thanks! I'll keep you posted on the Razor servers.", intent: .accept, after: []) != nil)
        #expect(asked.reply("Hi Patrick, thanks! I'll look forward to hearing from you soon.", intent: .accept, after: []) == nil)
        #expect(SmartReplyValidator.isAboutTheMessageItself("Hi Rick, thanks, but unfortunately I won't be able to send you an email."))
        #expect(!SmartReplyValidator.isAboutTheMessageItself("Hi Rick, thanks, but unfortunately I won't be able to send you the slides."))
    }

    /// Session 17's second sample of random threads.
    @Test func nearRepeatsNegationsWithoutApostrophesAndQuotedFieldsAreHandled() {
        // Of two sentences saying the same, the shorter goes; at least two sentences stay.
        let repeated = "Bill has considered using the 64mb flash unit in one of the machines. Bill has considered using the 64mb flash unit in one of them as storage for keys. Bill: Or any of the Microsoft USB keyboards."
        #expect(SalientSentences.withoutNearRepeats(repeated)
                == "Bill has considered using the 64mb flash unit in one of them as storage for keys. Bill: Or any of the Microsoft USB keyboards.")
        let two = "Gary has been installing kernels through rpm. Matthias has been installing kernels through rpm."
        #expect(SalientSentences.withoutNearRepeats(two) == two)
        let different = "Tom filed papers against the RIAA. Owen: Perhaps this will make you more gruntled. Kenneth said they want the backbones to block the server."
        #expect(SalientSentences.withoutNearRepeats(different) == different)
        // "I cant", "(should I be?)".
        #expect(SalientSentences.thirdPerson("I cant use a laptop (should I be?).", speaker: "Greg Hall") == "Greg cant use a laptop (should Greg be?).")
        // The original's fields above an nmh quote are no sentences of the sender's.
        let nmh = """
                Date:        Wed, 28 Aug 2002 13:51:21 +0700
                From:        Robert Elz <kre@example.au>
                Message-ID:  <1234.1030517481@example.au>

              | the sequences window shows unseen
            My version of MsgChange has a check for that.
            """
        #expect(MailTextTrimmer.trim(nmh, namedQuotes: true) == "My version of MsgChange has a check for that.")
        // A repaired line head never goes before a head the sentence already has.
        #expect(ThreadSummarizer.withoutDigestHead("Brent Welch, Thu 12 Sep: Tony Nugent: Tony would like to use [Link] a lot more.")
                == "Tony Nugent: Tony would like to use [Link] a lot more.")
        // A thread opened by a message with nothing left to show and closed by thanks: the
        // fallback starts at the first message that has something.
        let day = Date(timeIntervalSince1970: 1_027_000_000)
        let closedByThanks = [
            SalientSentences.Excerpt(speaker: "che", date: day, sentences: []),
            SalientSentences.Excerpt(speaker: "Brian Fahrlander", date: day, sentences: ["Brian was thinking about adding a file of apt repositories."]),
            SalientSentences.Excerpt(speaker: "Matthias Saou", date: day, sentences: ["Matthias already keeps a list of known apt repositories."]),
            SalientSentences.Excerpt(speaker: "Lance", date: day, sentences: ["Thanks for this, Matthias!"]),
        ]
        let fallback = SalientSentences.extractiveSummary(closedByThanks) ?? ""
        #expect(fallback.hasPrefix("Brian was thinking about adding a file of apt repositories.") && fallback.hasSuffix("Lance: Thanks for this, Matthias!"),
                "\(fallback)")
        // A name with an initial in a list holding one person twice.
        #expect(SummaryValidator.personListedTwice("Gary Murphy, Geege Schuman, Stephen D. Williams, and Geege Schuman replaced it.") == "Geege Schuman")
    }
}

/// A request by name that the model turned into an ability (session 18, the web app's demo
/// thread: "Anna can send the agenda next week." for Carol's "Anna, can you send the agenda
/// next week?") is rewritten to say who asked; a promise ("will") is left alone.
@Suite struct RequestClaimsTests {
    static let thread = [
        ThreadMessageText(sender: "Anna Berg", date: Date(timeIntervalSince1970: 0),
                          text: "I propose we move the team offsite to 14 March. Can everyone make 14 March?"),
        ThreadMessageText(sender: "Carol Diaz", date: Date(timeIntervalSince1970: 60),
                          text: "Agreed, 14 March it is. I have confirmed the venue in Lyon. Anna, can you send the agenda next week?\nCarol"),
    ]

    @Test func aRequestByNameIsNotSummarisedAsAnAbility() {
        #expect(RequestClaims.requests(in: Self.thread) == [RequestClaims.Request(asker: "Carol", asked: "Anna", verb: "send")])
        #expect(RequestClaims.repaired("Carol agreed to 14 March. Anna can send the agenda next week.", messages: Self.thread)
                == "Carol agreed to 14 March. Carol asked Anna to send the agenda next week.")
        #expect(RequestClaims.repaired("Anna Berg could send the agenda.", messages: Self.thread) == "Carol asked Anna to send the agenda.")
        // A promise, another verb, or a question to everyone is not touched.
        for kept in ["Anna will send the agenda next week.", "Anna can book the room.", "Carol confirmed the venue."] {
            #expect(RequestClaims.repaired(kept, messages: Self.thread) == kept)
        }
        // Read by the digest's reader of requests, a greeting before the name included.
        let greeted = [ThreadMessageText(sender: "Carol Diaz", date: Date(timeIntervalSince1970: 60), text: "Hi Anna, can you tell Sam about the venue?")]
        #expect(RequestClaims.requests(in: greeted) == [RequestClaims.Request(asker: "Carol", asked: "Anna", verb: "tell")])
    }
}

/// The newest message's requests reach the digest as a summary reports them (session 19: the
/// demo's summary opened with Maya's question word for word, "Could you walk the team through …?").
@Suite struct ReportedRequestsTests {
    @Test func aRequestIsReportedWithWhoAskedWhom() {
        let cases: [(String, String?, String)] = [
            ("Alex, can you update the spec page by Monday?", nil, "Maya asked Alex to update the spec page by Monday."),
            ("Could you please walk the team through the new flow on Thursday?", "Alex", "Maya asked Alex to walk the team through the new flow on Thursday."),
            ("So would you also send the slides, please?", "Alex", "Maya asked Alex to send the slides."),
            ("Bob, please have staging up by Monday noon.", nil, "Maya asked Bob to have staging up by Monday noon."),
        ]
        for (sentence, addressee, reported) in cases {
            #expect(ReportedRequests.reported(sentence, asker: "Maya", addressee: addressee)?.text == reported, "\(sentence)")
        }
        // Nobody known to be asked, an opinion asked for, a "please" to every reader, a statement.
        for (sentence, addressee) in [("Could you walk the team through it?", nil), ("Can you believe it?", "Alex"),
                                      ("Would you like to join?", "Alex"), ("Please review the attached draft.", "Alex"),
                                      ("Alex, please note the new address.", nil), ("We can walk through it on Thursday.", "Alex"),
                                      ("Maya, can you send it?", nil)] as [(String, String?)] {
            #expect(ReportedRequests.reported(sentence, asker: "Maya", addressee: addressee) == nil, "\(sentence)")
        }
    }

    @Test func theOnePersonAMessageGreetsIsWhomItsYouMeans() {
        #expect(ReportedRequests.greetedName(in: "Hi Alex,\n\nCould you walk us through it?") == "Alex")
        #expect(ReportedRequests.greetedName(in: "\nDear Ms. Ito,\nThank you.") == "Ms. Ito")
        for group in ["Hi all,\nThe plan.", "Hi Alex and Jonas,\nThe plan.", "Hello everyone!\nx", "Thanks for this.\nHi Alex", "Hi team,\nx"] {
            #expect(ReportedRequests.greetedName(in: group) == nil, "\(group)")
        }
        // In a thread of three, the greeted person is who is asked: the digest says so.
        let day = Date(timeIntervalSince1970: 1_795_000_000)
        let thread = [
            ThreadMessageText(sender: "Jonas Weber", date: day, text: "The header is unreadable in dark mode."),
            ThreadMessageText(sender: "Alex Morgan", date: day.addingTimeInterval(600), text: "Agreed, I'll look at it."),
            ThreadMessageText(sender: "Maya Chen", date: day.addingTimeInterval(1_200),
                              text: "Hi Alex,\n\nGreat review today. Could you update the spec page by Monday? Are you free on Friday?\n\nMaya"),
        ]
        let latest = SalientSentences.select(thread).last?.sentences ?? []
        #expect(latest.contains("Maya asked Alex to update the spec page by Monday."), "\(latest)")
        #expect(latest.contains("Is Alex free on Friday?"), "\(latest)")
        // An earlier message's request stays a question: it may have been answered or swapped since.
        let earlier = SalientSentences.select([thread[2], thread[0]]).first?.sentences ?? []
        #expect(earlier.contains("Could Alex update the spec page by Monday?"), "\(earlier)")
    }

    /// A summary tells: the questions and thanks the model copied from the digest go, unless
    /// nothing else would be left (the validator then judges the answer as it came).
    @Test func theModelsCopiedQuestionsAndThanksAreDropped() {
        #expect(ThreadSummarizer.withoutAsidesOrQuestions("Maya asked Alex to update the spec page by Monday. The latest Figma link is still the one from last week, right?")
                == "Maya asked Alex to update the spec page by Monday.")
        #expect(ThreadSummarizer.withoutAsidesOrQuestions("This is really useful, thanks. The AI question matches what Alex saw in the hallway tests.")
                == "The AI question matches what Alex saw in the hallway tests.")
        let kept = "Thanks to the new cache, Ravi's import of the 3 GB mbox took four minutes instead of an hour. Tom agreed."
        #expect(ThreadSummarizer.withoutAsidesOrQuestions(kept) == kept)
        #expect(ThreadSummarizer.withoutAsidesOrQuestions("Is the build green?") == "Is the build green?")
    }

    /// "Jonas will fix the design file too", when Alex wrote "I'll fix the design file too" (the
    /// demo, session 19): a three-letter verb after an auxiliary is read as a claim.
    @Test func aShortVerbGivenToTheWrongPersonIsRefused() throws {
        let day = Date(timeIntervalSince1970: 1_795_000_000)
        let thread = [
            ThreadMessageText(sender: "Jonas Weber", date: day, text: "The header text is dark grey on almost black. Did I break something?"),
            ThreadMessageText(sender: "Alex Morgan", date: day.addingTimeInterval(600), text: "That's the old token. I'll fix the design file too."),
            ThreadMessageText(sender: "Jonas Weber", date: day.addingTimeInterval(1_200), text: "Fixed, thanks!"),
        ]
        let validator = SummaryValidator(subject: "Dark mode", messages: thread, instructions: ThreadSummarizer.instructionTexts)
        #expect(throws: AIError.self) { try validator.validated("Jonas reported the dark header. Jonas will fix the design file too.") }
        #expect(try validator.validated("Jonas reported the dark header. Alex will fix the design file too.") == "Jonas reported the dark header. Alex will fix the design file too.")
    }
}

/// A yes to a request of the reader takes up what was asked (session 19: the demo's "Alex, can
/// you update the spec page by Monday?" was answered "I'll review the server settings …").
@Suite struct RequestOfReaderTests {
    @Test func theReadersRequestIsFoundWithAPronounForItsObject() {
        let maya = "Great review today, thank you both.\n\nAlex, can you update the spec page by Monday?\n\nMaya"
        // Named for the reader; for someone else on the same message it is not the reader's.
        #expect(RequestOfReader.find(in: maya, recipients: ["alex.morgan@example.com", "jonas@example.com"], reader: "alex.morgan@example.com")
                == RequestOfReader(verb: "update", pronoun: "it"))
        #expect(RequestOfReader.find(in: maya, recipients: ["alex.morgan@example.com", "jonas@example.com"], reader: "jonas@example.com") == nil)
        // Unnamed: to the reader alone, or greeting the reader.
        #expect(RequestOfReader.find(in: "Could you send the slides before the call?", recipients: ["alex@example.com"], reader: "alex@example.com")
                == RequestOfReader(verb: "send", pronoun: "them"))
        #expect(RequestOfReader.find(in: "Hi Alex,\n\nCould you review these drafts today?", recipients: ["alex@example.com", "b@example.com"], reader: "alex@example.com")
                == RequestOfReader(verb: "review", pronoun: "them"))
        #expect(RequestOfReader.find(in: "Could you review the draft?", recipients: ["alex@example.com", "b@example.com"], reader: "alex@example.com") == nil)
        // Nothing a pronoun stands for, or no request of an act.
        #expect(RequestOfReader.find(in: "Can you pick me up at 9?", recipients: ["alex@example.com"], reader: nil) == nil)
        #expect(RequestOfReader.find(in: "Would you like to join us?", recipients: ["alex@example.com"], reader: nil) == nil)
        #expect(RequestOfReader.pronoun(forObjectOf: "the spec page by Monday") == "it")
        #expect(RequestOfReader.pronoun(forObjectOf: "my notes after the call") == "them")
        #expect(RequestOfReader.pronoun(forObjectOf: "the address") == "it")
        #expect(RequestOfReader.pronoun(forObjectOf: "over the weekend") == nil)
    }

    @Test func theYesOpensWithTheVerbAskedForAndFallsBackWhenRefused() async throws {
        let message = ThreadMessageText(sender: "Maya Chen", date: Date(), text: "Great review today.\n\nAlex, can you update the spec page by Monday?\n\nMaya",
                                        senderAddress: "maya@example.com", recipients: ["alex.morgan@example.com", "jonas@example.com"])
        let openings = OpeningLog()
        let generator = FakeTextGenerator(answeringWithOptions: { _, options in
            openings.append(options.answerPrefix)
            return options.answerPrefix.hasSuffix("I'll update it") ? " by Monday." : " check the page by Monday."
        })
        let (replies, _) = try await SmartReplyGenerator(generator: generator).replies(to: message, subject: "Onboarding", reader: "alex.morgan@example.com")
        #expect(replies.first { $0.intent == .accept }?.text == "Hi Maya, thanks! I'll update it by Monday.")
        #expect(openings.all.first == "Hi Maya, thanks! I'll update it")
        // A refused take-up (here: it copies the request back) is asked again as any yes.
        let copying = FakeTextGenerator(answeringWithOptions: { _, options in
            options.answerPrefix.hasSuffix("I'll update it") ? " and update the spec page by Monday as you asked." : " check the page by Monday."
        })
        let (again, _) = try await SmartReplyGenerator(generator: copying).replies(to: message, subject: "Onboarding", reader: "alex.morgan@example.com")
        #expect(again.first { $0.intent == .accept }?.text == "Hi Maya, thanks! I'll check the page by Monday.")
    }
}

/// The openings a fake generator was asked to continue, in order.
final class OpeningLog: @unchecked Sendable {
    private let lock = NSLock()
    private var openings: [String] = []
    func append(_ opening: String) { lock.withLock { openings.append(opening) } }
    var all: [String] { lock.withLock { openings } }
}
