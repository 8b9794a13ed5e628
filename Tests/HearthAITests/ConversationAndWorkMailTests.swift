import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Session 10 (issue 15): signals of a 2020s inbox that 2002 mail does not show. Every message
/// here is hand-written in the shape such mail has (headers included), not copied from anywhere.
@Suite struct ConversationAndWorkMailTests {
    static func mail(_ from: String, _ name: String?, _ subject: String, _ text: String = "", to: Int = 1,
                     headers: [(String, String)] = [], reply: Bool = false, answersUser: Bool = false) -> CategorizationInput {
        var input = CategorizationTests.input(from: from, name: name, to: to, subject: subject, text: text, headers: headers, reply: reply)
        input.answersUser = answersUser
        return input
    }

    static func decided(_ input: CategorizationInput) -> AICategory? { CategorySignals.evaluate(input).category }

    /// Rule for support tickets: a helpdesk's answer to a message the user wrote is a
    /// conversation the user started (primary), whoever types it; the helpdesk's own mail about
    /// a ticket — received, status changed, solved, a reply to a ticket opened on a web form with
    /// nothing of the user's in the thread — is an update.
    @Test func aHelpdeskAnsweringTheUsersOwnMessageIsPrimaryAndItsTicketMailIsAnUpdate() {
        let answer = Self.mail("support@acme.example", "Maria (Acme Support)", "Re: [Request #48213] Laptop won't charge",
                               "Hi Alex, thanks for the photos. Could you try the other charger and tell me if the light comes on? Maria",
                               reply: true, answersUser: true)
        #expect(Self.decided(answer) == .primary)
        #expect(CategorySignals.evaluate(answer).reasons.contains("answers a message you sent"))
        var formTicket = answer
        formTicket.answersUser = false
        #expect(Self.decided(formTicket) == .updates)
        let solved = Self.mail("support@acme.zendesk.example", "Acme Help Center", "Ticket 48213 has been updated",
                               "Your request has been marked as solved. Reply to this email to reopen it.")
        #expect(Self.decided(solved) == .updates)
        let caseNotice = Self.mail("cases@insurer.example", "Insurer", "[#48213] We have your documents", "Thank you, we will review them.")
        #expect(Self.decided(caseNotice) == .updates)
    }

    @Test func anAnswerToTheUsersMessageIsPrimaryWhateverTheAddressOrFooterUnlessItIsAutomatic() {
        // A freelancer answering from hello@ with the company's footer (unsubscribe link, privacy policy).
        let freelancer = Self.mail("hello@janedoe.example", "Jane Doe Studio", "Re: Logo for the bakery",
                                   "Hi Alex, here are two drafts. Privacy policy · Unsubscribe from our newsletter",
                                   reply: true, answersUser: true)
        #expect(Self.decided(freelancer) == .primary)
        // Without the user's message in the thread the same mail is not decided as a person's.
        var stranger = freelancer
        stranger.answersUser = false
        #expect(Self.decided(stranger) != .primary)
        // Out-of-office answers name the user's message too.
        let away = Self.mail("ann@partner.example", "Ann Lee", "Automatic reply: Logo for the bakery", "I am away until Monday.",
                             headers: [("Auto-Submitted", "auto-replied")], reply: true, answersUser: true)
        #expect(Self.decided(away) == .updates)
        let awayNoHeader = Self.mail("ann@partner.example", "Ann Lee", "Out of office: Logo for the bakery", "I am away until Monday.",
                                     reply: true, answersUser: true)
        #expect(!CategorySignals.evaluate(awayNoHeader).reasons.contains("answers a message you sent"))
        let noReply = Self.mail("no-reply@shop.example", "Shop", "Re: Where is my parcel?", "Your parcel is on its way.",
                                reply: true, answersUser: true)
        #expect(Self.decided(noReply) != .primary)
        // A reply on a discussion list to the user's post stays a list post.
        let listReply = Self.mail("bob@example.net", "Bob", "Re: [hikers] Sunday route", "Count me in.",
                                  headers: [("List-Id", "<hikers.lists.example>"), ("List-Post", "<mailto:hikers@lists.example>")],
                                  reply: true, answersUser: true)
        #expect(Self.decided(listReply) == .forums)
    }

