import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Adverts sent to bought or harvested addresses give themselves away in the subject ("ADV:", a
/// tag padded on with spaces) or in the footer (the list they bought, the law they cite, "reply
/// with remove"), whatever shape the rest has: a post to an open list, a person-shaped letter, a
/// text the centroids read as a notice (session 20; hand-written in the shapes such mail has).
@Suite struct UnsolicitedAdvertTests {
    /// A long letter whose advert footer sits far below the opening the categoriser reads.
    static func letter(_ opening: String, footer: String) -> (text: String, footer: String) {
        let body = opening + "\n\n" + String(repeating: "We have helped thousands of families like yours since 1998.\n", count: 30)
            + "\n----------------------------------------\n" + footer
        return (MailTextTrimmer.trim(body, maxCharacters: 1_000), CategorizationInput.footer(of: body))
    }

    static func input(from: String, name: String?, subject: String, body: (text: String, footer: String),
                      headers: [(String, String)] = [], reply: Bool = false) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: name, address: from), recipients: [EmailAddress(address: "you@example.org")],
                            subject: subject, text: body.text, headers: headers.map { HeaderField(name: $0.0, value: $0.1) },
                            listID: headers.first { $0.0 == "List-Id" }?.1, isReply: reply, footer: body.footer)
    }

    @Test func anAdvertThatSaysItBoughtTheAddressIsAPromotionWhateverItsShape() {
        let adverts = [
            // Person-shaped: one recipient, a free-mail address, no bulk headers.
            Self.input(from: "dana.w1983@freemail.example", name: "Dana Wells", subject: "Lower your payments",
                       body: Self.letter("Hi, I wanted to let you know rates have dropped again this month.",
                                         footer: "Your email address was obtained from a purchased list. To be removed from our mailing list reply with REMOVE.")),
            // Posted to an open discussion list.
            Self.input(from: "earn@homebiz.example", name: "Home Biz", subject: "[devlist] Earn from your kitchen table",
                       body: Self.letter("Hello, this is the opportunity you have been waiting for.",
                                         footer: "This message is sent in compliance of the new e-mail bill: Section 301. Per Section 301, Paragraph (a)(2)(C) of S. 1618, further transmissions can be stopped at no cost."),
                       headers: [("List-Id", "<devlist.example.org>"), ("List-Post", "<mailto:devlist@example.org>")]),
            // Bulk mail the centroids read as a notice.
            Self.input(from: "approvals@rates.example", name: nil, subject: "Your application status",
                       body: Self.letter("Your application has been reviewed.",
                                         footer: "This is a one-time mailing. This is not spam: you opted in on one of our partner sites."),
                       headers: [("Precedence", "bulk")]),
        ]
        CategorizationTests.expectSignals(decide: .promotions, adverts)
        // The footer is read although the opening the categoriser keeps stops long before it.
        #expect(!adverts[0].text.contains("purchased list") && adverts[0].footer.contains("purchased list"))
    }

    @Test func theSubjectsOwnMarksMakeAnAdvert() {
        #expect(UnsolicitedAdvert.subjectMark("ADV: Payment processing at a flat fee") != nil)
        #expect(UnsolicitedAdvert.subjectMark("Free trading cards Adv:") != nil)
        #expect(UnsolicitedAdvert.subjectMark("Rates have fallen again!          6486") != nil)
        #expect(UnsolicitedAdvert.subjectMark("Lowest rates available.                    gjannsxrwg") != nil)
        #expect(UnsolicitedAdvert.subjectMark("Rates hit a 35 year low 4.75% ...12304") != nil)
        #expect(UnsolicitedAdvert.subjectMark("New stock pick: up 309%....................") != nil)
        #expect(UnsolicitedAdvert.subjectMark("Keep it under wraps, this one works!         ") != nil)
        // A person's subjects, spaces and all, and words that only contain "adv".
        #expect(UnsolicitedAdvert.subjectMark("Advice on the thesis draft") == nil)
        #expect(UnsolicitedAdvert.subjectMark("Re: advanced: settings page") == nil)
        #expect(UnsolicitedAdvert.subjectMark("Minutes  of  the  meeting") == nil)
        #expect(UnsolicitedAdvert.subjectMark("Release 2.4 is out") == nil)
        #expect(UnsolicitedAdvert.subjectMark("Wait... 2003 is coming") == nil)
        #expect(UnsolicitedAdvert.subjectMark("Is this a bug...") == nil)
    }

    /// The staples of cold mass mail sell, though the centroids read their wording as a notice.
    @Test func coldPitchesOfMoneyAndHealthSell() {
        let pitches = [
            CategorizationTests.input(from: "offers4521@mailer.example", subject: "Rates have fallen again this week",
                                      text: "Homeowners can refinance at the lowest rate in decades. Apply online in minutes.", headers: [("Precedence", "bulk")]),
            CategorizationTests.input(from: "news@wallst-bulletin.example", subject: "Our new stock pick",
                                      text: "Our last stock pick rose 300%. Investor alert: this one reports on Monday.", headers: [("Precedence", "bulk")]),
        ]
        for input in pitches {
            let scores = CategoryVocabulary.score(subject: input.subject, body: input.text)
            #expect(scores.promotions > scores.updates, "\(input.subject): \(scores)")
        }
    }

    /// Spammers post to open lists: a first post built by a mass-mail program (HTML alone), shouting,
    /// or opening to whoever owns the address is an advert; a member's plain post with prices in it,
    /// and a group's HTML newsletter, are not.
    @Test func anAdvertPostedToAnOpenListIsAPromotion() {
        let list: [(String, String)] = [("List-Id", "<users.lists.example.org>"), ("List-Post", "<mailto:users@lists.example.org>")]
        CategorizationTests.expectSignals(decide: .promotions, [
            CategorizationTests.input(from: "lhjr55@freemail.example", name: "Wes Gee", subject: "[users] Do not drop your life insurance",
                                      text: "Dear users@lists.example.org\n\nLife settlement appraisers can turn your policy into cash now. Call today for a free quote.", headers: list),
            CategorizationTests.input(from: "promo88@freemail.example", subject: "[users] EARN EXTRA INCOME FROM HOME",
                                      text: "Join thousands who make money from their kitchen table. Free information pack.", headers: list),
            CategorizationTests.input(from: "kim.ink88@freemail.example", subject: "[users] Cheap ink cartridges, 70% off",
                                      text: "All brands of ink cartridges at 70% off. Free shipping on orders over $20. Order now.",
                                      headers: list + [("Content-Type", "text/html; charset=us-ascii")]),
        ])
        let posts = [
            CategorizationTests.input(from: "maria@university.example", name: "Maria Lopez", subject: "[users] Selling my old ThinkPad, $150",
                                      text: "Hi all, I'm selling my old ThinkPad T480 for $150, works fine, charger included. Mail me if interested.", headers: list),
            CategorizationTests.input(from: "news@lists.example.org", name: "Users Group", subject: "[users] November newsletter",
                                      text: "In this issue: the new release, an interview with the maintainers, and the meetup report. Read more on the blog.",
                                      headers: list + [("Content-Type", "text/html; charset=utf-8")]),
        ]
        for input in posts {
            #expect(CategorySignals.evaluate(input).category != .promotions, "\(input.subject): \(CategorySignals.evaluate(input).reasons)")
        }
    }

    /// A stranger's first message whose subject sells in words is not leaned on as a person's; a
    /// friend's subject with a price in it still is.
    @Test func aStrangersSellingSubjectDoesNotLeanPrimary() {
        let pitch = CategorizationTests.input(from: "yourhealth@freemail.example", name: "Health Plans", subject: "FREE Health Insurance Quotes",
                                              text: "Compare plans from the top carriers and save. It takes two minutes.")
        let friend = CategorizationTests.input(from: "sam.lee@freemail.example", name: "Sam Lee", subject: "Tickets for Saturday, $40 each",
                                               text: "I got four tickets for the match on Saturday. Want two? We could grab food before.")
        #expect(CategorySignals.evaluate(pitch).category != .primary && CategorySignals.evaluate(pitch).lean == .promotions,
                "\(CategorySignals.evaluate(pitch).reasons)")
        let verdict = CategorySignals.evaluate(friend)
        #expect((verdict.category ?? verdict.lean) == .primary, "\(verdict.reasons)")
    }

    /// Subscribed mail says "unsubscribe"; a list discussion may quote or answer an advert; a
    /// sender the user writes to is a correspondent.
    @Test func subscribedMailAndDiscussionsOfAdvertsAreNotAdverts() {
        let newsletter = Self.input(from: "alerts@rights.example", name: "Rights Alert", subject: "Alert 15.35: urge your representative",
                                    body: Self.letter("The bill comes to a vote on Thursday.",
                                                      footer: "To unsubscribe send a message with \"remove\" in the subject to alerts@rights.example."),
                                    headers: [("Precedence", "bulk")])
        #expect(CategorySignals.evaluate(newsletter).category != .promotions, "\(CategorySignals.evaluate(newsletter).reasons)")

        let listReply = Self.input(from: "kim@university.example", name: "Kim Ortega", subject: "Re: [devlist] FREE trading cards Adv:",
                                   body: Self.letter("Could the moderators block this sender? It claims 'this is not spam'.",
                                                     footer: "It said: to be removed from our list reply with remove. Nobody here asked for it."),
                                   headers: [("List-Id", "<devlist.example.org>"), ("List-Post", "<mailto:devlist@example.org>")], reply: true)
        #expect(CategorySignals.evaluate(listReply).category == .forums, "\(CategorySignals.evaluate(listReply).reasons)")

        var friend = Self.input(from: "sam@example.net", name: "Sam Lee", subject: "Look what I got",
                                body: Self.letter("Ha, look at this one, they bought my address too.",
                                                  footer: "Your email address was obtained from a purchased list."))
        friend.senderHistory = SenderHistory(messagesWrittenTo: 4)
        #expect(CategorySignals.evaluate(friend).category == .primary, "\(CategorySignals.evaluate(friend).reasons)")
    }
}
