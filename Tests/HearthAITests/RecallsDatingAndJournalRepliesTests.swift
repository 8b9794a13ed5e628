import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Session 28's blind probes (inboxes of 2001–2003 and of today, counted before any miss was
/// read) left these shapes unsorted: a supplier's recall, a dating site's message notice, a
/// journal's reply notice wrapped across lines, a card game's invitation.
@Suite struct RecallsDatingAndJournalRepliesTests {
    static func input(_ from: String, _ name: String?, _ subject: String, _ text: String = "", headers: [(String, String)] = []) -> CategorizationInput {
        CategorizationInput(from: EmailAddress(name: name, address: from), recipients: [EmailAddress(name: "Dana", address: "dana@isp.example")],
                            subject: subject, text: text, headers: headers.map { HeaderField(name: $0.0, value: $0.1) })
    }

    /// A supplier's recall of what the user bought, sent by a script, is a notice; a shop's
    /// "recall the summer" sale is not one.
    @Test func aSuppliersRecallIsANotice() {
        let recall = Self.input("productsafety@midstate.example", "Midstate Product Safety", "IMPORTANT: Product Advisory - Oxytocin 100 mL lots OX30817A/B",
                                "To: customers who purchased the product below. ACTION: Voluntary recall to the clinic level.",
                                headers: [("X-Mailer", "Microsoft CDO for Windows 2000")])
        CategorizationTests.expectSignals(decide: .updates, [recall])
        #expect(CategoryVocabulary.isTransactional(subject: "Voluntary recall: Crestline 12V chargers"))
        #expect(!CategoryVocabulary.isTransactional(subject: "Total recall: 40% off summer styles"))
    }

    /// A dating site's notice of a member's message tells of visits to the user's profile; a
    /// bank's "new message from your adviser" does not, and is no network's.
    @Test func aDatingSitesMessageNoticeIsSocial() {
        let dating = Self.input("messages@matchbloom.example", "MatchBloom", "ChessAndCrates, you have a new message from BishopTakesQueen",
                                "Hi ChessAndCrates,\n\nYou have a new message on MatchBloom!\n\n  From: BishopTakesQueen, 29, Cambridge MA\n\nBishopTakesQueen has viewed your profile 3 times this week.")
        // The categoriser's text ends where a header-like line begins ("From: BishopTakesQueen"):
        // the two handles in the subject are enough.
        let handlesOnly = Self.input("messages@matchbloom.example", "MatchBloom", "ChessAndCrates, you have a new message from BishopTakesQueen",
                                     "Hi ChessAndCrates,\n\nYou have a new message on MatchBloom!")
        CategorizationTests.expectSignals(decide: .social, [dating, handlesOnly])
        for subject in ["You have a new message from your adviser", "John, you have a new message from PayPal"] {
            let bank = Self.input("messages@harbourbank.example", "Harbour Bank", subject,
                                  "Dear customer, a new secure message is waiting in online banking. Sign in to read it.")
            #expect(CategorySignals.evaluate(bank).category != .social, "\(subject)")
        }
    }

    /// A journal's reply notice wraps its lines anywhere ("replied\nto your … post").
    @Test func aJournalsReplyNoticeWrappedAcrossLines() {
        let journal = Self.input("noreply@inkwelljournal.example", "Inkwell Comment", "Reply to your post...",
                                 "munro_helen (http://www.inkwelljournal.example/users/munro_helen/) replied\nto your Inkwell post in which you said:\n\n    Four nights on the mountain")
        CategorizationTests.expectSignals(decide: .social, [journal])
        let forum = Self.input("noreply@tractorboard.example", "Tractor Board", "Reply to your post...",
                               "ed_m replied\nto your post in the thread \"M won't stay in 4th gear\". View the topic to answer.")
        #expect(CategorySignals.evaluate(forum).category != .social, "a board's notice speaks of threads, not a journal")
    }

    /// A card game's invitation by a player's handle is social; a shop's "invited you to play
    /// our Spin & Win" is an advert, and a calendar's invitation is not a game's.
    @Test func aCardGamesInvitation() {
        let game = Self.input("invites@tablehall.example", "Tablehall Games", "MKowal2112 has invited you to a game of Euchre",
                              "MKowal2112 has invited you to play Euchre at Tablehall!")
        CategorizationTests.expectSignals(decide: .social, [game])
        let calendar = Self.input("calendar@workspace.example", "Calendar", "Anna has invited you to a meeting: budget review", "")
        #expect(CategorySignals.evaluate(calendar).category != .social)
    }

