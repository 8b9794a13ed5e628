import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Session 25's blind probes of mainstream English-language inboxes (a marketing manager in
/// Austin, a bride-to-be in Manchester, a teacher in Ohio, a student in Sydney, a plumber in
/// Vancouver): the general shapes their misses showed, written afresh here.
@Suite struct MainstreamInboxTests {
    // Inputs are written with `RegionalMailTests.mail` (a bulk-mail service's message by default).

    /// A friend's letter typed in Gmail, Apple Mail or Thunderbird from a consumer mailbox, to a
    /// few named friends, is theirs, however many prices and shop links it passes on. The same
    /// words from a company's domain, a script, or sent to nobody named are not decided so.
    @Test func aLetterTypedInAPersonsMailProgramIsPrimary() {
        let text = "Hiya gorgeous, three options, all under £120 each: https://shop.example/a https://shop.example/b "
            + "https://shop.example/c https://shop.example/d https://shop.example/e Free swatches too, 20% off this week! P x"
        let gmail = RegionalMailTests.mail("priya.shah.91@gmail.com", "Priya Shah", "Bridesmaid dresses!!! 👀", text,
                                           headers: [("Message-ID", "<CAP31_v7DPnDH+2yoGWPdXlkCMNYIGmc_+wIf+NIzvmcoA@mail.gmail.com>")], to: 3)
        let iphone = RegionalMailTests.mail("jess.okafor@icloud.com", "Jess Okafor", "Sale on the shoes!!", text,
                                            headers: [("X-Mailer", "iPhone Mail (22B91)")], to: 2)
        let thunderbird = RegionalMailTests.mail("gmcl@yahoo.com", "Greg McLean", "Deals for the trip", text,
                                                 headers: [("User-Agent", "Mozilla Thunderbird")], to: 1)
        CategorizationTests.expectSignals(decide: .primary, [gmail, iphone, thunderbird])
        #expect(MailComposer.program(gmail) == "Gmail")

        let company = RegionalMailTests.mail("k.marsh@pathfinder.example", "Kate Marsh", "Teachers travel free", text,
                                             headers: [("X-Mailer", "Microsoft Outlook 16.0")], to: 1)
        let script = RegionalMailTests.mail("deals.2026@gmail.com", "Deals Team", "Sale on the shoes!!", text,
                                            headers: [("Message-ID", "<20261028.1234@host.example>")], to: 1)
        let oldForgery = RegionalMailTests.mail("deals@hotmail.com", "Mary Smith", "Sale on the shoes!!", text,
                                                headers: [("X-Mailer", "Microsoft Outlook Express 6.00.2600.0000")], to: 1)
        let toNobody = RegionalMailTests.mail("priya.shah.91@gmail.com", "Priya Shah", "Bridesmaid dresses!!! 👀", text,
                                              headers: [("Message-ID", "<CAP31_v7DPnDH+2yoGWPdXlkCMNYIGmc_+wIf+NIzvmcoA@mail.gmail.com>")], to: 0)
        for input in [company, script, oldForgery, toNobody] {
            #expect(CategorySignals.evaluate(input).category != .primary, "\(input.from?.address ?? ""): \(CategorySignals.evaluate(input).reasons)")
        }
        #expect(MailComposer.program(oldForgery) == nil, "Outlook Express is what old spam forged")
    }

    /// A stored email keeps its Message-ID on the email, not among the signal fields: the input
    /// built from it still names the program.
    @Test func aStoredEmailsMessageIDReachesTheComposerCheck() {
        var email = Email(accountID: AccountID(1), messageID: "<CAK7xq9Lm2vR8pW4tYz0aBcDeFgHiJkLmNoP@mail.gmail.com>",
                          from: EmailAddress(name: "Priya Shah", address: "priya.shah.91@gmail.com"),
                          to: [EmailAddress(name: "Chloe", address: "chloe@outlook.com")], subject: "Dresses", dateReceived: Date())
        email.bodyPlain = "Hiya, options under £120: https://shop.example/a"
        #expect(MailComposer.program(CategorizationInput(email: email)) == "Gmail")
    }

