import Foundation
import HearthCore
import HearthStore
import Testing

/// `setFlags`: the email, its thread's unread/starred state and its folders' unread counts move
/// together in one transaction.
@Suite struct SetFlagsTests {
    @Test func readAndStarredUpdateThreadAndEveryFolder() throws {
        let f = try StoreFixture()
        let archive = try f.folder("Archive", .archive)
        let root = try f.insert("root@x", isRead: false)
        let reply = try f.insert("reply@x", date: day(1), inReplyTo: "root@x", isRead: false)
        try f.store.link(root, to: archive.id!, imapUID: 7)
        let thread = try #require(try f.store.email(root)?.threadID)
        #expect(try f.store.thread(thread)?.unreadCount == 2)
        #expect(try f.store.folder(f.inbox.id!)?.unreadCount == 2)
        #expect(try f.store.folder(archive.id!)?.unreadCount == 1)

        try f.store.setFlags(root, isRead: true, isStarred: true, isAnswered: nil, isDraft: nil)
        let email = try #require(try f.store.email(root))
        #expect(email.isRead && email.isStarred && !email.isAnswered && !email.isDraft)
        let updated = try #require(try f.store.thread(thread))
        #expect(updated.unreadCount == 1)
        #expect(updated.isStarred)
        #expect(try f.store.folder(f.inbox.id!)?.unreadCount == 1)
        #expect(try f.store.folder(archive.id!)?.unreadCount == 0)
        #expect(try f.store.folder(f.inbox.id!)?.totalCount == 2)

        // Same values again: nothing moves (counts are not decremented twice).
        try f.store.setFlags(root, isRead: true, isStarred: nil, isAnswered: nil, isDraft: nil)
        #expect(try f.store.folder(f.inbox.id!)?.unreadCount == 1)

        // Back to unread, unstarred; the reply is untouched.
        try f.store.setFlags(root, isRead: false, isStarred: false, isAnswered: true, isDraft: nil)
        #expect(try f.store.email(root)?.isAnswered == true)
        #expect(try f.store.thread(thread)?.unreadCount == 2)
        #expect(try f.store.thread(thread)?.isStarred == false)
        #expect(try f.store.folder(f.inbox.id!)?.unreadCount == 2)
        #expect(try f.store.folder(archive.id!)?.unreadCount == 1)
        #expect(try f.store.email(reply)?.isRead == false)
    }

    @Test func unknownEmailIsNotFound() throws {
        let f = try StoreFixture()
        #expect(throws: StoreError.self) {
            try f.store.setFlags(EmailID(999_999), isRead: true, isStarred: nil, isAnswered: nil, isDraft: nil)
        }
    }
}
