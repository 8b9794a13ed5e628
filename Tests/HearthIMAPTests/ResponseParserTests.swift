import Foundation
@testable import HearthIMAP
import Testing

struct ResponseParserTests {
    private func parseAll(_ text: String) -> [IMAPResponse] {
        var parser = IMAPResponseParser()
        return parser.feed(Array(text.utf8))
    }

    @Test func greetingCarriesCapabilities() throws {
        let response = IMAPResponseParser.parse(Fixtures.greeting)
        guard case .ok(let text) = response, case .capability(let caps)? = text.code else {
            Issue.record("not an OK with CAPABILITY: \(response)")
            return
        }
        #expect(caps.contains(.saslIR))
        #expect(caps.supportsAuth("xoauth2"))
        #expect(caps.authMechanisms == ["PLAIN", "LOGIN", "XOAUTH2", "OAUTHBEARER"])
        #expect(text.text == "mailrig Gimap-like IMAP ready.")
    }

    @Test func selectWithQResync() {
        let responses = parseAll(Fixtures.selectQResync)
        #expect(responses.count == 12)
        guard case .tagged(let done) = responses.last else { Issue.record("no tagged"); return }
        let selection = MailboxSelection(mailbox: .inbox, responses: Array(responses.dropLast()), completion: done)
        #expect(selection.exists == 18)
        #expect(selection.uidValidity == 1_795_291_371)
        #expect(selection.uidNext == 21)
        #expect(selection.highestModSeq == 3)
        #expect(selection.permanentFlags.contains(.mayCreate))
        #expect(selection.permanentFlags.contains(Flag("\\SEEN")))
        #expect(selection.vanished == [SequenceSet(3...4)])
        #expect(selection.changes.map(\.uid) == [1, 5])
        #expect(selection.readOnly == false)
        #expect(responses.contains(.vanished(earlier: true, uids: SequenceSet(3...4))))
    }

    @Test func fetchEnvelopeAndAlternativeStructure() throws {
        let message = try #require(IMAPResponseParser.parse(Fixtures.fetchAlternative).fetchedMessage)
        #expect(message.sequence == 3)
        #expect(message.uid == 3)
        #expect(message.flags == [.recent])
        #expect(message.size == 5934)
        #expect(message.modSeq == 2)
        #expect(message.internalDate == Date(timeIntervalSince1970: 1_672_550_170))
        let envelope = try #require(message.envelope)
        #expect(envelope.subject == "Question about new")
        #expect(envelope.from.first?.name == "Liam O'Connor")
        #expect(envelope.from.first?.address == "liam.oconnor@example.ie")
        #expect(envelope.cc.isEmpty && envelope.bcc.isEmpty && envelope.inReplyTo == nil)
        #expect(envelope.messageID == "<3341e9821c1211ef1004.2@example.ie>")
        guard case .multipart(let multi)? = message.bodyStructure else { Issue.record("not multipart"); return }
        #expect(multi.subtype == "alternative")
        #expect(multi.parameters["boundary"] == "----=_rig_3341e9821c1211ef_a")
        let leaves = try #require(message.bodyStructure?.leafParts)
        #expect(leaves.map(\.section) == [[1], [2]])
        #expect(leaves.map(\.part.mimeType) == ["text/plain", "text/html"])
        #expect(leaves[1].part.size == 4904 && leaves[1].part.lines == 32)
        #expect(leaves[0].part.parameters["charset"] == "us-ascii")
    }

    @Test func envelopeKeepsEncodedWords() throws {
        let message = try #require(IMAPResponseParser.parse(Fixtures.fetchEncodedWord).fetchedMessage)
        let envelope = try #require(message.envelope)
        #expect(envelope.cc.first?.name == "=?iso-2022-jp?b?GyRCOjRGIxsoQiAbJEIyVjtSGyhC?=")
        #expect(envelope.to.first?.address == "carol@example.test")
        #expect(envelope.replyTo.count == 1)
        guard case .single(let part)? = message.bodyStructure else { Issue.record("not single"); return }
        #expect(part.mimeType == "text/plain" && part.lines == 23)
        #expect(message.bodyStructure?.leafParts.first?.section == [1])
    }

