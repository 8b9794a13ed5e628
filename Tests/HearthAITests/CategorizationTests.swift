import Foundation
@testable import HearthAI
import HearthCore
import Testing

@Suite struct CategorizationTests {
    static func input(from: String, name: String? = nil, to: Int = 1, subject: String, text: String = "",
                      headers: [(String, String)] = [], reply: Bool = false) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: name, address: from),
                            recipients: (0..<to).map { EmailAddress(address: "r\($0)@example.org") },
                            subject: subject, text: text, headers: headers.map { HeaderField(name: $0.0, value: $0.1) },
                            listID: headers.first { $0.0 == "List-Id" }?.1, isReply: reply)
    }

    /// Expects the signals alone to decide every input as `category` (the reasons are printed when not).
    static func expectSignals(decide category: AICategory, _ inputs: [CategorizationInput],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        for input in inputs {
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category == category, "\(input.subject): \(verdict.reasons)", sourceLocation: sourceLocation)
        }
    }

    /// Expects the signals to decide every input as `category` or, leaving it to the embeddings, to lean that way.
    static func expectSignals(favour category: AICategory, _ inputs: [CategorizationInput],
                              sourceLocation: SourceLocation = #_sourceLocation) {
        for input in inputs {
            let verdict = CategorySignals.evaluate(input)
            #expect((verdict.category ?? verdict.lean) == category, "\(input.subject): \(verdict.reasons)", sourceLocation: sourceLocation)
        }
    }

    @Test func strongSignalsDecideWithoutAnyModel() async {
        let categorizer = EmailCategorizer()
        let decisions = await categorizer.categorize([
            Self.input(from: "notification@facebookmail.com", subject: "Anna commented on your photo"),
            Self.input(from: "dev@lists.example.org", subject: "Re: build fails", headers: [("List-Id", "<dev.example.org>"), ("List-Post", "<mailto:dev@example.org>")], reply: true),
            Self.input(from: "mailer-daemon@example.org", subject: "Undelivered Mail Returned to Sender"),
            Self.input(from: "shop@deals.example", subject: "50% off: our biggest sale", headers: [("List-Unsubscribe", "<mailto:u@x>")]),
            Self.input(from: "no-reply@bank.example", subject: "Your monthly statement is ready", headers: [("Precedence", "bulk")]),
            Self.input(from: "anna@example.org", name: "Anna", subject: "Lunch?", text: "Shall we meet at 1?", reply: true),
            Self.input(from: "robot@ci.example", subject: "Build #12 passed", headers: [("Auto-Submitted", "auto-generated")]),
        ])
        #expect(decisions.map(\.category) == [.social, .forums, .updates, .promotions, .updates, .primary, .updates])
        #expect(decisions.allSatisfy { $0.source == .signals && $0.confidence >= 0.8 && !$0.reasons.isEmpty })
    }

    @Test func senderAndReplyHistoryDecide() async {
        var written = Self.input(from: "sam@example.org", name: "Sam", to: 12, subject: "Weekly planning notes",
                                 text: "Notes from today, unsubscribe me from nothing.")
        written.senderHistory = SenderHistory(messagesWrittenTo: 3, messagesReceived: 10)
        var publisher = Self.input(from: "editor@paper.example", name: "The Paper", subject: "Something new")
        publisher.senderHistory = SenderHistory(messagesWrittenTo: 0, messagesReceived: 40, categories: [.updates: 38, .promotions: 2])
        let decisions = await EmailCategorizer().categorize([written, publisher])
        // A sender you write to is primary even when the mail looks like a bulk note.
        #expect(decisions[0].category == .primary && decisions[0].source == .signals)
        #expect(decisions[0].reasons.contains { $0.contains("you wrote to") })
        // Without a decisive signal the sender's usual category is the lean (no model here: fallback keeps it low).
        #expect(SenderHistory(messagesReceived: 40, categories: [.updates: 38, .promotions: 2]).usualCategory() == .updates)
        #expect(SenderHistory(messagesReceived: 4, categories: [.updates: 2, .promotions: 2]).usualCategory() == nil)
    }

    @Test func bulkMailFingerprintsAndVocabularySplitPromotionsFromUpdates() async {
        let decisions = await EmailCategorizer().categorize([
            // An ESP's feedback-loop header and a sale: promotions, though no list header is present.
            Self.input(from: "hello@store.example", name: "Store", subject: "Last chance: 30% off everything",
                       headers: [("Feedback-ID", "1:campaign:esp")]),
            // A receipt from a machine address.
            Self.input(from: "auto-confirm@shop.example", subject: "Your order #1234 has shipped"),
            // A VERP-style sender without list headers, newsletter wording: updates.
            Self.input(from: "Online#3.20216.56-c@news.example", name: "Tech Daily", subject: "Tech news daily: chips slump",
                       text: "Today's headlines. To unsubscribe, click here."),
            // A person writing to a group with a list tag: a discussion.
            Self.input(from: "maria@example.org", name: "Maria", to: 0, subject: "[hikers] Saturday route?",
                       text: "Anyone up for the ridge trail?", headers: [("Precedence", "bulk")]),
            // A service's notification through a list (a tracker reply) is not a discussion post.
            Self.input(from: "notifications@tracker.example", subject: "Re: [app] Crash on start (#42)",
                       headers: [("List-Id", "<app.tracker.example>")], reply: true),
        ])
        #expect(decisions[0].category == .promotions)
        #expect(decisions[1].category == .updates)
        #expect(decisions[2].category == .updates)
        #expect(decisions[3].category == .forums)
        #expect(decisions[4].category == .updates)
        #expect(decisions[0].reasons.contains { $0.contains("Feedback-ID") })
    }

    @Test func socialMailIsKnownByNetworkDomainOrByTheShapeOfANotification() async {
        let decisions = await EmailCategorizer().categorize([
            Self.input(from: "messages-noreply@linkedin.com", name: "LinkedIn", subject: "You appeared in 9 searches this week"),
            Self.input(from: "no-reply@mail.instagram.com", subject: "See what you've missed"),
            Self.input(from: "noreply@gotinder.com", name: "Tinder", subject: "Weekly recap"),
            // A Mastodon server mails from its own domain: the notification's shape decides.
            Self.input(from: "notifications@social.example.net", name: "social.example.net", subject: "Kim followed you"),
            Self.input(from: "no-reply@photos.example", subject: "Ben commented on your photo"),
        ])
        #expect(decisions.map(\.category) == [.social, .social, .social, .social, .social])
        #expect(decisions[3].reasons.contains { $0.contains("social notification") })
        let notSocial = await EmailCategorizer().categorize([
            // A work tool's mention is an update, and a person writing "followed you" is a person.
            Self.input(from: "notifications@github.com", subject: "Ann mentioned you in org/repo#12 (#12)", headers: [("List-Id", "<repo.org.github.com>")]),
            Self.input(from: "kim@example.org", name: "Kim Lee", subject: "I followed you on the trail today!", text: "Nice pace."),
        ])
        #expect(notSocial[0].category == .updates)
        #expect(notSocial[1].category == .primary)
    }

    @Test func automatedMailWithoutBulkHeadersIsNotTakenForAPerson() async {
        let decisions = await EmailCategorizer().categorize([
            // A notification system writing in French from "do not reply", no list or ESP header.
            Self.input(from: "ne-pas-repondre@mairie.example", name: "Mairie", subject: "Nouvelle demande de contact"),
            // Transactional wording about itself.
            Self.input(from: "alerts-desk@bank.example", name: "Bank Desk", subject: "Transfer completed",
                       text: "Please do not reply to this email. This mailbox is not monitored."),
            // No sender name (scripts send like this): not decided as a person's mail.
            Self.input(from: "lead@forms.example", subject: "[Online Lead] New lead #1111"),
            // A receiving route's Mailgun field is not a bulk sender's fingerprint: this is Bob.
            Self.input(from: "bob@example.com", name: "Bobby", subject: "Sup?", text: "Coming tonight?", headers: [("X-Mailgun-Incoming", "Yes")]),
        ])
        #expect(decisions[0].category != .primary)
        #expect(decisions[1].category == .updates)
        #expect(!(decisions[2].category == .primary && decisions[2].source == .signals))
        #expect(decisions[3].category == .primary && decisions[3].source == .signals)
    }

    @Test func listMarkersThatSayNothingAboutADiscussionDoNotMakeForums() {
        // Precedence: list alone (feedback loops, headline mailings) is not a discussion.
        let report = CategorySignals.evaluate(Self.input(from: "scomp@isp.example", name: "Complaints", subject: "Email Feedback Report for IP 192.0.2.1",
                                                          headers: [("Precedence", "list")]))
        #expect(report.category != .forums)
        // An ESP newsletter's List-Unsubscribe leaves promotions or updates, never forums.
        let newsletter = CategorySignals.evaluate(Self.input(from: "brand@brand.example", name: "Brand", subject: "Meet the new collection",
                                                              headers: [("List-Unsubscribe", "<https://esp.example/u>"), ("Feedback-ID", "1:2:esp")]))
        #expect(!newsletter.candidates.contains(.forums))
        // A commit notification through a developers' list is an update.
        let commit = CategorySignals.evaluate(Self.input(from: "commits@source.example.org", subject: "[dev] Core: core-123.mcz",
                                                          headers: [("List-Post", "<mailto:dev@lists.example.org>"), ("List-Id", "<dev.lists.example.org>")]))
        #expect(commit.category == .updates)
        // A person behind a dated address who replies on the list is still in the discussion.
        let dated = CategorySignals.evaluate(Self.input(from: "kevin+dated+1028230251.bcad54@example.ie", name: "Kevin", subject: "Re: [ilug] tcpd",
                                                         headers: [("List-Id", "<ilug.example.ie>"), ("List-Unsubscribe", "<mailto:u@x>")], reply: true))
        #expect(dated.lean == .forums && dated.candidates.contains(.forums))
    }

    @Test func listAndAutomationMarkersAreTheOnesThreadingReads() {
        // Each marker the categoriser counts as list or automated mail, threading counts too (AutomatedMail).
        let marked: [(String, String)] = [("List-Post", "NO"), ("List-Help", "<mailto:help@lists.example>"), ("Precedence", " Junk"),
                                          ("Auto-Submitted", "auto-replied; owner-email=a@example.org")]
        for field in marked {
            let input = Self.input(from: "anna@example.org", name: "Anna", subject: "Hello", headers: [field])
            let evidence = BulkMailEvidence(input)
            let email = Email(accountID: AccountID(1), from: input.from, subject: "Hello", dateReceived: Date())
            #expect(AutomatedMail.isAutomated(email, signalHeaders: input.headers), "\(field)")
            #expect(evidence.isBulk || CategorySignals.evaluate(input).reasons.contains { $0.hasPrefix("Auto-Submitted") }, "\(field)")
        }
        // "Auto-Submitted: no" (with or without parameters) is a person's mail for both.
        let person = Self.input(from: "anna@example.org", name: "Anna", subject: "Hello", headers: [("Auto-Submitted", "No; reason=none")])
        #expect(!AutomatedMail.isAutomated(Email(accountID: AccountID(1), from: person.from, subject: "Hello", dateReceived: Date()), signalHeaders: person.headers))
        #expect(CategorySignals.evaluate(person).category == .primary)
        // An announcement list ("List-Post: NO") is list mail but not a discussion one can post to.
        let announcement = BulkMailEvidence(Self.input(from: "anna@example.org", subject: "News", headers: [("List-Post", "NO")]))
        #expect(announcement.listHeaders && !announcement.listPost)
    }

    @Test func withoutAnyModelAnUndecidedEmailFallsBackLowConfidence() async {
        let decisions = await EmailCategorizer().categorize([
            Self.input(from: "hello@studio.example", subject: "A note from the studio", headers: [("Precedence", "bulk")]),
        ])
        #expect(decisions.first?.source == .fallback)
        #expect((decisions.first?.confidence ?? 1) <= 0.3)
    }

    @Test func embeddingsDecideAmongTheCandidatesTheSignalsLeave() async {
        let categorizer = await EmailCategorizer.make(embedder: FakeEmbedder(), generator: nil)
        let decisions = await categorizer.categorize([
            Self.input(from: "news@shop.example", subject: "The summer collection is here",
                       text: "Discover the summer collection, get 20% off your first order, free shipping.",
                       headers: [("Precedence", "bulk")]),
            Self.input(from: "news@paper.example", subject: "Your morning briefing",
                       text: "Today's headlines: parliament votes on the budget; storms expected.",
                       headers: [("Precedence", "bulk")]),
        ])
        #expect(decisions.map(\.source) == [.embedding, .embedding])
        #expect(decisions.map(\.category) == [.promotions, .updates])
    }

    @Test func theLLMIsAskedOnlyForLowConfidenceEmails() async {
        let generator = FakeTextGenerator(ranking: { _, choices in choices.map { $0 == "promotions" ? 0.9 : 0.1 / Double(choices.count) } })
        var categorizer = await EmailCategorizer.make(embedder: FakeEmbedder(), generator: generator)
        categorizer.llmThreshold = 0.99   // everything the embeddings decide is "unsure"
        let decisions = await categorizer.categorize([
            Self.input(from: "anna@example.org", subject: "Lunch?", reply: true),                       // signals: primary
            Self.input(from: "list@example.org", subject: "Announcement", headers: [("Precedence", "bulk")]), // unsure
        ])
        #expect(decisions[0].source == .signals)
        #expect(decisions[1].source == .llm && decisions[1].category == .promotions)
        #expect(generator.calls == 1)
    }

    @Test func aCorrectionChangesFutureResultsForTheSenderAndNearNeighbours() async throws {
        let embedder = FakeEmbedder()
        let first = Self.input(from: "team@tool.example", subject: "Weekly project report: open issues and merged changes",
                               text: "Open issues 12, merged changes 30, release candidate next week.", headers: [("Precedence", "bulk")])
        var categorizer = await EmailCategorizer.make(embedder: embedder, generator: nil)
        let before = await categorizer.categorize([first])[0]
        let target: AICategory = before.category == .forums ? .promotions : .forums
        let vector = try await embedder.embed([first.embeddingText])[0]
        categorizer.learn(CategoryCorrection(accountID: AccountID(1), emailID: nil, senderAddress: "team@tool.example",
                                             category: target, embedding: vector, date: Date()))
        // Same sender: the preference decides.
        let again = await categorizer.categorize([first])[0]
        #expect(again.category == target && again.source == .preference)
        // Another sender, near-identical text: the corrected neighbour decides.
        var twin = first
        twin.from = EmailAddress(address: "other@elsewhere.example")
        let neighbour = await categorizer.categorize([twin])[0]
        #expect(neighbour.category == target && neighbour.source == .preference)
    }

    @Test func aCorrectionOfAMachineSenderCarriesOverToItsOrganisationsOtherMachineSenders() async {
        var categorizer = EmailCategorizer()
        categorizer.learn(CategoryCorrection(accountID: AccountID(1), emailID: nil, senderAddress: "deals@shop.example",
                                             category: .updates, embedding: nil, date: Date()))
        let decisions = await categorizer.categorize([
            Self.input(from: "news@mail.shop.example", name: "Shop", subject: "Our autumn sale: 30% off", headers: [("List-Unsubscribe", "<mailto:u@shop.example>")]),
            Self.input(from: "anna@shop.example", name: "Anna Berg", subject: "Lunch on Friday?", text: "Are you free?"),
            Self.input(from: "news@other.example", name: "Other", subject: "Our autumn sale: 30% off", headers: [("List-Unsubscribe", "<mailto:u@other.example>")]),
        ])
        #expect(decisions[0].category == .updates && decisions[0].source == .preference)
        #expect(decisions[0].reasons.contains { $0.contains("shop.example") })
        // A person at the same organisation, and another organisation, are not affected.
        #expect(decisions[1].category == .primary && decisions[1].source == .signals)
        #expect(decisions[2].category == .promotions)
        #expect(EmailCategorizer.organisation(of: "news.bbc.co.uk") == "bbc.co.uk" && EmailCategorizer.organisation(of: "e.shop.example") == "shop.example")
    }

    @Test func correctionsLoadedFromTheStoreAreApplied() async {
        let correction = CategoryCorrection(accountID: AccountID(1), emailID: nil, senderAddress: "Boss@Work.example",
                                            category: .primary, embedding: nil, date: Date())
        let categorizer = await EmailCategorizer.make(embedder: nil, generator: nil, corrections: [correction])
        let decision = await categorizer.categorize([Self.input(from: "boss@work.example", subject: "Newsletter",
                                                                headers: [("Precedence", "bulk")])])[0]
        #expect(decision.category == .primary && decision.source == .preference)
    }

    @Test func scoresGivePerClassPrecisionRecallAndTheConfusionMatrix() {
        let scores = CategoryScores(pairs: [(.primary, .primary), (.primary, .updates), (.updates, .updates),
                                            (.promotions, .updates), (.forums, .forums)])
        let updates = scores.perCategory.first { $0.category == "updates" }
        #expect(updates?.precision == 1.0 / 3.0 && updates?.recall == 1.0)
        #expect(scores.perCategory.first { $0.category == "primary" }?.recall == 0.5)
        // Rows are labels, columns predictions, both in CategorySignals.allCategories order.
        #expect(scores.confusion == [[1, 0, 0, 1, 0], [0, 0, 0, 0, 0], [0, 0, 0, 1, 0], [0, 0, 0, 1, 0], [0, 0, 0, 0, 1]])
        #expect(scores.matrix.split(separator: "\n").count == 6)
        // Class-balanced: the mean recall of the classes with labelled rows (primary 0.5,
        // promotions 0, updates 1, forums 1), not of social, which has none.
        #expect(abs(scores.balancedAccuracy - 0.625) < 1e-9)
    }

    @Test func listSoftwareThatAddsNoListFieldsStillMakesAPersonsPostForums() {
        // Majordomo and Ecartis deliver with Sender: owner-x@ / x-bounce@ and Precedence: bulk, no List-*.
        let question = CategorySignals.evaluate(Self.input(from: "laurie@uni.example.edu", name: "Laurie Warren", subject: "Securing multiple virtual hosts",
                                                            text: "Has anyone set up several virtual hosts with one certificate? The report says the build failed.",
                                                            headers: [("Sender", "owner-ssl-users@ssl.example.org"), ("Precedence", "bulk")]))
        #expect(question.category == .forums)
        let patch = CategorySignals.evaluate(Self.input(from: "manish@vendor.example", name: "Manish L", subject: "need help to install linux on RM200",
                                                         headers: [("Sender", "linux-mips-bounce@linux-mips.example"), ("X-List", "linux-mips"), ("Precedence", "bulk")]))
        #expect(patch.category == .forums)
        let mailman = CategorySignals.evaluate(Self.input(from: "ana@example.org", name: "Ana", subject: "Meeting room for Thursday?",
                                                           headers: [("X-BeenThere", "club@lists.example.org")]))
        #expect(mailman.category == .forums)
        // A person's reply carrying Precedence: bulk came through a list; an out-of-office reply does not make one.
        let reply = CategorySignals.evaluate(Self.input(from: "teo@home.example", name: "Teo", subject: "Re: cannot connect from Linux",
                                                         headers: [("Precedence", "bulk")], reply: true))
        #expect(reply.category == .forums)
        let away = CategorySignals.evaluate(Self.input(from: "teo@home.example", name: "Teo", subject: "Out of Office: Re: cannot connect",
                                                        headers: [("Precedence", "bulk")], reply: true))
        #expect(away.category != .forums)
        // The list's own newsletter or an organisation's announcement through list software is no discussion;
        // nor is a feedback-loop report that passed a list.
        let digest = CategorySignals.evaluate(Self.input(from: "editor@publisher.example", name: "The Weekly Digest", subject: "Weekly digest: issue 42",
                                                          headers: [("Sender", "owner-digest@publisher.example")]))
        #expect(digest.category != .forums)
        let report = CategorySignals.evaluate(Self.input(from: "scomp@isp.example", subject: "Email Feedback Report for IP 192.0.2.1",
                                                          headers: [("X-BeenThere", "abuse@lists.example.org")]))
        #expect(report.category == .updates)
        // Synced mail keeps the fields these signals read.
        let kept = CategorizationHeaders.pick([HeaderField(name: "Sender", value: "owner-x@example.org"), HeaderField(name: "X-BeenThere", value: "x@example.org"),
                                               HeaderField(name: "Received", value: "from a by b")]).map(\.name)
        #expect(kept == ["Sender", "X-BeenThere"])
    }

    @Test func aCompanyConfidentialityNoticeDoesNotMakeAPersonsMailBulk() {
        let mail = Self.input(from: "j.morales@firm.example", name: "Julia Morales", subject: "Contract draft",
                              text: "Hi, the draft is attached; can you check clause 4 by Friday? Julia. "
                                  + "This email is confidential. If you have received this email in error, please notify the sender and delete it.")
        let verdict = CategorySignals.evaluate(mail)
        #expect(verdict.category == .primary)
        // The same sentence in a newsletter's footer still counts.
        #expect(!BulkMailEvidence(Self.input(from: "a@b.example", subject: "x", text: "You have received this because you subscribed.")).boilerplate.isEmpty)
    }

    @Test func mailToNobodyInParticularThatSellsIsNotTakenForACorrespondent() {
        let offer = CategorySignals.evaluate(Self.input(from: "debbie@isp.example", name: "Debbie", subject: "Attention",
                                                         text: "Dear Homeowner, you have been pre-approved for a home loan at our lowest rate. This offer ends soon."))
        #expect(offer.category == nil && offer.lean == .promotions)
        // A person who writes "Dear Sir" without selling anything is still a person.
        let letter = CategorySignals.evaluate(Self.input(from: "igor@lab.example", name: "Igor S", subject: "Need help",
                                                          text: "Dear Sir, I have a problem with your parser and nested messages. Is this a bug?"))
        #expect(letter.category == .primary)
        // Someone writing to people they know is not mass mail, even about a sale.
        let friends = CategorySignals.evaluate(Self.input(from: "kim@example.org", name: "Kim", subject: "Bike",
                                                           text: "Hi friends, I am selling my old bike, price 100 euros, a special offer for you."))
        #expect(friends.lean != .promotions)
    }

    @Test func replyHandlingAddressesAndSubscriptionConfirmationsAreAutomated() {
        #expect(BulkMailEvidence.isMachineAddress("volunteer-reply") && BulkMailEvidence.isMachineAddress("reply+abc") && BulkMailEvidence.isMachineAddress("reply"))
        #expect(!BulkMailEvidence.isMachineAddress("replyn"))
        #expect(CategoryVocabulary.isTransactional(subject: "You're signed up for the Reich Report!"))
        #expect(CategoryVocabulary.isTransactional(subject: "Thanks for subscribing"))
    }

    @Test func transactionalAndSellingWordsAreKnownInTheLanguagesAfterEnglish() async {
        #expect(CategoryVocabulary.isTransactional(subject: "Ihre Rechnung für März") && CategoryVocabulary.isTransactional(subject: "Votre facture est disponible")
                && CategoryVocabulary.isTransactional(subject: "Confirmación de tu pedido") && CategoryVocabulary.isTransactional(subject: "Conferma prenotazione"))
        let decisions = await EmailCategorizer().categorize([
            Self.input(from: "service@versand.example", name: "Versand", subject: "Ihre Bestellung wurde versandt", headers: [("Precedence", "bulk")]),
            Self.input(from: "news@boutique.example", name: "Boutique", subject: "Soldes : -50 % sur toute la boutique, livraison offerte",
                       headers: [("List-Unsubscribe", "<https://esp.example/u>")]),
        ])
        #expect(decisions.map(\.category) == [.updates, .promotions])
        // A person called Davis is not a notice ("avis"), nor is being informed a report ("informe").
        #expect(CategoryVocabulary.score(subject: "Lunch with Davis", body: "I informed her.").updates == 0)
    }

    @Test func feedItemsDeliveredByMailAreUpdatesWhateverTheyAreAbout() async {
        let decisions = await EmailCategorizer().categorize([
            // The item's headline talks about buying; the feed still only informs.
            Self.input(from: "rssfeeds@example.org", subject: "Profiteers resell cheap drugs at the best price", text: "URL: http://news.example/1"),
            Self.input(from: "digest@blog.example", name: "Blog", subject: "New deals on Lego sets", headers: [("X-RSS-Feed", "https://blog.example/feed")]),
            // A shop's own newsletter is not a feed.
            Self.input(from: "news@shop.example", name: "Shop", subject: "New deals: 30% off Lego sets", headers: [("List-Unsubscribe", "<https://esp.example/u>")]),
        ])
        #expect(decisions.map(\.category) == [.updates, .updates, .promotions])
        #expect(CategoryVocabulary.isTransactional(subject: "Thanks for your purchase!") && CategoryVocabulary.isTransactional(subject: "Your trip with Ana"))
    }

    @Test func aCompanyDirectoryNameWithADepartmentIsStillAPerson() async {
        let decisions = await EmailCategorizer().categorize([
            Self.input(from: "jane.doe@corp.example", name: "Doe, Jane (Sales)", subject: "Can we meet Tuesday?", text: "Does 10am work for you?"),
            Self.input(from: "mark.lee@corp.example", name: "Mark Lee | Customer Success", subject: "Quick question", text: "Did the contract arrive?"),
        ])
        #expect(decisions.allSatisfy { $0.category == .primary && $0.source == .signals })
        // A team's name on a role address is still an organisation's.
        #expect(BulkMailEvidence.isOrganisationName("Acme Support (EMEA)", domain: "acme.example", local: "support"))
        #expect(BulkMailEvidence.isOrganisationName("The Motley Fool", domain: "motleyfool.example", local: "fool"))
    }

    @Test func aShopsNameWithItsDomainAndItsShipmentAddressAreAMachinesEvenWithoutBulkHeaders() async {
        // Mail stored before the signal headers were kept has none: the sender alone must tell.
        #expect(BulkMailEvidence.isOrganisationName("Amazon.com", domain: "amazon.example"))
        #expect(BulkMailEvidence.isMachineAddress("shipment-tracking"))
        let decision = await EmailCategorizer().categorize([
            Self.input(from: "shipment-tracking@amazon.example", name: "Amazon.com", subject: "Your Amazon.com order has shipped"),
        ])[0]
        #expect(decision.category == .updates)
    }

    @Test func aNoticeFromABareAddressLeansUpdatesAndAPersonsMailFromOneStillLeansPrimary() {
        let bulletin = CategorySignals.evaluate(Self.input(from: "meteo@regione.example", to: 2, subject: "Bollettino meteorologico del 29/11/2015"))
        #expect(bulletin.lean == .updates)
        let note = CategorySignals.evaluate(Self.input(from: "kim@example.org", to: 2, subject: "Saturday?", text: "Are you free on Saturday?"))
        #expect(note.lean == .primary)
    }
}
