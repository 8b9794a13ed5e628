import Foundation
import HearthCore
import Testing

@Suite struct MessageMappingTests {
    let account = AccountID(7)

    @Test func mapsParsedFieldsAndFlags() {
        let sent = Date(timeIntervalSince1970: 1_000_000)
        let parsed = ParsedMessage(
            messageID: "m@x", inReplyTo: ["p@x"], references: ["r@x", "p@x"],
            from: [EmailAddress(name: "Ann", address: "ann@x")], to: [EmailAddress(address: "b@x")],
            subject: "Re: hi", date: sent, textBody: "body", snippet: "body",
            attachments: [ParsedAttachment(filename: "a.pdf", mimeType: "application/pdf", sizeBytes: 3, partPath: "2")],
            headers: [HeaderField(name: "list-id", value: "<l.x>")], sizeBytes: 123)
        let email = MessageMapping.email(from: parsed, account: account, received: nil, flags: [.seen, .flagged])
        #expect(email.accountID == account)
        #expect(email.messageID == "m@x")
        #expect(email.inReplyTo == "p@x")
        #expect(email.from?.address == "ann@x")
        #expect(email.dateSent == sent && email.dateReceived == sent)
        #expect(email.isRead && email.isStarred && !email.isDraft)
        #expect(email.hasAttachments)
        #expect(email.listID == "<l.x>")
        #expect(email.sizeBytes == 123)
    }

    @Test func inlinePartsAreNotAttachments() {
        let parsed = ParsedMessage(attachments: [ParsedAttachment(
            filename: "logo.png", mimeType: "image/png", sizeBytes: 1, partPath: "1.2", contentID: "logo", isInline: true)])
        #expect(!MessageMapping.email(from: parsed, account: account, received: Date(), flags: []).hasAttachments)
    }

    @Test func threadingKeyDeduplicatesAncestorsAndDropsSelf() {
        var email = Email(accountID: account, messageID: "me@x", inReplyTo: "b@x",
                          references: ["a@x", "me@x", "b@x", "a@x"], subject: "Fwd: Re: Plan",
                          dateReceived: Date(timeIntervalSince1970: 5))
        var key = MessageMapping.threadingKey(for: email)
        #expect(key.ancestorIDs == ["a@x", "b@x"])
        #expect(key.normalizedSubject == "plan")
        #expect(!key.isHeaderless)
        email.references = ["me@x"]; email.inReplyTo = nil
        key = MessageMapping.threadingKey(for: email)
        #expect(key.isHeaderless, "a message that only references itself has no ancestors")
    }

    @Test func receivedDateFallsBackToEpochWhenNothingIsKnown() {
        let email = MessageMapping.email(from: ParsedMessage(), account: account, received: nil, flags: [])
        #expect(email.dateReceived == Date(timeIntervalSince1970: 0))
        #expect(email.dateSent == nil)
    }
}

@Suite struct ThreadingKeyAddressFilterTests {
    @Test func addressUsedAsInReplyToIsNotAReference() {
        let ralf = EmailAddress(name: "Ralf", address: "ralf@linux-mips.org")
        let email = Email(accountID: AccountID(1), messageID: "x@y", inReplyTo: "Ralf@linux-mips.org",
                          references: ["real@id"], to: [ralf], subject: "Re: patch", dateReceived: Date())
        #expect(MessageMapping.threadingKey(for: email).ancestorIDs == ["real@id"])
    }
}