    /// Notices in mainstream words: a tool's weekly report on the user's own site, a gift list's
    /// "You've received a gift", an online game's "your move".
    @Test func reportsGiftsAndGameTurns() {
        CategorizationTests.expectSignals(decide: .updates, [
            RegionalMailTests.mail("reports@metricbay.example", "Metricbay Reports", "Weekly report: tallgrassgoods.com sessions up 12.4%",
                                   "Sessions 48,310. Revenue $21,450. Top channel: email. Upgrade to Pro for more."),
            RegionalMailTests.mail("hello@wishwell.example", "Wishwell", "You've received a gift from Pat & Keith 🎁",
                                   "Pat & Keith contributed £150 towards your honeymoon fund. Shop our gift guide."),
        ])
        CategorizationTests.expectSignals(decide: .social, [
            RegionalMailTests.mail("hello@knightfall.example", "Knightfall Chess", "It's your move in 3 games ♟",
                                   "vs. RookieRex (1412): 2 days left. NoraHalloran challenged you to a 10 min game."),
        ])
        #expect(CategorySignals.evaluate(RegionalMailTests.mail("news@shop.example", "Shop", "Weekly deals: 40% off boots")).category != .updates)
    }

    /// A network's upsell offering a free month names the profile views it sells; it is no
    /// report of the user's reach. A work chat's digest of unread channel messages, from a tool
    /// no list names, is a work notice, not a network's.
    @Test func upsellsAndWorkChatsAreNotSocial() {
        let upsell = RegionalMailTests.mail("premium@tradesly.example", "Tradesly Premium", "Darren, your free month of Premium Business is waiting",
                                            "Darren, try Premium Business free for 1 month. See everyone who viewed your profile in the last 90 days.")
        #expect(CategorySignals.evaluate(upsell).category != .social, "\(CategorySignals.evaluate(upsell).reasons)")
        let views = RegionalMailTests.mail("notifications@tradesly.example", "Tradesly", "Darren, you appeared in 12 searches this week",
                                           "12 people viewed your profile this week.")
        CategorizationTests.expectSignals(decide: .social, [views])

        let chat = RegionalMailTests.mail("notifications@huddlepost.example", "Huddlepost",
                                          "[Huddlepost] Marcus Bell and 2 others sent you messages in Tallgrass Goods",
                                          "You have 4 unread messages in Tallgrass Goods.\n\n#q4-launch\n\nMarcus Bell 7:48 AM\n@Lauren can you drop the subject lines?\n\nDirect message\n\nOwen 8:03 AM\nThe export is in the drive.")
        #expect(CategorySignals.evaluate(chat).category != .social, "\(CategorySignals.evaluate(chat).reasons)")
        let messenger = RegionalMailTests.mail("notify@chatterly.example", "Chatterly", "Sam sent you a message", "Sam: are you coming to yoga class tonight?")
        CategorizationTests.expectSignals(decide: .social, [messenger])
        let school = RegionalMailTests.mail("notifications@mail.classhive.example", "ClassHive", "Elena Rivera sent you a message",
                                            "Elena Rivera sent you a message\nDunmore Heights Elementary - 4th Grade - Rivera\n\n\"Hi families! Permission slips are due Friday.\"")
        #expect(CategorySignals.evaluate(school).category != .social, "a school's messaging app: \(CategorySignals.evaluate(school).reasons)")
        let parentsGroup = RegionalMailTests.mail("groups-noreply@kindred.example", "Kindred", "Tiffany Carter posted in Dunmore Heights Elementary Parents",
                                                  "Tiffany Carter posted in Dunmore Heights Elementary Parents: \"Does anyone have a spare 4th grade reading log?\"")
        CategorizationTests.expectSignals(decide: .social, [parentsGroup])
    }

    /// A class Q&A board's answer to a numbered post and its digest of numbered posts are the
    /// board's discussions; a chat community's "What you missed in …" is the network's; a
    /// network's "try Premium free" is its upsell.
    @Test func classBoardsAndChatCommunities() {
        let answer = RegionalMailTests.mail("no-reply@askboard.example", "Askboard",
                                            "Priya Venkataraman (Instructor) answered @398: Why does rehash double the table?",
                                            "Priya answered a question you follow.", headers: [])
        let digest = RegionalMailTests.mail("no-reply@askboard.example", "Askboard", "CS 220 daily digest: 6 new posts",
                                            "New posts since yesterday:\n\n@412 Project 3: can we use LinkedList?\n   Instructor answer\n\n@413 Midterm regrades: where and by when?\n   Instructor note")
        CategorizationTests.expectSignals(decide: .forums, [answer, digest])
        let newsletter = RegionalMailTests.mail("news@paper.example", "The Paper", "Your daily digest: 6 new stories",
                                                "Top stories today\n\nCity council votes on budget\n\nFollow us @98 on the app")
        #expect(CategorySignals.evaluate(newsletter).category != .forums)
        let community = RegionalMailTests.mail("notifications@hubbub.example", "Hubbub", "What you missed in Boston Bouldering Crew",
                                               "#send-it\nerin_b: Who is down for Friday?\n(23 replies)\n\n142 new messages across 6 channels")
        CategorizationTests.expectSignals(decide: .social, [community])
        let upsell = RegionalMailTests.mail("news@careerly.example", "Careerly", "Owen, try Premium free + a virtual career fair next month",
                                            "See who viewed your profile with Premium. Try it free for 1 month.")
        #expect(CategorySignals.evaluate(upsell).category != .social, "\(CategorySignals.evaluate(upsell).reasons)")
    }

