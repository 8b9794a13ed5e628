import Foundation

/// The few header fields the categoriser's strong signals read (list, bulk and automation
/// markers). Synced mail keeps no raw source, so these are picked out of the parsed headers at
/// ingestion and stored beside the email; without them a synced mailing-list post would look
/// like personal mail.
public enum CategorizationHeaders {
    /// Lower-cased names; everything else in the header is ignored. Besides the list and
    /// automation markers: the fields bulk-mail services (ESPs) stamp on every message they
    /// send — X-Mailer, Feedback-ID (Gmail's feedback loop), one-click unsubscribe (RFC 8058),
    /// the Certified Senders Alliance complaint address — which tell a newsletter or a receipt
    /// from a person's mail even without list headers.
    public static let names: Set<String> = [
        "list-id", "list-post", "list-unsubscribe", "list-help", "mailing-list", "x-mailing-list",
        "precedence", "auto-submitted", "x-mailer", "user-agent", "feedback-id", "list-unsubscribe-post", "x-csa-complaints",
        "x-auto-response-suppress", "x-autoreply", "x-autorespond", "x-report-abuse", "x-abuse-info",
        // List software that adds no List-* fields still says it delivered the post (issue 15).
        "sender", "x-beenthere", "x-list", "x-mailman-version", "x-ecartis-version",
        // (User-Agent: the mail program a person typed in, Thunderbird, K-9 Mail…, session 25.)
        // RSS-to-email services' feed fields.
        "x-rss-feed", "x-rss-item", "x-rss-id", "x-feed-url",
        // The message's own structure: people's mail programs send plain text or text with an
        // HTML alternative; HTML alone is what mass-mail and web tools send (issue 15, session 11).
        // Kept only when it says text/html (`pick`): the other types carry no signal.
        "content-type",
        // A bulk-mail service's bounce address or DKIM signing domain (kept only when it is one, `pick`).
        "return-path", "dkim-signature",
    ]

    /// Domains bulk-mail services send, bounce and sign from on their customers' behalf
    /// (Mailchimp, Mandrill, SendGrid, Amazon SES, Mailgun, SparkPost, Marketo, Salesforce
    /// Marketing Cloud, Campaign Monitor, Constant Contact, Klaviyo, Postmark, Mailjet, HubSpot).
    public static let espSendingDomains: [String] = [
        "mcsv.net", "mcdlv.net", "rsgsv.net", "mandrillapp.com", "sendgrid.net", "sendgrid.info", "amazonses.com",
        "mailgun.org", "sparkpostmail.com", "mktomail.com", "exacttarget.com", "createsend.com", "ccsend.com",
        "klaviyomail.com", "postmarkapp.com", "mtasv.net", "mailjet.com", "hubspotemail.net",
        "shopifyemail.com",
    ]

