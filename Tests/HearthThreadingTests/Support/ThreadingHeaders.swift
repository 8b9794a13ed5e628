import Foundation
import HearthCore
import HearthMailbox
import HearthMIME
import HearthThreading

/// The threading-relevant headers of one message, read through the production readers
/// (HearthMailbox splits the mbox, HearthMIME parses the headers), and the two shapes the
/// threading code takes them in.
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
    /// From, To and Cc.
    var participants: [EmailAddress]
    var from: EmailAddress?
    var listID: String?
    /// The header fields that mark automated mail (`CategorizationHeaders`).
    var signalHeaders: [HeaderField]

    init(_ raw: RawMessage, parser: MIMEParser) {
        let parsed = (try? parser.parse(raw.data)) ?? ParsedMessage()
        messageID = parsed.messageID
        references = parsed.references
        inReplyTo = parsed.inReplyTo
        subject = parsed.subject
        sentDate = parsed.date
        arrivalDate = raw.receivedDate ?? Date(timeIntervalSince1970: 0)
        participants = parsed.from + parsed.to + parsed.cc
        from = parsed.from.first
        listID = parsed.header("List-Id")
        signalHeaders = CategorizationHeaders.pick(parsed.headers)
    }

    /// Every message of an mbox file (compressed or not), in file order.
    static func read(mbox file: URL) throws -> [ThreadingHeaders] {
        var source = try MailboxSource.open(path: file.path)
        let parser = MIMEParser()
        var messages: [ThreadingHeaders] = []
        while let raw = try source.next() { messages.append(ThreadingHeaders(raw, parser: parser)) }
        return messages
    }

    /// RFC 5256 §2.2's sent date: the Date header, else the internal date.
    var date: Date { sentDate ?? arrivalDate }

    func threadInput(index: Int) -> ThreadInput {
        ThreadInput(index: index, messageID: messageID, references: references,
                    inReplyTo: inReplyTo, subject: subject, date: date)
    }

    /// The key the app computes, through the production mapping (`MessageMapping`). With
    /// `droppingParticipantAddresses` the message's addresses are given to the mapping, which
    /// then leaves out reference ids equal to one of them (old mailers wrote
    /// `In-Reply-To: Name <address>`); without, the raw reference graph is threaded.
    func threadingKey(account: AccountID, droppingParticipantAddresses: Bool = false) -> ThreadingKey {
        MessageMapping.threadingKey(for: Email(
            accountID: account, messageID: messageID, inReplyTo: inReplyTo.first,
            references: references, from: droppingParticipantAddresses ? from : nil,
            to: droppingParticipantAddresses ? participants : [],
            subject: subject, dateReceived: arrivalDate, dateSent: sentDate, listID: listID),
            signalHeaders: signalHeaders)
    }
}