    @Test func sharedDocumentsCommentsAndInvitationsOfWorkToolsAreUpdatesNotSocial() {
        let shared = Self.mail("drive-shares-dm-noreply@google.example", "Jane Doe (via Google Docs)",
                               "Document shared with you: \"Q3 plan\"", "Jane Doe has invited you to edit the following document: Q3 plan. Open")
        #expect(Self.decided(shared) == .updates)
        let mention = Self.mail("comments-noreply@docs.google.com", "Jane Doe (Google Docs)",
                                "Q3 plan - Jane Doe mentioned you in a comment", "Jane Doe mentioned you in a comment in Q3 plan: \"@Alex can you check?\"")
        #expect(Self.decided(mention) == .updates)
        let folder = Self.mail("no-reply@dropboxmail.com", "Dropbox", "Jane Doe shared \"Holiday 2026\" with you", "Jane Doe shared a folder with you.")
        #expect(Self.decided(folder) == .updates)
        let design = Self.mail("notifications@design.example", "Jane Doe (via Figma)", "Jane Doe invited you to edit \"Onboarding flow\"",
                               "Jane Doe invited you to edit a file.")
        #expect(Self.decided(design) == .updates)
        let page = Self.mail("notify@mail.notes.example", "Jane Doe (Notes)", "Jane Doe added you to Launch checklist", "Open the page.")
        #expect(Self.decided(page) == .updates)
    }

    @Test func signInCodesAndSecurityNoticesAreUpdates() {
        let code = Self.mail("acme@acme.example", "Acme", "Your Acme code is 482913", "Enter this code to sign in. It expires in 10 minutes.")
        #expect(Self.decided(code) == .updates)
        let wasItYou = Self.mail("no-reply@accounts.streaming.example", "Streaming", "Was this you?", "We noticed a sign-in from a new place.")
        #expect(Self.decided(wasItYou) == .updates)
        let link = Self.mail("hello@notes.example", "Notes", "Your magic link for Notes", "Click to sign in. If you did not ask for it, ignore this email.")
        #expect(Self.decided(link) == .updates)
        // A number and the word "code" in a person's mail is not a sign-in code.
        let person = Self.mail("sam.k@example.net", "Sam K", "Door code for Saturday is 4821", "See you there, Sam")
        #expect(Self.decided(person) == .primary)
    }

    @Test func aBookingSystemsCalendarInvitationIsAnUpdateAndAPersonsIsPrimary() {
        let salon = Self.mail("no-reply@appointments.example", "Hair Studio", "Invitation: Haircut with Sam @ Fri 5 Dec 2026 10am - 10:45am",
                              "You have been invited to the following event. Haircut with Sam.")
        #expect(Self.decided(salon) == .updates)
        let cancelled = Self.mail("calendar@clinic.example", "Clinic", "Canceled event: Check-up @ Mon 8 Dec 2026", "This event has been canceled.")
        #expect(Self.decided(cancelled) == .updates)
        let colleague = Self.mail("jane.doe@consulting.example", "Jane Doe", "Updated invitation: Project sync @ Tue 2 Dec 2026 10am - 11am (CET)",
                                  "Jane Doe has updated the invitation. Join with a video link.",
                                  headers: [("Sender", "Calendar <calendar-notification@calendar.example.com>")])
        #expect(Self.decided(colleague) == .primary)
    }

    @Test func aPersonsMessageTypedInAMailAppIsPrimaryWhateverItsSubject() {
        let site = Self.mail("jane.doe1@gmail.com", "Jane Doe", "Daily update from the site: week 3",
                             "Hi Alex, the roof is on, the windows come Monday. Photos: https://photos.example/a https://photos.example/b\n\nSent from my iPhone")
        #expect(Self.decided(site) == .primary)
        let outlook = Self.mail("p.m@example.org", "Pat Morgan", "Monthly report for the choir", "Attached, see you Thursday.\n\nGet Outlook for Android")
        #expect(Self.decided(outlook) == .primary)
        // A newsletter quoting a phone signature is still a newsletter; a sales pitch to nobody in particular is no correspondent.
        let newsletter = Self.mail("news@paper.example", "The Paper", "Daily update", "Headlines… Sent from my iPhone? Read our app review.",
                                   headers: ModernMailShapesTests.esp)
        #expect(Self.decided(newsletter) != .primary)
        let pitch = Self.mail("sales.rep@example.biz", "Tom Rep", "Quick question", "Dear business owner, we can cut your costs by 30%. Call us.\nSent from my iPhone")
        #expect(Self.decided(pitch) != .primary)
    }

