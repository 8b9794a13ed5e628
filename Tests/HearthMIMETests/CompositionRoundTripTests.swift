import Foundation
import HearthCore
import HearthProcess
import HearthTestSupport
@testable import HearthMIME
import Testing

/// Everything the composer writes must read back identically with our parser AND with Python's
/// `email` package (policy.default, an independent implementation), without defects.
@Suite("Composition round trip", .timeLimit(.minutes(2)))
struct CompositionRoundTripTests {
    static let fixedDate = Date(timeIntervalSince1970: 1_795_000_000) // whole seconds

    static var cases: [(String, ComposedMessage)] {
        let alice = EmailAddress(name: "Alice Example", address: "alice@example.test")
        let bob = EmailAddress(name: "Bob", address: "bob@example.test")
        var list: [(String, ComposedMessage)] = []
        list.append(("plain ASCII", ComposedMessage(from: alice, to: [bob], subject: "Lunch on Friday?",
                                                    body: "Hi Bob,\n\nare you free on Friday?\n\nAlice")))
        list.append(("non-ASCII everywhere", ComposedMessage(
            from: EmailAddress(name: "Zoë Ångström", address: "zoe@example.test"),
            to: [EmailAddress(name: "Doe, John \"JD\"", address: "john.doe@example.test"),
                 EmailAddress(name: "李小龍", address: "lee@example.test"),
                 EmailAddress(address: "plain@example.test")],
            cc: (1...9).map { EmailAddress(name: "Person Number \($0)", address: "person\($0)@example.test") },
            subject: "Café meeting — agenda 📅 and a very long subject line that certainly needs folding over several lines of header",
            body: "Grüße aus Köln!\nЭто тест кириллицы.\n日本語のテキスト。\n")))
        list.append(("Cyrillic body is base64", ComposedMessage(from: alice, to: [bob], subject: "Привет",
            body: String(repeating: "Съешь же ещё этих мягких французских булок, да выпей чаю. ", count: 20))))
        list.append(("quoted-printable edge cases", ComposedMessage(from: alice, to: [bob], subject: "QP",
            body: "naïve line with trailing spaces   \nFrom the start of a line\n.\n.leading dot\n"
                + String(repeating: "x", count: 200) + "é\n= equals = signs =\ttab\t\n")))
        list.append(("formatted body", ComposedMessage(from: alice, to: [bob], subject: "Formatting",
            body: "This is *bold*, this is _italic_ and this is [a link](https://example.test/a?b=c&d=e).\nsnake_case_words stay, 2*3*4 too.\n<script>alert(1)</script>",
            bodyFormat: .markup)))
        // The web editor's formatting: a typed document, rendered as HTML + plain.
        var rich = ComposedMessage(from: alice, to: [bob], subject: "Rich")
        rich.setBody(RichText(blocks: [
            .line([.init("Say "), .init("hello", bold: true), .init(" and "), .init("ciao", italic: true), .init(" "),
                   .init("here", link: RichText.Link("https://example.test/a?b=c&d=e"))]),
            .line([]),
            .list(ordered: false, items: [[.init("one")], [.init("<two> & \"three\"", bold: true)]]),
            .line([.init("> quoted as before")]),
        ]))
        list.append(("rich formatted body", rich))
        list.append(("attachments", ComposedMessage(from: alice, to: [bob], subject: "Files",
            body: "See attached.", attachments: [
                ComposedAttachment(filename: "report.pdf", mimeType: "application/pdf", data: Data((0..<5000).map { UInt8($0 % 251) })),
                ComposedAttachment(filename: "Résumé – très long nom de fichier avec accents éèêë et encore plus de texte.txt",
                                   mimeType: "text/plain", data: Data("hello\r\nworld\r\n".utf8)),
                ComposedAttachment(filename: "quote\"and\\slash.bin", mimeType: "application/octet-stream", data: Data([0, 1, 2, 255])),
                ComposedAttachment(filename: "empty.dat", mimeType: "not a mime type", data: Data()),
            ])))
        list.append(("reply", ComposedMessage(from: bob, to: [alice], subject: ReplyBuilder.replySubject("Re: RE: Re[2]: Budget"),
            body: "Yes.\n\n> earlier text\n", inReplyTo: "parent.1@example.test",
            references: ["root.0@example.test", "parent.1@example.test"])))
        list.append(("header injection is neutralised", ComposedMessage(
            from: EmailAddress(name: "Eve\r\nBcc: victim@example.test", address: "eve@example.test"), to: [bob],
            subject: "Hello\r\nBcc: victim@example.test\nX-Injected: yes", body: "body")))
        list.append(("long unbreakable subject", ComposedMessage(from: alice, to: [bob],
            subject: String(repeating: "abcdefghij", count: 12) + " tail", body: "x")))
        var forward = ComposedMessage(from: alice, to: [bob], subject: "Fwd: Original", body: "FYI")
        forward.attachments = [ComposedAttachment(filename: "Original.eml", mimeType: "message/rfc822", data: Data("""
            From: Carol <carol@example.test>\r
            To: alice@example.test\r
            Subject: Original\r
            Message-ID: <orig.42@example.test>\r
            Date: Tue, 21 Nov 2023 10:00:00 +0000\r
            \r
            The original text.\r

            """.utf8))]
        list.append(("forward as attachment", forward))
        return list
    }

