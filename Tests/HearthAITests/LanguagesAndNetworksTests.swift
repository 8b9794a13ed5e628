import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Session 22's blind probes (a nurse in Melbourne, a musician, a family in Utrecht and Ghent, a
/// job seeker in Lagos and Nairobi, a journalist in Mexico City and Bogotá): the general shapes
/// their misses showed, written afresh here.
@Suite struct LanguagesAndNetworksTests {
    static let esp = ModernMailShapesTests.esp

    /// A bulk-mail service's message by default (`esp`); `RegionalMailTests` writes its inputs with it too.
    static func mail(_ from: String, _ name: String?, _ subject: String, _ text: String = "",
                     headers: [(String, String)] = esp, reply: Bool = false, to: Int = 1) -> CategorizationInput {
        CategorizationTests.input(from: from, name: name, to: to, subject: subject, text: text, headers: headers, reply: reply)
    }

    /// MiniLM learnt English: Latin-script German or Spanish is a language it cannot read, while
    /// English, short text and text that is mostly links still count as read.
    @Test func theEmbedderReadsEnglishOnly() {
        let german = Self.mail("a@example.org", "A", "Ihr Zuhause, Ihr Plan: Jetzt Bausparvertrag mit Zinsvorteil sichern",
                               "Sichern Sie sich jetzt den Zinsvorteil für Ihren Bausparvertrag. Nur bis Ende des Monats gilt der Bonus auf die Abschlussgebühr, und die Beratung ist kostenlos.")
        #expect(german.embedderReadsScript && !german.embedderReadsLanguage)
        let english = Self.mail("a@example.org", "A", "Your home, your plan: lock in a better rate",
                                "Lock in the rate for your savings plan now. The bonus on the fee is only valid until the end of the month, and the advice is free.")
        #expect(english.embedderReadsLanguage)
        #expect(Self.mail("a@example.org", "A", "Hola", "¿Vienes?").embedderReadsLanguage, "too short to tell")
        let links = Self.mail("a@example.org", "A", "AuthorTracker News", "Hello! Your selected author <http://www.example.com/hc/scripts/clicks.asp?sid=12535&id=7848_8_20_2002&url=http://www.example.com/rd/authortracker/author/7848> has new work on sale today! <http://www.example.com/hc/scripts/clicks.asp?sid=12535&id=7848_8_20_2002&url=http://www.example.com/rd/authortracker/book/0060507772>")
        #expect(links.embedderReadsLanguage, "links are no language")
    }

    /// In a language the embeddings cannot read, a lean the words gave decides; a lean that is
    /// only the bulk default or the shape of a person's letter still leaves it to the centroid.
    @Test func aLeanFromTheWordsDecidesInALanguageTheEmbeddingsCannotRead() async {
        let sale = Self.mail("kanatgulus@email.airline.example", "AnadoluWings", "Kanat&Gülüş üyelerine özel: Uzak Doğu uçuşlarında %25 indirim",
                             "Üyelerimize özel fırsat: Tokyo, Seul ve Bangkok uçuşlarında yüzde yirmi beş indirim sizi bekliyor. Kampanya pazar günü sona eriyor, hemen yerinizi ayırtın ve kazanmaya başlayın.")
        let verdict = CategorySignals.evaluate(sale)
        #expect(verdict.category == nil && verdict.lean == .promotions && verdict.leanFromWords, "\(verdict.reasons)")
        let letter = Self.mail("jorge.ruiz@correo.example", "Jorge Ruiz", "¡Por fin tenemos vuelos!",
                               "Hola Julia, ya tenemos los vuelos para Lisboa, salimos el viernes por la mañana y volvemos el domingo por la noche. Te paso los detalles cuando los tenga todos, pero ya podemos reservar el hotel.",
                               headers: [])
        let decisions = await InternationalInboxTests.categorizer().categorize([sale, letter])
        #expect(decisions[0].category == .promotions, "\(decisions[0].reasons)")
        #expect(!decisions[1].reasons.contains { $0.contains("cannot read") }, "a person's letter is the centroid's to read: \(decisions[1].reasons)")
    }

