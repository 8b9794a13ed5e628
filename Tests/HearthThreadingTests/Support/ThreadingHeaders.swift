import Foundation
import HearthCore
import HearthThreading

/// The threading-relevant headers of one message, read by the test helpers, and the two shapes
/// the threading code takes them in.
struct ThreadingHeaders {
    var messageID: String?
    var references: [String]
    var inReplyTo: [String]
    /// Decoded subject; empty when absent.
    var subject: String
    /// The Date header, when present and readable.
    var sentDate: Date?
    /// When the message arrived (mbox separator date): the IMAP INTERNALDATE.
    var arrivalDate: Date
    /// Lower-cased addresses in From, To and Cc.
    var participants: Set<String>

    init(_ message: MboxMessage) {
        let header = HeaderBlock(messageBytes: message.bytes)
        let idField = header.value("Message-ID") ?? ""
        let bracketed = HeaderBlock.messageIDs(in: idField).first
        // An id written without brackets is still the message's id if it is one token.
        messageID = bracketed ?? (idField.isEmpty || idField.contains(" ") ? nil : idField)
        references = header.value("References").map(HeaderBlock.messageIDs) ?? []
        inReplyTo = header.value("In-Reply-To").map(HeaderBlock.messageIDs) ?? []
        subject = header.value("Subject").map(EncodedWords.decode) ?? ""
        sentDate = header.value("Date").flatMap(MailDate.parse)
        arrivalDate = MailDate.parse(message.separator) ?? Date(timeIntervalSince1970: 0)
        participants = Set(["From", "To", "Cc"].flatMap { name in
            (header.value(name) ?? "").split { " \t<>,;\"()".contains($0) }
                .filter { $0.contains("@") }.map { $0.lowercased() }
        })
    }

    /// RFC 5256 §2.2's sent date: the Date header, else the internal date.
    var date: Date { sentDate ?? arrivalDate }

    func threadInput(index: Int) -> ThreadInput {
        ThreadInput(index: index, messageID: messageID, references: references,
                    inReplyTo: inReplyTo, subject: subject, date: date)
    }

    /// The key the app computes, through the production mapping (`MessageMapping`).
    ///
    /// With `droppingParticipantAddresses`, reference ids equal to a From/To/Cc address are left
    /// out first — public-inbox's defence against old mailers writing `In-Reply-To: Name <address>`,
    /// which otherwise makes every reply to that person share one ghost parent.
    func threadingKey(account: AccountID, droppingParticipantAddresses: Bool = false) -> ThreadingKey {
        let keep: (String) -> Bool = { !droppingParticipantAddresses || !participants.contains($0.lowercased()) }
        return MessageMapping.threadingKey(for: Email(
            accountID: account, messageID: messageID, inReplyTo: inReplyTo.first(where: keep),
            references: references.filter(keep), subject: subject,
            dateReceived: arrivalDate, dateSent: sentDate))
    }
}