    @Test("our parser reads back what we wrote")
    func ourParser() throws {
        for (name, message) in Self.cases {
            let rendered = try MessageWriter(timeZone: TimeZone(identifier: "Europe/Berlin")!).render(message, date: Self.fixedDate)
            let parsed = try MIMEParser(keepAttachmentContent: true).parse(rendered.data)
            #expect(parsed.defects.isEmpty, "\(name): defects \(parsed.defects)")
            #expect(parsed.subject == Self.expectedSubject(message), "\(name): subject")
            #expect(parsed.from.map(\.address) == [message.from.address], "\(name): from")
            #expect(parsed.from.first?.name == Self.expectedName(message.from.name), "\(name): from name")
            #expect(parsed.to == message.to.map { EmailAddress(name: Self.expectedName($0.name), address: $0.address) }, "\(name): to")
            #expect(parsed.cc == message.cc, "\(name): cc")
            #expect(parsed.bcc.isEmpty, "\(name): Bcc must never be written")
            #expect(parsed.messageID == rendered.messageID, "\(name): message-id")
            #expect(parsed.inReplyTo == [message.inReplyTo].compactMap { $0 }, "\(name): in-reply-to")
            #expect(parsed.references == message.references, "\(name): references")
            #expect(parsed.date == Self.fixedDate, "\(name): date")
            #expect(Self.lines(parsed.textBody) == Self.lines(Self.expectedPlain(message)), "\(name): text body")
            if message.bodyFormat == .markup {
                #expect(Self.lines(parsed.htmlBody) == Self.lines(LightMarkup.html(message.body)), "\(name): html")
            }
            if message.bodyFormat == .rich, let rich = message.richBody {
                #expect(Self.lines(parsed.htmlBody) == Self.lines(MessageWriter.htmlDocument(rich.html)), "\(name): html")
            }
            let expectedFiles = message.attachments.filter { $0.mimeType != "message/rfc822" }
            let parsedFiles = parsed.attachments.filter { $0.mimeType != "message/rfc822" }
            #expect(parsedFiles.map(\.filename) == expectedFiles.map { MessageWriter.attachmentFilename($0.filename) }, "\(name): attachment names")
            #expect(parsedFiles.map(\.content) == expectedFiles.map { Optional($0.data) }, "\(name): attachment content")
            #expect(Self.isSevenBitAndShort(rendered.data), "\(name): must be 7-bit with lines ≤ 998")
        }
    }

    @Test("Python's email package reads back what we wrote, without defects")
    func pythonParser() throws {
        let dir = try Corpora.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var paths: [String] = []
        var rendered: [RenderedMessage] = []
        for (i, (_, message)) in Self.cases.enumerated() {
            let r = try MessageWriter().render(message, date: Self.fixedDate)
            let url = dir.appendingPathComponent("\(i).eml")
            try r.data.write(to: url)
            paths.append(url.path)
            rendered.append(r)
        }
        let results = try PythonEmail.parse(paths)
        try #require(results.count == Self.cases.count)
        for ((name, message), (result, r)) in zip(Self.cases, zip(results, rendered)) {
            #expect((result["defects"] as? [String]) == [], "\(name): defects \(result["defects"] ?? "")")
            #expect(result["subject"] as? String == Self.expectedSubject(message), "\(name): subject")
            #expect(Self.pyAddresses(result["from"]) == [EmailAddress(name: Self.expectedName(message.from.name), address: message.from.address)], "\(name): from")
            #expect(Self.pyAddresses(result["to"]) == message.to.map { EmailAddress(name: Self.expectedName($0.name), address: $0.address) }, "\(name): to")
            #expect(Self.pyAddresses(result["cc"]) == message.cc, "\(name): cc")
            #expect(result["bcc_present"] as? Bool == false, "\(name): no Bcc")
            #expect(result["message_id"] as? String == r.messageID, "\(name): message-id")
            #expect(result["in_reply_to"] as? String == message.inReplyTo, "\(name): in-reply-to")
            #expect(result["references"] as? [String] == message.references, "\(name): references")
            #expect(result["date"] as? Double == Self.fixedDate.timeIntervalSince1970, "\(name): date")
            #expect(Self.lines(result["text"] as? String) == Self.lines(Self.expectedPlain(message)), "\(name): text")
            if message.bodyFormat == .markup {
                #expect(Self.lines(result["html"] as? String) == Self.lines(LightMarkup.html(message.body)), "\(name): html")
            }
            if message.bodyFormat == .rich, let rich = message.richBody {
                #expect(Self.lines(result["html"] as? String) == Self.lines(MessageWriter.htmlDocument(rich.html)), "\(name): html")
            }
            let attachments = result["attachments"] as? [[String: Any]] ?? []
            #expect(attachments.count == message.attachments.count, "\(name): attachment count")
            for (py, expected) in zip(attachments, message.attachments) where expected.mimeType != "message/rfc822" {
                #expect(py["filename"] as? String == MessageWriter.attachmentFilename(expected.filename), "\(name): filename")
                #expect(py["content_b64"] as? String == expected.data.base64EncodedString(), "\(name): content of \(expected.filename)")
                #expect(py["content_type"] as? String == MIMETypeName.sanitized(expected.mimeType), "\(name): type")
            }
            for (py, expected) in zip(attachments, message.attachments) where expected.mimeType == "message/rfc822" {
                #expect(py["content_type"] as? String == "message/rfc822", "\(name): forwarded message type")
                #expect(py["inner_message_id"] as? String == "<orig.42@example.test>", "\(name): forwarded message intact")
            }
            #expect(result["bare_lf"] as? Bool == false, "\(name): only CRLF line ends")
            #expect((result["max_line"] as? Int ?? 999) <= 998, "\(name): line length")
        }
    }