    /// A pin board's ideas for the user's named board are the network's; a marketplace's word
    /// that a buyer wrote about a listing is the shop's business; a letter from GMX's web mail,
    /// which sends HTML alone, is still a person's.
    @Test func boardsMarketplacesAndWebMail() {
        CategorizationTests.expectSignals(decide: .social, [
            RegionalMailTests.mail("ideas@tackboard.example", "Tackboard", "Fresh ideas for your \"Glaze inspo\" board", "Pins picked for you."),
        ])
        #expect(CategorySignals.evaluate(RegionalMailTests.mail("deals@shop.example", "Shop", "Gift ideas for your mum")).category != .social)
        CategorizationTests.expectSignals(decide: .updates, [
            RegionalMailTests.mail("conversations@mail.makerlane.example", "Makerlane", "Hannah K. sent you a message about Ash Glaze Serving Bowl",
                                   "Reply on Makerlane."),
        ])
        let gmx = RegionalMailTests.mail("jonas.weber@gmx.de", "Jonas Weber", "Question about bowls set / shipping to Germany",
                                         "Hello Aoife, I would like to buy a set of 6 bowls for €180. Shipping to Freiburg?",
                                         headers: [("Message-ID", "<trinity-cc39e286-005d-44f7-9e6a-49efd1c2e9fa-1794514495000@trinity-msg-rest-gmx-gmx-live-4f88bdbfd-qbtv9>"),
                                                   ("Content-Type", "text/html; charset=\"UTF-8\"")])
        CategorizationTests.expectSignals(decide: .primary, [gmx])
    }

    /// A community network's digest of trending posts by "u/" members with their upvotes is the
    /// network's, whatever post titles its subject; a chat community's "You have 3 mentions in …"
    /// likewise. A newsletter quoting a reader's count of upvotes names no members.
    @Test func communityDigestsAndMentions() {
        let digest = RegionalMailTests.mail("noreply@threadly.example", "Threadly", "\"Devs confirm crossplay ranked is coming in Season 4\"",
                                            "Trending in t/AshfallHollow\n\nt/AshfallHollow · u/pineapple_warden\nDevs confirm crossplay ranked\n4.2k upvotes · 861 comments")
        let mentions = RegionalMailTests.mail("notify@huddlechat.example", "Huddle", "You have 3 mentions in Ashfall Squad SA",
                                              "diegoslz in #ranked-lfg · mentioned you: \"u on tonight?\"")
        let network = RegionalMailTests.mail("updates-noreply@plexus.example", "Plexus", "Kevin Tran started a new position, and more news from your network",
                                             "Congratulate Kevin on his new role.")
        let nearby = RegionalMailTests.mail("digest@hearthside.example", "Hearthside", "Lost cat – ginger tom, answers to Biscuit, and more near you",
                                            "Posts from your neighbours in Headingley.")
        CategorizationTests.expectSignals(decide: .social, [digest, mentions, network, nearby])
        let newsletter = RegionalMailTests.mail("news@paper.example", "The Paper", "Why the patch matters",
                                                "Our piece got 300 upvotes on the forums. Read the full story.")
        #expect(CategorySignals.evaluate(newsletter).category != .social)
    }

