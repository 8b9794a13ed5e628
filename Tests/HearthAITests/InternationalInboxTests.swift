import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Session 21's blind probes (five inboxes written by helper sessions that never saw the project:
/// a freelancer's in English and Dutch, a family's in English and Spanish, a PhD student's in
/// three languages, an inbox in Japan with family in Korea and friends in Russia and Turkey, and
/// an inbox of hard shapes). Each test holds the general shape a probe's miss showed, written
/// afresh here with invented senders.
@Suite struct InternationalInboxTests {
    static let esp: [(String, String)] = ModernMailShapesTests.esp

    static func mail(_ from: String, _ name: String?, _ subject: String, _ text: String = "",
                     headers: [(String, String)] = [], reply: Bool = false) -> CategorizationInput {
        CategorizationTests.input(from: from, name: name, subject: subject, text: text, headers: headers, reply: reply)
    }

    /// An embedder that reads nothing: every text lands on the updates centroid, as MiniLM's
    /// vectors of Japanese or Korean text land wherever they land.
    struct UpdatesEverywhere: TextEmbedder {
        let dimensions = 4
        let modelIdentifier = "test-updates-everywhere"
        func embed(_ texts: [String]) async throws -> [[Float]] { texts.map { _ in [1, 0, 0, 0] } }
    }

    static func categorizer() -> EmailCategorizer {
        EmailCategorizer(embedder: UpdatesEverywhere(), classifier: CentroidClassifier(centroids: [
            .updates: [1, 0, 0, 0], .promotions: [0, 1, 0, 0], .primary: [0, 0, 1, 0], .forums: [0, 0, 0, 1],
        ]))
    }

    @Test func theEmbedderReadsLatinScriptOnly() {
        #expect(Self.mail("a@example.org", "A", "Réservez avant dimanche", "Vente flash à Lisbonne, dès 39 €.").embedderReadsScript)
        #expect(Self.mail("a@example.org", "A", "Kanat üyelerine özel: %25 indirim", "Uçuşlarda geçerli.").embedderReadsScript)
        #expect(!Self.mail("a@example.org", "A", "【楽市】新春セール開催中", "ポイント最大10倍、半額アイテム多数").embedderReadsScript)
        #expect(!Self.mail("a@example.org", "A", "Распродажа до −70%", "Только три дня, успейте купить.").embedderReadsScript)
        #expect(!Self.mail("a@example.org", "A", "설 연휴에 언제 오니?", "엄마가").embedderReadsScript)
    }

    /// Where the text is in a script the embeddings cannot read, the signals' lean, read in the
    /// message's own language, decides; in English the same centroid still does.
    @Test func theSignalsLeanDecidesWhereTheEmbeddingsCannotRead() async {
        let sale = Self.mail("news@mail.rakuichi.example", "楽市市場", "【楽市市場】新春初売り開催中！ポイント最大44倍＆半額アイテム多数",
                             "本日10時スタート。半額アイテム多数、クーポン配布中。", headers: Self.esp)
        let friend = Self.mail("nana-sato.0812@docomo.example", nil, "今夜どう？", "駅前の焼き鳥屋、7時で。")
        let decisions = await Self.categorizer().categorize([sale, friend])
        #expect(decisions.map(\.category) == [.promotions, .primary], "\(decisions.map(\.reasons))")
        #expect(CategorySignals.evaluate(sale).category == nil, "the test must reach the embeddings")
        // The same lean in English is weighed against the centroid, which wins here.
        let english = Self.mail("news@mail.shop.example", "Shop", "New year event: points on everything", "Starts today at 10.", headers: Self.esp)
        #expect(CategorySignals.evaluate(english).category == nil, "the English case must reach the embeddings too")
        #expect(await Self.categorizer().categorize([english]).first?.category == .updates)
    }