    /// The bulk-mail service a domain belongs to (itself or a subdomain of it), if any.
    public static func espDomain(_ domain: String) -> String? {
        let domain = domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: " >."))
        return espSendingDomains.first { domain == $0 || domain.hasSuffix("." + $0) }
    }

    /// A bounce address a mailing system hands out per message or per recipient (Return-Path
    /// `<bounce-9143955980f64434@rmail.shop.example>`, `<bounces+123-ab@em.shop.example>`): a
    /// program sent the mail, however personal it looks; a person's mail program leaves their own
    /// address there. A list's own bounce address (`dev-bounces@`) starts with the list's name.
    public static func isBounceHandler(_ returnPath: String) -> Bool {
        let address = returnPath.trimmingCharacters(in: CharacterSet(charactersIn: " <>\t")).lowercased()
        guard let local = address.split(separator: "@").first, address.contains("@") else { return false }
        // A forwarder's Sender Rewriting Scheme ("bounces+SRS=…", "SRS0=…") rewrites a person's
        // address on the way through (an account's forwarding rule): no mailing system's (session
        // 21's probe: classmates' mail forwarded from a university account went to updates).
        if local.contains("srs0=") || local.contains("srs1=") || local.contains("srs=") { return false }
        return local.hasPrefix("bounce")
    }

    /// The signing domain (the `d=` tag) of a DKIM-Signature field's value.
    public static func dkimSigningDomain(_ value: String) -> String? {
        for tag in value.split(separator: ";") {
            let parts = tag.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if parts.count == 2, parts[0].lowercased() == "d", !parts[1].isEmpty { return parts[1].lowercased() }
        }
        return nil
    }

    /// Whether a field picked by name carries the signal it was kept for: a Content-Type only
    /// when it is HTML alone, a Return-Path or DKIM-Signature only when a bulk-mail service's
    /// domain is in it (every message has them; a person's say nothing).
    static func carriesSignal(_ field: HeaderField) -> Bool {
        switch field.name.lowercased() {
        case "content-type": return isHTMLOnly(field.value)
        case "return-path":
            return (field.value.split(separator: "@").last.map { espDomain(String($0)) != nil } ?? false) || isBounceHandler(field.value)
        case "dkim-signature": return dkimSigningDomain(field.value).flatMap(espDomain) != nil
        default: return true
        }
    }

    /// Prefixes of fields only bulk-mail services write (campaign and tracking ids of Mailchimp,
    /// SendGrid, Mailgun, Marketo, Salesforce Marketing Cloud, HubSpot, Klaviyo, Campaign Monitor…).
    public static let espPrefixes: [String] = [
        "x-campaign", "x-mailgun", "x-sg-", "x-mc-", "x-mailchimp", "x-marketo", "x-sfmc", "x-hs-", "x-klaviyo",
        "x-cmae", "x-rpcampaign", "x-listmember", "x-newsletter", "x-emarsys", "x-msys-", "x-ses-", "x-sparkpost",
        "x-pm-message-id", "x-postmark", "x-mandrill", "x-mailjet", "x-job", "x-sendinblue", "x-shopify",
        // Marketing-automation platforms' own fields.
        "x-pardot", "x-eloqua", "x-hubspot",
    ]

    /// Fields under a bulk-mail service's prefix that another system stamps: Mimecast, the mail
    /// gateway many firms send their people's mail through, writes X-MC-Unique, which shares
    /// Mailchimp's "x-mc-" prefix (session 21's probe: a solicitor's reply went to updates).
    public static let espPrefixExceptions: Set<String> = ["x-mc-unique"]

    /// Whether a field name is one of a bulk-mail service's own (`espPrefixes`, less the exceptions).
    public static func isESPField(_ name: String) -> Bool {
        let lower = name.lowercased()
        return espPrefixes.contains { lower.hasPrefix($0) } && !espPrefixExceptions.contains(lower)
    }

    /// Fields forum software stamps on what it mails (Discourse's `X-Discourse-Post-Id`,
    /// `-Topic-Id`…): kept, though they are no bulk-mail service's mark.
    public static let forumPrefixes: [String] = ["x-discourse-"]

    /// A top-level Content-Type of HTML alone (no plain-text part beside it).
    public static func isHTMLOnly(_ contentType: String) -> Bool {
        contentType.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("text/html")
    }

    public static func isSignal(_ name: String) -> Bool {
        let lower = name.lowercased()
        return names.contains(lower) || espPrefixes.contains { lower.hasPrefix($0) } || forumPrefixes.contains { lower.hasPrefix($0) }
    }

    /// The signal fields of a parsed header, in their original order, values capped at 300
    /// characters (a List-Unsubscribe with a dozen URLs says nothing more than one), at most 24;
    /// then `calendarPartField` when the message carries a calendar part.
    public static func pick(_ headers: [HeaderField], attachments: [ParsedAttachment] = []) -> [HeaderField] {
        headers.filter { isSignal($0.name) && carriesSignal($0) }.prefix(24)
            .map { HeaderField(name: $0.name, value: String($0.value.prefix(300))) }
            + calendarPart(attachments)
    }

    /// Not a field of the message: ingestion's note that it carries a calendar part (a
    /// `text/calendar` alternative or an `.ics` file), as invitations, answers to them and
    /// cancellations do. The categoriser reads it to tell a person's invitation (primary) from a
    /// booking system's (updates); the part itself is kept as an attachment, not as a header. A
    /// field of this name in the message itself is never kept (`isSignal` does not know it).
    public static let calendarPartField = "X-Hearth-Calendar-Part"

    /// `calendarPartField` with the part's type, when one of the attachments is a calendar part.
    public static func calendarPart(_ attachments: [ParsedAttachment]) -> [HeaderField] {
        guard let part = attachments.first(where: { attachment in
            let type = attachment.mimeType.lowercased()
            return type == "text/calendar" || type == "application/ics" || attachment.filename.lowercased().hasSuffix(".ics")
        }) else { return [] }
        return [HeaderField(name: calendarPartField, value: part.mimeType.lowercased())]
    }
}

/// What the background AI queue asks the store beyond `AIRepository`: the stored signal
/// headers of emails, and the threads whose automatic summary is missing or stale.
public protocol AIBacklogRepository: Sendable {
    /// Signal header fields stored at ingestion (synced and imported mail), per email; emails
    /// stored before they were kept have no entry.
    func signalHeaders(of ids: [EmailID]) throws(StoreError) -> [EmailID: [HeaderField]]
    /// Threads with at least `minimumMessages` emails whose cached summary is missing or was
    /// written for fewer messages, newest activity first.
    func threadsNeedingSummary(minimumMessages: Int, limit: Int) throws(StoreError) -> [ThreadID]
    /// Sender and reply history of these (lower-cased) addresses; unknown ones are left out.
    func senderHistory(of addresses: [String]) throws(StoreError) -> [String: SenderHistory]
    /// Which of these Message-IDs are of mail the user sent (Sent folder, the outbox, or from one
    /// of the user's own addresses): a message answering one of them is a reply in a conversation
    /// the user took part in.
    func sentMessageIDs(among messageIDs: [String]) throws(StoreError) -> Set<String>
}

extension AIBacklogRepository {
    /// A store that keeps no history reports none: the categoriser then decides without it.
    public func senderHistory(of addresses: [String]) throws(StoreError) -> [String: SenderHistory] { [:] }
    /// A store that keeps no sent mail knows of no conversation the user took part in.
    public func sentMessageIDs(among messageIDs: [String]) throws(StoreError) -> Set<String> { [] }
}
