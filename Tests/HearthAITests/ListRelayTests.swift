import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Posts that list and forum software relay under their own address with the author's name
/// ("Jane Doe via …"), in the shapes groups.io, Discourse, Google Groups and Mailman send them
/// (session 13; written for this test, not copied from any corpus, where no such mail exists).
@Suite struct ListRelayTests {
    static func post(_ from: String, _ name: String, _ subject: String, _ text: String, _ headers: [(String, String)],
                     reply: Bool = false) -> CategorizationInput {
        CategorizationTests.input(from: from, name: name, subject: subject, text: text, headers: headers, reply: reply)
    }

    /// The marks a forum's or a group's mail carries today, one-click unsubscribe included.
    static let forumHeaders: [(String, String)] = [
        ("List-ID", "Example Forum | Help <help.forum.example.org>"), ("List-Archive", "<https://forum.example.org/t/build-fails/123>"),
        ("Precedence", "list"), ("List-Unsubscribe", "<https://forum.example.org/email/unsubscribe/4f2a>"),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
    ]

    @Test func aPersonsPostRelayedByAGroupOrAForumIsForums() {
        let posts = [
            // groups.io rewrites the author's address into a token of its own.
            Self.post("jane=example.com@groups.io", "Jane Doe via groups.io", "Battery choice for the repeater",
                      "We've been running the hilltop repeater on two 100Ah batteries. Has anyone tried LiFePO4 in the cold?",
                      [("List-Id", "<main.hamradio.groups.io>"), ("List-Post", "<mailto:main@hamradio.groups.io>"), ("Precedence", "list"),
                       ("List-Unsubscribe", "<https://groups.io/g/hamradio/unsub>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")]),
            // A forum mails a new topic from its notification address (no List-Post: reply by email is off).
            Self.post("notifications@forum.example.org", "Jane Doe via Example Forum", "[Example Forum] [Help] Build fails on ARM",
                      "Jane Doe\nJune 3\nI tried the nightly build on my Raspberry Pi and it fails at the linking step.\n\nVisit Topic to respond.",
                      Self.forumHeaders),
            // The same forum's reply, answerable by email.
            Self.post("notifications@forum.example.org", "Ben Lee via Example Forum", "[Example Forum] [Help] Build fails on ARM",
                      "Ben Lee\nJune 3\nSame here on a Pi 4. Setting LDFLAGS fixed it for me.\n\nReply to this email to respond.",
                      Self.forumHeaders + [("List-Post", "<mailto:replies+8c1d@forum.example.org>")], reply: true),
            // Google Groups under DMARC: the group's address, the author in quotes; a club's name is the group's, not the author's.
            Self.post("hiking-club@googlegroups.com", "'Ana Silva' via Hiking Club", "Saturday's route",
                      "Hi all, the bridge on the north trail is closed, so we'll start from the car park instead.",
                      [("List-Id", "<hiking-club.googlegroups.com>"), ("Precedence", "list"),
                       ("List-Unsubscribe", "<mailto:googlegroups-manage+1+unsubscribe@googlegroups.com>")]),
        ]
        for input in posts {
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category == .forums, "\(input.from?.name ?? "") · \(input.subject): \(verdict.reasons)")
        }
    }

    /// "via" alone is no list: a signing service's or a shop's mail stays a service's, a work
    /// tool's notification on a list an update, and an organisation relayed is not a person.
    @Test func viaWithoutAListOrWithoutAPersonIsNotAPost() {
        let signing = Self.post("dse@eumail.docusign.net", "Jane Doe via DocuSign", "Please DocuSign: Lease agreement 2026",
                                "Jane Doe sent you a document to review and sign.", [("Feedback-ID", "1:docusign")])
        #expect(CategorySignals.evaluate(signing).category != .forums)
        let newsletter = Self.post("news@list.shop.example", "Acme Store via Mailer", "Weekly deals: 30% off boots",
                                   "Shop our boots sale. Free shipping.", [("List-Id", "<deals.shop.example>"), ("Precedence", "list")])
        #expect(CategorySignals.evaluate(newsletter).category != .forums)
        let tracker = Self.post("notifications@forum.example.org", "Jane Doe via Example Forum", "[Example Forum] svn commit: r1234 - trunk/src",
                                "Modified: trunk/src/main.c", Self.forumHeaders)
        #expect(CategorySignals.evaluate(tracker).category == .updates)
        #expect(ListRelay.author(of: "'Jane Doe' via Rust Users") == "Jane Doe")
        #expect(ListRelay.author(of: "Customer Support via Zendesk") == nil)
        #expect(ListRelay.author(of: "Jane Doe") == nil)
    }
}