    @Test("Bcc goes into the envelope and the draft copy, never into a submitted message")
    func bcc() throws {
        let message = ComposedMessage(from: EmailAddress(address: "a@example.test"), to: [EmailAddress(address: "b@example.test")],
                                      bcc: [EmailAddress(name: "Secret", address: "hidden@example.test")], subject: "s", body: "b")
        let submitted = try MessageWriter().render(message, date: Self.fixedDate)
        #expect(!String(decoding: submitted.data, as: UTF8.self).lowercased().contains("hidden@example.test"))
        #expect(submitted.envelopeRecipients == ["b@example.test", "hidden@example.test"])
        let draft = try MessageWriter().render(message, date: Self.fixedDate, purpose: .draftCopy)
        #expect(try MIMEParser().parse(draft.data).bcc.map(\.address) == ["hidden@example.test"])
        // Bcc only: still a valid submission, with no To header at all.
        let bccOnly = ComposedMessage(from: EmailAddress(address: "a@example.test"), bcc: [EmailAddress(address: "h@example.test")], subject: "s", body: "b")
        let rendered = try MessageWriter().render(bccOnly, date: Self.fixedDate)
        #expect(!String(decoding: rendered.data, as: UTF8.self).contains("h@example.test"))
    }

    @Test("invalid addresses and missing recipients are refused before anything is written")
    func validation() {
        let from = EmailAddress(address: "a@example.test")
        for bad in ["nobody", "a@", "@b", "a b@c.test", "a@b..c", "x@-bad.test", "a<b>@c.test", "a@b.test\r\nBcc: x@y"] {
            #expect(throws: CompositionError.invalidAddress(bad)) {
                try MessageWriter().render(ComposedMessage(from: from, to: [EmailAddress(address: bad)]), date: Self.fixedDate)
            }
        }
        #expect(throws: CompositionError.noRecipients) {
            try MessageWriter().render(ComposedMessage(from: from), date: Self.fixedDate)
        }
        #expect(throws: Never.self) {
            try MessageWriter().render(ComposedMessage(from: from), date: Self.fixedDate, purpose: .draftCopy)
        }
    }

    @Test("the reply's attribution line reads like Gmail's: day, date, time, no seconds or offset")
    func attributionLine() throws {
        let from = EmailAddress(name: "Larkspur Books", address: "orders@shop.example")
        let original = OriginalMessage(messageID: "o@x", from: from, subject: "Order", date: Date(timeIntervalSince1970: 1_794_229_620),
                                       textBody: "Thanks")
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(ReplyBuilder.attribution(original, timeZone: utc) == "On Mon, 9 Nov 2026 at 13:07, Larkspur Books <orders@shop.example> wrote:")
        let undated = OriginalMessage(messageID: "o@x", from: from, subject: "Order", date: nil, textBody: "Thanks")
        #expect(ReplyBuilder.attribution(undated, timeZone: utc) == "Larkspur Books <orders@shop.example> wrote:")
    }

    @Test("reply and forward subjects never pile up; references follow RFC 5322")
    func replySubjects() {
        #expect(ReplyBuilder.replySubject("Budget") == "Re: Budget")
        #expect(ReplyBuilder.replySubject("Re: Budget") == "Re: Budget")
        #expect(ReplyBuilder.replySubject("RE: re: Re[3]: AW: Budget") == "Re: Budget")
        #expect(ReplyBuilder.replySubject("Fwd: Budget") == "Re: Fwd: Budget")
        #expect(ReplyBuilder.forwardSubject("Fwd: FW: Budget") == "Fwd: Budget")
        #expect(ReplyBuilder.forwardSubject("Re: Budget") == "Fwd: Re: Budget")
        #expect(ReplyBuilder.replySubject("Re:Budget") == "Re: Budget")
        #expect(ReplyBuilder.replySubject("Reunion: plans") == "Re: Reunion: plans")

        let parent = OriginalMessage(messageID: "p@x", inReplyTo: "gp@x", references: [], from: EmailAddress(address: "c@x.test"),
                                     subject: "Topic", date: nil, textBody: "line 1\n> older\n")
        let reply = ReplyBuilder.reply(to: parent, from: EmailAddress(address: "me@x.test"), all: false, body: "Answer")
        #expect(reply.inReplyTo == "p@x")
        #expect(reply.references == ["gp@x", "p@x"])
        #expect(reply.body.contains("> line 1\n>> older\n"))
        let long = (0..<40).map { "id\($0)@x" }
        #expect(ReplyBuilder.trimmedReferences(long) == ["id0@x"] + (21..<40).map { "id\($0)@x" })
    }

    @Test("reply-all: original recipients in Cc, without me and without duplicates")
    func replyAll() {
        let me = EmailAddress(name: "Me", address: "me@x.test")
        let original = OriginalMessage(messageID: "m@x", from: EmailAddress(address: "boss@x.test"),
                                       to: [EmailAddress(address: "ME@x.test"), EmailAddress(address: "team@x.test")],
                                       cc: [EmailAddress(address: "boss@x.test"), EmailAddress(address: "alias@x.test"), EmailAddress(address: "ops@x.test")],
                                       subject: "Plan", date: nil, textBody: nil)
        let all = ReplyBuilder.reply(to: original, from: me, all: true, myAddresses: ["alias@x.test"])
        #expect(all.to.map(\.address) == ["boss@x.test"])
        #expect(all.cc.map(\.address) == ["team@x.test", "ops@x.test"])
        let one = ReplyBuilder.reply(to: original, from: me, all: false)
        #expect(one.cc.isEmpty)
        var withReplyTo = original
        withReplyTo.replyTo = [EmailAddress(address: "list@x.test")]
        #expect(ReplyBuilder.reply(to: withReplyTo, from: me, all: false).to.map(\.address) == ["list@x.test"])
        // Replying to my own sent message goes to its recipients again.
        var mine = original
        mine.from = me
        mine.to = [EmailAddress(address: "team@x.test")]
        #expect(ReplyBuilder.reply(to: mine, from: me, all: false).to.map(\.address) == ["team@x.test"])
    }

    // MARK: helpers

    static func expectedSubject(_ m: ComposedMessage) -> String { HeaderEncoder.sanitized(m.subject) }
    static func expectedName(_ name: String?) -> String? {
        name.map { HeaderEncoder.sanitized($0).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    static func expectedPlain(_ m: ComposedMessage) -> String {
        switch m.bodyFormat {
        case .markup: LightMarkup.plainText(m.body)
        case .rich: m.richBody?.plainText ?? m.body
        case .plain: m.body
        }
    }
    /// Line endings unified and the final line end dropped (a body always ends with one).
    static func lines(_ text: String?) -> String {
        var t = (text ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        while t.hasSuffix("\n") { t.removeLast() }
        return t
    }
    static func pyAddresses(_ value: Any?) -> [EmailAddress] {
        (value as? [[String: Any]] ?? []).map { EmailAddress(name: $0["name"] as? String, address: $0["address"] as? String ?? "") }
    }
    static func isSevenBitAndShort(_ data: Data) -> Bool {
        !data.contains { $0 >= 0x80 } && BodyEncoder.maxLineLength(Array(data)) <= 998
    }
}

/// Runs testenv/oracles/email_parse.py (Python's standard `email` package).
enum PythonEmail {
    static func parse(_ paths: [String]) throws -> [[String: Any]] {
        let script = Corpora.repositoryRoot.appendingPathComponent("testenv/oracles/email_parse.py").path
        let outcome = try Subprocess.run("/usr/bin/python3", [script] + paths, timeout: 60)
        guard outcome.status == 0 else { throw OracleFailure(message: outcome.stderr) }
        return try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]] ?? []
    }
    struct OracleFailure: Error { var message: String }
}
