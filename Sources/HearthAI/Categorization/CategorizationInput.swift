import Foundation
import HearthCore

/// What the categoriser looks at for one email: addresses, subject, the start of the text and
/// the header fields that carry list and automation signals.
public struct CategorizationInput: Sendable, Hashable {
    public var emailID: EmailID?
    public var from: EmailAddress?
    public var recipients: [EmailAddress]
    public var subject: String
    /// Plain text (HTML already reduced to text), trimmed of quotes and signatures.
    public var text: String
    /// Header fields as parsed (only the names the signals read matter; others are ignored).
    public var headers: [HeaderField]
    public var listID: String?
    public var isReply: Bool
    /// What the mailbox knows about the sender (nil: nothing, e.g. an evaluation set).
    public var senderHistory: SenderHistory?
    /// The email answers a message the user sent (its In-Reply-To or References name one): a
    /// reply in a conversation the user started or took part in (false when unknown).
    public var answersUser: Bool
    /// Where answers go (Reply-To): a mass-mail program or a web form points them elsewhere,
    /// a person's mail program leaves it out.
    public var replyTo: [EmailAddress]
    /// How the HTML body was built (tracking pixel, remote images); empty without HTML.
    public var htmlBuild: HTMLBuild
    /// The end of the untrimmed text, lower-cased, quoted lines left out (`footer(of:)`): where
    /// mass mail says why it came and how to stop it, which `text` (the opening, cut at the first
    /// rule or signature line) seldom reaches.
    public var footer: String

    public init(emailID: EmailID? = nil, from: EmailAddress?, recipients: [EmailAddress] = [], subject: String,
                text: String, headers: [HeaderField] = [], listID: String? = nil, isReply: Bool = false,
                senderHistory: SenderHistory? = nil, answersUser: Bool = false, replyTo: [EmailAddress] = [],
                htmlBuild: HTMLBuild = HTMLBuild(), footer: String = "") {
        self.emailID = emailID; self.from = from; self.recipients = recipients; self.subject = subject
        self.text = text; self.headers = headers; self.listID = listID; self.isReply = isReply
        self.senderHistory = senderHistory; self.answersUser = answersUser
        self.replyTo = replyTo; self.htmlBuild = htmlBuild; self.footer = footer
    }

    /// The last 2,000 characters of a message's text, lower-cased, with quoted lines ("> …")
    /// left out and runs of white space made one space, so a phrase split over lines is found.
    public static func footer(of body: String) -> String {
        let end = body.suffix(2_000).lowercased()
        let lines = end.split(separator: "\n", omittingEmptySubsequences: true)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix(">") }
        return lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Builds the input from a stored email and (when its raw source is kept) its header fields.
    public init(email: Email, headers: [HeaderField] = [], senderHistory: SenderHistory? = nil, answersUser: Bool = false) {
        let body = email.bodyPlain ?? email.bodyHTML.map(MailTextTrimmer.plainText(fromHTML:)) ?? email.snippet
        // The Message-ID is kept on the email itself, not among the signal fields: it names the
        // program a person wrote in (`MailComposer`), as the parsed header does for an evaluation set.
        let messageID = email.messageID.flatMap { id in
            headers.contains { $0.name.caseInsensitiveCompare("Message-ID") == .orderedSame } ? nil : HeaderField(name: "Message-ID", value: id)
        }
        self.init(emailID: email.id, from: email.from, recipients: email.to + email.cc, subject: email.subject,
                  text: MailTextTrimmer.trim(body, maxCharacters: 1_000), headers: headers + (messageID.map { [$0] } ?? []),
                  listID: email.listID ?? headers.first { $0.name.caseInsensitiveCompare("List-Id") == .orderedSame }?.value,
                  isReply: email.inReplyTo != nil || !email.references.isEmpty, senderHistory: senderHistory,
                  answersUser: answersUser, replyTo: email.replyTo, htmlBuild: HTMLBuild.read(email.bodyHTML),
                  footer: Self.footer(of: body))
    }