    /// Mailman writes its digests' table of contents in the list's language; groups.io lists
    /// "Messages in this digest".
    @Test func localisedListDigestsAreForums() {
        let dutch = Self.mail("vrijwilligers-request@lists.fietsbelang.example", nil, "Vrijwilligers Digest, Deel 12, Nummer 3",
                              "Stuur berichten voor de lijst Vrijwilligers naar vrijwilligers@lists.fietsbelang.example\n\nOnderwerpen van vandaag:\n\n   1. Fietstelling Biltstraat (Jeroen Mulder)\n   2. Re: Fietstelling Biltstraat (Anouk Smit)",
                              headers: [("List-Id", "<vrijwilligers.lists.fietsbelang.example>"), ("List-Post", "<mailto:vrijwilligers@lists.fietsbelang.example>")])
        let spanish = Self.mail("red-pi-request@listas.redpi.example", nil, "Red-PI Digest, Vol 58, Issue 12",
                                "Envíe los mensajes para la lista Red-PI a red-pi@listas.redpi.example\n\nTemas del día:\n\n   1. Re: Convocatoria: beca (Jimena Robles)",
                                headers: [("List-Id", "<red-pi.listas.redpi.example>"), ("List-Post", "<mailto:red-pi@listas.redpi.example>")])
        CategorizationTests.expectSignals(decide: .forums, [dutch, spanish])
    }

