import Foundation
@testable import HearthApp
import HearthCore
import HearthStore
import Testing

/// `MailActions.undo` when the server never heard of the action (the account is unreachable):
/// the journalled move is withdrawn and the message is back in INBOX with its UID, so nothing
/// reaches the server twice and the next sync recognises it. (With a reachable server the undo
/// is a journalled move back: `WebUndoActionBrowserTests` against the rig.)
@Suite("Undo of mail actions")
struct UndoMailActionTests {
    @Test("archive offline, then undo: the pending move is withdrawn, INBOX with its UID again, nothing in Archive")
    func undoBeforeTheServerHeard() async throws {
        let (store, dir) = try freshStore()
        let context = AppContext(dataDirectory: dir, store: store, secrets: { MemorySecrets() })
        let account = try store.create(Account(email: "off@example.test", displayName: "Off", provider: .imap, authType: .password,
                                               imap: ServerEndpoint(host: "127.0.0.1", port: 9, security: .implicitTLS)))
        let inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        let archive = try store.upsert(Folder(accountID: account.id!, name: "Archive", imapPath: "Archive", folderType: .archive))
        let email = Email(accountID: account.id!, messageID: "<u1@example.test>", from: EmailAddress(address: "a@example.test"),
                          subject: "Hello", bodyPlain: "Hi", snippet: "Hi", dateReceived: Date(), dateSent: Date(), sizeBytes: 100)
        let ids = try store.insert([NewMessage(email: email, attachments: [], folderID: inbox.id!, imapUID: 42,
                                               threadingKey: MessageMapping.threadingKey(for: email))])
        let id = try #require(ids.first)
        let actions = MailActions(context)
        let targets = MailActions.Targets(emails: [id])

        let record = try actions.undoRecord(for: targets)
        let applied = try actions.apply(.archive, to: targets)
        #expect(applied.journalled.count == 1, "a UID MOVE INBOX → Archive waits for the server")
        #expect(try store.folders(of: id).map(\.folderID) == [archive.id!])

        let undone = try await actions.undo(record)
        #expect(undone.restored == 1)
        let folders = try store.folders(of: id)
        #expect(folders.map(\.folderID) == [inbox.id!] && folders.first?.imapUID == 42, "back in INBOX with its UID: \(folders)")
        #expect(try store.journal(account: nil).isEmpty, "the move the server never received is withdrawn")
    }

    @Test("read and star are not undone this way; a message already back where it was is left alone")
    func onlyFolderChanges() async throws {
        #expect(MailActions.isUndoable(.archive) && MailActions.isUndoable(.moveToTrash) && MailActions.isUndoable(.move(to: FolderID(1))))
        #expect(!MailActions.isUndoable(.setRead(true)) && !MailActions.isUndoable(.deletePermanently))
        let (store, dir) = try freshStore()
        let context = AppContext(dataDirectory: dir, store: store, secrets: { MemorySecrets() })
        let account = try store.create(Account(email: "l@example.test", displayName: "L", provider: .local, authType: .password))
        let inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        let email = Email(accountID: account.id!, messageID: "<l1@example.test>", from: EmailAddress(address: "a@example.test"),
                          subject: "Hi", bodyPlain: "Hi", snippet: "Hi", dateReceived: Date(), dateSent: Date(), sizeBytes: 10)
        let id = try #require(try store.insert([NewMessage(email: email, attachments: [], folderID: inbox.id!,
                                                           threadingKey: MessageMapping.threadingKey(for: email))]).first)
        let record = try MailActions(context).undoRecord(for: .init(emails: [id]))
        let undone = try await MailActions(context).undo(record)
        #expect(undone.restored == 0)
        #expect(try store.folders(of: id).map(\.folderID) == [inbox.id!])
    }

    @Test("Gmail layout, archive already on the server (INBOX label gone, All Mail keeps it): undo copies it from All Mail back into INBOX")
    func undoGmailArchiveAfterDelivery() async throws {
        let (store, dir) = try freshStore()
        let context = AppContext(dataDirectory: dir, store: store, secrets: { MemorySecrets() })
        let account = try store.create(Account(email: "g@gmail.test", displayName: "G", provider: .gmail, authType: .oauth2,
                                               imap: ServerEndpoint(host: "127.0.0.1", port: 9, security: .implicitTLS)))
        let inbox = try store.upsert(Folder(accountID: account.id!, name: "INBOX", imapPath: "INBOX", folderType: .inbox))
        let allMail = try store.upsert(Folder(accountID: account.id!, name: "All Mail", imapPath: "[Gmail]/All Mail", folderType: .archive))
        let email = Email(accountID: account.id!, messageID: "<g1@gmail.test>", from: EmailAddress(address: "a@example.test"),
                          subject: "Hello", bodyPlain: "Hi", snippet: "Hi", dateReceived: Date(), dateSent: Date(), sizeBytes: 100)
        let id = try #require(try store.insert([NewMessage(email: email, attachments: [], folderID: inbox.id!, imapUID: 7,
                                                           threadingKey: MessageMapping.threadingKey(for: email))]).first)
        try store.link(id, to: allMail.id!, imapUID: 70)
        let actions = MailActions(context)
        let targets = MailActions.Targets(emails: [id])
        let record = try actions.undoRecord(for: targets)
        let applied = try actions.apply(.archive, to: targets)
        #expect(applied.journalled.map(\.operation) == [.expunge(folder: inbox.id!, uid: 7)], "Gmail archive: only the INBOX label goes")
        // The server heard of it: the journal entry is done.
        for operation in applied.journalled { try store.complete(operation.id, newUID: nil) }
        #expect(try store.folders(of: id).map(\.folderID) == [allMail.id!])

        let undone = try await actions.undo(record)
        #expect(undone.restored == 1)
        #expect(Set(try store.folders(of: id).map(\.folderID)) == [inbox.id!, allMail.id!], "back in INBOX locally at once")
        let journal = try store.journal(account: nil)
        #expect(journal.map(\.operation) == [.copy(folder: allMail.id!, uid: 70, to: inbox.id!)],
                "a UID COPY from All Mail to INBOX (Gmail: the label again) waits for the server: \(journal)")
    }
}
