import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Today's mail end to end (signals, then the real MiniLM centroids): shapes a Gmail user
/// receives every week that no corpus here has. Session 17 wrote 34 as a probe; four went
/// wrong — a marketing webinar and a product launch (no selling word the vocabulary knew: updates),
/// UPS's "Delivery attempted" and a dentist's booking confirmation (a machine sender the rules
/// did not know: primary) — and are kept as a test so they stay right. Hand-written, generic.
@Suite(.serialized) struct ModernMailEndToEndTests {
    static let esp: [(String, String)] = [
        ("List-Unsubscribe", "<https://links.example.com/u/x1>, <mailto:unsub@links.example.com>"),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"), ("Feedback-ID", "123:campaign:esp"),
    ]
    static func m(_ label: AICategory, _ from: String, _ name: String?, _ subject: String, _ text: String, to: Int = 1,
                  headers: [(String, String)] = [], reply: Bool = false) -> (AICategory, CategorizationInput) {
        (label, CategorizationInput(from: EmailAddress(name: name, address: from),
                            recipients: (0..<to).map { EmailAddress(address: "r\($0)@example.org") },
                            subject: subject, text: text, headers: headers.map { HeaderField(name: $0.0, value: $0.1) },
                            listID: headers.first { $0.0 == "List-Id" }?.1, isReply: reply))
    }

    /// Categorises `cases` with the signals and the real MiniLM centroids; each must get its label.
    static func expectEachLandsWhereLabelled(_ cases: [(AICategory, CategorizationInput)]) async throws {
        let embedder = try await LlamaTextEmbedder.open(modelPath: try TestModels.require("minilm"), host: TestModels.host)
        let categorizer = await EmailCategorizer.make(embedder: embedder, generator: nil)
        let decisions = await categorizer.categorize(cases.map(\.1))
        for ((label, input), decision) in zip(cases, decisions) {
            #expect(decision.category == label, "\(input.from?.address ?? "") · \(input.subject): \(decision.category.rawValue) [\(decision.source)] \(decision.reasons.joined(separator: "; "))")
        }
    }

