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

extension PersonShapedBulkMailTests {
    /// A web address as the display name ("RegisterNewExtensions.net") is a site's or a brand's
    /// signature even from a free-mail address; a person's name carries no top-level domain.
    @Test func aWebAddressAsTheNameIsAnOrganisationsNotAPersons() {
        let site = Self.mail("regdomains@freemail.example", "RegisterNewExtensions.net", to: Self.friend, "New domain extensions",
                             "The new extensions are available for pre-registration on a first come, first serve basis.")
        #expect(BulkMailEvidence(site).organisationSender)
        #expect(CategorySignals.evaluate(site).category != .primary)
        #expect(BulkMailEvidence.isOrganisationName("Deals.Example.com", domain: "mail.example"))
        // People's names, initials and nicknames with dots are not web addresses.
        for name in ["J. R. Smith", "j.smith", "Mary-Ann O'Neil", "Dr. Jane Doe"] {
            #expect(!BulkMailEvidence.isOrganisationName(name, domain: "isp.example", local: "jsmith"), "\(name)")
        }
    }

    /// A first message of HTML alone (no plain-text part) is built by a template or a mass-mail
    /// program; people's mail programs send text, or text with an HTML alternative. It is left
    /// to the embeddings instead of being decided as a person's, and synced mail keeps the field.
    @Test func aFirstMessageOfHTMLAloneIsNotDecidedAsAPersonsMail() {
        func input(_ contentType: String) -> CategorizationInput {
            CategorizationInput(from: EmailAddress(name: "Deepa Rao", address: "deepa.rao@isp.example"), recipients: Self.friend,
                                subject: "Exhibition and conference in March",
                                text: "Our organisation runs the annual exhibition and conference for the telecom industry in March.",
                                headers: [HeaderField(name: "Content-Type", value: contentType)])
        }
        let template = input("text/html; charset=\"us-ascii\"")
        #expect(BulkMailEvidence(template).htmlOnly)
        let verdict = CategorySignals.evaluate(template)
        #expect(verdict.category != .primary && verdict.lean != .primary)
        #expect(verdict.reasons.contains { $0.contains("HTML only") })
        // The same message from a mail program: plain text, or text with an HTML alternative.
        for structure in ["text/plain; charset=utf-8", "multipart/alternative; boundary=\"b1\"", "multipart/mixed; boundary=\"b2\""] {
            #expect(!BulkMailEvidence(input(structure)).htmlOnly, "\(structure)")
            #expect(CategorySignals.evaluate(input(structure)).category == .primary, "\(structure)")
        }
        // A reply stays a conversation whatever its structure.
        var reply = template
        reply.subject = "Re: Exhibition and conference in March"
        reply.isReply = true
        #expect(CategorySignals.evaluate(reply).category == .primary)
        // Kept at sync only when it carries the signal.
        let kept = CategorizationHeaders.pick([HeaderField(name: "Content-Type", value: "text/html; charset=utf-8")]).map(\.name)
        #expect(kept == ["Content-Type"])
        #expect(CategorizationHeaders.pick([HeaderField(name: "Content-Type", value: "multipart/alternative; boundary=x")]).isEmpty)
    }

    /// A bulk-mail service that sends under a person's name still leaves its own domain in the
    /// bounce address (Return-Path) or as the DKIM signing domain (d=): mail sent through an ESP
    /// is not a person writing, whatever From says. A person's own provider signs it too, with
    /// its own domain, which says nothing.
    @Test func anESPsBounceAddressOrDKIMDomainIsABulkFingerprint() {
        func input(_ headers: [(String, String)]) -> CategorizationInput {
            CategorizationInput(from: EmailAddress(name: "Tom Baker", address: "tom@bakery.example"), recipients: Self.friend,
                                subject: "Our autumn menu", text: "Hi, our autumn menu is here: pumpkin bread, apple cake and more.",
                                headers: headers.map { HeaderField(name: $0.0, value: $0.1) })
        }
        let viaESPs = [
            [("Return-Path", "<0100018c2f3a-5e1b@us-west-2.amazonses.com>")],
            [("DKIM-Signature", "v=1; a=rsa-sha256; c=relaxed/relaxed; d=sendgrid.info; s=smtpapi; h=from:subject; bh=abc=; b=xyz=")],
            [("Return-Path", "<bounce-mc.us5_1234.5678-alex=home.example@mail112.suw13.mcdlv.net>")],
        ]
        for headers in viaESPs {
            #expect(BulkMailEvidence(input(headers)).espFingerprint != nil, "\(headers)")
            #expect(CategorySignals.evaluate(input(headers)).category != .primary, "\(headers)")
            // Synced mail keeps the field.
            #expect(CategorizationHeaders.pick(headers.map { HeaderField(name: $0.0, value: $0.1) }).count == 1, "\(headers)")
        }
        let own = [("Return-Path", "<tom@bakery.example>"),
                   ("DKIM-Signature", "v=1; a=rsa-sha256; d=bakery.example; s=google; h=from:to:subject; bh=abc=; b=xyz=")]
        #expect(BulkMailEvidence(input(own)).espFingerprint == nil)
        #expect(CategorySignals.evaluate(input(own)).category == .primary)
        #expect(CategorizationHeaders.pick(own.map { HeaderField(name: $0.0, value: $0.1) }).isEmpty)
    }

