import Foundation
import HearthCore
import HearthStore
import Testing

/// `uids(in:)`: what sync compares with the server's UID list.
@Suite struct FolderUIDTests {
    @Test func listsEachStoredUIDOfOneFolderOnly() throws {
        let f = try StoreFixture()
        let archive = try f.folder("Archive", .archive)
        let ids = try f.store.insert([
            message("a@x", account: f.accountID, folder: f.inbox.id!, imapUID: 10),
            message("b@x", account: f.accountID, folder: f.inbox.id!, imapUID: 11),
            message("c@x", account: f.accountID, folder: f.inbox.id!),
            message("d@x", account: f.accountID, folder: archive.id!, imapUID: 10),
        ])
        try f.store.link(ids[0], to: archive.id!, imapUID: 99)
        #expect(try f.store.uids(in: f.inbox.id!) == [10: ids[0], 11: ids[1]])
        #expect(try f.store.uids(in: archive.id!) == [10: ids[3], 99: ids[0]])
        try f.store.unlink(ids[1], from: f.inbox.id!)
        #expect(try f.store.uids(in: f.inbox.id!) == [10: ids[0]])
    }
}
