import Foundation
import GRDB
import HearthCore
import HearthStore
import Testing

/// Thread assignment through `insert` (product §5.2.4 steps 2–4) and metadata (step 5).
@Suite("Threading through insert")
struct ThreadingTests {
    @Test func aReplyChainIsOneThread() throws {
        let f = try StoreFixture()
        let a = try f.insert("a@x", subject: "Trip", date: day(1))
        let b = try f.insert("b@x", subject: "Re: Trip", date: day(2), inReplyTo: "a@x", references: ["a@x"])
        let c = try f.insert("c@x", subject: "Re: Trip", date: day(3), inReplyTo: "b@x", references: ["a@x", "b@x"])
        let unrelated = try f.insert("z@x", subject: "Other", date: day(2))
        let thread = try f.threadID(of: a)
        #expect(try f.threadID(of: b) == thread)
        #expect(try f.threadID(of: c) == thread)
        #expect(try f.threadID(of: unrelated) != thread)
        #expect(try f.store.emails(inThread: thread).map(\.id) == [a, b, c])
        #expect(try f.store.thread(thread)?.messageCount == 3)
        #expect(try f.store.statistics(account: nil).ghostNodes == 0)
    }

    @Test func repliesToAMissingParentShareAGhostAndTheParentLaterJoins() throws {
        let f = try StoreFixture()
        let b = try f.insert("b@x", subject: "Re: Q", date: day(2), inReplyTo: "missing@x", references: ["missing@x"])
        let c = try f.insert("c@x", subject: "Re: Q", date: day(3), inReplyTo: "missing@x", references: ["missing@x"])
        #expect(try f.threadID(of: b) == f.threadID(of: c))
        #expect(try f.store.statistics(account: nil).ghostNodes == 1)
        #expect(try f.count("thread_node", where: "message_id = 'missing@x' AND email_id IS NULL") == 1)

        let parent = try f.insert("missing@x", subject: "Q", date: day(1))
        #expect(try f.threadID(of: parent) == f.threadID(of: b))
        #expect(try f.store.statistics(account: nil).ghostNodes == 0)
        #expect(try f.count("thread") == 1)
        // The thread's subject is now the root's.
        #expect(try f.store.thread(f.threadID(of: b))?.subject == "Q")
    }

    @Test func aLateMessageMergesTwoThreads() throws {
        let f = try StoreFixture()
        let a = try f.insert("a@x", subject: "Alpha", date: day(1))
        let b = try f.insert("b@x", subject: "Beta", date: day(2), inReplyTo: "x@x", references: ["x@x"])
        let ta = try f.threadID(of: a), tb = try f.threadID(of: b)
        #expect(ta != tb)
        let sent = try f.folder("Sent", .sent)
        // C references both chains: the threads become one; the younger thread id survives.
        let c = try f.store.insert([message("c@x", account: f.accountID, folder: sent.id!, subject: "Re: Alpha",
                                            date: day(3), inReplyTo: "a@x", references: ["x@x", "a@x"])])[0]
        let survivor = try f.threadID(of: c)
        #expect(survivor == min(ta, tb))
        #expect(try f.threadID(of: a) == survivor)
        #expect(try f.threadID(of: b) == survivor)
        let absorbed = survivor == ta ? tb : ta
        #expect(try f.store.thread(absorbed) == nil)
        #expect(try f.count("thread") == 1)
        #expect(try f.count("thread_node", where: "thread_id <> ?", [survivor.rawValue]) == 0)
        let merged = try #require(try f.store.thread(survivor))
        #expect(merged.messageCount == 3)
        #expect(merged.subject == "Alpha")
        // Both folders list the merged thread, once.
        #expect(try f.store.threads(ThreadQuery(folderID: f.inbox.id!)).map(\.id) == [survivor])
        #expect(try f.store.threads(ThreadQuery(folderID: sent.id!)).map(\.id) == [survivor])
        #expect(try f.count("thread_folder") == 2)
    }

    @Test func mergesInsideOneBatchAreApplied() throws {
        let f = try StoreFixture()
        let ids = try f.store.insert([
            message("a@x", account: f.accountID, folder: f.inbox.id!, subject: "One", date: day(1)),
            message("b@x", account: f.accountID, folder: f.inbox.id!, subject: "Two", date: day(2)),
            message("c@x", account: f.accountID, folder: f.inbox.id!, subject: "Re: One", date: day(3),
                    references: ["a@x", "b@x"]),
        ])
        let threads = try Set(ids.map { try f.threadID(of: $0) })
        #expect(threads.count == 1)
        #expect(try f.count("thread") == 1)
        #expect(try f.store.thread(threads.first!)?.messageCount == 3)
    }