    /// Networks' notices in the languages of the probes: what someone did to the user.
    @Test func networksNoticesInManyLanguagesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("no-reply@mail.photoframe.example", "Photoframe", "dima_kzn、他12人があなたの写真に「いいね！」しました", headers: Self.esp),
            Self.mail("no-reply@line.example", "Line", "佐藤 奈々さんがあなたの投稿にコメントしました", headers: Self.esp),
            Self.mail("noreply@story.cocoa.example", "Cocoa", "박지훈님이 회원님의 스토리에 댓글을 남겼습니다."),
            Self.mail("admin@notify.vsvyazi.example", "ВСвязи", "Ольга Кузнецова прокомментировала Вашу фотографию", headers: Self.esp),
            Self.mail("noreply@notify.classmates.example", "Однокашники", "Ольга Кузнецова отметила вас на фото", headers: Self.esp),
            Self.mail("notification@facebrook.example", "Facebrook", "Elif Demir bir yorumda sizden bahsetti", headers: Self.esp),
            Self.mail("notifications@lingo.social.example", "lingo.social", "Du wurdest von Markus Brandt erwähnt",
                      headers: [("Auto-Submitted", "auto-generated")]),
            Self.mail("no-reply@scholarnet.example", "ScholarNet", "Your article reached 100 reads", headers: Self.esp),
            Self.mail("no-reply@scholarnet.example", "ScholarNet", "Amadou Diallo requested the full-text of your article", headers: Self.esp),
            // A network's notice from an address that reads like a person's, with a bulk-mail mark.
            Self.mail("mentions@academiahub.example", "AcademiaHub", "Lena, you were mentioned in a paper by Rachel Okafor", headers: Self.esp),
            Self.mail("messages-noreply@prolink.example", "ProLink", "Ravi sent you a new message", headers: Self.esp),
            Self.mail("no-reply@pixelshot.example", "Pixelshot", "Your shots got 48 likes and 3 comments this week", headers: Self.esp),
            Self.mail("no-reply@snapfolio.example", "Snapfolio", "Carmen Ruiz added 24 photos to “Verano en Madrid”", headers: Self.esp),
            Self.mail("noreply@vaporworks.example", "Vaporworks", "kasia_w sent you a friend invite on Vaporworks"),
        ])
        // A person telling about a comment is no network's notice.
        let friend = Self.mail("olga.k@gmail.com", "Ольга Кузнецова", "Ты видела? Дима прокомментировал твою фотографию", "Смешно получилось :)")
        #expect(CategorySignals.evaluate(friend).category != .social)
        // A list's post about mentions carries the list's marks: the list rules read it.
        let post = Self.mail("ann@example.org", "Ann", "[dev] who mentioned you in the changelog?", "Just curious.",
                             headers: [("List-Id", "<dev.example.org>"), ("List-Post", "<mailto:dev@example.org>")])
        #expect(CategorySignals.evaluate(post).category == .forums)
    }

    /// Web forums' notices of their discussions are forums; their account mail is a notice.
    @Test func webForumsNoticesAreForums() {
        let mailgun = [("X-Mailgun-Sid", "abc"), ("List-Unsubscribe", "<https://forum.example/unwatch>")]
        CategorizationTests.expectSignals(decide: .forums, [
            Self.mail("bildirim@teknoforum.example", "Teknoforum", "Japonya'dan Türkiye'ye kargo: gümrük limiti 2026 - Yeni cevap",
                      "EmreK61 konusuna bir cevap yazdı.", headers: mailgun + [("X-Mailer", "XenForo Mailer (teknoforum.example)")]),
            Self.mail("noreply@forum.framewise.example", "Framewise Community Summary", "[Framewise Community] Summary",
                      "Popular topics this week.", headers: mailgun + [("Auto-Submitted", "auto-generated"), ("X-Discourse-Email-Type", "digest")]),
            Self.mail("forum@boards.example", "Boards", "Topic reply notification - \"Wiring a 3-way switch\"",
                      "Hello, a reply has been posted in a topic you watch.", headers: [("X-Mailer", "phpBB3")]),
        ])
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("forum@boards.example", "Boards", "Reset your password", "Someone asked to reset your password.", headers: [("X-Mailer", "phpBB3")]),
        ])
        // Discourse's fields are kept with a synced message's signal fields.
        #expect(CategorizationHeaders.isSignal("X-Discourse-Topic-Id"))
    }

    /// A mailbox provider's own Feedback-ID (Fastmail stamps one on what its users send) is no
    /// bulk-mail service's mark: a friend's note stays a person's.
    @Test func aMailboxProvidersFeedbackIDIsNoBulkMailMark() {
        let friend = Self.mail("lena.brooks@fastmail.example", "Lena Brooks", "dinner thurs?",
                               "hey! are we still on for thursday? 7:30? I can book.", headers: [("Feedback-ID", "ic702c50e:Fastmail")])
        #expect(CategorySignals.evaluate(friend).category == .primary, "\(CategorySignals.evaluate(friend).reasons)")
        let mailing = Self.mail("lena.brooks@fastmail.example", "Lena Brooks", "dinner thurs?",
                                "hey! are we still on for thursday? 7:30? I can book.", headers: [("Feedback-ID", "123:campaign:esp")])
        #expect(BulkMailEvidence(mailing).espFingerprint != nil)
        #expect(BulkMailEvidence(friend).espFingerprint == nil)
    }

    /// "Re:" on a bulk-mail service's campaign that answers nothing is no reply on a list.
    @Test func aCampaignDressedAsAReplyIsNoListReply() {
        let campaign = Self.mail("info@kowalskiforcongress.example", "Dana Kowalski", "Re: 12 days left in Q1",
                                 "Claire, we're $31,482 short of our goal. Can you chip in $25 before March 31?",
                                 headers: Self.esp + [("Sender", "info@kowalskiforcongress.example")])
        let verdict = CategorySignals.evaluate(campaign)
        #expect(verdict.category != .forums && verdict.category != .updates, "\(verdict.reasons)")
        // A real reply on a list (it answers a message) still is one.
        let reply = Self.mail("ann@example.org", "Ann", "Re: build fails", "Works for me.",
                              headers: [("List-Id", "<dev.example.org>"), ("List-Unsubscribe", "<mailto:u@example.org>")], reply: true)
        #expect(CategorySignals.evaluate(reply).category == .forums)
    }

    /// An alert the user set up says so; a stock pitch's "put it on your watch list" does not.
    @Test func anAlertTheUserSetIsAnUpdateWhateverItsPrices() {
        let alert = Self.mail("alerts@pricehawk.example", "PriceHawk Alerts", "Price drop: Corvair QC45 Headphones is now $189.00", """
            Good news - an item you track dropped below your target price.
            Now: $189.00 Your target: $200.00 Was: $249.00
            You're receiving this because you created a price alert on PriceHawk.
            """, headers: Self.esp)
        CategorizationTests.expectSignals(decide: .updates, [alert])
        let pitch = Self.mail("news@stockwire.example", "StockWire", "SHORT TERM BUY: price target $4.50",
                              "Put CBYX on your watch list and buy TODAY. Strong Buy. 300% upside.", headers: Self.esp)
        #expect(CategorySignals.evaluate(pitch).category != .updates)
    }

    /// Banks' notices in Japanese, Korean and Russian are transactional. (Points about to lapse
    /// are left to the embeddings and the lean: a shop's "Your points expire soon" is its
    /// marketing, a point card's notice in Japanese was labelled a notice.)
    @Test func banksNoticesFurtherAfieldAreTransactional() {
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("info@ib.aobabank.example", "あおば銀行", "【あおば銀行】お振込受付のお知らせ", "お振込を受け付けました。", headers: Self.esp),
            Self.mail("noreply@bank.example", "은행", "[은행] 입금 알림", headers: Self.esp),
            Self.mail("noreply@bank.example", "Банк", "Списание по карте *1234", headers: Self.esp),
        ])
    }

    /// A marketing-automation platform's mailing that reads as no publication and no receipt
    /// sells: a SaaS's webinar and product news.
    @Test func aMarketingPlatformsMailingIsPromotions() {
        let webinar = Self.mail("events@sitecraft.example", "Lena from Sitecraft", "You're invited: Design systems that scale — live webinar, Feb 19",
                                "Join our product team live. Save your seat.", headers: Self.esp + [("Return-Path", "<bounce@bf.hubspotemail.net>")])
        let news = Self.mail("news@mail.framewise.example", "Framewise", "What's new in Framewise: Variables 2.0 and smarter layout",
                             "Variables 2.0 are here. Smarter auto layout. Dev Mode for everyone.", headers: Self.esp + [("X-MarketoID", "123-ABC-456")])
        CategorizationTests.expectSignals(decide: .promotions, [webinar, news])
        // Its receipts are still receipts.
        let receipt = Self.mail("billing@mail.framewise.example", "Framewise", "Your Framewise receipt [#2318-4402]",
                                "Total €12.00", headers: Self.esp + [("X-MarketoID", "123-ABC-456")])
        CategorizationTests.expectSignals(decide: .updates, [receipt])
    }
}
