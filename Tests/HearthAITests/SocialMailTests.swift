import Foundation
import HearthCore
import Testing
@testable import HearthAI

/// Social-network mail in the shapes the big networks send it (issue 15: no corpus here holds a
/// single social-network mail, so these hand-written notifications are the proof). Each carries
/// what such mail really carries — a notification sender, List-Unsubscribe, often an ESP's
/// fingerprint — so the test also shows that the network, not the bulk markers, decides.
@Suite struct SocialMailTests {
    /// Bulk markers every network's notification has; they must not turn it into promotions/updates.
    static let networkHeaders: [(String, String)] = [
        ("List-Unsubscribe", "<https://notifications.example/unsubscribe?u=1>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ("Precedence", "bulk"), ("Feedback-ID", "1:notif:social"),
    ]

    static func notification(_ from: String, _ name: String?, _ subject: String, _ text: String = "") -> CategorizationInput {
        CategorizationTests.input(from: from, name: name, subject: subject, text: text, headers: networkHeaders)
    }

    @Test func theBigNetworksNotificationsAreSocial() {
        let mail = [
            Self.notification("messages-noreply@linkedin.com", "Maria Lopez via LinkedIn", "Maria Lopez sent you a message",
                              "Maria: Hi! Are you going to the meetup on Thursday? View message"),
            Self.notification("invitations@linkedin.com", "Tom Berg", "Tom, please add me to your LinkedIn network"),
            Self.notification("notification@facebookmail.com", "Facebook", "Ana Silva and 3 others commented on your post"),
            Self.notification("security@facebookmail.com", "Facebook", "It's Ana Silva's birthday today"),
            Self.notification("notify@x.com", "X", "Ken Ito (@kenito) replied to your post"),
            Self.notification("info@x.com", "X", "Trending in your network: 5 new posts"),
            Self.notification("no-reply@mail.instagram.com", "Instagram", "annasilva started following you"),
            Self.notification("noreply@redditmail.com", "Reddit", "u/trailrunner replied to your comment in r/running"),
            Self.notification("notifications@discord.com", "Discord", "You have 4 unread messages in Hiking Club"),
            Self.notification("info@meetup.com", "Meetup", "New event: Saturday morning ride"),
            Self.notification("no-reply@strava.com", "Strava", "Lena Kraus gave you kudos"),
            Self.notification("reply@rs.email.nextdoor.com", "Nextdoor", "Lost cat near Elm Street and 4 more posts"),
            Self.notification("no-reply@nextdoor.co.uk", "Nextdoor", "Your neighbours are talking: new posts this week"),
            Self.notification("notifications@bsky.app", "Bluesky", "Jo liked your post"),
            Self.notification("no-reply@youtube.com", "YouTube", "Sam commented on your video"),
            Self.notification("notifications@pinterest.com", "Pinterest", "10 new Pins for your Garden board"),
        ]
        for input in mail {
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category == .social, "\(input.from?.address ?? "") · \(input.subject)")
        }
    }

    /// Federated and smaller networks mail from a server's own domain (every Mastodon, Lemmy,
    /// Pixelfed or Friendica server is a different one): the notification's wording decides.
    @Test func notificationsOfFederatedAndSmallNetworksAreKnownByTheirWording() {
        let mail = [
            Self.notification("notifications@mastodon.example.org", "Mastodon", "Kim Lee favourited your post"),
            Self.notification("notifications@toot.example.net", "toot.example.net", "Kim Lee boosted your post"),
            Self.notification("notifications@social.example.com", "Mastodon", "You were mentioned by Kim Lee"),
            Self.notification("noreply@lemmy.example.org", "Lemmy", "kim replied to your comment in Cycling"),
            Self.notification("noreply@pixel.example.net", "Pixelfed", "kim started following you"),
            Self.notification("no-reply@club.example.com", "Running Club", "Lena gave you kudos"),
            Self.notification("noreply@friends.example.org", "Friendica", "Kim Lee sent you a friend request"),
            Self.notification("no-reply@chat.example.com", "Chat", "Kim sent you a direct message"),
            Self.notification("no-reply@groups.example.com", "Groups", "Kim tagged you in a photo"),
            Self.notification("noreply@photos.example.org", "Photos", "Kim reacted to your photo"),
        ]
        for input in mail {
            let verdict = CategorySignals.evaluate(input)
            #expect(verdict.category == .social, "\(input.from?.address ?? "") · \(input.subject)")
        }
    }

    /// A publishing platform's digest is editorial mail; a follow there is still social.
    @Test func aPublishingPlatformsDigestIsUpdatesAndItsFollowNotificationSocial() {
        let digest = Self.notification("noreply@medium.com", "Medium Daily Digest", "Why small teams ship faster | Ana Silva",
                                       "Stories for Alex. Today's highlights: Why small teams ship faster, by Ana Silva in Engineering. 6 min read. Read more stories from writers you follow. Top stories this week.")
        #expect(CategorySignals.evaluate(digest).category == .updates)
        let follow = Self.notification("noreply@medium.com", "Medium", "Kim Lee started following you")
        #expect(CategorySignals.evaluate(follow).category == .social)
    }

    /// The same words from a person, from a work tool, or in a shop's or service's mail are not social.
    @Test func socialWordingElsewhereIsNotSocial() {
        let person = CategorizationTests.input(from: "kim@example.org", name: "Kim Lee", subject: "I gave you kudos at the club meeting",
                                               text: "Well done on Saturday!")
        #expect(CategorySignals.evaluate(person).category == .primary)
        let workTool = Self.notification("notifications@github.com", "GitHub", "Ann mentioned you in org/repo#12 (#12)")
        #expect(CategorySignals.evaluate(workTool).category != .social)
        let jira = Self.notification("jira@acme.atlassian.net", "Jira", "Ann mentioned you on PROJ-12")
        #expect(CategorySignals.evaluate(jira).category != .social)
    }
}
