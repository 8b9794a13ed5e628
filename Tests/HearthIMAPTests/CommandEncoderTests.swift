import Foundation
import HearthIMAP
import Testing

struct CommandEncoderTests {
    let plain = IMAPCommandEncoder(capabilities: Capabilities([.imap4rev1]))
    let literalPlus = IMAPCommandEncoder(capabilities: Capabilities([.literalPlus, .specialUse, .listStatus, .esearch]))
    let literalMinus = IMAPCommandEncoder(capabilities: Capabilities([.literalMinus]))

    private func text(_ encoder: IMAPCommandEncoder, _ command: IMAPCommand) -> String {
        String(decoding: encoder.encode(command, tag: "A1").bytes, as: UTF8.self)
    }

    @Test func simpleCommands() {
        #expect(text(plain, .capability) == "A1 CAPABILITY\r\n")
        #expect(text(plain, .noop) == "A1 NOOP\r\n")
        #expect(text(plain, .idle) == "A1 IDLE\r\n")
        #expect(text(plain, .uidExpunge(SequenceSet([3, 4, 5, 9]))) == "A1 UID EXPUNGE 3:5,9\r\n")
        #expect(text(plain, .enable([.qresync, .condStore])) == "A1 ENABLE QRESYNC CONDSTORE\r\n")
        #expect(text(plain, .id([IDField("name", "Hearth"), IDField("version", nil)])) == "A1 ID (\"name\" \"Hearth\" \"version\" NIL)\r\n")
        #expect(text(plain, .id(nil)) == "A1 ID NIL\r\n")
    }

