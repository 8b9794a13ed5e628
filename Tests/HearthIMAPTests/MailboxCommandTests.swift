import HearthTestSupport
import Foundation
import HearthIMAP
import Testing

@Suite(.mailRig, .serialized)
struct MailboxCommandTests {
    @Test func gmailFoldersWithSpecialUse() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        try await connection.authenticate(.xoauth2(user: "alice@gmail.test", accessToken: try rig.token("alice@gmail.test")))
        let folders = try await connection.listMailboxes()
        let byName = Dictionary(folders.map { ($0.name.displayName, $0) }, uniquingKeysWith: { a, _ in a })
        let gmail = try #require(byName["[Gmail]"])
        #expect(!gmail.attributes.isSelectable)
        #expect(byName["[Gmail]/All Mail"]?.attributes.specialUse == .all)
        #expect(byName["[Gmail]/Sent Mail"]?.attributes.specialUse == .sent)
        #expect(byName["[Gmail]/Drafts"]?.attributes.specialUse == .drafts)
        #expect(byName["[Gmail]/Trash"]?.attributes.specialUse == .trash)
        #expect(byName["[Gmail]/Spam"]?.attributes.specialUse == .junk)
        #expect(byName["[Gmail]/Starred"]?.attributes.specialUse == .flagged)
        #expect(byName["[Gmail]/Important"]?.attributes.specialUse == .important)
        #expect(byName["INBOX"]?.attributes.isSelectable == true)
        #expect(gmail.delimiter == "/")
        await connection.logout()
    }

    @Test func selectWithCondStoreReportsSyncState() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.carol()
        let selection = try await connection.select(.inbox)
        #expect(selection.uidValidity != nil)
        #expect(selection.uidNext != nil)
        #expect(selection.highestModSeq != nil)
        #expect(selection.exists != nil)
        #expect(selection.permanentFlags.contains(.seen))
        #expect(await connection.state == .selected(.inbox, readOnly: false))
        _ = try await connection.execute(.unselect)
        #expect(await connection.state == .authenticated)
        await connection.logout()
    }

    /// Seeds a few messages for carol, then finds and fetches them.
    @Test func seededMessagesSearchAndFetch() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        try await connection.authenticate(.plain(user: "carol@example.test", password: "carol-pass"))
        let before = try await connection.select(.inbox)
        let firstNew = before.uidNext ?? 1
        try rig.run(["seed", "3", "--user", "carol@example.test"])
        _ = try await connection.execute(.noop)
        let all = try await connection.uidSearch(.since(IMAPDate(year: 2000, month: 1, day: 1)))
        let newUIDs = all.filter { $0 >= firstNew }
        #expect(newUIDs.count == 3)
        // Nothing arrived "since" tomorrow.
        let tomorrow = IMAPDate(Date().addingTimeInterval(86_400 * 2))
        #expect(try await connection.uidSearch(.since(tomorrow)).isEmpty)

        let collected = FetchCollector()
        let status = try await connection.uidFetch(
            SequenceSet(newUIDs),
            attributes: [.uid, .flags, .internalDate, .rfc822Size, .envelope, .bodyStructure, .modSeq,
                         .body(section: .complete), .gmailMessageID],
            onMessage: { await collected.add($0) })
        #expect(status.state == .ok)
        let messages = await collected.messages
        #expect(messages.count == 3)
        for message in messages {
            let uid = try #require(message.uid)
            #expect(newUIDs.contains(uid))
            let envelope = try #require(message.envelope)
            #expect(envelope.messageID?.hasPrefix("<") == true)
            #expect(!envelope.from.isEmpty)
            let body = try #require(message.body())
            #expect(body.count == message.size)
            #expect(message.flags != nil)
            #expect(message.modSeq != nil)
            #expect(message.internalDate != nil)
            #expect(message.bodyStructure?.leafParts.isEmpty == false)
            // Not advertised by the rig: must have been dropped, not sent.
            #expect(message.gmailMessageID == nil)
        }
        // BODY.PEEK did not set \Seen on a message that was unseen.
        await connection.logout()
    }

    @Test func appendCopyMoveExpungeWithUIDPlus() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.connect()
        try await connection.authenticate(.plain(user: "carol@example.test", password: "carol-pass"))
        let folder = MailboxName("Hearth Tést \(UInt32.random(in: 0...UInt32.max))")
        _ = try await connection.execute(.create(folder))
        // Over 4096 bytes: with LITERAL- (RIG_CAPS=gmail) this takes the synchronising-literal
        // path (wait for "+"), with LITERAL+ the non-synchronising one.
        let message = Data(("From: a@example.test\r\nSubject: append test\r\n\r\n"
            + String(repeating: "body line\r\n", count: 500)).utf8)
        let appended = try await connection.execute(.append(folder, AppendMessage(data: message, flags: [.seen], internalDate: Date())))
        guard case .appendUID(_, let uids)? = appended.completion.code else {
            Issue.record("no APPENDUID in \(appended.completion)")
            return
        }
        let selection = try await connection.select(folder)
        #expect(selection.exists == 1)
        let copied = try await connection.execute(.uidCopy(uids, folder))
        guard case .copyUID(_, _, let destination)? = copied.completion.code else {
            Issue.record("no COPYUID in \(copied.completion)")
            return
        }
        let stored = try await connection.execute(.uidStore(destination, StoreOperation(.add, [.deleted, .flagged]), unchangedSince: nil))
        #expect(stored.untagged.contains { if case .fetch = $0 { true } else { false } })
        _ = try await connection.execute(.uidExpunge(destination))
        let moved = try await connection.execute(.uidMove(uids, .inbox))
        #expect(moved.untagged.contains { if case .expunge = $0 { true } else { false } })
        _ = try await connection.execute(.close)
        _ = try await connection.execute(.delete(folder))
        await connection.logout()
    }

    @Test func failedCommandCarriesServerText() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.carol()
        do {
            _ = try await connection.select(MailboxName("No Such Folder"))
            Issue.record("SELECT of a missing folder succeeded")
        } catch IMAPError.commandFailed(let command, let state, _, let text) {
            #expect(command == "SELECT")
            #expect(state == .no)
            #expect(!text.isEmpty)
        }
        // The connection is still fine after a NO.
        _ = try await connection.execute(.noop)
        await connection.logout()
    }

    @Test func pipelinedFetchesAnswerInOrder() async throws {
        let rig = try MailRig.require()
        let connection = try await rig.carol()
        let selection = try await connection.select(.inbox, readOnly: true)
        let uids = try await connection.uidSearch(.all)
        guard uids.count >= 2 else { return }
        let commands: [IMAPCommand] = uids.prefix(10).map { .uidFetch(SequenceSet($0), [.uid, .flags], .none) }
        let collected = FetchCollector()
        let statuses = try await connection.pipeline(commands) { response in
            if let message = response.fetchedMessage { await collected.add(message) }
        }
        #expect(statuses.count == commands.count)
        #expect(statuses.allSatisfy { $0.state == .ok })
        let fetched = await collected.messages.compactMap(\.uid)
        #expect(fetched.sorted() == Array(uids.prefix(10)))
        #expect(selection.readOnly)
        await connection.logout()
    }
}

actor FetchCollector {
    var messages: [FetchedMessage] = []
    func add(_ message: FetchedMessage) { messages.append(message) }
}