    @Test func aBareAddressAtAConsumerMailboxIsAPersonsNotAScripts() {
        let person = Self.mail("jdoe.k@gmail.com", nil, "Monthly report from the allotment", "Hi all, the beans are in. J")
        #expect(CategorySignals.evaluate(person).lean == .primary)
        let script = Self.mail("metrics@reports.example", nil, "Monthly report from the allotment", "Rows: 14. Errors: 0.")
        let verdict = CategorySignals.evaluate(script)
        #expect((verdict.category ?? verdict.lean) == .updates, "a periodic report's subject decides it since session 25")
    }

    /// Exchange writes X-Auto-Response-Suppress on people's mail too (it asks other servers not to
    /// answer with out-of-office replies), so it is deliberately no sign of automation.
    @Test func xAutoResponseSuppressIsNoSignOfAutomation() {
        let colleague = Self.mail("jane.doe@company.example", "Jane Doe", "Budget figures", "Hi Alex, the figures are in the sheet. Jane",
                                  headers: [("X-Auto-Response-Suppress", "All")])
        #expect(Self.decided(colleague) == .primary)
    }

    @Test func noReplyAddressesSpeltWithDotsAndESPSendingDomainsAreMachines() {
        #expect(BulkMailEvidence.isMachineAddress("no.reply"))
        #expect(BulkMailEvidence.isMachineAddress("do.not.reply.alerts"))
        #expect(!BulkMailEvidence.isMachineAddress("noreen.plyer"))
        // A maker's newsletter signed with her name, sent through an ESP that left only its Sender.
        let studio = Self.mail("jane@janemaker.example", "Jane Maker", "Studio notes: spring", "Hello friends, the kiln is fixed.",
                               headers: [("Sender", "Jane Maker <jane=janemaker.example@mail12.mcsv.net>")])
        #expect(BulkMailEvidence(studio).espFingerprint != nil)
        #expect(Self.decided(studio) != .primary)
        // A person's post relayed by a Google group names the group in Sender: not an ESP.
        let group = Self.mail("ann@example.net", "Ann Lee", "Sunday route", "Count me in.",
                              headers: [("Sender", "hikers@googlegroups.com")])
        #expect(BulkMailEvidence(group).espFingerprint == nil)
    }

    @Test func anInvitationToAServiceAcceptedIsAnUpdateAndANetworksConnectionSocial() {
        let service = Self.mail("mail-noreply@webmail.example", "Webmail", "Nicola Rossi has accepted your invitation to Webmail",
                                "Nicola Rossi can now use Webmail.")
        #expect(Self.decided(service) == .updates)
        let workspace = Self.mail("no-reply@chat.example", "Chat", "Sam accepted your invitation to join the Design workspace")
        #expect(Self.decided(workspace) == .updates)
        let connection = Self.mail("notifications@network.example", "Network", "Sam Lee accepted your invitation to connect")
        #expect(Self.decided(connection) == .social)
    }

    /// A marketplace's or a payment app's transaction mail often carries no bulk header at all;
    /// its address and name are still a machine's.
    @Test func transactionAddressesAndNamesAreAMachines() {
        let purchase = Self.mail("transaction@market.example", "Market Transactions", "Your purchase from Clay Corner (#3312)",
                                 "Thanks for your order. Clay mug x2.")
        #expect(Self.decided(purchase) == .updates)
        let paid = Self.mail("eu.team7@messaging.payapp.example", "PayApp", "You sent 25.00 EUR to Sam Lee", "Details of the payment.")
        #expect(BulkMailEvidence(paid).machineSender)
    }

