import HearthCore

/// Hand-written labelled examples the embedding classifier builds its category centroids from.
/// They are generic on purpose (written for this project, not taken from any corpus, and not
/// from the evaluation set): the user's own corrections are what adapts the classifier to a
/// mailbox (`CategoryFeedback`).
public enum CategoryExamples {
    public static let seed: [AICategory: [String]] = [
        .primary: [
            "Hi Anna, are we still on for lunch tomorrow? Let me know if 1pm works for you.",
            "Thanks for sending the contract. I had a look and have two questions about section 4.",
            "Could you review my draft before I send it to the client? No rush, Friday is fine.",
            "Happy birthday! Hope you have a great day, see you at the weekend.",
            "Re: trip next month. I booked the train, can you pick me up at the station?",
            "Quick question about your code from yesterday: why did you change the timeout?",
            "I'm running ten minutes late for our meeting, sorry.",
            "Here are the photos from the weekend, let me know which ones you want printed.",
            "Dear Mr Tanaka, thank you for your reply. I would like to ask how the schedule is calculated.",
            "Can we move our call to Thursday? Something came up on Wednesday afternoon.",
        ],
        .social: [
            "Anna Smith commented on your photo.",
            "You have 3 new connection requests. See who wants to connect with you.",
            "John mentioned you in a post. Reply now.",
            "Maria invited you to the event Saturday Picnic. Are you going?",
            "Your friend posted for the first time in a while. See what's new on your feed.",
            "New followers: 5 people started following you this week.",
            "Someone viewed your profile. See who's looking.",
            "You were tagged in 2 photos. Review your tags.",
            "Happy birthday wishes from your network: 12 friends wrote on your timeline.",
            "Join the group Hiking Friends: 24 members you may know.",
        ],
        .promotions: [
            "50% off everything this weekend only! Shop now, free shipping on orders over $50.",
            "New arrivals: discover the summer collection and get 20% off your first order.",
            "Exclusive deal for members: save $100 on our best-selling laptop.",
            "Last chance! Our biggest sale of the year ends tonight at midnight.",
            "Top deals this week on cameras, phones and headphones. Compare prices and buy today.",
            "Get our premium software for half price. Limited time offer for subscribers.",
            "Upgrade now and get three months free. Use promo code SPRING at checkout.",
            "Recommended for you: products picked based on your recent browsing.",
            "Our catalogue is here: gift ideas for everyone, with special prices on bundles.",
            "Auction alert: items you are watching end soon. Place your bid now.",
        ],
        .updates: [
            "Your order #1234 has shipped and will arrive on Thursday. Track your package.",
            "Your monthly statement is ready. Your balance is $420.16, payment due on the 5th.",
            "Receipt for your payment to City Parking: $12.00 on March 3.",
            "Security alert: a new sign-in to your account from Firefox on Linux.",
            "Reminder: your subscription renews on April 1. No action is needed.",
            "Daily news headlines: parliament votes on the budget; storms expected in the north.",
            "This week's newsletter: five articles on programming, tools and security news.",
            "Bug 4521 changed: status RESOLVED, resolution FIXED. View the bug in the tracker.",
            "The nightly backup job finished with 2 warnings. See the log below.",
            "New post on the blog you follow: notes from the conference, with slides and links.",
            "Your flight booking is confirmed. Check-in opens 24 hours before departure.",
            "Delivery failure: a message you sent could not be delivered to one or more recipients.",
        ],
        .forums: [
            "Re: [dev-list] build fails on ARM with the latest patch. I tried it here and it works with gcc 12.",
            "Has anyone managed to get the sound card working with the new kernel? Any pointers welcome.",
            "Re: proposal to change the release schedule. I agree with Tom, but we should ask the users first.",
            "Hi all, I'm new to the list. I'm trying to install the package from source and get an error.",
            "Thanks everyone for the replies, the workaround from Matthias fixed it for me.",
            "Digest of the users mailing list, volume 3, issue 12: today's topics.",
            "Re: which distribution for an old laptop? I've been running Debian on mine for years.",
            "Announcement to the group: the next meetup is on the 14th, talks welcome.",
            "Re: off-topic, anyone here going to the conference in Dublin next month?",
            "> I don't think that is right. Actually it is documented in the FAQ, see section 5.",
        ],
    ]
}
