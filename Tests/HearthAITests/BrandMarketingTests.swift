import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// A brand's story, guide or lookbook sells through its links, not its words (issue 15, session
/// 19): "Our Colombian farm visit" from a coffee roaster, "Your winter skincare routine" from a
/// cosmetics shop. Session 19's probe of such mail put 7 of 10 in updates, since the text reads
/// like a publication's. Each case pairs the shop's mailing with the publication or receipt of
/// the same shape that must not move. Hand-written, generic.
@Suite struct BrandMarketingTests {
    static let esp: [(String, String)] = [
        ("List-Unsubscribe", "<https://links.example.com/u/x1>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
    ]
    static let story = "Last month we spent a week with the growers in Huila, walking the rows and tasting the harvest. Meet the family behind your cup."

    static func card(_ href: String) -> String {
        #"<a href="\#(href)?utm_source=email&utm_campaign=story"><img src="https://img.example.net/p.jpg" width="260"></a>"#
    }

    static func mail(_ from: String, _ name: String, _ subject: String, _ text: String = story, html: String? = nil,
                     headers: [(String, String)] = esp) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: name, address: from), recipients: [EmailAddress(address: "alex@example.org")],
                            subject: subject, text: text, headers: headers.map { HeaderField(name: $0.0, value: $0.1) },
                            htmlBuild: HTMLBuild.read(html))
    }

    static func verdictSays(_ input: CategorizationInput) -> AICategory? {
        let verdict = CategorySignals.evaluate(input)
        return verdict.category ?? verdict.lean
    }

    @Test func shopPagesAreReadFromLinksAndProductPhotos() {
        let html = Self.card("https://kestrel.example/products/huila") + Self.card("https://kestrel.example/products/huila")
            + #"<a href='https://www.kestrel.example/collections/single-origin'>All coffees</a>"#
            + #"<a href=https://store.game.example/app/218/hollow-deep>Buy</a>"#
            + #"<img src="https://cdn.shopify.com/s/files/1/mug.jpg" width="200">"#
            + #"<a href="https://kestrel.example/blog/farm-visit">Read the story</a>"#
            + #"<a href="https://kestrel.example/shopping-news">News</a>"#
            + #"<a href="https://kestrel.example/account/unsubscribe?shop=1">Unsubscribe</a>"#
        let pages = ShopLinks.inHTML(html.lowercased())
        // One product page however often and however tracked it is linked; the blog, a word
        // that only starts with "shop" and the unsubscribe page are no shop pages.
        #expect(pages == ["kestrel.example/products/huila", "www.kestrel.example/collections/single-origin",
                          "store.game.example/app/218/hollow-deep", "cdn.shopify.com/s/files/1/mug.jpg"])
        #expect(ShopLinks.inText("Shop the collection: https://fernandfable.example/collections/mugs\nRead more: https://fernandfable.example/journal/jo")
                == ["fernandfable.example/collections/mugs"])
        #expect(HTMLBuild.read(html).shopPages.count == 4)
        // Only the sender's own shop counts (and a shop platform's product photos).
        #expect(ShopLinks.ownPages(pages, senderDomain: "mail.kestrel.example") == 3)
        #expect(ShopLinks.ownPages(pages, senderDomain: "news.techweekly.example") == 1)
    }

    @Test func aBrandsStoryLinkingToItsProductsSells() {
        let html = "<h1>Our farm visit</h1>" + Self.card("https://kestrel.example/products/huila-microlot")
            + Self.card("https://kestrel.example/products/brew-kit")
        #expect(Self.verdictSays(Self.mail("hello@kestrel.example", "Kestrel Coffee", "Our Colombian farm visit", html: html)) == .promotions)
        // The same story linking to its blog is not decided by the rule.
        let blog = "<h1>Our farm visit</h1>" + Self.card("https://kestrel.example/blog/farm-visit")
        let verdict = CategorySignals.evaluate(Self.mail("hello@kestrel.example", "Kestrel Coffee", "Our Colombian farm visit", html: blog))
        #expect(!verdict.reasons.contains { $0.contains("shop's pages") })
        // Plain text with the shop's addresses written out.
        let text = Self.story + "\n\nShop the collection: https://kestrel.example/collections/single-origin\nThe Huila microlot: https://kestrel.example/products/huila"
        #expect(Self.verdictSays(Self.mail("hello@kestrel.example", "Kestrel Coffee", "Behind the scenes", text)) == .promotions)
    }

    @Test func aShopsMarketingPlatformSellsWhateverTheStorySays() {
        for platform in [("X-Mailer", "Klaviyo"), ("Return-Path", "<bounce-8f2a@send.klaviyomail.com>"),
                         ("DKIM-Signature", "v=1; a=rsa-sha256; d=shopifyemail.com; s=k1; h=from"), ("X-Klaviyo-Message-Id", "01H")] {
            let input = Self.mail("hello@glowlab.example", "Glowlab", "Your winter skincare routine, step by step",
                                  "Cold air and heating dry skin out. Here's the routine our founder swears by.", headers: Self.esp + [platform])
            #expect(BulkMailEvidence(input).commercePlatform != nil, "\(platform)")
            #expect(Self.verdictSays(input) == .promotions, "\(platform)")
        }
        // Its receipts and shipping notices stay updates.
        let shipped = Self.mail("hello@glowlab.example", "Glowlab", "Your order #1043 has shipped", "Your order is on its way. Track your package.",
                                html: Self.card("https://glowlab.example/products/cream"), headers: Self.esp + [("X-Mailer", "Klaviyo")])
        #expect(Self.verdictSays(shipped) == .updates)
        let receipt = Self.mail("hello@glowlab.example", "Glowlab", "Thanks, Alex!", "Thank you for your order. Barrier Cream $24.00. Subtotal $24.00. Total $26.50. Paid with Visa.",
                                html: Self.card("https://glowlab.example/products/cream") + Self.card("https://glowlab.example/products/cleanser"))
        #expect(Self.verdictSays(receipt) == .updates)
    }

    @Test func aPublicationLinkingToProductsItReviewsDoesNotSell() {
        // A magazine's issue reviews products on shops' pages: not its own shop.
        let reviews = "<h1>This week's reviews</h1>" + Self.card("https://www.bigshop.example/products/phone-12")
            + Self.card("https://www.othershop.example/products/earbuds")
        let issue = Self.mail("newsletter@techweekly.example", "Tech Weekly", "The best phones of the year",
                              "In this issue: our editors test the year's phones. Read more on the site.", html: reviews)
        #expect(Self.verdictSays(issue) != .promotions)
        // An issue that reads as one (headlines, a byline, "read more") is not moved by links to its own store.
        let own = Self.card("https://techweekly.example/store/ebook") + Self.card("https://techweekly.example/shop/mug")
        let editorial = Self.mail("newsletter@techweekly.example", "Tech Weekly", "Issue 212: Rust in the kernel",
                                  "In this issue: top stories of the week. Rust in the kernel, again. By Mia Lang. Read more. PostgreSQL 18 released. Read the full story. Plus an interview with the editor.",
                                  html: own)
        #expect(Self.verdictSays(editorial) == .updates)
    }
}
