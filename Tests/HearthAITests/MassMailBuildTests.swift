import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// How a message was built, beyond its headers (issue 15, session 12): an open-tracking pixel,
/// a body of remote images, answers sent to another organisation. Mass-mail programs and web
/// forms build mail that way under a person's name; a person's mail program never does. Each
/// case checks the person's own mail of the same shape stays primary. Hand-written mail.
@Suite struct MassMailBuildTests {
    static let friend = [EmailAddress(name: "Alex Morgan", address: "alex@home.example")]
    static let text = "I wanted to let you know about our new season of evening classes in pottery and painting, starting in March."

    static func mail(html: String? = nil, replyTo: [EmailAddress] = [], reply: Bool = false) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: "Hannah Weiss", address: "hannah@weiss-studio.example"), recipients: friend,
                            subject: reply ? "Re: Evening classes" : "Evening classes", text: text, isReply: reply,
                            replyTo: replyTo, htmlBuild: HTMLBuild.read(html))
    }

    @Test func anOpenTrackingPixelIsReadInItsUsualShapes() {
        for pixel in [#"<img src="https://t.esp.example/o/8f2a.gif" width="1" height="1" alt="">"#,
                      #"<IMG SRC=http://t.esp.example/open?u=1 WIDTH=1 HEIGHT=1 BORDER=0>"#,
                      #"<img style="width:1px; height:1px" src="https://t.esp.example/o.png">"#,
                      #"<img src="https://t.esp.example/o.png" style="display:none">"#,
                      #"<img width="0" height="0" src="//t.esp.example/o.png">"#] {
            let build = HTMLBuild.read("<p>Hello</p>" + pixel)
            #expect(build.trackingPixel, "\(pixel)")
            #expect(build.isTemplate, "\(pixel)")
        }
        // A person's pasted photo and signature logo travel inside the message (cid:); a
        // single remote logo is a signature, not a template.
        let personal = HTMLBuild.read(#"<p>Hi</p><img src="cid:photo1@mail" width="640" height="480"><img src="cid:logo"><img src="https://weiss-studio.example/logo.png" width="120" height="40">"#)
        #expect(personal.remoteImages == 1)
        #expect(!personal.trackingPixel && !personal.isTemplate)
        #expect(HTMLBuild.read(nil) == HTMLBuild())
    }

    @Test func aFirstMessageWithATrackingPixelOrBuiltOfRemoteImagesIsNotDecidedAsAPersons() {
        let pixel = Self.mail(html: "<p>\(Self.text)</p><img src=\"https://open.mailer.example/o/51.gif\" width=\"1\" height=\"1\">")
        let banners = Self.mail(html: (1...4).map { "<img src=\"https://weiss-studio.example/img/\($0).jpg\" width=\"600\">" }.joined() + "<p>\(Self.text)</p>")
        for template in [pixel, banners] {
            #expect(BulkMailEvidence(template).templateHTML)
            let verdict = CategorySignals.evaluate(template)
            #expect(verdict.category != .primary && verdict.lean != .primary)
        }
        // The same words typed in a mail program: plain text, or HTML with the person's own images.
        #expect(CategorySignals.evaluate(Self.mail()).category == .primary)
        #expect(CategorySignals.evaluate(Self.mail(html: "<p>\(Self.text)</p><img src=\"cid:photo@mail\">")).category == .primary)
        // A reply is a conversation whatever its HTML (a person may use a tracking add-on).
        var reply = pixel
        reply.subject = "Re: Evening classes"; reply.isReply = true
        #expect(CategorySignals.evaluate(reply).category == .primary)
    }

    @Test func answersSentToAnotherOrganisationAreNotAPersonsFirstMessage() {
        let elsewhere = Self.mail(replyTo: [EmailAddress(address: "bookings@classes-signup.example")])
        #expect(BulkMailEvidence(elsewhere).repliesGoElsewhere)
        let verdict = CategorySignals.evaluate(elsewhere)
        #expect(verdict.category != .primary && verdict.lean != .primary)
        // Reply-To at the sender's own organisation (another mailbox or subdomain of it) is a
        // person's or a company's choice, not a mass mailer's.
        for own in ["hannah.w@weiss-studio.example", "office@mail.weiss-studio.example"] {
            let input = Self.mail(replyTo: [EmailAddress(address: own)])
            #expect(!BulkMailEvidence(input).repliesGoElsewhere, "\(own)")
            #expect(CategorySignals.evaluate(input).category == .primary, "\(own)")
        }
        #expect(CategorySignals.evaluate(Self.mail(replyTo: [EmailAddress(address: "x@signup.example")], reply: true)).category == .primary)
    }

    /// Stored mail carries both to the categoriser (the after-sync run and `hearth categorize`).
    @Test func storedMailCarriesItsReplyToAndHTMLBuild() {
        var email = Email(accountID: AccountID(rawValue: 1), from: EmailAddress(name: "Hannah Weiss", address: "hannah@weiss-studio.example"),
                          to: Self.friend, subject: "Evening classes", dateReceived: Date())
        email.replyTo = [EmailAddress(address: "bookings@classes-signup.example")]
        email.bodyHTML = "<p>\(Self.text)</p><img src=\"https://open.mailer.example/o/51.gif\" width=\"1\" height=\"1\">"
        let input = CategorizationInput(email: email)
        #expect(input.replyTo == email.replyTo)
        #expect(input.htmlBuild.trackingPixel)
    }
}