    @Test func mailboxNamesAreAtomsQuotedOrModifiedUTF7() {
        #expect(text(plain, .select(.inbox, .none)) == "A1 SELECT INBOX\r\n")
        #expect(text(plain, .select(MailboxName(wire: "[Gmail]/All Mail"), SelectParameters(condStore: true)))
                == "A1 SELECT \"[Gmail]/All Mail\" (CONDSTORE)\r\n")
        #expect(text(plain, .examine(MailboxName("Entwürfe"), .none)) == "A1 EXAMINE Entw&APw-rfe\r\n")
        #expect(text(plain, .create(MailboxName("a\"b\\c"))) == "A1 CREATE \"a\\\"b\\\\c\"\r\n")
        let qresync = SelectParameters(qresync: .init(uidValidity: 67890007, modSeq: 90060115194045000, knownUIDs: SequenceSet(1...200)))
        #expect(text(plain, .select(.inbox, qresync)) == "A1 SELECT INBOX (QRESYNC (67890007 90060115194045000 1:200))\r\n")
    }

    @Test func fetchWithModifiers() {
        let command = IMAPCommand.uidFetch(SequenceSet(ranges: [SequenceRange(.number(1), .last)]),
                                           [.uid, .flags, .envelope, .body(section: .headerFields(["Subject", "From"]), partial: PartialRange(origin: 0, length: 2048)),
                                            .modSeq, .gmailLabels],
                                           FetchModifiers(changedSince: 12345, vanished: true))
        #expect(text(plain, command) == "A1 UID FETCH 1:* (UID FLAGS ENVELOPE BODY.PEEK[HEADER.FIELDS (SUBJECT FROM)]<0.2048> MODSEQ X-GM-LABELS) (CHANGEDSINCE 12345 VANISHED)\r\n")
        #expect(text(plain, .uidFetch(SequenceSet(7), [.body(section: BodySection(part: [1, 2], kind: .mime), peek: false)], .none))
                == "A1 UID FETCH 7 BODY[1.2.MIME]\r\n")
        #expect(text(plain, .fetch(SequenceSet(1...3), [.bodyStructure, .rfc822Size, .internalDate], .none))
                == "A1 FETCH 1:3 (BODYSTRUCTURE RFC822.SIZE INTERNALDATE)\r\n")
    }

    @Test func storeCopyMove() {
        #expect(text(plain, .uidStore(SequenceSet([1, 2, 3]), StoreOperation(.add, [.seen, .flagged], silent: true), unchangedSince: 99))
                == "A1 UID STORE 1:3 (UNCHANGEDSINCE 99) +FLAGS.SILENT (\\Seen \\Flagged)\r\n")
        #expect(text(plain, .uidStore(SequenceSet(5), StoreOperation(.remove, [.deleted]), unchangedSince: nil))
                == "A1 UID STORE 5 -FLAGS (\\Deleted)\r\n")
        #expect(text(plain, .uidStore(SequenceSet(5), StoreOperation(.replace, []), unchangedSince: nil)) == "A1 UID STORE 5 FLAGS ()\r\n")
        #expect(text(plain, .uidCopy(SequenceSet(4), MailboxName(wire: "[Gmail]/Trash"))) == "A1 UID COPY 4 [Gmail]/Trash\r\n")
        #expect(text(plain, .uidMove(SequenceSet([10, 12]), MailboxName("Archive"))) == "A1 UID MOVE 10,12 Archive\r\n")
    }

    @Test func searchCriteria() {
        let since = IMAPDate(year: 2024, month: 3, day: 5)
        #expect(text(plain, .uidSearch(.since(since), returning: nil)) == "A1 UID SEARCH SINCE 5-Mar-2024\r\n")
        // RETURN only when ESEARCH is advertised.
        #expect(text(plain, .uidSearch(.all, returning: [.all, .count])) == "A1 UID SEARCH ALL\r\n")
        #expect(text(literalPlus, .uidSearch(.all, returning: [.all, .count])) == "A1 UID SEARCH RETURN (ALL COUNT) ALL\r\n")
        let complex = SearchKey.and([.since(since), .not(.deleted), .or(.from("ann@example.com"), .and([.subject("hi there"), .unseen])),
                                     .uid(SequenceSet(ranges: [SequenceRange(.number(100), .last)]))])
        #expect(text(plain, .uidSearch(complex, returning: nil))
                == "A1 UID SEARCH SINCE 5-Mar-2024 NOT DELETED OR FROM \"ann@example.com\" (SUBJECT \"hi there\" UNSEEN) UID 100:*\r\n")
        #expect(text(plain, .search(.header(field: "Message-ID", value: "<a@b>"), returning: nil)) == "A1 SEARCH HEADER Message-ID \"<a@b>\"\r\n")
        #expect(text(plain, .uidSearch(.gmailRaw("has:attachment in:anywhere"), returning: nil)) == "A1 UID SEARCH X-GM-RAW \"has:attachment in:anywhere\"\r\n")
    }

    @Test func listOptionsOnlyWhenAdvertised() {
        let options = ListReturnOptions(specialUse: true, status: [.messages, .uidNext])
        #expect(text(plain, .list(reference: "", pattern: "*", returnOptions: options)) == "A1 LIST \"\" *\r\n")
        #expect(text(literalPlus, .list(reference: "", pattern: "*", returnOptions: options))
                == "A1 LIST \"\" * RETURN (SPECIAL-USE STATUS (MESSAGES UIDNEXT))\r\n")
        #expect(text(plain, .list(reference: "", pattern: "[Gmail]/%", returnOptions: .none)) == "A1 LIST \"\" [Gmail]/%\r\n")
        #expect(text(plain, .status(.inbox, [.uidNext, .highestModSeq])) == "A1 STATUS INBOX (UIDNEXT HIGHESTMODSEQ)\r\n")
    }

    @Test func literalsFollowCapabilities() {
        let message = Data("Subject: x\r\n\r\nhello\r\n".utf8)
        let append = IMAPCommand.append(MailboxName("Sent"), AppendMessage(data: message, flags: [.seen],
                                                                         internalDate: Date(timeIntervalSince1970: 1_709_647_629)))
        // Without LITERAL+: a synchronising literal, split where the server's "+" is awaited.
        let sync = plain.encode(append, tag: "A1")
        #expect(sync.chunks.count == 2)
        #expect(String(decoding: sync.chunks[0], as: UTF8.self) == "A1 APPEND Sent (\\Seen) \"05-Mar-2024 14:07:09 +0000\" {21}\r\n")
        #expect(Data(sync.chunks[1]) == message + Data("\r\n".utf8))
        // With LITERAL+: one piece, {n+}.
        let plus = literalPlus.encode(append, tag: "A1")
        #expect(plus.chunks.count == 1)
        #expect(String(decoding: plus.bytes, as: UTF8.self).contains("{21+}\r\nSubject: x"))
        // LITERAL-: {n+} only up to 4096 bytes.
        #expect(literalMinus.encode(append, tag: "A1").chunks.count == 1)
        let big = IMAPCommand.append(.inbox, AppendMessage(data: Data(repeating: 65, count: 5000)))
        #expect(literalMinus.encode(big, tag: "A1").chunks.count == 2)
        // A non-ASCII password must be a literal (quoted strings are 7-bit).
        let login = plain.encode(.login(user: "jörg", password: "pässwörd"), tag: "A1")
        #expect(login.chunks.count == 3)
        #expect(String(decoding: login.chunks[0], as: UTF8.self) == "A1 LOGIN {5}\r\n")
    }

    @Test func logDescriptionsHideSecretsAndBodies() {
        let secretToken = "ya29.secret-token"
        let payload = SASLPayload(bytes: Array("user=a\u{1}auth=Bearer \(secretToken)\u{1}\u{1}".utf8))
        let auth = plain.encode(.authenticate(mechanism: "XOAUTH2", initialResponse: payload), tag: "A1")
        #expect(!auth.logDescription.contains(payload.base64))
        #expect(auth.logDescription == "A1 AUTHENTICATE XOAUTH2 <redacted>")
        #expect(String(decoding: auth.bytes, as: UTF8.self).contains(payload.base64))
        #expect(!"\(payload)".contains(payload.base64))

        let login = plain.encode(.login(user: "carol", password: "hunter2"), tag: "A2")
        #expect(login.logDescription == "A2 LOGIN carol <redacted>")
        let quotedLogin = plain.encode(.login(user: "carol", password: "two words"), tag: "A3")
        #expect(!quotedLogin.logDescription.contains("two words"))

        let append = literalPlus.encode(.append(.inbox, AppendMessage(data: Data("secret body".utf8))), tag: "A4")
        #expect(!append.logDescription.contains("secret body"))
        #expect(append.logDescription.contains("<11 bytes>"))
        #expect(!"\(IMAPCredentials.plain(user: "carol", password: "hunter2"))".contains("hunter2"))
        #expect(!"\(IMAPCredentials.xoauth2(user: "a", accessToken: secretToken))".contains(secretToken))
    }

    @Test func emptySASLInitialResponseIsEquals() {
        #expect(text(plain, .authenticate(mechanism: "EXTERNAL", initialResponse: SASLPayload(base64: ""))) == "A1 AUTHENTICATE EXTERNAL =\r\n")
        #expect(text(plain, .authenticate(mechanism: "PLAIN", initialResponse: nil)) == "A1 AUTHENTICATE PLAIN\r\n")
    }
}