    /// A payment app's cashback offer sells, cashback credited is a notice; a course's
    /// certificate earned is a notice; a conference selling early-bird tickets "are live" is no
    /// streamer going live; a league's "5 new message board posts" is its board's.
    @Test func cashbackCertificatesTicketsAndBoards() {
        CategorizationTests.expectSignals(favour: .promotions, [
            RegionalMailTests.mail("rewards@promo.paysetu.example", "PaySetu Rewards", "₹150 cashback on your electricity bill ⚡ Pay via PaySetu this weekend",
                                   "Pay your bill on PaySetu and get a scratch card with assured cashback up to ₹150."),
        ])
        CategorizationTests.expectSignals(decide: .updates, [
            RegionalMailTests.mail("alerts@paysetu.example", "PaySetu", "₹150 cashback credited to your wallet", "Your cashback for bill payment #8812 is in your wallet."),
            RegionalMailTests.mail("no-reply@shikshaverse.example", "Shikshaverse", "🎉 You've earned your certificate: System Design Fundamentals",
                                   "Congratulations! Share it on your profile or explore more courses at 50% off."),
        ])
        let conference = RegionalMailTests.mail("team@stackfest.example", "Stackfest", "Stackfest Bengaluru 2027: early-bird tickets are live (40% off)",
                                                "Early-bird tickets are open. 4 tracks: Platform Engineering, Data & Streaming, AI in Production.")
        #expect(CategorySignals.evaluate(conference).category != .social, "\(CategorySignals.evaluate(conference).reasons)")
        CategorizationTests.expectSignals(decide: .updates, [
            RegionalMailTests.mail("no-reply@accounts.yoga.example", "Westside Flow", "Reset your password", "Use this link to reset your password."),
        ])
        #expect(!CategoryVocabulary.isTransactional(subject: "Fall reset 🍁 student class packs $99 this week"))
        let streamer = RegionalMailTests.mail("no-reply@streamhub.example", "StreamHub", "lunarpixl is live: ranked grind", "lunarpixl is streaming now. 212 viewers.")
        CategorizationTests.expectSignals(decide: .social, [streamer])
        CategorizationTests.expectSignals(decide: .forums, [
            RegionalMailTests.mail("leagues@slapshotfantasy.example", "Slapshot Fantasy", "[Don Mills Beer League] 5 new message board posts",
                                   "Sunil: trade talk thread is up. Mark: who took my goalie?"),
        ])
    }

    /// A list that rewrites From to its own posting address ("FCEA Office via FCEA-Members") for
    /// DMARC carries a post to the group, whoever posted it; a code host's notices through a list
    /// stay updates.
    @Test func aPostRewrittenByItsListIsTheGroups() {
        let listHeaders: [(String, String)] = [("List-Id", "\"FCEA Members\" <fcea-members.lists.fcea.example>"),
                                               ("List-Post", "<mailto:fcea-members@lists.fcea.example>"), ("Precedence", "list")]
        let post = RegionalMailTests.mail("fcea-members@lists.fcea.example", "FCEA Office via FCEA-Members",
                                          "[FCEA-Members] Bargaining update #4 - please read",
                                          "Colleagues, here is where things stand after our fourth session with the Board's team.",
                                          headers: listHeaders)
        #expect(ListRelay.isRewrittenByList(post))
        CategorizationTests.expectSignals(decide: .forums, [post])
        let notice = RegionalMailTests.mail("noreply@ci.fcea.example", "CI", "[FCEA-Members] Build failed: main #112", "The build failed.",
                                            headers: listHeaders)
        #expect(!ListRelay.isRewrittenByList(notice))
        CategorizationTests.expectSignals(decide: .updates, [notice])
    }

    /// A charity's receipt greets the donor by first name, with no bulk marker at all: its
    /// giving desk's mailbox ("donations@") and a trust's name are an organisation's, and its
    /// receipt is a notice. A trustee writing from her own mailbox stays a person's letter.
    @Test func aCharitysReceiptThatGreetsTheDonorIsANotice() {
        func toMargaret(_ from: String, _ name: String, _ subject: String, _ text: String) -> CategorizationInput {
            CategorizationInput(from: EmailAddress(name: name, address: from),
                                recipients: [EmailAddress(name: "Margaret Holroyd", address: "margaret.holroyd@btinternet.com")],
                                subject: subject, text: text)
        }
        let receipt = toMargaret("donations@lighthousesight.example", "Lighthouse Sight Trust",
                                 "Thank you for your donation, Margaret - receipt LST-DN-2026-0418832",
                                 "Dear Margaret,\n\nThank you so much for your donation of £40 to our Christmas appeal.")
        CategorizationTests.expectSignals(decide: .updates, [receipt])
        let trustee = toMargaret("helen.marsh@lighthousesight.example", "Helen Marsh", "Thank you for your donation, Margaret",
                                 "Dear Margaret,\n\nCould you bring the urn to Saturday's coffee morning? I'll be there from nine.")
        CategorizationTests.expectSignals(decide: .primary, [trustee])
    }
}
