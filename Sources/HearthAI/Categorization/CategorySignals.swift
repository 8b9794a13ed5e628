import Foundation
import HearthCore

/// What the header and sender signals say about an email before any model runs.
public struct SignalVerdict: Sendable, Hashable {
    /// A decision, when the signals alone are strong enough.
    public var category: AICategory?
    public var confidence: Double
    /// Categories still possible; the embedding classifier chooses among these.
    public var candidates: [AICategory]
    /// Human-readable reasons ("List-Post header", "social network sender"), for `--explain`.
    public var reasons: [String]
    /// A category the signals favour without deciding: its embedding score counts double.
    public var lean: AICategory?

    public init(category: AICategory?, confidence: Double, candidates: [AICategory], reasons: [String], lean: AICategory? = nil) {
        self.category = category; self.confidence = confidence; self.candidates = candidates
        self.reasons = reasons; self.lean = lean
    }
}

/// Strong, cheap signals first (issue 7: measured LLM categorisation is far too slow and weak on
/// 2 cores): mailing-list headers, automation headers, social-network and transactional senders,
/// marketing markers, and one-to-one human mail.
public enum CategorySignals {
    public static let allCategories: [AICategory] = [.primary, .social, .promotions, .updates, .forums]

    /// Sender domains of social networks (and their notification subdomains).
    static let socialDomains: Set<String> = [
        "facebookmail.com", "facebook.com", "linkedin.com", "twitter.com", "x.com", "instagram.com",
        "pinterest.com", "reddit.com", "redditmail.com", "tiktok.com", "youtube.com", "quora.com",
        "meetup.com", "nextdoor.com", "tumblr.com", "snapchat.com", "discord.com", "discordapp.com",
        "strava.com", "goodreads.com", "myspace.com", "friendster.com", "classmates.com", "mastodon.social",
        "bsky.app", "threads.net", "whatsapp.com", "telegram.org", "flickr.com", "vk.com", "xing.com",
    ]

    /// Local parts that machines, not people, send from.
    static let automatedLocalParts: [String] = [
        "noreply", "no-reply", "no_reply", "donotreply", "do-not-reply", "notification", "notifications",
        "notify", "alert", "alerts", "billing", "receipt", "receipts", "order", "orders", "invoice", "invoices",
        "statement", "statements", "account", "accounts", "security", "mailer-daemon", "postmaster", "daemon",
        "bugzilla", "jira", "root", "cron", "automated", "auto", "system", "support", "service", "info",
        "news", "newsletter", "newsletters", "update", "updates", "marketing", "promo", "promotions", "offers",
        "deals", "hello", "team", "subscriptions", "mailer", "bounce", "bounces", "feedback",
    ]

    static let transactionalWords = [
        "receipt", "invoice", "your order", "order #", "order number", "has shipped", "shipment", "delivery",
        "tracking number", "payment", "statement", "password", "verify your", "verification code",
        "confirm your", "confirmation", "booking", "reservation", "your account", "security alert",
        "sign-in", "login attempt", "subscription renewal", "bill ", "billing", "refund",
    ]

    static let marketingWords = [
        "% off", "sale", "deal", "deals", "discount", "coupon", "promo code", "free shipping", "limited time",
        "shop now", "buy now", "save $", "offer", "offers", "special price", "clearance", "new arrivals",
        "exclusive", "best price", "order now", "bargain", "auction",
    ]

