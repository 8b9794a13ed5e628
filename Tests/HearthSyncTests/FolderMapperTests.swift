import HearthCore
import HearthIMAP
@testable import HearthSync
import Testing

@Suite struct FolderMapperTests {
    let account = AccountID(1)

    func item(_ name: String, _ attributes: [String] = []) -> MailboxListItem {
        MailboxListItem(attributes: MailboxAttributes(attributes.map(MailboxAttribute.init)), delimiter: "/",
                        name: MailboxName(wire: name))
    }

    @Test func plainLayoutWithSpecialUse() {
        let cases: [(MailboxListItem, FolderType)] = [
            (item("INBOX", ["\\HasNoChildren"]), .inbox),
            (item("Sent", ["\\HasNoChildren", "\\Sent"]), .sent),
            (item("Drafts", ["\\Drafts"]), .drafts),
            (item("Trash", ["\\Trash"]), .trash),
            (item("Junk", ["\\Junk"]), .spam),
            (item("Archive", ["\\Archive"]), .archive),
            (item("Projects/Hearth"), .custom),
        ]
        for (entry, type) in cases {
            let folder = FolderMapper.folder(from: entry, account: account)
            #expect(folder.folderType == type, "\(entry.name)")
            #expect(folder.isSelectable)
            #expect(folder.imapPath == entry.name.wire)
        }
        #expect(FolderMapper.folder(from: item("INBOX"), account: account).name == "Inbox")
        #expect(FolderMapper.folder(from: item("Projects/Hearth"), account: account).name == "Hearth")
    }

    @Test func gmailLayoutWithSpecialUse() {
        let cases: [(MailboxListItem, FolderType)] = [
            (item("INBOX"), .inbox),
            (item("[Gmail]/All Mail", ["\\All", "\\HasNoChildren"]), .archive),
            (item("[Gmail]/Sent Mail", ["\\Sent"]), .sent),
            (item("[Gmail]/Drafts", ["\\Drafts"]), .drafts),
            (item("[Gmail]/Trash", ["\\Trash"]), .trash),
            (item("[Gmail]/Spam", ["\\Junk"]), .spam),
            (item("[Gmail]/Starred", ["\\Flagged"]), .starred),
            (item("[Gmail]/Important", ["\\Important"]), .custom),
        ]
        for (entry, type) in cases {
            #expect(FolderMapper.folder(from: entry, account: account).folderType == type, "\(entry.name)")
        }
        #expect(FolderMapper.folder(from: item("[Gmail]/Sent Mail", ["\\Sent"]), account: account).name == "Sent Mail")
    }

    @Test func gmailNamesWithoutSpecialUse() {
        let cases: [(String, FolderType)] = [
            ("[Gmail]/Sent Mail", .sent), ("[Gmail]/All Mail", .archive), ("[Gmail]/Drafts", .drafts),
            ("[Gmail]/Trash", .trash), ("[Gmail]/Spam", .spam), ("[Gmail]/Starred", .starred),
            ("[Google Mail]/Bin", .trash), ("[Gmail]/Important", .custom),
        ]
        for (name, type) in cases {
            #expect(FolderMapper.folder(from: item(name), account: account).folderType == type, "\(name)")
        }
    }

    @Test func commonNamesWithoutSpecialUse() {
        let cases: [(String, FolderType)] = [
            ("Sent Items", .sent), ("Sent Messages", .sent), ("Deleted Items", .trash), ("Junk E-mail", .spam),
            ("Spam", .spam), ("Archive", .archive), ("INBOX/Sent", .sent), ("inbox", .inbox),
            ("Work/Sent", .custom), ("Receipts", .custom),
        ]
        for (name, type) in cases {
            #expect(FolderMapper.folder(from: item(name), account: account).folderType == type, "\(name)")
        }
    }

    @Test func noSelectAndNonExistentParentsAreNotSelectable() {
        let parent = FolderMapper.folder(from: item("[Gmail]", ["\\Noselect", "\\HasChildren"]), account: account)
        #expect(!parent.isSelectable)
        #expect(parent.folderType == .custom)
        let extended = FolderMapper.folder(from: item("[Gmail]", ["\\NonExistent", "\\HasChildren"]), account: account)
        #expect(!extended.isSelectable)
        let upper = FolderMapper.folder(from: item("Parent", ["\\NoSelect"]), account: account)
        #expect(!upper.isSelectable)
    }

    @Test func mergeKeepsSyncState() {
        var stored = Folder(id: FolderID(7), accountID: account, name: "Old", imapPath: "Sent", folderType: .custom,
                            uidValidity: 42, uidNext: 100, highestModSeq: 9)
        stored.lastSyncDate = nil
        let fresh = FolderMapper.folder(from: item("Sent", ["\\Sent"]), account: account)
        let merged = FolderMapper.merge(fresh, into: stored)
        #expect(merged.id == FolderID(7))
        #expect(merged.folderType == .sent && merged.name == "Sent")
        #expect(merged.uidValidity == 42 && merged.uidNext == 100 && merged.highestModSeq == 9)
    }

    @Test func syncOrderPutsInboxFirstAndCatchAllsLast() {
        let folders = [
            Folder(accountID: account, name: "All", imapPath: "[Gmail]/All Mail", folderType: .archive),
            Folder(accountID: account, name: "Trash", imapPath: "[Gmail]/Trash", folderType: .trash),
            Folder(accountID: account, name: "Sent", imapPath: "[Gmail]/Sent Mail", folderType: .sent),
            Folder(accountID: account, name: "Inbox", imapPath: "INBOX", folderType: .inbox),
        ]
        #expect(AccountSynchronizer.syncOrder(folders).map(\.imapPath)
                == ["INBOX", "[Gmail]/Sent Mail", "[Gmail]/All Mail", "[Gmail]/Trash"])
    }

    @Test func imapFlagsMapToDomainFlags() {
        let flags = FolderSynchronizer.flags([.seen, Flag("\\FLAGGED"), .answered, "$Forwarded"])
        #expect(flags == [.seen, .flagged, .answered])
    }
}