    @Test(.model("minilm")) func aWeeksModernMailLandsWhereAGmailUserExpects() async throws {
        let e = Self.esp
        let cases: [(AICategory, CategorizationInput)] = [
            Self.m(.promotions, "news@e.outdoorgear.example", "Outdoor Gear Co.", "Black Friday starts now: 40% off sitewide", "Our biggest sale of the year. Jackets, boots and tents, all 40% off. Shop now. Ends Monday.", headers: e),
            Self.m(.promotions, "hello@mail.plantshop.example", "Leafy", "You left something in your cart", "Your Monstera is waiting. Complete your order today and get free shipping. Return to cart.", headers: e),
            Self.m(.promotions, "offers@fly.example", "FlyAir", "Lisbon from €39 — this week only", "Spring city breaks. Lisbon from €39, Porto from €45. Book by Sunday. Terms apply.", headers: e),
            Self.m(.promotions, "events@webconf.example", "WebConf", "Last chance for early-bird tickets", "Early-bird pricing ends Friday: save $200 on WebConf 2027. Register now.", headers: e),
            Self.m(.promotions, "marketing@dbcloud.example", "DBCloud", "Live webinar: scaling Postgres to a billion rows", "Join our engineers on 10 December at 5pm CET. Save your seat. Can't make it? Register and we'll send the recording.", headers: e),
            Self.m(.promotions, "news@phones.example", "Phones", "Meet the new Phone 12 Pro", "Brighter display, all-day battery. Pre-order today and get double storage. Learn more.", headers: e),
            Self.m(.promotions, "team@saasapp.example", "SaaS App", "We miss you! Here's 20% off your next month", "It's been a while. Come back to SaaS App and get 20% off with code COMEBACK20.", headers: e),
            Self.m(.updates, "no_reply@email.apple.example", "Apple", "Your receipt from Apple.", "Receipt. Apple ID: alex@example.org. Billed to Visa .... 1234. iCloud+ 50 GB €0.99. Total €0.99.", headers: []),
            Self.m(.updates, "billing@hosting.example", "Hosting Billing", "Payment received - thank you", "We received your payment of $12.00 for invoice #88213. No action is needed.", headers: e),
            Self.m(.updates, "order-update@shop.example", "Shop", "Delivered: your order #112-4413", "Your package was delivered. It was left at the front door.", headers: e),
            Self.m(.updates, "no-reply@accounts.service.example", "Service", "Reset your password", "We received a request to reset your password. Click the link below. If you didn't request this, ignore this email."),
            Self.m(.updates, "verify@signup.example", "Signup", "Please verify your email address", "Confirm your email address to finish creating your account."),
            Self.m(.updates, "noreply@fly.example", "FlyAir", "Check in now for your flight to Lisbon", "Booking ref QX7Y2L. Online check-in is open. Your flight departs Fri 5 Dec at 07:10.", headers: e),
            Self.m(.updates, "notifications@github.com", "Jane Doe", "[acme/api] Build failed: main (#412)", "The build for commit 3f2a1c failed. View the logs."),
            Self.m(.updates, "invoice+statements@stripe.example", "Northlight Studio", "Your invoice from Northlight Studio #1043", "Invoice #1043. Amount due €450.00, due 15 December. Pay this invoice."),
            Self.m(.updates, "reports@analytics.example", "Analytics", "Your weekly report: 1,204 visitors", "Visitors are up 12% from last week. Top page: /pricing.", headers: e),
            Self.m(.updates, "jane@newsletter.substack.example", "Jane's Notes", "The quiet power of small tools", "I've been thinking about why the tools I keep coming back to are the small ones. Read in app. Like. Comment. Restack.", headers: e),
            Self.m(.updates, "ups@tracking.ups.example", "UPS", "Delivery attempted: we missed you", "We attempted delivery today. We'll try again tomorrow. Tracking number 1Z999.", headers: []),
            Self.m(.updates, "appointments@dentist.example", "Smile Dental", "Your appointment is confirmed", "Tue 9 Dec at 10:30 with Dr Ito. Reply C to cancel."),
            Self.m(.updates, "no-reply@streaming.example", "Streaming", "Action required: update your payment method", "We couldn't process your payment. Update your payment details to keep watching.", headers: e),
            Self.m(.social, "messages-noreply@linkedin.com", "LinkedIn", "You appeared in 9 searches this week", "See who's looking at your profile."),
            Self.m(.social, "invitations@linkedin.com", "Maria Lopez", "Maria Lopez wants to connect", "Hi Alex, I'd like to join your LinkedIn network."),
            Self.m(.social, "no-reply@mail.instagram.com", "Instagram", "kim_t and 3 others liked your post", "See your activity."),
            Self.m(.social, "notifications@social.example", "Mastodon", "Kim favourited your post", "Kim (@kim@social.example) favourited your post: 'Sunrise over the bay'"),
            Self.m(.social, "info@meetup.com", "Meetup", "New event: Saturday walk in Hiking Group", "Hiking Group scheduled a new event. RSVP now.", headers: e),
            Self.m(.forums, "rust-users@googlegroups.com", "Sam Lee", "Re: [rust-users] borrow checker question", "You can't hold that reference across the await. Clone it first.", to: 1, headers: [("List-Id", "<rust-users.googlegroups.com>"), ("List-Post", "<mailto:rust-users@googlegroups.com>")], reply: true),
            Self.m(.forums, "notifications@rust.discoursemail.example", "Jane Doe via Rust Users", "[Rust Users] [help] Lifetime issue with async trait", "I tried boxing the future but it still complains about 'static. Any idea?", headers: [("List-Id", "<rust-users.discourse.example>"), ("List-Unsubscribe", "<https://users.rust.example/unsub>")]),
            Self.m(.primary, "jamie.k@gmail.com", "Jamie K", "dinner next week?", "Hey! Are you free Tuesday or Wednesday? There's a new ramen place near the station."),
            Self.m(.primary, "p.schmidt@bigcorp.example", "Schmidt, Petra", "Q3 planning deck - comments by Thursday", "Hi all, attached is the draft Q3 deck. Please add comments by Thursday EOD. Thanks, Petra", to: 12),
            Self.m(.primary, "jane.recruiter@acme-talent.example", "Jane Ortiz", "Backend role at Acme", "Hi Alex, I came across your work on the IMAP library and wondered if you'd be open to a chat about a backend role at Acme. Best, Jane"),
            Self.m(.primary, "landlord.mike@outlook.com", "Mike Harris", "Rent from January", "Hi Alex, just a heads-up that the rent will go up by 3% from January, as in the contract. Happy to talk. Mike"),
            Self.m(.primary, "t.nguyen@school.example", "Ms Nguyen", "Trip on Friday - permission slips", "Dear parents, please return the permission slips for Friday's museum trip by Wednesday. Thank you, Ms Nguyen", to: 0),
            Self.m(.primary, "dave@smallbiz.example", "Dave Patel", "Re: quote for the kitchen", "Hi Alex, revised quote attached: £4,200 including fitting. This email and any attachments are confidential and intended solely for the addressee.", reply: true),
            Self.m(.primary, "mum.h@btinternet.example", "Mum", "Sunday", "Are you coming for lunch on Sunday? Dad is doing a roast. Love, Mum"),
        ]
        try await Self.expectEachLandsWhereLabelled(cases)
    }

