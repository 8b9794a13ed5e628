import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Session 21's second round of blind probes (inboxes in Brazil, India, continental Europe, and
/// people's mail in bulk shapes): the general shapes their misses showed, written afresh here.
@Suite struct FurtherAfieldInboxTests {
    static let esp = ModernMailShapesTests.esp

    static func mail(_ from: String, _ name: String?, _ subject: String, _ text: String = "",
                     headers: [(String, String)] = esp, to: Int = 1) -> CategorizationInput {
        CategorizationTests.input(from: from, name: name, to: to, subject: subject, text: text, headers: headers)
    }

    /// A purchase, a card payment, a ride and a buyer's question in Portuguese and Spanish are
    /// notices, whatever prices they list; a coupon in the same words still sells.
    @Test func purchasesAndTripsInPortugueseAndSpanishAreUpdates() {
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("compras@mail.mercado.example", "Mercado", "Você comprou Fone de Ouvido Bluetooth Preto",
                      "Sua compra foi confirmada! Fone de Ouvido R$ 389,90. Frete grátis. Pagamento: 6x R$ 64,98 sem juros"),
            Self.mail("todomundo@banco.example", "Banco", "Compra aprovada no seu cartão de crédito",
                      "Uma compra foi aprovada no seu cartão final 4821. Valor: R$ 186,40. Limite disponível: R$ 4.213,60"),
            Self.mail("recibos@rumo.example", "Rumo", "Sua viagem de quinta-feira à noite com a Rumo",
                      "Aqui está o seu recibo. Tarifa R$ 19,83. Total R$ 23,47. Pagamento: Mastercard"),
            Self.mail("recibos@rumo.example", "Rumo", "Tu viaje del jueves por la tarde con Rumo", "Total MX$ 112,00. Pagado con Visa."),
            Self.mail("perguntas@mail.mercado.example", "Mercado", "Você recebeu uma pergunta em Bicicleta Aro 29 Usada", "Responder pergunta."),
            Self.mail("noreply@toko.example", "Toko", "Pembayaran Berhasil untuk INV/20260118/MPL/3849201755"),
            Self.mail("donotreply@fund.example", "Fund", "SIP Installment Processed - Flexi Cap Fund - Direct Plan", "Amount ₹5,000.00 NAV ₹61.20"),
        ])
        CategorizationTests.expectSignals(favour: .promotions, [
            Self.mail("ofertas@mail.mercado.example", "Mercado", "Você recebeu um cupom: R$ 25 OFF hoje", "Use o cupom no app."),
        ])
        // "Total R$ 23,47" is a total paid, as "Total $23.40" is.
        #expect(NewsletterContent.read("Tarifa R$ 19,83\nTotal  R$ 23,47").accountsForPayment)
    }

    /// Networks' notices in Portuguese, Spanish, German, Hindi, Indonesian and Vietnamese.
    @Test func networksNoticesFurtherAfieldAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("no-reply@mail.vibbo.example", "Vibbo", "A valen.gomez.ok y 12 personas más les gustó tu video"),
            Self.mail("inmail@prolink.example", "ProLink", "Renato Lima enviou uma mensagem: Oportunidade: Engenheiro de Dados"),
            Self.mail("invitations@prolink.example", "ProLink", "Valentina Gómez quer se conectar com você"),
            Self.mail("notification@conectta.example", "Conectta", "Hoje é o aniversário de Sofía Rodríguez"),
            Self.mail("notification@conectta.example", "Conectta", "Ana Paula Nogueira publicou em Moradores da Vila Mariana"),
            Self.mail("mailrobot@mail.xentro.example", "Xentro", "Marek Zieliński möchte sich mit Ihnen vernetzen"),
            Self.mail("mailrobot@mail.xentro.example", "Xentro", "Katrin Vogel hat Ihnen eine Nachricht geschickt"),
            Self.mail("notifications@chaupal.example", "Chaupal", "रोहित शर्मा और 4 अन्य लोगों ने आपकी पोस्ट पसंद की"),
            Self.mail("no-reply@kabar.example", "Kabar", "Rizky menyukai postingan Anda"),
            Self.mail("no-reply@ban.example", "Ban", "Thảo Vy đã bình luận về ảnh của bạn"),
        ])
        // A shop's anniversary sale is no friend's birthday.
        let sale = Self.mail("ofertas@loja.example", "Loja", "Aniversário da loja: até 50% OFF", "Só hoje.")
        #expect(CategorySignals.evaluate(sale).category != .social)
    }

    /// A forum's summary names its popular topics in the forum's language, whichever service
    /// delivered it.
    @Test func aForumsSummaryInPortugueseIsForums() {
        let summary = Self.mail("notificacoes@forum.devbr.example", "Comunidade DevBR", "[Comunidade DevBR] Resumo",
                                "Resumo da Comunidade DevBR\n12 novos tópicos · 187 novas respostas\nTÓPICOS POPULARES\nAlguém usando Go com Postgres?",
                                headers: Self.esp + [("Auto-Submitted", "auto-generated"), ("X-PM-Message-Id", "731a35aa")])
        CategorizationTests.expectSignals(decide: .forums, [summary])
        // A newsletter's "summary" lists no topics.
        let newsletter = Self.mail("news@bank.example", "Bank", "Your monthly summary", "Spending in March: €1,204. See your statement.")
        #expect(CategorySignals.evaluate(newsletter).category != .forums)
    }

    /// A booking confirmed from a bare address (no display name, a ticketing system's) is a
    /// notice, though it has no bulk-mail mark; a bare address asking nothing of the kind is not.
    @Test func aBareAddressConfirmingABookingIsANotice() {
        let ticket = Self.mail("ticketadmin@railnet.example", nil, "Booking Confirmation on RAILNET, Train: 12658, 13-Jan-2026, 3A",
                               "PNR 4521873309. Passenger details below.", headers: [("Content-Type", "text/html; charset=utf-8")])
        CategorizationTests.expectSignals(decide: .updates, [ticket])
        let friend = Self.mail("sam@family.example", nil, "dinner sunday?", "Are you free?", headers: [])
        #expect(CategorySignals.evaluate(friend).category != .updates)
        // Nobody named in To: a circular's fake "application" is no notice of the user's.
        let circular = Self.mail("dave2fg7@address.example", nil, "Your application is below. Expires July 27.",
                                 "Apply now for a grant.", headers: [], to: 0)
        #expect(CategorySignals.evaluate(circular).category != .updates)
    }

    /// A spam filter's stamp on a relative's note from a consumer mailbox is no bulk mark.
    @Test func aSpamFiltersStampIsNoBulkMark() {
        let aunt = Self.mail("lucia.b@libero.it", "Lucia Bertolin", "Pasqua da noi?", "Ciao cara, venite da noi a Pasqua?",
                             headers: [("X-CMAE-Envelope", "MS4xfC1X"), ("X-CMAE-Score", "0")])
        #expect(BulkMailEvidence(aunt).espFingerprint == nil)
        #expect(CategorySignals.evaluate(aunt).category == .primary, "\(CategorySignals.evaluate(aunt).reasons)")
    }

    /// A developer's inbox: a Q&A board passing on an answer is forums (three blind probes
    /// labelled it so), a comment on the user's article or video is social, a sponsorship is an
    /// account's notice; a person writing about a new answer is none of these.
    @Test func aDevelopersBoardsAndNetworksAreToldApart() {
        CategorizationTests.expectSignals(decide: .forums, [
            Self.mail("do-not-reply@querystack.example", "QueryStack", "New answer to \"Lazily load entry-point plugins?\"",
                      "Someone answered your question. View the answer."),
        ])
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("notifications@devfeed.example", "DEVfeed", "Ingrid Solberg commented on “Writing a CommonMark parser”"),
            Self.mail("noreply@cliptube.example", "ClipTube", "@fuzzy_lemur commented on \"Quillmark internals: live coding\""),
        ])
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("noreply@forgehub.example", "Forgehub Sponsors", "[Forgehub Sponsors] @lena-dev is now sponsoring you",
                      "You'll receive $5 each month.", headers: [("X-Mailer", "Forgehub")]),
        ])
        let colleague = Self.mail("ana@example.org", "Ana", "New answer to your question about the flat", "The landlord says yes.", headers: [])
        #expect(CategorySignals.evaluate(colleague).category != .forums)
    }

    /// The third round (Nordic, Middle East, a shop owner, a student, a retired couple): networks'
    /// notices in Scandinavian languages, Finnish, Czech, Arabic and Hebrew; photos shared through a
    /// photo service, a game's turn, memories, saved pins, unread messages in a messenger's group.
    @Test func networksNoticesOfTheThirdRoundAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("notification@friendsy.example", "Friendsy", "Ingrid Lindqvist Haugen har lagt til et nytt bilde"),
            Self.mail("no-reply@mail.snapgram.example", "Snapgram", "birgitte.kjaer kommenterede dit opslag"),
            Self.mail("notification@friendsy.example", "Friendsy", "Mikko Virtanen merkitsi sinut julkaisuun"),
            Self.mail("invitations@worklink.example", "WorkLink", "Petr Svoboda vás chce přidat do své sítě"),
            Self.mail("no-reply@mail.lahza.example", "Lahza", "ranahaddad_ علّقت على منشورك: «المنظر خيالي»"),
            Self.mail("notification@wajh.example", "Wajh", "אבי פרץ תייג/ה אותך בתמונה"),
            Self.mail("notify@hamsa.example", "Hamsa", "لديك 5 رسائل غير مقروءة في «عيلة نصار»"),
            Self.mail("share-noreply@snapvault.example", "Snapvault", "Sam Patel shared an album with you: “Brecon weekend”"),
            Self.mail("noreply@mail.wordstack.example", "Wordstack", "Karen played ZEPHYR for 56 points! It's your turn."),
            Self.mail("notification@circlebook.example", "Circlebook", "June, you have memories with Walt Brennan and 3 others to look back on today"),
            Self.mail("pins@notifications.pinspire.example", "Pinspire", "12 people saved your Pin this week"),
            Self.mail("no-reply@kinnect.example", "Kinnect", "Jess Whitaker tagged Wren & Kiln Ceramics in a post"),
        ])
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("noreply@kettlepowered.example", "Kettle", "KevinTan_SG has sent you a gift on Kettle"),
        ])
        // A shop's turn, gift and memories sell; they are no network's notice.
        for subject in ["It's your turn to save: 20% off everything", "We sent you a gift 🎁 open it before Sunday",
                        "Make memories with our summer deals"] {
            let shop = Self.mail("hello@news.shop.example", "Shop", subject, "Shop now.")
            #expect(CategorySignals.evaluate(shop).category != .social, "\(subject)")
        }
        // A work chat's unread messages are its notice, not a network's.
        let chat = Self.mail("feedback@slack.com", "Slack", "3 unread messages in Acme", "You have 3 unread messages.")
        #expect(CategorySignals.evaluate(chat).category != .social)
    }

    /// Notices of the third round: a sale made on a marketplace, a benefits statement, a saved
    /// search in Swedish, tickets bought.
    @Test func noticesOfTheThirdRoundAreUpdates() {
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("transaction@makersy.example", "Makersy", "You made a sale on Makersy! 🎉 Order #3378912201", "Item total £48.00. Ship by Friday."),
            Self.mail("noreply@email.blueharbor.example", "BlueHarbor", "Your January Explanation of Benefits is ready to view"),
            Self.mail("noreply@torget.example", "Torget", "4 nya annonser för ”barncykel 16 tum”", "Barncykel 16 tum, 450 kr. Barncykel Puky, 600 kr."),
            Self.mail("customer_support@email.ticketpoint.example", "Ticketpoint", "You got the tickets! Mireille Vasseur — Théâtre Belvédère"),
        ])
    }

    /// A person's mail forwarded by an account's rule carries the forwarder's rewritten bounce
    /// address (SRS): no mailing system's.
    @Test func aForwardersRewrittenBounceAddressIsNoMailingSystems() {
        #expect(!CategorizationHeaders.isBounceHandler("<bounces+SRS=uwhgC=SW@university.example>"))
        #expect(!CategorizationHeaders.isBounceHandler("<SRS0=abc=SW=example.org=ethan@forwarder.example>"))
        #expect(CategorizationHeaders.isBounceHandler("<bounce-9143-22@rmail.shop.example>"))
        let classmate = Self.mail("epark089@university.example", "Ethan Park", "ADM 2302 - group project: meeting times?",
                                  "Hi both, when can we meet this week?", headers: [("Return-Path", "<bounces+SRS=uwhgC=SW@university.example>")], to: 3)
        #expect(CategorySignals.evaluate(classmate).category == .primary, "\(CategorySignals.evaluate(classmate).reasons)")
    }

    /// The fourth round (health and government, travel, a gamer, an inbox in Shanghai, a company's
    /// employee): a government newsletter service is no forum engine; a cousin's QQ number is a
    /// person's address; networks in Chinese; a forum's "New reply:"; loyalty and trial offers;
    /// a survey sent through a marketing platform asks, it does not sell.
    @Test func theFourthRoundsShapes() {
        let bins = Self.mail("council@public.govbulletin.example", "Borough Council", "Your bin collection day is changing from 6 April",
                             "From 6 April your bins will be collected on Thursdays.", headers: Self.esp + [("X-Mailer", "GovBulletin Communications Cloud")])
        #expect(ForumSoftware.engine(bins) == nil)
        #expect(ForumSoftware.engine(Self.mail("f@x.example", "F", "s", headers: [("X-Mailer", "vBulletin Mail via PHP")])) == "vbulletin")
        #expect(ForumSoftware.engine(Self.mail("f@x.example", "F", "s", headers: [("X-Mailer", "phpBB3")])) == "phpbb")
        let cousin = Self.mail("2861473905@qq.com", "小雨", "姐，二月去上海面试能借住两晚吗", "姐，我二月去上海面试，能借住两晚吗？", headers: [])
        #expect(!BulkMailEvidence(cousin).machineSender)
        #expect(BulkMailEvidence(Self.mail("2861473905@shop.example", nil, "s", headers: [])).machineSender)
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("noreply@mail.dilidili.example", "嘀哩嘀哩", "【嘀哩嘀哩】你有 3 位新粉丝，快去看看吧"),
            Self.mail("noreply@mail.dilidili.example", "嘀哩嘀哩", "【嘀哩嘀哩】胶片爱好者0371 回复了你的评论"),
            Self.mail("no-reply@notify.xiaohongce.example", "小红册", "你的笔记「上海梅雨季的5个室内机位」收到了 128 个赞"),
            Self.mail("notifications-noreply@nexwork.example", "Nexwork", "Congratulate Matthias Vogt on 5 years at Norvance Technologies"),
            Self.mail("messages-noreply@linkfolio.example", "Linkfolio", "Marco just messaged you"),
            Self.mail("notification@friendbook.example", "Friendbook", "Lucía Fernández hat ein Foto kommentiert, in dem du markiert bist"),
        ])
        CategorizationTests.expectSignals(decide: .forums, [
            Self.mail("forums-noreply@wanderboard.example", "Wanderboard Forums", "New reply: “Florence airport to Greve with a bike box?”",
                      "giulia_t replied to a thread you follow."),
        ])
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("autonotification@expensa.example", "Expensa", "Expense Report Approved: Munich supplier visit – March 2026", "Total €412.80"),
            Self.mail("alertas@divisa.example", "Divisa", "Pago de 48,30 USD en BLUE HARBOR MARKET, BOSTON MA"),
        ])
        CategorizationTests.expectSignals(favour: .promotions, [
            Self.mail("meilenclub@mail.alpenair.example", "AlpenAir", "Doppelte Meilen auf allen Flügen nach Südeuropa – jetzt registrieren"),
            Self.mail("hello@tripthread.example", "TripThread", "Julia, try TripThread Pro free for 30 days ✈️"),
        ])
        let survey = Self.mail("hello@cicloventura.example", "Cicloventura", "Julia, how was Chianti & Siena by Bike? (2-minute survey)",
                               "Tell us about your trip.", headers: Self.esp + [("Return-Path", "<bounce@bf.hubspotemail.net>")])
        #expect(CategorySignals.evaluate(survey).category != .promotions, "\(CategorySignals.evaluate(survey).reasons)")
    }

    /// The fifth round (moving house, a volunteer, France, Barcelona, Bucharest): a firm's mail
    /// gateway stamp, a forum's reply notice whose topic sounds like a receipt, a lender's offer,
    /// an agent's listings blast, banks' role addresses in Spanish, orders in Romanian and Greek,
    /// networks in French, Catalan, Romanian and Ukrainian.
    @Test func theFifthRoundsShapes() {
        let solicitor = Self.mail("deborah.okafor@calderlowe.example", "Deborah Okafor", "RE: 14 Larchfield Grove - purchase - shared drive and damp",
                                  "Dear Niamh, thank you. I have raised the damp with the seller's solicitors.", headers: [("X-MC-Unique", "abc123")])
        #expect(BulkMailEvidence(solicitor).espFingerprint == nil)
        CategorizationTests.expectSignals(decide: .forums, [
            Self.mail("noreply@homebuyershub.example", "HomeBuyersHub", "Topic reply notification - \"Gifted deposit from an Irish bank\"",
                      "A reply has been posted to a topic you watch.", headers: [("List-Unsubscribe", "<https://hub.example/u>")]),
        ])
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("mortgages-noreply@northbridge.example", "Northbridge", "Good news – your mortgage offer has been issued", "Your offer is attached."),
            Self.mail("pedidos@mail.evitrina.example", "eVitrina", "Comanda ta nr. 483219571 a fost înregistrată", "Total: 349,00 lei"),
            Self.mail("orders@agorazo.example", "Agorazo", "Η παραγγελία σας #AGZ-2602-7719034 καταχωρήθηκε", "Σύνολο: 49,90 €"),
            Self.mail("alertas@habitalista.example", "Habitalista", "3 pisos nuevos en Gràcia que encajan con tu búsqueda", "1.250 €/mes · 1.400 €/mes"),
        ])
        let bank = Self.mail("avisos@alertas.bancovertice.example", "Banco Vértice", "Compra con tu tarjeta ···4821 por 63,40 €", "", headers: [])
        #expect(BulkMailEvidence(bank).machineSender)
        CategorizationTests.expectSignals(favour: .promotions, [
            Self.mail("hello@hollinsmarr.example", "Hollins & Marr", "Just listed: 6 new homes in Chorlton & Didsbury this week",
                      "3-bed semi, offers over £385,000. 2-bed flat, £240,000. Book a viewing today."),
            Self.mail("hola@news.trastalia.example", "Trastalia", "📦 Este finde, envíos a mitad de precio en Trastalia"),
        ])
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("invitations@linkora.example", "Linkora", "Thomas Girard souhaiterait rejoindre votre réseau"),
            Self.mail("noreply@videotube.example", "VidéoTube", "@CuisineDeMamie a répondu à votre commentaire"),
            Self.mail("no-reply@mail.fotogram.example", "Fotogram", "marta.vilaro ha comentat la teva publicació"),
            Self.mail("notification@chatterbook.example", "Chatterbook", "Eleni Papadaki te-a etichetat într-o fotografie"),
            Self.mail("no-reply@mail.pictagram.example", "Pictagram", "olena.melnyk.kh та ще 14 користувачів вподобали ваш допис"),
            Self.mail("notifications@inspire.pindeck.example", "Pindeck", "Rhys saved 6 Pins to your board Larchfield kitchen"),
        ])
    }

    /// German calls to buy ("Jetzt … sichern") sell.
    @Test func germanCallsToBuySell() {
        CategorizationTests.expectSignals(favour: .promotions, [
            Self.mail("info@news.sparkasse.example", "Sparkasse", "Ihr Zuhause, Ihr Plan: Jetzt Bausparvertrag mit Zinsvorteil sichern",
                      "Sichern Sie sich jetzt Ihren Zinsvorteil. Profitieren Sie von 1,5 % Zins. Jetzt sichern!"),
        ])
    }
}