    /// A full date in the subject ("Headlines for 2026-11-25", "Bollettino del 25/11/2026") is
    /// how periodic issues and reports are titled: with a list's Precedence and tag such an issue
    /// is an announcement, not a discussion post. A person's dated subject stays theirs.
    @Test func aDatedIssueOnAListIsNotADiscussionPost() {
        let issue = CategorizationInput(from: EmailAddress(address: "pudge@site.example"), recipients: [EmailAddress(address: "headlines@site.example")],
                                        subject: "[site] Headlines for 2026-11-25",
                                        text: "Parser 2.1 released. A new module for parsing dates. Talks from the Berlin workshop.",
                                        headers: [HeaderField(name: "Precedence", value: "list")])
        #expect(CategoryVocabulary.hasFullDate(issue.subject))
        #expect(CategorySignals.evaluate(issue).category != .forums)
        for subject in ["Release 2.10.1", "Score 3-1 tonight", "Call at 10.30", "Version 1/2/3 of the plan"] {
            #expect(!CategoryVocabulary.hasFullDate(subject), "\(subject)")
        }
        for subject in ["Report 25.11.2026", "Bollettino del 29/11/2015", "Minutes 2026-11-25", "Sales report 11/25/2026"] {
            #expect(CategoryVocabulary.hasFullDate(subject), "\(subject)")
        }
        var reply = issue
        reply.subject = "Re: [hikers] Walk on 2026-11-28?"
        reply.isReply = true
        reply.from = EmailAddress(name: "Maria Lopez", address: "maria@home.example")
        #expect(CategorySignals.evaluate(reply).category == .forums)
        let minutes = CategorizationInput(from: EmailAddress(name: "Jane Doe", address: "jane@firm.example"), recipients: Self.friend,
                                          subject: "Minutes of 25.11.2026", text: "Hi Alex, here are the minutes; two actions for you.")
        #expect(CategorySignals.evaluate(minutes).category == .primary)
    }

    /// Mass mail forges a stranger's name over a generated mailbox ("Wilmer Capps"
    /// <fyouizjnp@…>); people's addresses echo their names, or are words and initials.
    @Test func aStrangersNameOnAGeneratedMailboxIsNotDecidedAsAPersonsMail() {
        let forged = Self.mail("fyouizjnp@isp.example", "Wilmer Capps", to: Self.friend, "Low or high blood pressure? We can help.",
                               "If you need a good pharmacy site, we are your answer. Thousands of happy customers.")
        #expect(CategorySignals.isGeneratedMailbox("fyouizjnp", name: "Wilmer Capps"))
        let verdict = CategorySignals.evaluate(forged)
        #expect(verdict.category != .primary && verdict.lean != .primary)
        // People's own mailboxes: their names, initials, words, numbers, dots.
        for (local, name) in [("hirschfeld", "Hans Hirschfeld"), ("mrkschmdt", "Mark Schmidt"), ("jane.doe", "Jane Doe"),
                              ("hydroplane", "Bob Stone"), ("jdsmith", "John Smith"), ("kim1984", "Kim Ng"), ("alexandra", "Alex Morgan"),
                              // A transliterated mailbox under a name in another script, and a name of short words.
                              ("shcherbakov", "Сергей Щербаков"), ("schwrtzl", "Li Wu")] {
            #expect(!CategorySignals.isGeneratedMailbox(local, name: name), "\(local) · \(name)")
        }
        let person = Self.mail("hirschfeld@isp.example", "Hans Hirschfeld", to: Self.friend, "Low or high blood pressure?",
                               "Alex, the doctor says mine is fine now. How is yours?")
        #expect(CategorySignals.evaluate(person).category == .primary)
    }
}

/// Session 13: a first message addressed, visibly, to fifty people or more was sent to a list of
/// addresses — a mass mailing's mark, weighed like the others (primary's score halved; with a
/// second mark primary is ruled out). A person's note to a dozen friends is untouched.
extension PersonShapedBulkMailTests {
    static func circular(to count: Int) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: "Rath Cairn", address: "rathcairn@isp.example"),
                            recipients: (0..<count).map { EmailAddress(address: "person\($0)@example.net") },
                            subject: "Fw: our new CD is out", text: "The band's new CD of dance tunes is out now, 12 tracks. Pass it on!")
    }

    @Test func aFirstMessageToFiftyVisibleRecipientsIsAMassMailing() {
        let mailing = CategorySignals.evaluate(Self.circular(to: 120))
        #expect(mailing.category == nil && mailing.lean != .primary && mailing.unlikely == .primary, "\(mailing.reasons)")
        let friends = CategorySignals.evaluate(Self.circular(to: 12))
        #expect(friends.lean == .primary && friends.unlikely == nil)
    }
}

