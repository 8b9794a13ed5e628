import Foundation

/// Turns a parser's output into the domain's `Email` and `ThreadingKey`. Pure, so import and
/// IMAP sync produce identical rows for identical bytes.
public enum MessageMapping {
    /// Flags a source can carry (Maildir info, IMAP system flags).
    public struct Flags: Sendable, Hashable, OptionSet {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let seen = Flags(rawValue: 1)
        public static let flagged = Flags(rawValue: 2)
        public static let answered = Flags(rawValue: 4)
        public static let draft = Flags(rawValue: 8)
        public static let deleted = Flags(rawValue: 16)
    }

    public static func email(
        from parsed: ParsedMessage, account: AccountID, received: Date?, flags: Flags
    ) -> Email {
        let dateSent = parsed.date
        let dateReceived = received ?? dateSent ?? Date(timeIntervalSince1970: 0)
        return Email(
            accountID: account,
            messageID: parsed.messageID,
            inReplyTo: parsed.inReplyTo.first,
            references: parsed.references,
            from: parsed.from.first ?? parsed.sender,
            to: parsed.to, cc: parsed.cc, bcc: parsed.bcc, replyTo: parsed.replyTo,
            subject: parsed.subject,
            bodyPlain: parsed.textBody, bodyHTML: parsed.htmlBody, snippet: parsed.snippet,
            dateReceived: dateReceived, dateSent: dateSent,
            isRead: flags.contains(.seen), isStarred: flags.contains(.flagged),
            isDraft: flags.contains(.draft), isDeleted: flags.contains(.deleted),
            isAnswered: flags.contains(.answered),
            hasAttachments: parsed.attachments.contains { !$0.isInline },
            sizeBytes: parsed.sizeBytes,
            listID: parsed.header("List-Id")
        )
    }

    /// The message's place in the reference graph. Ids equal to one of the message's own
    /// addresses are dropped: old mailers wrote `In-Reply-To: Name <person@host>`, and taking
    /// that address for a Message-ID would make every reply to that person one thread (on the
    /// linux-mips archive it merged unrelated conversations into a 279-message "thread").
    /// `signalHeaders` (`CategorizationHeaders.pick`) tell automated mail apart.
    public static func threadingKey(for email: Email, signalHeaders: [HeaderField] = []) -> ThreadingKey {
        let addresses = Set(([email.from].compactMap { $0 } + email.to + email.cc + email.replyTo)
            .map(\.normalizedAddress))
        var seen = Set<String>()
        var ancestors: [String] = []
        let own = email.messageID
        for id in email.references + [email.inReplyTo].compactMap({ $0 })
        where id != own && !id.isEmpty && !addresses.contains(id.lowercased()) {
            if seen.insert(id).inserted { ancestors.append(id) }
        }
        return ThreadingKey(
            accountID: email.accountID, messageID: own, ancestorIDs: ancestors,
            normalizedSubject: SubjectNormalizer.normalize(email.subject), date: email.sortDate,
            isAutomated: AutomatedMail.isAutomated(email, signalHeaders: signalHeaders),
            isReply: !ancestors.isEmpty || SubjectNormalizer.isReplyOrForward(email.subject))
    }
}