    @Test func headerlessMessagesGroupBySubjectWithinThirtyDaysOnly() throws {
        let f = try StoreFixture()
        let first = try f.insert("s1@x", subject: "Budget", date: day(0))
        let near = try f.insert("s2@x", subject: "Fwd: budget", date: day(29))
        let far = try f.insert("s3@x", subject: "Budget", date: day(29 + 31))
        #expect(try f.threadID(of: near) == f.threadID(of: first))
        #expect(try f.threadID(of: far) != f.threadID(of: first))
        // A message with headers is not pulled in by subject alone unless it matches a
        // headerless one nearby, and unrelated subjects never group.
        let other = try f.insert("s4@x", subject: "Budgets", date: day(1))
        #expect(try f.threadID(of: other) != f.threadID(of: first))
    }

    @Test func subjectFallbackIsSymmetricInArrivalOrder() throws {
        let f = try StoreFixture()
        // The later message arrives first; the earlier headerless one still joins it.
        let later = try f.insert("l@x", subject: "Re: Lunch", date: day(10), inReplyTo: "gone@x", references: ["gone@x"])
        let earlier = try f.insert("e@x", subject: "Lunch", date: day(5))
        #expect(try f.threadID(of: earlier) == f.threadID(of: later))
    }

    @Test func differentAccountsNeverMerge() throws {
        let f = try StoreFixture()
        let other = try f.store.create(StoreFixture.accountValue("b@example.org")).id!
        let otherInbox = try f.folder("INBOX", .inbox, account: other)
        let a = try f.insert("same@x", subject: "Same", date: day(1))
        let b = try f.insert("same@x", folder: otherInbox.id!, subject: "Same", date: day(1), account: other)
        let c = try f.insert("reply@x", folder: otherInbox.id!, subject: "Re: Same", date: day(2), inReplyTo: "same@x",
                             references: ["same@x"], account: other)
        #expect(try f.threadID(of: a) != f.threadID(of: b))
        #expect(try f.threadID(of: b) == f.threadID(of: c))
        #expect(try f.store.thread(f.threadID(of: a))?.messageCount == 1)
        #expect(try f.store.thread(f.threadID(of: a))?.accountID == f.accountID)
    }

    @Test func duplicateMessageIDsAcrossEmailsShareANode() throws {
        let f = try StoreFixture()
        let one = try f.insert("dup@x", subject: "Dup", size: 100)
        let two = try f.insert("dup@x", subject: "Dup", size: 200)
        #expect(try f.threadID(of: one) == f.threadID(of: two))
        #expect(try f.count("thread_node") == 1)
        #expect(try f.store.existingEmail(account: f.accountID, messageID: "dup@x", sizeBytes: 200) == two)
        #expect(try f.store.existingEmail(account: f.accountID, messageID: "dup@x", sizeBytes: 300) == nil)
        try f.store.delete(one)
        // The node is handed to the remaining twin rather than becoming a ghost.
        #expect(try f.count("thread_node", where: "email_id = ?", [two.rawValue]) == 1)
        #expect(try f.store.statistics(account: nil).ghostNodes == 0)
    }

    @Test func messagesWithoutMessageIDStillThread() throws {
        let f = try StoreFixture()
        let a = try f.insert(nil, subject: "No id", date: day(1))
        let b = try f.insert(nil, subject: "Re: No id", date: day(2))
        let c = try f.insert(nil, subject: "", date: day(3))
        let d = try f.insert(nil, subject: "", date: day(3))
        #expect(try f.threadID(of: a) == f.threadID(of: b))
        #expect(try f.threadID(of: c) != f.threadID(of: d))
        #expect(try f.count("thread_node") == 0)
    }