    /// French and Italian sites of the era: a friend list, an album, a guestbook, an e-card, a
    /// classmate's message, a chess move, a dating app's match in Portuguese.
    @Test func frenchItalianAndPortugueseSitesAreSocial() {
        CategorizationTests.expectSignals(decide: .social, [
            Self.input("amis@lectio.example", "Lectio", "Marc-Antoine Roy vous a ajoutée à ses amis sur Lectio"),
            Self.input("albums@photopartage.example", "PhotoPartage", "Nathalie Ducharme vous invite à voir l'album « Gaspésie, août 2001 »"),
            Self.input("avis@anciens-camarades.example", "AnciensCamarades.ca", "Hélène, quelqu'un a signé votre livre d'or!"),
            Self.input("cartes@cartesmagiques.example", "CartesMagiques.com", "Luc Desrosiers vous a envoyé une carte virtuelle!"),
            Self.input("album@scattini.example", "Scattini.it", "Elena Marchetti ha condiviso con te l'album \"Formentera, settembre\""),
            Self.input("avvisi@exallievi.example", "Exallievi.it", "Un tuo ex compagno di classe ti ha lasciato un messaggio!",
                       headers: [("X-Mailer", "Microsoft CDO for Windows 2000")]),
            // A site's own name with an accent its domain cannot carry signs as the site.
            Self.input("partie@echecsplus.example", "ÉchecsPlus", "ÉchecsPlus - Partie 44871 : à vous de jouer (coup 23)",
                       headers: [("X-Mailer", "EchecsPlus Notify/0.9")]),
            Self.input("ola@faisca.example", "Faísca", "Tens um novo match! 💘", headers: [("List-Unsubscribe", "<https://faisca.example/u>")]),
        ])
        #expect(BulkMailEvidence.isOrganisationName("ÉchecsPlus", domain: "echecsplus.example"))
        // A shop's "À vous de jouer !" names no game; a school's class trip names no classmate's site.
        EarlyWebDesksAndGamesTests.expectNotSocial([("Soldes d'hiver : à vous de jouer !", "Jusqu'à -50 % sur tout le magasin."),
                                                    ("Un nouveau match de la saison ce soir", "")])
    }

    /// A friend's invitation to a network by the network's name, with a text about the network,
    /// is social; a work tool's invitation whose text speaks of projects is not.
    @Test func aFriendsInvitationToANetwork() {
        let network = Self.input("invitations@linkwell.example", "Linkwell", "Jennifer Park invites you to join Linkwell",
                                 "Jennifer Park has invited you to join her professional network on Linkwell.")
        CategorizationTests.expectSignals(decide: .social, [network])
        let tool = Self.input("invitations@flowboard.example", "Flowboard", "Jennifer Park invites you to join Flowboard",
                              "Jennifer Park has invited you to collaborate on the Q3 launch project.")
        #expect(CategorySignals.evaluate(tool).category != .social)
    }

    /// Notices in the languages of the probes: a library's loan falling due (Koha), a mailbox
    /// near its quota, a Japanese carrier's monthly charges, an Italian bank's account notice.
    @Test func loansQuotasAndChargesAreNotices() {
        let loan = Self.input("biblioteca@uribeirinha.example", "Biblioteca URL", "Aviso: prazo de empréstimo a terminar",
                              "Caro(a) leitor(a), o prazo de empréstimo termina dentro de 3 dias.", headers: [("X-Mailer", "Koha")])
        CategorizationTests.expectSignals(decide: .updates, [loan])
        #expect(ScriptMailer.built(loan))
        for subject in ["AVERTISSEMENT : votre boîte aux lettres est presque pleine (92 %)", "【Sorato Mobile】ご利用料金のお知らせ（2002年12月分）",
                        "Passaggio all'euro: la conversione del Suo conto corrente"] {
            #expect(CategoryVocabulary.confirmsWithoutSelling(subject: subject), "\(subject)")
        }
        #expect(!CategoryVocabulary.confirmsWithoutSelling(subject: "Ponte dell'Immacolata: 3 notti al prezzo di 2"))
        #expect(CategoryVocabulary.score(subject: "Hélène, vous êtes présélectionnée pour la carte Or", body: "").promotions > 0)
    }

    /// A list member's mailbox spelt by the first name's initial and the surname is a person's,
    /// not a mailing host's: the post goes to the forum it was sent to.
    @Test func aListMembersInitialAndSurname() {
        #expect(BulkMailEvidence.mailboxSpellsName("kalbrecht", name: "Ken Albrecht"))
        #expect(BulkMailEvidence.mailboxSpellsName("albrechtk", name: "Ken Albrecht"))
        #expect(!BulkMailEvidence.mailboxSpellsName("newsletter", name: "Ken Albrecht"))
        let post = CategorizationInput(from: EmailAddress(name: "Ken Albrecht", address: "kalbrecht@MAIL.ASHGROVE.EXAMPLE"),
                                       recipients: [EmailAddress(address: "RETAIL-L@LISTSERV.ASHGROVE.EXAMPLE")],
                                       subject: "Re: Markdown cadence - European vs US department stores",
                                       text: "Martin, not hard data, but a couple of pointers. Markdowns at week 6 are common in the US.",
                                       headers: [HeaderField(name: "Sender", value: "Retail Industry Research Discussion List <RETAIL-L@LISTSERV.ASHGROVE.EXAMPLE>")],
                                       isReply: true)
        CategorizationTests.expectSignals(decide: .forums, [post])
    }
}