    /// A company's legal footer under an employee's signature is no newsletter footer; above the
    /// sign-off, or in mail without one, it still counts.
    @Test func aCompanysLegalFooterUnderAPersonsSignatureIsNotBulkMail() {
        let colleague = Self.mail("jane.doe@bigco.example", "Jane Doe", "Budget figures for Q3", """
            Hi Alex, the figures are in the shared sheet; can we go through them on Thursday?
            Best regards,
            Jane Doe | Finance | BigCo Ltd · Privacy policy · © 2026 BigCo. All rights reserved.
            """)
        #expect(BulkMailEvidence(colleague).boilerplate.isEmpty)
        #expect(Self.decided(colleague) == .primary)
        let bulletin = Self.mail("jane.doe@bigco.example", "Jane Doe", "Budget figures for Q3",
                                 "Our figures this quarter. Privacy policy · All rights reserved.")
        #expect(!BulkMailEvidence(bulletin).boilerplate.isEmpty)
        let signedNewsletter = Self.mail("jane.doe@bigco.example", "Jane Doe", "Budget figures for Q3",
                                         "Our figures this quarter. Cheers, the team. Privacy policy · Unsubscribe")
        #expect(BulkMailEvidence(signedNewsletter).boilerplate == ["unsubscribe"])
        #expect(Self.decided(signedNewsletter) != .primary)
    }

    /// A friend forwarding a receipt or a newsletter: the subject and the footer are the forwarded
    /// mail's, the message is the friend's.
    @Test func aPersonsForwardIsTheirsWhateverItForwards() {
        let receipt = Self.mail("sam.k@example.net", "Sam K", "Fwd: Your order has shipped", """
            This is the table I told you about!

            ---------- Forwarded message ---------
            From: Shop <orders@shop.example>
            Your order #3312 has shipped. Track your package. Unsubscribe · Privacy policy
            """)
        #expect(BulkMailEvidence(receipt).boilerplate.isEmpty)
        #expect(Self.decided(receipt) == .primary)
        #expect(CategorySignals.evaluate(receipt).reasons.contains("forwarded by a person"))
        let apple = Self.mail("ann.lee@icloud.com", "Ann Lee", "Weekly digest from the school", """
            See the bit about Friday.

            Begin forwarded message:
            From: School News <news@school.example>
            This week: sports day on Friday. Unsubscribe
            """)
        #expect(Self.decided(apple) == .primary)
        // The shop's own mail with a forward-like subject still carries its ESP fields.
        let shop = Self.mail("deals@shop.example", "Shop", "Fwd: don't miss our sale", "Shop now.", headers: ModernMailShapesTests.esp)
        #expect(Self.decided(shop) != .primary)
    }

    /// Freelancers and small businesses write from a shared mailbox under their own name. (A name
    /// that is the domain's brand — "Jane Doe" <hello@janedoe.example> — still reads as a brand's:
    /// session 8 measured the opposite rule cost a held-out row.)
    @Test func aPersonWritingFromASharedMailboxIsPrimaryAndABusinessNameOrABulkMarkerIsNot() {
        let freelancer = Self.mail("hello@northlight-studio.example", "Jane Doe", "Proposal for your website",
                                   "Hi Alex, thanks for the call. The proposal is attached; happy to adjust the timeline. Jane")
        #expect(Self.decided(freelancer) == .primary)
        let plumber = Self.mail("info@rossi-plumbing.example", "Marco Rossi", "Thursday visit", "Hello, I can come on Thursday at 9. Marco")
        #expect(Self.decided(plumber) == .primary)
        let business = Self.mail("info@acmeplumbing.example", "Acme Plumbing", "Thursday visit", "Hello, we can come on Thursday at 9.")
        #expect(Self.decided(business) != .primary)
        let mailing = Self.mail("hello@northlight-studio.example", "Jane Doe", "Studio news", "New prints are in the shop. Unsubscribe")
        #expect(Self.decided(mailing) != .primary)
        // A hotel's front desk and a booking from a shared mailbox are the business's, not a person's.
        let desk = Self.mail("info@harbour-hotel.example", "Front Desk", "Your stay on 12 December", "We look forward to welcoming you.")
        #expect(Self.decided(desk) != .primary)
        let booking = Self.mail("info@rossi-plumbing.example", "Marco Rossi", "Booking confirmation for Thursday", "See you at 9.")
        #expect(Self.decided(booking) == .updates)
        let noReply = Self.mail("noreply@northlight-studio.example", "Jane Doe", "Proposal for your website", "The proposal is attached.")
        #expect(Self.decided(noReply) != .primary)
    }
}