    @Test func mixedWithAttachmentNamedPerRFC2231() throws {
        let message = try #require(IMAPResponseParser.parse(Fixtures.fetchMixed).fetchedMessage)
        let structure = try #require(message.bodyStructure)
        #expect(structure.leafParts.map(\.section) == [[1, 1], [1, 2], [2]])
        let attachments = structure.attachments
        #expect(attachments.count == 1)
        let pdf = try #require(attachments.first)
        #expect(pdf.section == [2])
        #expect(pdf.part.mimeType == "application/pdf")
        #expect(pdf.part.encoding == "base64")
        #expect(pdf.part.size == 61534)
        #expect(pdf.part.filename == "請求書.pdf")
        #expect(pdf.part.disposition?.kind == "attachment")
    }

    @Test func literalsInFetch() throws {
        let message = try #require(IMAPResponseParser.parse(Fixtures.fetchLiterals).fetchedMessage)
        let headers = try #require(message.body(.headerFields(["SUBJECT", "FROM"])))
        #expect(headers.count == 96)
        #expect(String(decoding: headers, as: UTF8.self).hasPrefix("From: Isabella White"))
        let partial = message.items.compactMap { item -> (Int?, Data?)? in
            if case .body(.complete, let origin, let data) = item { return (origin, data) }
            return nil
        }
        #expect(partial.count == 1)
        #expect(partial.first?.0 == 0)
        #expect(partial.first?.1?.count == 100)
    }

    @Test func listWithSpecialUse() {
        let items = parseAll(Fixtures.listGmail).compactMap { r -> MailboxListItem? in
            if case .list(let item) = r { return item }
            return nil
        }
        #expect(items.count == 11)
        #expect(items[0].name.wire == "[Gmail]" && !items[0].attributes.isSelectable)
        #expect(items[0].attributes.contains(.hasChildren))
        #expect(items[6].name.displayName == "[Gmail]/Sent Mail" && items[6].attributes.specialUse == .sent)
        #expect(items[1].attributes.specialUse == .important)
        #expect(items[8].name.isInbox && items[8].attributes.specialUse == nil)
        #expect(items[9].attributes.contains(.nonExistent) && !items[9].attributes.isSelectable)
        #expect(items[10].attributes.specialUse == .archive)
        #expect(items.allSatisfy { $0.delimiter == "/" })
    }

    @Test func miscellaneousResponses() {
        let r = parseAll(Fixtures.misc)
        #expect(r.count == 15)
        var esearch = ESearchResponse(tag: "e", uid: true)
        esearch.all = SequenceSet(1...20)
        esearch.count = 20
        #expect(r[0] == .esearch(esearch))
        #expect(r[1] == .search(numbers: Array(1...10), modSeq: nil))
        var status = MailboxStatus()
        status.messages = 20; status.uidNext = 21; status.uidValidity = 1_795_291_371; status.unseen = 2; status.highestModSeq = 2
        #expect(r[2] == .status(.inbox, status))
        #expect(r[3] == .tagged(TaggedStatus(tag: "h", state: .ok, code: .clientBug, text: "Status on selected mailbox completed (0.001 + 0.000 secs).")))
        #expect(r[4] == .id([IDField("name", "Dovecot")]))
        #expect(r[5] == .unknown("* NAMESPACE ((\"\" \"/\")) NIL NIL"))
        #expect(r[6] == .enabled([.qresync]))
        #expect(r[7].responseCode == .appendUID(uidValidity: 1_795_291_376, uids: SequenceSet(1)))
        #expect(r[8].responseCode == .copyUID(uidValidity: 1_795_291_376, source: SequenceSet(1...2), destination: SequenceSet(2...3)))
        #expect(r[9].responseCode == .copyUID(uidValidity: 1_795_291_376, source: SequenceSet(3), destination: SequenceSet(4)))
        #expect(r[10] == .expunge(3))
        #expect(r[11].fetchedMessage?.flags == [.flagged, .seen])
        #expect(r[12] == .continuation("eyJzdGF0dXMiOiI0MDEiLCJzY2hlbWVzIjoiYmVhcmVyIiwic2NvcGUiOiJtYWlsIn0="))
        #expect(r[13] == .tagged(TaggedStatus(tag: "a", state: .no, code: .authenticationFailed, text: "Authentication failed.")))
        #expect(r[14] == .bye(ResponseText(text: "Logging out")))
    }

