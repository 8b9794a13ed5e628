import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Mail sent to many that wears a person's shape — a name in From, no list or bulk-mail
/// service header — and what still gives it away (issue 15, session 11: primary precision was
/// 0.56 on the held-out rows because such mail was decided as a correspondent's). Hand-written,
/// generic; each case also checks that a person's own mail of the same shape stays primary.
@Suite struct PersonShapedBulkMailTests {
    static func mail(_ from: String, _ name: String?, to recipients: [EmailAddress], _ subject: String, _ text: String) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: name, address: from), recipients: recipients, subject: subject, text: text)
    }

    static let friend = [EmailAddress(name: "Alex Morgan", address: "alex@home.example")]

    /// Mass-mail programs write a placeholder where the recipients would be ("To: Undisclosed-
    /// Recipient", "Recipient list suppressed"): nobody is named, as with an empty To.
    @Test func aCircularToAPlaceholderRecipientIsNotDecidedAsAPersonsMail() {
        let text = "It's time again for the garden notes. This month: pruning roses, the frost, and a reader's question about tomatoes."
        for placeholder in [EmailAddress(address: "Undisclosed-Recipient"), EmailAddress(address: "undisclosed-recipients:;"),
                            EmailAddress(name: "Recipient list suppressed", address: "noone@isp.example")] {
            let circular = Self.mail("hugh@isp.example", "Hugh Tierney", to: [placeholder], "Garden notes for November", text)
            #expect(BulkMailEvidence(circular).undisclosedRecipients, "\(placeholder)")
            #expect(CategorySignals.evaluate(circular).category != .primary, "\(placeholder)")
        }
        let letter = Self.mail("hugh@isp.example", "Hugh Tierney", to: Self.friend, "Garden notes for November", text)
        #expect(!BulkMailEvidence(letter).undisclosedRecipients)
        #expect(CategorySignals.evaluate(letter).category == .primary)
    }
}