    /// Several people's doing gathered in one notice, a network's event, a game's invitation and
    /// turn, a neighbourhood's posts, kudos and follows in Dutch, French and Spanish.
    @Test func networksGatheredNoticesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("no-reply@ridelog.example", "Ridelog", "Bram Peeters en 4 anderen gaven kudos voor je activiteit"),
            Self.mail("notifications@foulee.example", "Foulée", "Julien Morel et 4 autres ont donné des bravos à « Course du soir »"),
            Self.mail("notify@trino.example", "Trino", "Laura Gómez y 4 personas más te siguieron"),
            Self.mail("notification@hearthbook.example", "Hearthbook", "The Low Ceiling added you as a co-host of an event"),
            Self.mail("noreply@speelhal.example", "Speelhal", "Wout_GNT has invited you to play Velodrome Rush"),
            Self.mail("noreply@wordmates.example", "WordMates", "It's your turn! Hemi played QUIXOTE for 62 points"),
            Self.mail("digest@streetwise.example", "Streetwise", "Lost cat near Barkly Square · Free firewood · and 4 more posts near you"),
            Self.mail("no-reply@notify.clipshot.example", "Clipshot", "🔥 Your video is taking off: 52K views"),
            Self.mail("notifications@chatcord.example", "Chatcord", "You have 14 unread messages and 1 mention in Africa Data Folks"),
            Self.mail("notification@conexa.example", "Conexa", "Nueva publicación en Periodistas Freelance LatAm"),
            Self.mail("no-reply@trailly.example", "Trailly", "En Pau Ferrer i 5 persones més han fet kudos a «Matinal al Tibidabo»"),
            Self.mail("no-reply@glimmer.example", "Glimmer", "lunarpixl is live: ranked grind until diamond (no sleep) 🔴", "lunarpixl is live!"),
            Self.mail("no-reply@streamly.example", "Streamly", "Lunaforge just went live: Hollow Depths II demo",
                      "Lunaforge is streaming Hollow Depths II to 1,204 viewers. Watch now."),
        ])
        // A shop's launch is live too, and streams nothing.
        let launch = Self.mail("news@shop.example", "Shop", "Our summer sale is live: 30% off", "Shop now while stocks last.")
        #expect(CategorySignals.evaluate(launch).category != .social)
        // A shop's cart of several items, a shop's "your turn to save" and a shop's trending
        // products are none of these.
        for subject in ["Your jacket and 2 other items are waiting", "Ihre Jacke und 2 weitere Artikel warten", "It's your turn to save 20%",
                        "Trending now: our bestsellers"] {
            #expect(CategorySignals.evaluate(Self.mail("news@shop.example", "Shop", subject)).category != .social, "\(subject)")
        }
    }

    /// Proton Mail's fields share Postmark's prefix; a person at a domain of their own name is
    /// no organisation.
    @Test func peoplesMailFromProtonAndOwnDomainsIsPersonal() {
        let proton = Self.mail("mcastellanos@proton.example", "M. Castellanos", "Re: Our call on Thursday",
                               "Valeria, attached is the document I mentioned. Please keep my name out of it.",
                               headers: [("Feedback-ID", "18032332:user:proton"), ("X-Pm-Message-ID", "853a1eded4ff85c6")], reply: true)
        #expect(BulkMailEvidence(proton).espFingerprint == nil)
        let postmark = Self.mail("licensing@syncbridge.example", "Syncbridge", "Your licence", "Thanks.",
                                 headers: [("X-PM-Message-Id", "dbca617e"), ("X-PM-Tag", "license")])
        #expect(BulkMailEvidence(postmark).espFingerprint != nil, "Postmark's own mail keeps its mark")
        #expect(!BulkMailEvidence.isOrganisationName("Wes Calloway", domain: "wescalloway.com", local: "wes"))
        #expect(BulkMailEvidence.isOrganisationName("Tidewell", domain: "tidewell.com", local: "hello"))
        let wes = Self.mail("wes@wescalloway.com", "Wes Calloway", "Re: Copper Wire pt. 2 - bridge?",
                            "Tried the bridge in D, it lifts better. Voice memo attached.",
                            headers: [("Feedback-ID", "iee3ce3c3:Fastmail")], reply: true)
        #expect(CategorySignals.evaluate(wes).candidates.contains(.primary), "\(CategorySignals.evaluate(wes).reasons)")
    }

    /// News desks' alerts quote rates and growth figures, which sell nothing; a sale made, a
    /// licence bought, a card payment and an annual bill are notices; a card's 0 % offer sells.
    @Test func figuresThatSellNothingAndNoticesOfMoney() {
        let wire = Self.mail("alerts@alerts.wire.example", "Wire Alerts", "FLASH: Colombia's central bank holds key rate at 8.25%, surprises market")
        let urgente = Self.mail("alertas@alertas.noticias.example", "Noticias", "URGENTE | Banco central recorta su tasa de referencia a 6.75%")
        let stats = Self.mail("no-reply@artists.sonora.example", "Sonora for Artists", "Your January on Sonora for Artists: 48,912 streams (+31%)")
        // Not enough selling in the words to lean promotions (a margin of 1.5).
        for input in [wire, urgente, stats] {
            let scores = CategoryVocabulary.score(subject: input.subject, body: "")
            #expect(scores.promotions - scores.updates < 1.5, "\(input.subject): \(scores)")
        }
        #expect(CategoryVocabulary.score(subject: stats.subject, body: "").promotions == 0, "a growth figure is no discount")
        #expect(CategoryVocabulary.score(subject: "Sale: 20% off everything", body: "").promotions >= 4)
        #expect(CategoryVocabulary.score(subject: "Winterschlussverkauf -30% auf alles", body: "").promotions >= 2)
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("noreply@bandhaven.example", "Bandhaven", "Cha-ching! Someone bought Copper Wire (Vinyl LP)", "$28.00 + shipping"),
            Self.mail("licensing@syncbridge.example", "Syncbridge", "License purchased: \"Kitchen Light\" - Standard Web/Social (#SB-26-041877)"),
            Self.mail("avisos@alertas.banco.example", "Banco", "Compra con tu tarjeta ···4821 por 63,40 €"),
            Self.mail("klantenservice@enervo.example", "Enervo", "Je jaarafrekening 2025 staat klaar", "Te betalen: € 312,40"),
        ])
        let card = Self.mail("offers@m.fedbank.example", "Federation Bank", "Tegan, 0% p.a. for 24 months on balance transfers")
        #expect(!CategoryVocabulary.confirmsWithoutSelling(subject: card.subject))
        #expect(CategorySignals.evaluate(card).category != .updates)
    }

    /// A campaign's or a charity's appeal asks for money more than once; a receipt for a gift
    /// and a newsletter with one "Donate" link in its footer are not appeals.
    @Test func appealsForMoneyAreMarketing() {
        CategorizationTests.expectSignals(decide: .promotions, [
            Self.mail("info@renfroe.example", "Janelle Renfroe", "FINAL NOTICE: 11:59 PM deadline",
                      "Megan,\nThis is your FINAL NOTICE. We are $38,412 short.\nDONATE $10 >> https://secure.example/donate?a=10\nDONATE $25 >> https://secure.example/donate?a=25"),
            Self.mail("info@fondation.example", "Fondation Cœur", "Réjean, votre don sera doublé jusqu'au 14 février ❤️",
                      "Jusqu'au 14 février, un donateur doublera chaque don. Votre don de 50 $ en vaudra 100 $.\nJe donne maintenant : https://x.example"),
        ])
        let receipt = Self.mail("giving@fondation.example", "Fondation Cœur", "Thank you for your donation",
                                "Your gift of $50 helps. Your gift is tax deductible; keep this receipt.")
        #expect(CategorySignals.evaluate(receipt).category != .promotions, "\(CategorySignals.evaluate(receipt).reasons)")
        let newsletter = Self.mail("news@museum.example", "City Museum", "This month at the museum",
                                   "New exhibitions, talks and family days. Support us: donate.")
        #expect(!CategoryVocabulary.appealsForMoney(newsletter.text))
        // Telling of gifts given is no asking (a 2002 newsletter: "If you donated … donating").
        #expect(!CategoryVocabulary.appealsForMoney("If you donated to the foundation you are subscribed. If you haven't donated, consider donating."))
    }

    /// A network's event invitation says whose event it is and who is going; a work tool's
    /// invitation to a workspace says neither.
    @Test func aNetworksEventInvitationIsSocial() {
        let event = Self.mail("notification@friendbook.example", "Friendbook", "Stephanie Cole invited you to Laurel Creek Spring Egg Hunt 🐣",
                              "Stephanie Cole invited you to her event.\nSAT, APR 4 AT 10:00 AM\n23 going · 41 interested")
        CategorizationTests.expectSignals(decide: .social, [event])
        let workspace = Self.mail("team@notes.example", "Notes", "Ann invited you to Acme", "Ann invited you to collaborate in Acme. Accept invitation.")
        #expect(CategorySignals.evaluate(workspace).category != .social)
    }

    /// More networks' notices: a subreddit's post, a group chat's new messages in Italian and
    /// Dutch, a game's turn in Italian, shares, albums, photos and friend requests in Italian
    /// and French, a connection invitation in Italian.
    @Test func moreNetworksNoticesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("noreply@threadit.example", "Threadit", "\"Finally finished my first white build\" - r/buildapc"),
            Self.mail("digest@mail.whisp.example", "Whisp", "37 nuovi messaggi in «Famiglia Martinelli 🏡»"),
            Self.mail("digest@buurtkring.example", "Buurtkring", "23 nieuwe berichten in Buren Lombok-Oost 🏘️"),
            Self.mail("notify@chessarena.example", "ChessArena", "È il tuo turno contro Gianni_B (partita #48213577)"),
            Self.mail("notifications@social.example", "Accademia Social", "Dario Ferrante ha condiviso il tuo post",
                      headers: [("Auto-Submitted", "auto-generated")]),
            Self.mail("notification@kinnect.example", "Kinnect", "Sophie Bouchard a ajouté 14 photos dans Famille Bouchard-Pelletier"),
            Self.mail("partage-noreply@phototheque.example", "Photothèque", "Sophie Bouchard a partagé l'album « Noël 2025 » avec vous"),
            Self.mail("notification@kinnect.example", "Kinnect", "Ginette Paradis veut devenir votre amie sur Kinnect"),
            Self.mail("invitations@prolinked.example", "ProLinked", "Elena, hai un invito da Marco Bianchi"),
            Self.mail("notification@voisins.example", "VoisinsPlus", "Chat perdu rue Maguire, et 4 autres publications à Sillery"),
        ])
        // A shop's "3 new messages" about an order is no group chat.
        let shop = Self.mail("orders@shop.example", "Shop", "Your order 1234: 3 new messages from the seller")
        #expect(CategorySignals.evaluate(shop).category != .social)
    }

    /// LISTSERV keeps the author's name over a token address of the list host: a person's post.
    /// A reply that carries only a List-Unsubscribe (a sales tool's follow-up) is no list reply.
    @Test func listservsRewrittenAuthorIsAPostAndAnOptOutIsNoList() {
        let post = Self.mail("6C929582CFB37782-dmarc-request@LISTSERV.ROMLING.EXAMPLE", "Pieter Janssens",
                             "CFP: Romània Nova 2026 – Variation and change in Romance discourse",
                             "Dear colleagues, we invite abstracts for a workshop in Leuven.",
                             headers: [("Precedence", "list"), ("Sender", "Romance Linguistics Discussion List <ROMLING-L@LISTSERV.ROMLING.EXAMPLE>"),
                                       ("List-Help", "<mailto:LISTSERV@LISTSERV.ROMLING.EXAMPLE?body=INFO%20ROMLING-L>")])
        CategorizationTests.expectSignals(decide: .forums, [post])
        let bump = Self.mail("sarah@vendrix.example", "Sarah Whitfield", "Re: Kaskade's outbound data",
                             "Hi Lena, just bumping this up in case it got buried.", headers: Self.esp, reply: true)
        #expect(CategorySignals.evaluate(bump).category != .forums, "\(CategorySignals.evaluate(bump).reasons)")
        #expect(BulkMailEvidence(bump).listHeaders && !BulkMailEvidence(bump).namesAList)
        #expect(BulkMailEvidence(post).namesAList)
    }

    /// An e-ticket by its name in Italian is a notice; a journal selling publication sells.
    @Test func eTicketsAndJournalsSellingPublication() {
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("noreply@trenia.example", "Trenìa", "Biglietto elettronico PNR K7XQ2M – Bologna Centrale → Roma Termini",
                      "Totale pagato: 49,90 €. Buon viaggio!"),
        ])
        #expect(CategoryVocabulary.score(subject: "Invitation to Publish in IJMHSR – Fast Track Publication", body: "").promotions >= 4)
    }

    /// Moodle mails each course forum's posts under a "moodleforum<id>@" list: forums.
    @Test func moodlesCourseForumIsForums() {
        let post = Self.mail("noreply@e.lingwa.example", "Katarzyna Nowak (przez Lingwa e-learning)",
                             "Język polski A2+ (wt/czw 18:00): Przedstawmy się!",
                             "Napiszcie kilka zdań o sobie.\nPokaż ten wpis w kontekście: https://e.lingwa.example/mod/forum/discuss.php?d=88",
                             headers: [("Precedence", "Bulk"), ("X-Mailer", "PHPMailer 6.9.1"),
                                       ("List-Unsubscribe", "<https://e.lingwa.example/mod/forum/subscribe.php?id=12>")])
        var listed = post
        listed.listID = "\"Forum dyskusyjne\" <moodleforum12@e.lingwa.example>"
        CategorizationTests.expectSignals(decide: .forums, [listed])
        #expect(ForumSoftware.engine(post) == nil, "no Moodle list, no Moodle")
    }

    /// Networks' notices from round 8: Ukrainian, Russian, Chinese, Korean and French words, a
    /// game's squad and lives, a research network's recommendation.
    @Test func roundEightNetworksNoticesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("notification@facemeet.example", "Facemeet", "Iryna Bondar згадала вас у коментарі"),
            Self.mail("notification@facemeet.example", "Facemeet", "Катерина Мельник надіслала вам запит на дружбу"),
            Self.mail("friends@notify.playnova.example", "Playnova", "Natalia sent you 5 lives ❤️"),
            Self.mail("noreply@mythicarena.example", "Mythic Arena", "Kuya_Migs invited you to join the squad \"Bisdak Legends\""),
            Self.mail("no-reply@scholargate.example", "ScholarGate", "Marta Kowalczyk recommended your research"),
            Self.mail("noreply@vapor.example", "Vapor", "Chuanchuan_Panda wants to be your friend on Vapor"),
            Self.mail("noreply@notice.welink.example", "WeLink", "新的朋友：张婷 请求添加你为朋友"),
            Self.mail("noreply@mail.bilibo.example", "Bilibo", "你关注的UP主「多伦多小王Daily」发布了新视频"),
            Self.mail("no_reply@accounts.ghostchat.example", "Ghostchat", "Ghita vous a envoyé un Snap 👻"),
            Self.mail("invitations@proxima.example", "Proxima", "Karim Benjelloun a accepté votre invitation"),
            Self.mail("noreply@bandly.example", "BANDLY", "[BANDLY] '한빛여고 94 동창회' 밴드에 새 글이 등록되었습니다."),
        ])
        // A workspace's acceptance in French is a service's news.
        let workspace = Self.mail("team@outil.example", "Outil", "Karim a accepté votre invitation à rejoindre l'espace Acme")
        #expect(CategorySignals.evaluate(workspace).category != .social)
    }

    /// A person on a university's "mail." host is a person; a brand's "news@mail." is not.
    @Test func aPersonOnAMailHostIsAPerson() {
        #expect(BulkMailEvidence.mailboxSpellsName("kevin.ng", name: "Kevin Ng"))
        #expect(!BulkMailEvidence.mailboxSpellsName("sarah", name: "Sarah from Acme"))
        #expect(!BulkMailEvidence.mailboxSpellsName("news", name: "Acme News"))
        let post = Self.mail("kevin.ng@mail.olu.example", "Kevin Ng", "[OLU-Badminton] Friday drop-in moved to Courts 3-6",
                             "Hi all, from this Friday we play on courts 3-6.",
                             headers: [("List-Post", "<mailto:main@OLU-Badminton.listhub.example>"), ("Precedence", "Bulk")])
        #expect(!BulkMailEvidence(post).machineSender)
    }

    /// Job boards' saved searches in French, a marketplace's message about the user's listing and
    /// a payroll run are notices; a discount written "-40 %" and a fare priced in a currency's
    /// code sell.
    @Test func roundEightNoticesAndOffers() {
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("alertes@stagio.example", "Stagio", "15 nouvelles offres de stage pour « Robotique – Lyon et alentours »",
                      "Voir les offres. Gérer mes alertes."),
            Self.mail("no-reply@paywell.example", "Paywell", "Payday! Mapo Corner Kitchen LLC's team was paid today", "Total $8,412.20"),
        ])
        #expect(CategoryVocabulary.confirmsWithoutSelling(subject: "Nouveau message pour votre annonce « Kit Arduino Mega »"))
        #expect(!CategoryVocabulary.confirmsWithoutSelling(subject: "Ftour livré à temps 🌙 -40 % sur ta commande avant 18h30"))
        #expect(!CategoryVocabulary.confirmsWithoutSelling(subject: "Claire, -50 % pour booster votre annonce cette semaine"))
        #expect(CategoryVocabulary.score(subject: "Toronto–Chengdu spring fares from CAD 968", body: "").promotions >= 2)
        #expect(!NewsletterContent.mentionsPrice("Premium: GBP 412.50 a year"), "a code in a text is no offer")
    }

    /// A government's automated service sends notices, whatever they read like; a campaign's
    /// domain is no government's.
    @Test func aGovernmentsServiceSendsNotices() {
        #expect(GovernmentMail.isGovernment("notifications.service.gov.uk"))
        #expect(GovernmentMail.isGovernment("irs.gov") && GovernmentMail.isGovernment("impots.gouv.fr"))
        #expect(!GovernmentMail.isGovernment("renfroeforgeorgia.com") && !GovernmentMail.isGovernment("govstore.com"))
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("noreply@notifications.service.gov.uk", "HM Revenue and Customs",
                      "Making Tax Digital for Income Tax: you need to act before 6 April 2026",
                      "From 6 April 2026 you must keep digital records. Find software that works with Making Tax Digital."),
        ])
    }

    /// Round 9: a student's number as the mailbox at a university, a class board's digest, a
    /// forum community's digest (no network's "new posts in"), a match with a typographic
    /// apostrophe, a word game's move, Portuguese networks' notices and money received, a
    /// budget crossed; a network's upsell naming "who viewed your profile" is no reach report.
    @Test func roundNineShapes() {
        let student = Self.mail("s2304417@holyrood.ac.example", "Priya Raman", "RE: INFR08015 group project - who's doing what",
                                "I can take the data cleaning.", headers: [], reply: true)
        #expect(!BulkMailEvidence(student).machineSender)
        #expect(BulkMailEvidence.isStudentNumber("s2304417", domain: "ed.ac.uk", name: "Priya Raman"))
        #expect(!BulkMailEvidence.isStudentNumber("s2304417", domain: "shop.example", name: "Priya Raman"))
        CategorizationTests.expectSignals(decide: .forums, [
            Self.mail("no-reply@askboard.example", "Askboard", "INFR08026 Algorithms & Data Structures – Askboard digest (4 new posts, 7 replies)"),
            Self.mail("communities@icpa.example", "ICPA Tax Faculty Community", "Tax Faculty Community daily digest: 5 new posts in 3 discussions"),
        ])
        CategorizationTests.expectSignals(decide: .social, [
            Self.mail("hello@mail.sparkd.example", "Sparkd", "It’s a match! Claire liked you back 💘"),
            Self.mail("noreply@wordbuddies.example", "WordBuddies", "Barb K. played QUIXOTE for 74 points! It's your move 🎲"),
            Self.mail("notification@friendbook.example", "Friendbook", "Camila Sousa identificou-a numa foto"),
            Self.mail("notification@friendbook.example", "Friendbook", "Henrique Sousa Lopes enviou-lhe um pedido de amizade"),
            Self.mail("no-reply@mail.instaframe.example", "Instaframe", "tia_graca_porto começou a seguir-te"),
        ])
        CategorizationTests.expectSignals(decide: .updates, [
            Self.mail("notificacoes@mbpay.example", "MBPay", "Recebeu 120,00 € de BRUNO T."),
            Self.mail("no-reply-budgets@stratus.example", "Stratus Budgets", "Your budget \"tessellate-ci\" has exceeded 80% of its $150.00 monthly limit"),
        ])
        let upsell = Self.mail("premium-noreply@prolink.example", "ProLink", "Nate, get 1 month of Premium Career for $0",
                               "Try Premium free for 1 month: see who viewed your profile in the last 365 days.")
        #expect(CategorySignals.evaluate(upsell).category != .social)
    }
}