    /// More of the same, from session 17's second probe (36 messages, 35 right before: a French
    /// operator's "facture@" read as a person): other languages, work tools, banks, tickets,
    /// charities, groups.io and a bug tracker on a list.
    @Test(.model("minilm")) func anotherWeekInSeveralLanguagesLandsWhereAGmailUserExpects() async throws {
        let e = Self.esp
        let list: [(String, String)] = [("List-Id", "<photo-club.groups.io>"), ("List-Post", "<mailto:photo-club@groups.io>"), ("List-Unsubscribe", "<mailto:photo-club+unsubscribe@groups.io>"), ("Precedence", "list")]
        let cases: [(AICategory, CategorizationInput)] = [
            Self.m(.primary, "sam.freelance@gmail.com", "Sam Okoro", "Invoice for November", "Hi Alex, attached is my invoice for the November work. Let me know if anything looks off. Thanks, Sam"),
            Self.m(.primary, "lena.k@gmx.example", "Lena Krause", "Samstag?", "Hallo Alex, hast du am Samstag Zeit? Wir wollten grillen. Liebe Grüße, Lena"),
            Self.m(.primary, "maria@lettings-agency.example", "Maria Rossi", "Inspection next Tuesday", "Hi Alex, the annual inspection of the flat is next Tuesday at 11am. Could you let me know if that suits? Best, Maria"),
            Self.m(.primary, "ben.w@icloud.com", "Ben W", "this made me think of you", "Ha, look at this: https://www.youtube.com/watch?v=abc123 Sent from my iPhone"),
            Self.m(.primary, "claire.dubois@orange.example", "Claire Dubois", "Vacances", "Salut Alex, on part le 20 juillet, tu veux venir avec nous ? Bises, Claire"),
            Self.m(.primary, "prof.tanaka@uni.example", "Kenji Tanaka", "Your thesis draft", "Dear Alex, I read chapter 3. The argument is sound, but section 3.2 needs the data from the pilot. Can we meet on Thursday? Best regards, K. Tanaka"),
            Self.m(.updates, "versand@shop.example.de", "Shop.de Versand", "Ihre Bestellung wurde versandt", "Ihre Sendung ist unterwegs. Sendungsnummer 00340434161094042557.", headers: e),
            Self.m(.updates, "facture@isp.example.fr", "Free Mobile", "Votre facture Free Mobile", "Votre facture du mois de novembre est disponible dans votre espace abonné. Montant : 19,99 €."),
            Self.m(.updates, "no-reply@accounts.google.com", "Google", "Security alert", "A new sign-in on Linux. We noticed a new sign-in to your Google Account on a Linux device."),
            Self.m(.updates, "notification@slack.com", "Slack", "You have 3 unread messages in Acme", "Jane Doe: can you look at the deploy? Open Slack."),
            Self.m(.updates, "no-reply@asana.com", "Jane Doe (Asana)", "Jane Doe assigned a task to you: Update pricing page", "Due Friday. View task."),
            Self.m(.updates, "alerts@mybank.example", "MyBank Alerts", "Your card was charged $54.10", "A charge of $54.10 at GROCERY MART was made on your card ending 1234."),
            Self.m(.updates, "no-reply@tax.gov.example", "Tax Office", "We have received your tax return", "Your 2025 tax return was received on 28 November. Reference 8812-33."),
            Self.m(.updates, "bills@energy.example", "Energy Co", "Your electricity bill is ready", "Your bill for October is €84.20. It will be collected by direct debit on 5 December.", headers: e),
            Self.m(.updates, "noreply@eventbrite.example", "Eventbrite", "Your tickets for Jazz Night", "Order #4412. 2 x General admission. Fri 12 Dec, 8pm. Show this email at the door.", headers: e),
            Self.m(.updates, "automated@airbnb.example", "Airbnb", "Reservation confirmed - Lisbon", "You're going to Lisbon! Check-in Fri 5 Dec after 3pm.", headers: e),
            Self.m(.updates, "notifications@calendly.example", "Calendly", "New Event: Alex Kim - 30 Minute Meeting", "A new event has been scheduled. Invitee: Jordan Lee. Event date: Tue 9 Dec 2pm."),
            Self.m(.promotions, "newsletter@kitchenware.example", "Kitchen & Co", "Our favourite soups for winter", "Three recipes to warm you up, and the pots we use for them: Cast iron pot €89, now €69. Shop the collection.", headers: e),
            Self.m(.promotions, "news@mode.example.de", "Mode.de", "Deine Vorteile: 20% Rabatt auf alles", "Nur bis Sonntag: 20% Rabatt mit dem Code WINTER20. Jetzt shoppen.", headers: e),
            Self.m(.promotions, "infos@boutique.example.fr", "Boutique", "Soldes : jusqu'à -50 %", "Les soldes d'hiver commencent ! Jusqu'à -50 % sur une sélection d'articles.", headers: e),
            Self.m(.promotions, "no-reply@music.example", "Music Streaming", "Try Premium free for 3 months", "Ad-free music, offline listening. Individual plan only. Terms apply. Get 3 months for €0.", headers: e),
            Self.m(.promotions, "donate@charity.example", "Clean Water Fund", "Your gift will be doubled today", "A generous donor will match every gift made before midnight. Give now.", headers: e),
            Self.m(.social, "notification@facebookmail.com", "Facebook", "You have 5 new notifications", "See what you missed."),
            Self.m(.social, "noreply@redditmail.com", "Reddit", "\"Swift 7 is out\" - trending in r/swift", "Top post from a community you follow."),
            Self.m(.social, "no-reply@strava.example", "Strava", "Kim gave you kudos", "Kim gave you kudos on Morning Run."),
            Self.m(.social, "noreply@discord.com", "Discord", "You have a new direct message", "Kim: are you joining tonight?"),
            Self.m(.forums, "photo-club@groups.io", "Tom Hart via groups.io", "[photo-club] Meeting Thursday: night shots", "Hi all, on Thursday we meet at 7pm at the library. Bring a tripod if you have one. Tom", to: 1, headers: list),
            Self.m(.forums, "gardening@lists.example.org", "Pia Lund", "Tomatoes split after rain", "Does anyone else get split tomatoes after heavy rain? Is it the watering?", headers: [("List-Id", "Gardening <gardening.lists.example.org>"), ("List-Post", "<mailto:gardening@lists.example.org>"), ("Precedence", "list")]),
            Self.m(.updates, "owner@bugs.debian.example", "Debian Bug Tracking System", "Bug#1043: fixed in foo 2.1-1", "Source: foo. Source-Version: 2.1-1. We believe that the bug you reported is fixed.", headers: [("List-Id", "<debian-devel-changes.lists.debian.example>")]),
            Self.m(.primary, "jane.doe@bigco.example", "Jane Doe", "Re: contract", "Looks good to me, sign it and send it back by Friday.", reply: true),
            Self.m(.primary, "tom@tomsbikes.example", "Tom Baker", "Your bike is ready", "Hi Alex, the new chain is on and the brakes are adjusted. Pick it up any time before 6. Tom"),
            Self.m(.promotions, "hello@coffee-roasters.example", "Coffee Roasters", "New: Ethiopian Guji is back", "Our favourite natural process is back in stock. 250g €14. Free shipping over €30.", headers: e),
            Self.m(.updates, "updates@postal.example", "Postal Service", "Your parcel is on its way", "Expected delivery: Tuesday 2 December between 9:00 and 13:00."),
            Self.m(.updates, "no-reply@github.com", "GitHub", "[GitHub] A new SSH key was added to your account", "The following SSH key was added to your account."),
            Self.m(.primary, "hr@smallco.example", "Anna Berg", "Your first day", "Hi Alex, welcome aboard! On Monday please come to reception at 9. I'll show you around. Anna"),
            Self.m(.updates, "noreply@school-portal.example", "School Portal", "New message from Ms Nguyen", "You have a new message in the parent portal. Log in to read it."),
        ]
        try await Self.expectEachLandsWhereLabelled(cases)
    }