/// Session 13: "Re:" in the subject of mail that answers nothing (no In-Reply-To, no References)
/// and that a mass-mail program built is a mailing dressed as a reply, not a conversation. A
/// real answer names the message it answers; an old mail program that sent "RE:" without doing
/// so still wrote plain text to a named person.
extension PersonShapedBulkMailTests {
    static func reply(_ subject: String, html: Bool, answers: Bool) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: "Juliet Pickett", address: "jpickett@isp.example"), recipients: Self.friend,
                            subject: subject, text: "Compare now online and save! Refinance at today's low rates.",
                            headers: html ? [HeaderField(name: "Content-Type", value: "text/html; charset=iso-8859-1")] : [],
                            isReply: answers)
    }

    @Test func aReplyThatAnswersNothingInAMassMailingsBuildIsNoConversation() {
        let dressed = CategorySignals.evaluate(Self.reply("Re: Saving money - this is the plan for you", html: true, answers: false))
        #expect(dressed.category != .primary, "\(dressed.reasons)")
        let answer = CategorySignals.evaluate(Self.reply("Re: Saving money", html: true, answers: true))
        #expect(answer.category == .primary)
        let oldMailProgram = CategorySignals.evaluate(Self.reply("RE: lunch on Friday", html: false, answers: false))
        #expect(oldMailProgram.category == .primary)
    }
}

/// Session 13: a first message whose X-Mailer is a programming library (Perl's MIME-tools, PHP's
/// mail(), PHPMailer, Microsoft CDO…) was built by a script, not typed by a person: not decided
/// as a person's mail, primary's score halved. Mail programs, web mail included, are untouched.
extension PersonShapedBulkMailTests {
    static func firstMessage(mailer: String) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: "Andrea Madison", address: "andrea.madison@isp.example"), recipients: Self.friend,
                            subject: "People wanted", text: "We are looking for people who wish to earn money from home. Reply for details.",
                            headers: [HeaderField(name: "X-Mailer", value: mailer)])
    }

    @Test func aFirstMessageAScriptBuiltIsNotDecidedAsAPersonsMail() {
        for mailer in ["MIME-tools 5.503 (Entity 5.501)", "PHP/7.4.3", "PHPMailer 6.8.0 (https://github.com/PHPMailer/PHPMailer)",
                       "Microsoft CDO for Windows 2000"] {
            let verdict = CategorySignals.evaluate(Self.firstMessage(mailer: mailer))
            #expect(verdict.category != .primary && verdict.unlikely == .primary, "\(mailer): \(verdict.reasons)")
        }
        for mailer in ["Microsoft Outlook Express 6.00.2600.0000", "Apple Mail (2.3731)", "SquirrelMail/1.4.22", "Mozilla Thunderbird", "Superlative Mail 2.0"] {
            #expect(CategorySignals.evaluate(Self.firstMessage(mailer: mailer)).category == .primary, "\(mailer)")
        }
    }
}

/// Session 13: mass mail under a person's name is selling. Notices and newsletters go out under
/// an organisation's or a publication's name (the bulk rules), scripts' reports from a bare
/// address (leaning updates); a named person's first message built by a mass-mail program (HTML
/// alone, nobody named in To, a forged name…) leans promotions, and with two such marks is
/// promotions.
extension PersonShapedBulkMailTests {
    @Test func massMailUnderAPersonsNameLeansPromotions() {
        let oneMark = CategorizationInput(from: EmailAddress(name: "Suzie White", address: "suzie.white@isp.example"),
                                          recipients: Self.friend, subject: "Computer file protection",
                                          text: "In today's world of hacking and snooping it is more important than ever to protect your files.",
                                          headers: [HeaderField(name: "Content-Type", value: "text/html; charset=us-ascii")])
        let one = CategorySignals.evaluate(oneMark)
        #expect(one.lean == .promotions && one.unlikely == .primary, "\(one.reasons)")
        var twoMarks = oneMark
        twoMarks.recipients = []
        let two = CategorySignals.evaluate(twoMarks)
        #expect(two.category == .promotions, "\(two.reasons)")
        // Without a mark, a person's first message still leans primary.
        var letter = oneMark
        letter.headers = []
        #expect(CategorySignals.evaluate(letter).category == .primary)
    }
}
