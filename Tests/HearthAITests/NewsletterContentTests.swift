import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Editorial newsletters (updates) and shops' mailings (promotions) come from the same bulk-mail
/// services with the same footers and often neutral subjects; the text's build tells them apart
/// (docs/ai.md, "Newsletters: editorial or selling"). Hand-written mail, not from any corpus.
@Suite struct NewsletterContentTests {
    static let bulkHeaders: [(String, String)] = [("List-Unsubscribe", "<https://news.example.com/u/abc>"), ("Precedence", "bulk")]

    static func newsletter(from: String, name: String, subject: String, text: String) -> CategorizationInput {
        CategorizationTests.input(from: from, name: name, subject: subject, text: text, headers: bulkHeaders)
    }

    @Test func aPublicationsIssueIsUpdatesEvenWhenItsStoryIsAboutAProduct() {
        let issue = Self.newsletter(from: "newsletter@gadgetweekly.example", name: "Gadget Weekly",
                                    subject: "The camera that fits in a pocket", text: """
            Gadget Weekly, 12 June. In this issue: the pocket camera, a quieter laptop, your letters.
            By Maria Lopez, senior editor. Dear readers, this week we tested the new pocket camera for
            a fortnight of street photography. It is fast, and at $499 it is not cheap. Read the full story.
            Also: why laptops got quieter (analysis), and an interview with a lens designer. Read more.
            """)
        let verdict = CategorySignals.evaluate(issue)
        #expect(verdict.category == .updates)
        #expect(verdict.reasons.contains("reads as a publication's issue"))
    }

    @Test func aShopsMailingWithANeutralSubjectIsPromotions() {
        let mailing = Self.newsletter(from: "hello@outdoorshop.example", name: "Outdoor Shop",
                                      subject: "Summer is here", text: """
            New arrivals for long days outside. Trail shoes $89.99, rain jackets from $59, tents €149.
            Free shipping over $50. Use promo code SUMMER at checkout. Shop now.
            """)
        let verdict = CategorySignals.evaluate(mailing)
        #expect(verdict.category == .promotions)
        #expect(verdict.reasons.contains("reads as a shop's mailing"))
    }

    /// A receipt lists prices and a coupon for next time, like a shop's mailing, but accounts
    /// for a payment: updates, even when its subject names no order or receipt.
    @Test func aReceiptWithPricesAndACouponIsNotAShopsMailing() {
        let ride = Self.newsletter(from: "noreply@rides.example", name: "Rides", subject: "Your Thursday evening ride", text: """
            Thanks for riding, Alex. Subtotal $12.40, service fee $1.60, total $14.00 charged to the card ending 1234.
            Get $5 off your next ride with promo code RIDE5. Free trial of Rides Pass: save on every ride.
            """)
        let verdict = CategorySignals.evaluate(ride)
        #expect(verdict.category != .promotions)
        #expect((verdict.category ?? verdict.lean) == .updates)
    }

    /// "Dear Sir/Madam" and a call to act, from a person's name: a solicitation, not a correspondent.
    @Test func aSolicitationToNobodyInParticularWithACallToActIsNotAPersonsMail() {
        let solicitation = CategorizationTests.input(from: "raj@fairs.example", name: "Raj Kumar", subject: "Trade fair 2027",
                                                     text: "Dear Sir/Madam, our company organises the annual trade fair in March. Reserve your stand early: call us for a quote.")
        let verdict = CategorySignals.evaluate(solicitation)
        #expect(verdict.category != .primary)
        #expect(verdict.lean == .promotions)
    }

    @Test func anEssayNewsletterWithOneSponsorLineStillReadsEditorial() {
        let reading = NewsletterContent.read("""
            Notes from the garden, issue 41. Written by Sam Reed. This week's essay is about patience and
            tomatoes; the article on compost is online. Read more on the site. Today's sponsor: a seed shop.
            """)
        #expect(reading.isEditorial)
        #expect(!reading.isCommercial)
    }

    @Test func wordsInsideOtherWordsAreNotSellingMarkers() {
        // "wholesale" and "saved" must not count as "sale" and "save"; a price does.
        let reading = NewsletterContent.read("The wholesale market report: farmers saved water this year.")
        #expect(reading.commerce == 0)
        #expect(NewsletterContent.read("Now $20.").commerce == 1)
    }
}

/// A discussion list's digest bundles the list's posts: forums, not a newsletter (session 9).
@Suite struct ListDigestTests {
    @Test func aMailingListsDigestIsForumsAndANewsletterCalledDigestIsNot() {
        let digest = CategorizationTests.input(from: "hikers-request@lists.example.org", name: nil, subject: "hikers Digest, Vol 12, Issue 3",
                                               text: """
            Send hikers mailing list submissions to hikers@lists.example.org. Today's Topics: 1. Re: Saturday route (Kim Lee)
            2. Boots for winter (Ann Ray) ---------- Message: 1 Date: Tue, 2 Dec 2026 From: Kim Lee <kim@example.org>
            Subject: Re: Saturday route > Shall we start at 8? Yes, 8 at the car park.
            """, headers: [("Precedence", "bulk"), ("List-Id", "<hikers.lists.example.org>")])
        let verdict = CategorySignals.evaluate(digest)
        #expect(verdict.category == .forums)
        #expect(verdict.reasons.contains("a mailing list's digest of posts"))
        // The trimmer stops at a digest's dashed separator: often only the contents are left.
        let contentsOnly = CategorizationTests.input(from: "ecartis@lists.example.org", name: "Example Mailing List Manager",
                                                     subject: "firewalls Digest V1 #33",
                                                     text: "firewalls Digest Thu, 25 Jul Volume: 01 Issue: 033 In This Issue: Re: QoS DNAT question",
                                                     headers: [("Precedence", "bulk")])
        #expect(CategorySignals.evaluate(contentsOnly).category == .forums)
        let newsletter = CategorizationTests.input(from: "news@outdoors.example", name: "Outdoors Weekly", subject: "Your weekly digest",
                                                   text: "In this issue: five winter routes, boots reviewed. Read more: outdoors.example/w. Gear is here: outdoors.example/g",
                                                   headers: NewsletterContentTests.bulkHeaders)
        #expect(CategorySignals.evaluate(newsletter).category != .forums)
    }
}