    /// The border between a person's mail and a sender's mailing (session 17's third probe, 20
    /// messages, 18 right; one, a salesperson's cold mail with an open-tracking pixel, is left
    /// out: Gmail itself often shows such mail in Primary). Wrong was a bakery owner's reply from
    /// the shop's orders@ mailbox, read as the shop's system.
    @Test(.model("minilm")) func peopleAnsweringFromRoleMailboxesAndPeoplesMailingsLandWhereAGmailUserExpects() async throws {
        let e = Self.esp
        let mc: [(String, String)] = e + [("X-Mailer", "MailChimp Mailer - **CID1234**")]
        let cases: [(AICategory, CategorizationInput)] = [
            Self.m(.promotions, "jane@mail.janedoe-studio.example", "Jane Doe", "Spring workshop: 3 spots left", "Hi friend! My spring pottery workshop has 3 spots left. Book yours for €120 before Friday. Love, Jane", headers: mc),
            Self.m(.updates, "mark@markmanson-news.example", "Mark Ellis", "What I learned from failing", "This week I want to talk about failure. Read the full essay on the blog. You're receiving this because you subscribed.", headers: mc),
            Self.m(.primary, "tom.becker@agency.example", "Tom Becker", "Following up on our call", "Hi Alex, great talking yesterday. As promised, here are the three options we discussed. Let me know which one works for your team. Best, Tom"),
            Self.m(.primary, "lisa@consultancy.example", "Lisa Park", "Quick intro: Alex <> Sam", "Hi both, Alex, meet Sam, who runs the data team at Northwind. Sam, Alex built the IMAP sync I mentioned. I'll let you two take it from here!", to: 2),
            Self.m(.primary, "coach.ben@gmail.com", "Ben (U10 coach)", "Saturday's match moved to 10am", "Hi parents, Saturday's match is now at 10am, same pitch. Please be there by 9:40. Thanks, Ben", to: 14),
            Self.m(.primary, "orders@smallbakery.example", "Rosa Bianchi", "Re: cake for Saturday", "Hi Alex, yes we can do the lemon cake for 12 people. It will be ready Saturday at 11. Rosa", reply: true),
            Self.m(.updates, "noreply@medium.example", "Medium Daily Digest", "How I built a mail client in Swift | Alex Kim", "Today's highlights. How I built a mail client in Swift. 5 min read. Why SQLite is enough. 8 min read.", headers: e),
            Self.m(.updates, "digest@hn-digest.example", "Hacker News Digest", "Top stories for Nov 28", "1. Show HN: A local-first mail client. 2. The case for SQLite. 3. Why IMAP is still hard.", headers: e),
            Self.m(.promotions, "deals@travelsite.example", "TravelSite", "Alex, prices dropped for Lisbon", "Hotels in Lisbon from €59 a night. Prices for your dates have dropped. Book now and save.", headers: e),
            Self.m(.updates, "no-reply@travelsite.example", "TravelSite", "Booking confirmed: Hotel Central, Lisbon", "Confirmation number 774411. Check-in Fri 5 Dec. Total €236.", headers: e),
            Self.m(.primary, "dad.h@btinternet.example", "Dad", "Fwd: Your order has shipped", "See below, the parcel is coming to yours. ---------- Forwarded message --------- From: Shop <orders@shop.example> Your order has shipped."),
            Self.m(.primary, "a.singh@university.example", "Dr Amrit Singh", "Reference letter", "Dear Alex, I have submitted the reference letter to the committee today. Good luck with the application! Best wishes, Amrit"),
            Self.m(.forums, "neighbours@lists.example.org", "Helen Ward", "[Oak Street] Lost cat", "Has anyone seen a grey cat with a blue collar? He's been missing since Tuesday. Helen, no. 14", headers: [("List-Id", "<neighbours.lists.example.org>"), ("List-Post", "<mailto:neighbours@lists.example.org>")]),
            Self.m(.updates, "no-reply@github.com", "Sam Lee", "Re: [acme/api] Fix retry on 503 (PR #88)", "@alex this looks good, one nit on the backoff constant.", reply: true),
            Self.m(.updates, "notifications@linear.example", "Linear", "ENG-214 moved to In Review", "Sam Lee moved ENG-214 Retry on 503 to In Review."),
            Self.m(.social, "notify@twitter.com", "X", "Sam Lee and 4 others liked your post", "See what people are saying."),
            Self.m(.promotions, "info@gym.example", "City Gym", "New year, new you: join for €0", "No joining fee in January. Classes, pool and sauna from €29 a month. Sign up today.", headers: e),
            Self.m(.updates, "info@gym.example", "City Gym", "Your membership renews on 1 January", "Your monthly membership of €29 renews on 1 January. No action is needed."),
            Self.m(.primary, "info@rossi-plumbing.example", "Marco Rossi", "Tomorrow at 8", "Hi Alex, I'll come tomorrow at 8 to look at the boiler. Please leave the side gate open. Marco"),
        ]
        try await Self.expectEachLandsWhereLabelled(cases)
    }