    public static func evaluate(_ input: CategorizationInput) -> SignalVerdict {
        var reasons: [String] = []
        let subject = input.subject.lowercased()
        let body = input.text.lowercased()
        let local = input.senderLocalPart ?? ""
        let domain = input.senderDomain ?? ""
        let precedence = input.header("Precedence")?.lowercased().trimmingCharacters(in: .whitespaces)
        let autoSubmitted = input.header("Auto-Submitted")?.lowercased()
        let hasListPost = input.header("List-Post").map { !$0.lowercased().contains("no") } ?? false
        let hasListHeaders = input.listID != nil || hasListPost || input.header("Mailing-List") != nil
            || input.header("List-Help") != nil || input.header("X-Mailing-List") != nil
        let hasUnsubscribe = input.header("List-Unsubscribe") != nil || body.contains("unsubscribe")
        let automatedSender = automatedLocalParts.contains { local == $0 || local.hasPrefix($0 + "-") || local.hasPrefix($0 + "+") || local.hasPrefix($0 + ".") }
            || local.contains("noreply") || local.contains("no-reply")

        // Social networks: decided by the sender's domain.
        if socialDomains.contains(where: { domain == $0 || domain.hasSuffix("." + $0) }) {
            return SignalVerdict(category: .social, confidence: 0.95, candidates: [.social], reasons: ["social network sender (\(domain))"])
        }
        // Machines talking: delivery reports, cron, auto-replies.
        if let autoSubmitted, autoSubmitted != "no" {
            reasons.append("Auto-Submitted: \(autoSubmitted)")
            return SignalVerdict(category: .updates, confidence: 0.9, candidates: [.updates], reasons: reasons)
        }
        if ["mailer-daemon", "postmaster", "root", "cron", "daemon"].contains(local) || subject.hasPrefix("cron <") {
            return SignalVerdict(category: .updates, confidence: 0.9, candidates: [.updates], reasons: ["system sender \(local)"])
        }
        // Discussion lists: people can post (List-Post), or it is a reply on a list.
        if hasListPost || (hasListHeaders && (input.isReply || subject.hasPrefix("re:"))) || precedence == "list" {
            reasons.append(hasListPost ? "List-Post header" : (precedence == "list" ? "Precedence: list" : "reply on a mailing list"))
            if automatedSender {
                reasons.append("automated sender on a list")
                return SignalVerdict(category: nil, confidence: 0.5, candidates: [.forums, .updates], reasons: reasons)
            }
            return SignalVerdict(category: .forums, confidence: 0.92, candidates: [.forums], reasons: reasons)
        }
        let transactional = transactionalWords.contains { subject.contains($0) }
        let marketing = marketingWords.contains { subject.contains($0) }
        let bulk = precedence == "bulk" || precedence == "junk" || hasListHeaders || hasUnsubscribe
        if transactional && (automatedSender || bulk) {
            return SignalVerdict(category: .updates, confidence: 0.88, candidates: [.updates],
                                 reasons: ["transactional subject from an automated sender"])
        }
        if marketing && (bulk || automatedSender) {
            return SignalVerdict(category: .promotions, confidence: 0.85, candidates: [.promotions],
                                 reasons: ["marketing subject in bulk mail"])
        }
        if bulk || automatedSender {
            if bulk { reasons.append("bulk mail (\(precedence.map { "Precedence: \($0)" } ?? (hasListHeaders ? "list headers" : "unsubscribe link")))") }
            if automatedSender { reasons.append("automated sender \(local)@") }
            // A list without List-Post and replies is an announcement list or a newsletter.
            return SignalVerdict(category: nil, confidence: 0.5, candidates: [.promotions, .updates, .forums], reasons: reasons)
        }
        // One-to-one (or few-to-few) human mail.
        if input.recipients.count <= 5 && input.from != nil {
            reasons.append("looks personal: no list or bulk headers, \(input.recipients.count) recipient(s)")
            // A reply is a conversation between people; a first message may still be a feed,
            // a newsletter or a list copy without headers: the embeddings decide, leaning primary.
            if input.isReply {
                return SignalVerdict(category: .primary, confidence: 0.9, candidates: [.primary], reasons: reasons + ["a reply"])
            }
            return SignalVerdict(category: nil, confidence: 0.6, candidates: allCategories, reasons: reasons, lean: .primary)
        }
        return SignalVerdict(category: nil, confidence: 0.3, candidates: allCategories, reasons: ["no decisive signal"])
    }
}