    /// Inputs for stored emails with their signal headers, sender history and the messages of
    /// the user's they answer, read from the store in three queries (what every caller that
    /// categorises stored mail needs).
    public static func load(_ emails: [Email], store: any AIBacklogRepository) -> [CategorizationInput] {
        let ids = emails.compactMap(\.id)
        let headers = (try? store.signalHeaders(of: ids)) ?? [:]
        let senders = emails.compactMap { $0.from?.normalizedAddress }
        let history = (try? store.senderHistory(of: senders)) ?? [:]
        let answered = (try? store.sentMessageIDs(among: emails.flatMap(Self.answeredMessageIDs))) ?? []
        return emails.map { email in
            CategorizationInput(email: email, headers: email.id.flatMap { headers[$0] } ?? [],
                                senderHistory: email.from.flatMap { history[$0.normalizedAddress] },
                                answersUser: Self.answeredMessageIDs(email).contains { answered.contains($0) })
        }
    }

    /// The messages an email answers: its In-Reply-To and its References (a thread's earlier
    /// messages; a reply to someone else in a thread the user started still names the user's).
    static func answeredMessageIDs(_ email: Email) -> [String] {
        (email.inReplyTo.map { [$0] } ?? []) + email.references
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The text the embedding classifier reads: sender name, subject, start of the body.
    public var embeddingText: String {
        let sender = from.map { [$0.name, $0.address].compactMap { $0 }.joined(separator: " ") } ?? ""
        return "From: \(sender)\nSubject: \(subject)\n\(text.prefix(600))"
    }

    /// Whether the sentence-embedding model can read the message: most of the letters of its
    /// subject and opening are Latin script. MiniLM learnt English (and reads the languages
    /// that share its alphabet in part); on Japanese, Korean, Chinese, Cyrillic, Greek, Arabic
    /// or Hebrew text its nearest centroid is noise (session 21's blind probe of an inbox in
    /// Japan: a bank's transfer notice and a shop's sale went wherever the noise put them).
    public var embedderReadsScript: Bool {
        var latin = 0, other = 0
        for scalar in (subject + " " + text.prefix(1_000)).unicodeScalars where scalar.properties.isAlphabetic {
            if scalar.value < 0x250 || (0x1E00...0x1EFF).contains(scalar.value) { latin += 1 } else { other += 1 }
        }
        return latin >= other
    }

    /// Whether the embedding model reads the message's language, not only its letters: Latin
    /// script that reads as English. On German, French, Spanish or Turkish its nearest centroid
    /// follows the brand names, numbers and the odd shared word (session 22: a Turkish airline's
    /// "%25 indirim" and a German bank's "Jetzt … sichern" went to updates).
    public var embedderReadsLanguage: Bool { embedderReadsScript && readsAsEnglish }

    /// Whether the subject and opening read as English (`readsAsEnglish(_:)`), whatever the script.
    var readsAsEnglish: Bool { Self.readsAsEnglish(subject + " " + text.prefix(1_000)) }

    /// English's commonest words that are not also common words of the other languages written
    /// in Latin letters ("in", "is", "to", "of", "an", "for" are Dutch, German, Polish, Danish;
    /// "i", "we", "my", "me" Polish, Catalan, Spanish, French).
    private static let englishMarkers: Set<Substring> = ["the", "and", "you", "your", "with", "this", "that", "are",
        "our", "have", "will", "from", "not", "it", "can", "more", "now", "here", "was", "just", "get",
        "what", "about", "been", "which", "their", "they", "would", "there", "please", "thanks"]

    /// Whether Latin-script text reads as English: at least one word in forty is one of English's
    /// commonest words, or the text is too short to tell. Links and addresses are no language
    /// (a 2002 publisher's notice was half tracking links).
    static func readsAsEnglish(_ text: String) -> Bool {
        let prose = text.lowercased().split(whereSeparator: \.isWhitespace)
            .filter { !$0.contains("://") && !$0.contains("www.") && !$0.contains("@") && !$0.contains("=") }
        let words = prose.flatMap { $0.split { !$0.isLetter } }
        guard words.count >= 15 else { return true }
        let english = words.filter { englishMarkers.contains($0) }.count
        return english * 40 >= words.count
    }

    /// Lower-cased domain of the sender.
    public var senderDomain: String? {
        from?.address.split(separator: "@").last.map { $0.lowercased() }
    }

    public var senderLocalPart: String? {
        from?.address.split(separator: "@").first.map { $0.lowercased() }
    }
}