    /// Session 18's probe: 44 raw messages shaped as today's senders build them (HTML from
    /// Klaviyo, HubSpot, SES, SendGrid, Salesforce; Outlook and Gmail replies; a Google Calendar
    /// invitation; GitHub, Jira, Discourse, Google Groups, Mailman, Sympa), imported and
    /// categorised through the CLI: 40 right. Wrong were a work tool's product launch and a
    /// course site's recommendations (selling in subject and text, read as notices by the
    /// centroids), a ride receipt whose only payment wording was "Total $23.40" (its prices read
    /// as a shop's), and a forum's relayed post stamped Auto-Submitted. The same shapes, reworded:
    @Test(.model("minilm")) func launchesRecommendationsReceiptsAndStampedForumPostsLandWhereAGmailUserExpects() async throws {
        let e = Self.esp
        let footer = " You are receiving this email because you signed up. Unsubscribe | Manage preferences | Privacy policy"
        let cases: [(AICategory, CategorizationInput)] = [
            Self.m(.promotions, "team@mail.boardtool.example", "Boardtool", "Introducing Boardtool Calendar",
                   "Introducing Boardtool Calendar. Your meetings and your tasks in one place. Try it free today. Get Boardtool Calendar." + footer, headers: e),
            Self.m(.promotions, "no-reply@t.mail.learnhub.example", "LearnHub", "Recommended for you: Data Visualisation Basics",
                   "Because you viewed Statistics 101. Data Visualisation Basics, offered by a university. Enroll for free. Starts Monday." + footer, headers: e),
            Self.m(.promotions, "hello@news.streamflix.example", "Streamflix", "Picked for you this weekend",
                   "Because you watched The Long Road: three new series you might like. Watch now." + footer, headers: e),
            Self.m(.updates, "noreply@rides.example", "Rides Receipts", "Your Tuesday morning trip with Rides",
                   "Thanks for riding, Alex. Total $18.70. Trip fare $15.20, Booking fee $2.00, Tip $1.50. Pickup 8:02 AM 12 Park Rd, drop-off 8:20 AM Main St." + footer, headers: e),
            Self.m(.updates, "orders@bistro-delivery.example", "Bistro Delivery", "Your Friday dinner from Noodle Bar",
                   "Your order from Noodle Bar. 1 x Pad Thai $13.50, 1 x Spring rolls $6.00, Delivery $2.99. Total: $22.49. Rate your order." + footer, headers: e),
            Self.m(.forums, "forum@discoursemail.example", "Ana Lima via Home Lab Forum", "[Home Lab Forum] [Networking] VLANs on a cheap switch",
                   "Has anyone got tagged VLANs working on the 8-port switches? Mine drops the management VLAN after a reboot.",
                   headers: [("List-Id", "Home Lab Forum <homelab.forum.example>"), ("Precedence", "list"), ("Auto-Submitted", "auto-generated")]),
        ]
        try await Self.expectEachLandsWhereLabelled(cases)
    }
}
