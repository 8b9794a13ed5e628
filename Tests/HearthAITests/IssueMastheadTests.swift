import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// A periodical sent through a list: numbered and dated at the top, delivered by list software
/// or addressed to a list, and still a publication, not a discussion post or a letter (session
/// 13; hand-written in the shapes LISTSERV announcement lists and editors' newsletters have).
@Suite struct IssueMastheadTests {
    static func mail(_ from: EmailAddress, to: String, _ subject: String, _ text: String, headers: [(String, String)] = [],
                     reply: Bool = false) -> CategorizationInput {
        CategorizationInput(from: from, recipients: [EmailAddress(address: to)], subject: subject, text: text,
                            headers: headers.map { HeaderField(name: $0.0, value: $0.1) }, isReply: reply)
    }

    @Test func aNewsletterIssueSentThroughAnAnnouncementListIsNeitherADiscussionNorALetter() {
        let issues = [
            // The editor's own address in From; LISTSERV's in Sender; the list in To.
            Self.mail(EmailAddress(name: "Ann Gray", address: "ann@gardennotes.example"), to: "GARDENNOTES@LISTSERV.EXAMPLE.ORG",
                      "Garden Notes -- 05 Jun 27",
                      "GARDEN NOTES ISSUE 112 Saturday 5 June 2027\n\nThis week: dividing hostas, and a reader asks about slugs.",
                      headers: [("Sender", "Garden Notes <gardennotes@LISTSERV.EXAMPLE.ORG>")]),
            // No list software's field at all, only the list's address.
            Self.mail(EmailAddress(name: "Tom Reed", address: "tom@birdnews.example"), to: "birdnews-announce@lists.example.org",
                      "Bird News", "Bird News Vol. 3, No. 12, June 2027\n\nSightings this month: two ospreys at the lake."),
        ]
        for input in issues {
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category != .forums && verdict.category != .primary && !verdict.candidates.contains(.primary),
                    "\(input.subject): \(verdict.reasons)")
        }
    }

    /// A bug's number is no masthead, and a reply about an issue is a discussion.
    @Test func aPostAboutAnIssueOrAReplyIsStillADiscussion() {
        let person = EmailAddress(name: "Kim Lee", address: "kim@home.example")
        let post = Self.mail(person, to: "dev@lists.example.org", "Crash on ARM",
                             "Issue 4521 crashes on ARM since the last release, has anyone seen it?")
        #expect(CategorySignals.evaluate(post).category == .forums)
        let reply = Self.mail(person, to: "words@lists.example.org", "Re: World Wide Words -- 03 Aug 02",
                              "Issue 301 of 3 August 2002 had a typo in the second piece.", reply: true)
        #expect(CategorySignals.evaluate(reply).category == .forums)
        #expect(IssueMasthead.opens("EFFector Vol. 15, No. 35 November 8, 2002 A Publication of the EFF"))
        #expect(IssueMasthead.opens("Palm OS Edition Issue #35, November 2002"))
        #expect(!IssueMasthead.opens("Issue 4521 crashes on ARM since the last release"))
        // A month-like word is no date: "may", "march" in a bug report.
        #expect(!IssueMasthead.opens("Issue 4521 may crash on ARM since the last release"))
        #expect(!IssueMasthead.opens("Issue 12 may crash on ARM too"))
        #expect(IssueMasthead.opens("Weekly Digest issue 12, 3 June"))
        #expect(IssueMasthead.opens("Weekly Digest issue 12, May 3"))
        #expect(!IssueMasthead.opens("Hi all, the June meeting is on the 14th."))
    }
}