    @Test func responseCodes() {
        func code(_ line: String) -> ResponseCode? { IMAPResponseParser.parse(line).responseCode }
        #expect(code("* OK [ALERT] System shutdown in 10 minutes") == .alert)
        #expect(code("* OK [NOMODSEQ] Sorry") == .noModSeq)
        #expect(code("a NO [TRYCREATE] Mailbox doesn't exist: X") == .tryCreate)
        #expect(code("a OK [READ-ONLY] Examine completed") == .readOnly)
        #expect(code("* OK [CLOSED] Previous mailbox closed.") == .closed)
        #expect(code("a NO [UNAVAILABLE] Temporary failure") == .unavailable)
        #expect(code("a OK [MODIFIED 7,9] Conditional STORE failed") == .modified(SequenceSet([7, 9])))
        #expect(code("* OK [HIGHESTMODSEQ 18446744073709551615] max") == .highestModSeq(UInt64.max))
        #expect(code("* NO [WEBALERT https://accounts.google.com/x?y=z] Web login required.") ==
                .other(name: "WEBALERT", text: "https://accounts.google.com/x?y=z"))
        #expect(code("* OK [UIDVALIDITY notanumber] x") == .other(name: "UIDVALIDITY", text: "notanumber"))
        #expect(code("* OK [BADCHARSET (UTF-8 US-ASCII)] x") == .other(name: "BADCHARSET", text: "(UTF-8 US-ASCII)"))
    }

    @Test func gmailExtensionItems() throws {
        let line = "* 1 FETCH (X-GM-THRID 1278455344230334865 X-GM-MSGID 1278455344230334866 X-GM-LABELS (\\Inbox \\Sent Important \"Muy Importante\" \"[Imap]/Trash\") UID 7)"
        let message = try #require(IMAPResponseParser.parse(line).fetchedMessage)
        #expect(message.gmailThreadID == 1_278_455_344_230_334_865)
        #expect(message.gmailMessageID == 1_278_455_344_230_334_866)
        #expect(message.gmailLabels == ["\\Inbox", "\\Sent", "Important", "Muy Importante", "[Imap]/Trash"])
        #expect(message.uid == 7)
    }

    @Test func quotedEscapesNilAnd8Bit() throws {
        let line = "* 5 FETCH (ENVELOPE (NIL \"say \\\"hi\\\" \\\\ bye – ü\" NIL NIL NIL NIL NIL NIL NIL NIL) UID 9)"
        let message = try #require(IMAPResponseParser.parse(line).fetchedMessage)
        #expect(message.envelope?.subject == "say \"hi\" \\ bye – ü")
        #expect(message.envelope?.date == nil)
        #expect(message.envelope?.from == [])
        // Latin-1 bytes that are not UTF-8 survive as Latin-1.
        var parser = IMAPResponseParser()
        let bytes = Array("* 6 FETCH (ENVELOPE (NIL \"caf".utf8) + [0xE9] + Array("\" NIL NIL NIL NIL NIL NIL NIL NIL))\r\n".utf8)
        let parsed = parser.feed(bytes)
        #expect(parsed.first?.fetchedMessage?.envelope?.subject == "café")
    }

    @Test func literal8AndNonSynchronisingLiteralForms() throws {
        var parser = IMAPResponseParser()
        let responses = parser.feed(Array("* 1 FETCH (BINARY[1] ~{5}\r\nab\0cd UID 3)\r\n* 2 FETCH (BODY[TEXT] {3+}\r\nxyz)\r\n".utf8))
        #expect(responses.count == 2)
        #expect(responses[0].fetchedMessage?.items.first == .binary(section: [1], data: Data([97, 98, 0, 99, 100])))
        #expect(responses[0].fetchedMessage?.uid == 3)
        #expect(responses[1].fetchedMessage?.body(.text) == Data("xyz".utf8))
    }

    @Test func messageRFC822PartNestsEnvelopeAndBody() throws {
        let line = "* 1 FETCH (BODYSTRUCTURE ((\"text\" \"plain\" (\"charset\" \"utf-8\") NIL NIL \"7bit\" 10 1 NIL NIL NIL NIL)(\"message\" \"rfc822\" NIL NIL NIL \"7bit\" 300 (NIL \"Fwd\" NIL NIL NIL NIL NIL NIL NIL NIL) ((\"text\" \"plain\" NIL NIL NIL \"7bit\" 5 1)(\"image\" \"png\" (\"name\" \"a.png\") \"<img1@x>\" NIL \"base64\" 100) \"related\") 12 NIL (\"inline\" NIL) NIL NIL) \"mixed\"))"
        let message = try #require(IMAPResponseParser.parse(line).fetchedMessage)
        let leaves = try #require(message.bodyStructure?.leafParts)
        #expect(leaves.count == 2)
        let forwarded = leaves[1].part
        #expect(forwarded.mimeType == "message/rfc822")
        #expect(forwarded.embeddedEnvelope?.subject == "Fwd")
        #expect(forwarded.lines == 12)
        #expect(forwarded.disposition == ContentDisposition(kind: "inline", parameters: [:]))
        let inner = try #require(forwarded.embeddedBody?.leafParts)
        #expect(inner.map(\.part.mimeType) == ["text/plain", "image/png"])
        #expect(inner[1].part.contentID == "img1@x")
        #expect(inner[1].part.filename == "a.png")
    }

    @Test func unknownAndBrokenResponsesAreSkippedNotFatal() {
        let input = "* XAPPLEPUSHSERVICE aps-version 2\r\n* 1 FETCH (UID\r\n* 4 EXISTS\r\n* OK [WEIRD\r\nweird garbage line\r\n* 5 FOO\r\na1 OK done\r\n"
        let r = parseAll(input)
        #expect(r.count == 7)
        #expect(r[0] == .unknown("* XAPPLEPUSHSERVICE aps-version 2"))
        #expect(r[1] == .unknown("* 1 FETCH (UID"))
        #expect(r[2] == .exists(4))
        // An unterminated code is kept as text rather than lost.
        #expect(r[3] == .ok(ResponseText(text: "[WEIRD")))
        #expect(r[4] == .unknown("weird garbage line"))
        #expect(r[5] == .unknown("* 5 FOO"))
        #expect(r[6] == .tagged(TaggedStatus(tag: "a1", state: .ok, text: "done")))
    }

    @Test func limitsProtectMemory() {
        var parser = IMAPResponseParser(limits: ParserLimits(maxLineLength: 64, maxLiteralSize: 10))
        let long = "* SEARCH " + Array(repeating: "12345", count: 40).joined(separator: " ") + "\r\n"
        let bigLiteral = "* 1 FETCH (UID 1 BODY[] {20}\r\n01234567890123456789)\r\n"
        let r = parser.feed(Array((long + bigLiteral + "* 3 EXISTS\r\n").utf8))
        #expect(r.count == 3)
        guard case .unknown(let first) = r[0], case .unknown(let second) = r[1] else {
            Issue.record("over-limit responses not skipped: \(r)")
            return
        }
        #expect(first.contains("skipped"))
        #expect(second.contains("literal of 20 bytes"))
        #expect(!second.contains("0123456789"))
        #expect(r[2] == .exists(3))
        #expect(!parser.hasBufferedInput)
    }

    @Test func bareLineFeedsAreAccepted() {
        #expect(parseAll("* 2 EXISTS\n* 1 RECENT\n") == [.exists(2), .recent(1)])
    }
}
