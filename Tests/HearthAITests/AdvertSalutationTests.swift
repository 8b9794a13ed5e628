import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Mail opening to whoever owns the address ("Dear Sir/Madam", "Dear Computer User",
/// "Attention: Domain Registrant") is an advert; a notice to a customer or a member is not
/// (session 13; hand-written, in the shapes such mail has).
@Suite struct AdvertSalutationTests {
    static func bulk(_ from: String, _ name: String?, _ subject: String, _ text: String) -> CategorizationInput {
        CategorizationTests.input(from: from, name: name, subject: subject, text: text, headers: [("Precedence", "bulk")])
    }

    @Test func bulkMailToAnAddressesOwnerIsAnAdvertEvenWithoutShopWording() {
        let adverts = [
            Self.bulk("register@names-direct.example", "Names Direct", "New web addresses released",
                      "Attention: Domain Registrant\n\nThe new top-level names have been approved and will be released soon. Pre-registration is open at our site."),
            Self.bulk("mail4521@cleaner.example", "Allison", "Your browsing history",
                      "Dear Computer User, your browsing history can be read by your employer and your family. Our program wipes it in one click."),
            Self.bulk("events@expo-centre.example", "Expo Centre", "International Packaging Expo 2027",
                      "Dear Sir/Madam,\n\nthe International Packaging Expo returns in March with 400 exhibitors from 30 countries. Stands are being allocated now."),
        ]
        for input in adverts {
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category == .promotions, "\(input.subject): \(verdict.reasons)")
        }
    }

    /// Customers, members and named people are someone's: those notices inform.
    @Test func aNoticeToACustomerOrAMemberIsNotAnAdvert() {
        let notices = [
            Self.bulk("service@bank.example", "Example Bank", "Planned maintenance on Sunday",
                      "Dear Customer, online banking will be unavailable on Sunday from 2 to 4 am while we upgrade our systems."),
            Self.bulk("secretary@rowing-club.example", "Riverside Rowing Club", "Annual general meeting",
                      "Dear Member, the annual general meeting is on 12 March at the boathouse. The agenda is attached."),
            Self.bulk("news@publisher.example", "The Weekly Review", "This week's issue",
                      "Dear Anna, in this issue: three essays on city planning and an interview with an architect."),
        ]
        for input in notices {
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category != .promotions && verdict.lean != .promotions, "\(input.subject): \(verdict.reasons)")
        }
        #expect(!AdvertSalutation.opens("Hi friends, I am selling my old bike."))
        #expect(!AdvertSalutation.opens("Dear Dr. Novak, thank you for your paper."))
        #expect(!AdvertSalutation.opens("ATTENTION: our offices are closed on Monday for the holiday."))
        #expect(AdvertSalutation.opens("Attention: Internet Domain Registrant. The new names are out."))
    }

    /// A person-shaped first message with a mass-mail program's mark (HTML alone) that opens to
    /// "Sir/Madam" leans promotions; the same opening in a person's plain letter stays primary.
    @Test func aPersonShapedMailingToSirOrMadamLeansPromotions() {
        let mailing = CategorizationInput(from: EmailAddress(name: "Deepak Rao", address: "deepak@expo-india.example"),
                                          recipients: [EmailAddress(address: "info@company.example")], subject: "Convergence exhibition 2027",
                                          text: "Dear Sir/Madam, I got your address from your website. Our organisation runs the annual trade fair in New Delhi.",
                                          headers: [HeaderField(name: "Content-Type", value: "text/html; charset=utf-8")])
        let verdict = CategorySignals.evaluate(mailing)
        #expect(verdict.category == nil && verdict.lean == .promotions, "\(verdict.reasons)")
        let letter = CategorySignals.evaluate(CategorizationTests.input(from: "igor@lab.example", name: "Igor S", subject: "Need help",
                                                                         text: "Dear Sir, I have a problem with your parser and nested messages. Is this a bug?"))
        #expect(letter.category == .primary)
    }
}