    @Test func threadMetadataFollowsStepFive() throws {
        let f = try StoreFixture()
        let pdf = ParsedAttachment(filename: "a.pdf", mimeType: "application/pdf", sizeBytes: 10, partPath: "2")
        let inline = ParsedAttachment(filename: "logo.png", mimeType: "image/png", sizeBytes: 5, partPath: "3", isInline: true)
        let ids = try f.store.insert([
            // Inserted out of date order on purpose.
            message("m3@x", account: f.accountID, folder: f.inbox.id!, subject: "Re: Offsite", date: day(3),
                    from: "Carol@Example.org", fromName: "Carol", inReplyTo: "m2@x", references: ["m1@x", "m2@x"],
                    isRead: false, category: .updates, snippet: "latest words"),
            message("m1@x", account: f.accountID, folder: f.inbox.id!, subject: "Offsite", date: day(1),
                    from: "alice@example.org", fromName: "Alice", isRead: true, attachments: [inline],
                    category: .primary, snippet: "first words"),
            message("m2@x", account: f.accountID, folder: f.inbox.id!, subject: "Re: Offsite", date: day(2),
                    from: "bob@example.org", inReplyTo: "m1@x", references: ["m1@x"], isRead: false,
                    isStarred: true, attachments: [pdf], category: .social),
            message("m4@x", account: f.accountID, folder: f.inbox.id!, subject: "Re: Offsite", date: day(2, hour: 5),
                    from: "carol@example.org", fromName: "Carol C.", inReplyTo: "m2@x", references: ["m1@x", "m2@x"],
                    isRead: true, category: .forums),
        ])
        let t = try #require(try f.store.thread(f.threadID(of: ids[0])))
        #expect(t.messageCount == 4)
        #expect(t.unreadCount == 2)
        #expect(t.isStarred)
        #expect(t.hasAttachments)
        #expect(t.subject == "Offsite")
        #expect(t.snippet == "latest words")
        #expect(t.aiCategory == .updates)
        #expect(t.latestDate == day(3))
        #expect(t.participants == [EmailAddress(name: "Alice", address: "alice@example.org"),
                                   EmailAddress(address: "bob@example.org"),
                                   EmailAddress(name: "Carol C.", address: "carol@example.org")])
        // Stored in the §5.6 form.
        let json = try f.store.database.writer.read { db in
            try String.fetchOne(db, sql: "SELECT participants FROM thread WHERE id = ?", arguments: [t.id!.rawValue])
        }
        #expect(json?.hasPrefix(#"[{"name":"Alice","email":"alice@example.org"},{"name":null,"email":"bob@example.org"}"#) == true)
    }

    @Test func emailFieldsRoundTrip() throws {
        let f = try StoreFixture()
        var email = Email(
            accountID: f.accountID, messageID: "rt@x", inReplyTo: "p@x", references: ["r1@x", "p@x"],
            from: EmailAddress(name: "Zoë \"Z\" Ö", address: "z@example.org"),
            to: [EmailAddress(name: "Ann", address: "ann@x"), EmailAddress(address: "bare@x")],
            cc: [EmailAddress(address: "cc@x")], bcc: [EmailAddress(name: "B\\cc\n", address: "bcc@x")],
            replyTo: [EmailAddress(address: "rt@x")], subject: "Re: Ünïcode ✓", bodyPlain: "plain",
            bodyHTML: "<p>html</p>", snippet: "snip", dateReceived: day(1, hour: 2), dateSent: day(1),
            isRead: true, isStarred: true, isDraft: true, isDeleted: true, isAnswered: true,
            hasAttachments: true, aiCategory: .promotions, aiSummary: "sum", sizeBytes: 1234,
            sendState: .retryWait, sendRetryCount: 2, sendQueuedDate: day(1), sendNextAttempt: day(1, hour: 1),
            sendError: "timeout", gmailMessageID: UInt64.max - 5, listID: "<list.example.org>")
        let id = try f.store.insert([NewMessage(email: email, attachments: [], folderID: f.inbox.id!, imapUID: 77,
                                                threadingKey: MessageMapping.threadingKey(for: email))])[0]
        let stored = try #require(try f.store.email(id))
        email.id = id
        email.threadID = stored.threadID
        #expect(stored == email)
        #expect(try f.store.folders(of: id).first?.imapUID == 77)
        let columns = try f.store.database.writer.read { db in
            try Row.fetchOne(db, sql: #"SELECT to_addresses, "references" FROM email WHERE id = ?"#, arguments: [id.rawValue])!
        }
        #expect(columns[0] as String == #"["ann@x","bare@x"]"#)
        #expect(columns[1] as String == "<r1@x> <p@x>")
    }

    @Test func attachmentsAndRawSourceAreStored() throws {
        let f = try StoreFixture()
        let parts = [
            ParsedAttachment(filename: "a.pdf", mimeType: "application/pdf", sizeBytes: 10, partPath: "2"),
            ParsedAttachment(filename: "i.png", mimeType: "image/png", sizeBytes: 3, partPath: "1.2", contentID: "cid1", isInline: true),
        ]
        let raw = Data("From: a\r\n\r\nbody".utf8)
        let id = try f.store.insert([message("att@x", account: f.accountID, folder: f.inbox.id!, attachments: parts, raw: raw)])[0]
        let stored = try f.store.attachments(of: id)
        #expect(stored.map(\.filename) == ["a.pdf", "i.png"])
        #expect(stored[1].contentID == "cid1")
        #expect(stored[1].isInline)
        #expect(stored.allSatisfy { $0.emailID == id && !$0.isDownloaded && $0.localPath == nil })
        #expect(try f.store.rawSource(of: id) == raw)
        let plain = try f.insert("noraw@x", subject: "x")
        #expect(try f.store.rawSource(of: plain) == nil)
    }
}
