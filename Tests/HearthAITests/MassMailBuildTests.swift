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

    /// A link that unsubscribes, whatever its words say ("Abmelden", "here", an image): only mail
    /// sent to a list of subscribers carries one; the text's own wording is read elsewhere.
    @Test func anUnsubscribeLinkInTheHTMLIsATemplatesMark() {
        for href in ["https://esp.example/u/unsubscribe?id=48213", "http://news.example.com/optout.php?e=1", "https://x.example/opt-out/9"] {
            let html = "<p>\(Self.text)</p><p><a href=\"\(href)\">Abmelden</a></p>"
            #expect(HTMLBuild.read(html).unsubscribeLink, "\(href)")
            let verdict = CategorySignals.evaluate(Self.mail(html: html))
            #expect(verdict.category != .primary && verdict.lean != .primary, "\(href)")
        }
        // A person's links (a booking page, a document) are not.
        let personal = "<p>\(Self.text)</p><p>Book here: <a href=\"https://weiss-studio.example/classes/booking\">classes</a></p>"
        #expect(!HTMLBuild.read(personal).unsubscribeLink)
        #expect(CategorySignals.evaluate(Self.mail(html: personal)).category == .primary)
    }

    /// A company signature links its logo and social icons from a server (signature tools do):
    /// icons declared at most 100×100 are not a template's images, so a colleague's first
    /// message with such a signature stays primary.
    @Test func aCompanySignaturesRemoteIconsDoNotMakeATemplate() {
        let icons = ["linkedin", "x", "instagram", "youtube", "phone"].map {
            "<a href=\"https://\($0).example\"><img src=\"https://cdn.signatures.example/icons/\($0).png\" width=\"24\" height=\"24\"></a>"
        }.joined()
        let signature = "<p>\(Self.text)</p><p>Best regards,<br>Hannah Weiss</p>"
            + "<img src=\"https://weiss-studio.example/logo.png\" width=\"160\" height=\"48\">" + icons
        let build = HTMLBuild.read(signature)
        #expect(build.remoteImages == 1 && !build.isTemplate)
        #expect(CategorySignals.evaluate(Self.mail(html: signature)).category == .primary)
        // Icons declared at no size still link to the writer's profiles (session 18's probe:
        // four of them made a colleague's HTML-only first message "mass mail").
        let undeclared = "<p>\(Self.text)</p><p>Elena Marquez<br>Operations</p><img src='https://cdn.example/sig/logo.png' width='120'>"
            + ["linkedin.com/company/harbor", "twitter.com/harbor", "www.facebook.com/harbor"].map {
                "<a href='https://\($0)'><img src='https://cdn.example/sig/\($0.prefix(4)).png'></a>"
            }.joined()
        #expect(HTMLBuild.read(undeclared).remoteImages == 1)
        var htmlOnly = Self.mail(html: undeclared)
        htmlOnly.headers = [HeaderField(name: "Content-Type", value: "text/html; charset=utf-8")]
        // HTML alone is one mark of a mass-mail program, not two: left to the embeddings, not decided as an advert.
        let verdict = CategorySignals.evaluate(htmlOnly)
        #expect(verdict.category != .promotions && !verdict.reasons.contains { $0.contains("marks of a mass-mail program") })
        // The same images linking to a shop's own pages are a template's.
        let shop = (1...4).map { "<a href='https://shop.example/p/\($0)'><img src='https://cdn.example/p\($0).jpg'></a>" }.joined()
        #expect(HTMLBuild.read(shop).remoteImages == 4)
    }

    /// "quickbooks@notification.intuit.example": a notification subdomain is a system's.
    @Test func aNotificationSubdomainIsAMachineSender() {
        #expect(BulkMailEvidence.isMailingDomain("notification.intuit.example"))
        let invoice = CategorizationInput(from: EmailAddress(name: "Becker Builders", address: "quickbooks@notification.intuit.example"),
                                          recipients: Self.friend, subject: "Invoice 1043 from Becker Builders",
                                          text: "Here's invoice 1043 for $7,100.00. The amount due is $7,100.00 by 12/20/2026. Review and pay.")
        #expect(CategorySignals.evaluate(invoice).category == .updates)
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

    /// Answers sent nowhere (a no-reply Reply-To at the sender's own domain): no person asks
    /// not to be answered.
    @Test func answersSentToANoReplyAddressAreNotAPersonsFirstMessage() {
        for nobody in ["noreply@weiss-studio.example", "do-not-reply@mail.weiss-studio.example"] {
            let input = Self.mail(replyTo: [EmailAddress(address: nobody)])
            #expect(BulkMailEvidence(input).repliesGoElsewhere, "\(nobody)")
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category != .primary && verdict.lean != .primary, "\(nobody)")
        }
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

extension MassMailBuildTests {
    /// An embedder that puts every text at the same point: the classifier's scores then depend
    /// only on the centroids, so the signals' weighting is what the test sees.
    struct FixedPointEmbedder: TextEmbedder {
        let dimensions = 2
        let modelIdentifier = "fixed-point"
        func embed(_ texts: [String]) async throws -> [[Float]] { texts.map { _ in [1, 0] } }
    }

    static func circular(to recipients: [EmailAddress], html: String? = nil) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: "Hannah Weiss", address: "hannah@weiss-studio.example"), recipients: recipients,
                            subject: "Evening classes", text: text, htmlBuild: HTMLBuild.read(html))
    }

    static let pixel = "<p>\(text)</p><img src=\"https://open.mailer.example/o/51.gif\" width=\"1\" height=\"1\">"

    /// Two marks of a mass-mail program together (here nobody named in To and a tracking pixel)
    /// rule out a person's mail, and with no list marker a list post: promotions or updates.
    @Test func twoMarksOfAMassMailProgramRuleOutAPersonsMail() {
        let verdict = CategorySignals.evaluate(Self.circular(to: [EmailAddress(address: "undisclosed-recipients:;")], html: Self.pixel))
        // Session 13: under a person's name ("Hannah Weiss") such mass mail is decided promotions;
        // from a bare address it stays open between promotions and updates.
        #expect(verdict.category == .promotions)
        var bare = Self.circular(to: [EmailAddress(address: "undisclosed-recipients:;")], html: Self.pixel)
        bare.from = EmailAddress(address: "hannah@weiss-studio.example")
        let open = CategorySignals.evaluate(bare)
        #expect(open.category == nil)
        #expect(Set(open.candidates) == [.promotions, .updates])
        // One mark leaves primary possible; no mark lets the person's mail be decided.
        #expect(CategorySignals.evaluate(Self.circular(to: Self.friend, html: Self.pixel)).candidates.contains(.primary))
        #expect(CategorySignals.evaluate(Self.circular(to: Self.friend)).category == .primary)
    }

    /// One mark (a circular with nobody named in To) speaks against a person's mail without
    /// ruling it out: the embeddings' primary score counts half, so a near tie goes elsewhere.
    @Test func oneMarkOfAMassMailProgramHalvesTheEmbeddingsPrimaryScore() async {
        let bcc = Self.circular(to: [EmailAddress(address: "undisclosed-recipients:;")])
        let verdict = CategorySignals.evaluate(bcc)
        // Session 13: under a person's name such mass mail also leans promotions (it sells).
        #expect(verdict.unlikely == .primary && verdict.lean == .promotions)
        // Primary's centroid is a little nearer than promotions': 0.6 against 0.4 before the halving.
        let angle = Float(0.2)
        let classifier = CentroidClassifier(centroids: [.primary: [1, 0], .promotions: [cos(angle), sin(angle)],
                                                        .updates: [0, 1], .forums: [-1, 0]], sharpness: 20)
        let categorizer = EmailCategorizer(embedder: FixedPointEmbedder(), classifier: classifier)
        let scores = classifier.classify([1, 0], candidates: verdict.candidates).scores
        #expect((scores[.primary] ?? 0) > (scores[.promotions] ?? 0) && (scores[.primary] ?? 0) < 2 * (scores[.promotions] ?? 0))
        let decision = await categorizer.categorize([bcc])[0]
        #expect(decision.source == .embedding && decision.category == .promotions)
        // The same message to a named friend leans primary instead.
        #expect(await categorizer.categorize([Self.circular(to: Self.friend, html: "<p>x</p>")])[0].category == .primary)
    }
}
