import Foundation
import HearthCore
import Testing

/// The import use case with in-memory fakes: batching, duplicates, failures and folders.
@Suite struct ImportMailboxUseCaseTests {
    /// Parses "id|subject|folder" one-line messages; "BAD" fails.
    struct LineParser: MessageParser {
        func parse(_ raw: Data) throws(MessageParseError) -> ParsedMessage {
            let text = String(decoding: raw, as: UTF8.self)
            if text == "BAD" { throw .notAMessage("test") }
            let parts = text.split(separator: "|").map(String.init)
            return ParsedMessage(messageID: parts[0], subject: parts[1], date: Date(timeIntervalSince1970: 100),
                                 sizeBytes: raw.count)
        }
    }

    struct ArraySource: RawMessageSource {
        var items: [RawMessage]
        var index = 0
        mutating func next() throws(MailboxReadError) -> RawMessage? {
            guard index < items.count else { return nil }
            defer { index += 1 }
            return items[index]
        }
        var bytesRead: Int64 { Int64(index) }
        var totalBytes: Int64? { Int64(items.count) }
    }

    final class FakeStore: AccountRepository, FolderRepository, EmailRepository, @unchecked Sendable {
        var accountList: [Account] = []
        var folderList: [Folder] = []
        var stored: [NewMessage] = []
        var batches: [Int] = []
        var links: [(EmailID, FolderID)] = []

        func create(_ account: Account) throws(StoreError) -> Account {
            var a = account; a.id = AccountID(Int64(accountList.count + 1)); accountList.append(a); return a
        }
        func account(_ id: AccountID) throws(StoreError) -> Account? { accountList.first { $0.id == id } }
        func accounts() throws(StoreError) -> [Account] { accountList }
        func update(_ account: Account) throws(StoreError) {}
        func delete(_ id: AccountID) throws(StoreError) {}

        func upsert(_ folder: Folder) throws(StoreError) -> Folder {
            if let f = folderList.first(where: { $0.imapPath == folder.imapPath }) { return f }
            var f = folder; f.id = FolderID(Int64(folderList.count + 1)); folderList.append(f); return f
        }
        func folder(_ id: FolderID) throws(StoreError) -> Folder? { folderList.first { $0.id == id } }
        func folders(account: AccountID) throws(StoreError) -> [Folder] { folderList }
        func delete(_ id: FolderID) throws(StoreError) {}

        func insert(_ messages: [NewMessage]) throws(StoreError) -> [EmailID] {
            batches.append(messages.count)
            let start = stored.count
            stored += messages
            return (start..<stored.count).map { EmailID(Int64($0 + 1)) }
        }
        func email(_ id: EmailID) throws(StoreError) -> Email? { nil }
        func emails(inThread id: ThreadID) throws(StoreError) -> [Email] { [] }
        func attachments(of id: EmailID) throws(StoreError) -> [HearthCore.Attachment] { [] }
        func folders(of id: EmailID) throws(StoreError) -> [EmailFolder] { [] }
        func rawSource(of id: EmailID) throws(StoreError) -> Data? { nil }
        func uids(in folder: FolderID) throws(StoreError) -> [UInt32: EmailID] { [:] }
        func setFlags(_ id: EmailID, isRead: Bool?, isStarred: Bool?, isAnswered: Bool?, isDraft: Bool?) throws(StoreError) {}
        func existingEmail(account: AccountID, messageID: String, sizeBytes: Int) throws(StoreError) -> EmailID? {
            stored.firstIndex { $0.email.messageID == messageID && $0.email.sizeBytes == sizeBytes }.map { EmailID(Int64($0 + 1)) }
        }
        func link(_ id: EmailID, to folder: FolderID, imapUID: UInt32?) throws(StoreError) { links.append((id, folder)) }
        func unlink(_ id: EmailID, from folder: FolderID) throws(StoreError) {}
        func delete(_ id: EmailID) throws(StoreError) {}
    }

    func raw(_ text: String, folder: String? = nil) -> RawMessage {
        RawMessage(data: Data(text.utf8), flags: [.seen], folderPath: folder)
    }

    @Test func importsInBatchesCountingDuplicatesAndFailures() throws {
        let store = FakeStore()
        let useCase = ImportMailboxUseCase(parser: LineParser(), accounts: store, folders: store, emails: store, batchSize: 2)
        let account = try useCase.localAccount(email: "me@local", displayName: "Me")
        var source = ArraySource(items: [
            raw("a|one"), raw("b|two"), raw("BAD"), raw("a|one"), raw("c|three", folder: "Sent"), raw("b|two"),
        ])
        var progressCalls = 0
        let report = try useCase.run(source: &source, into: account) { _ in progressCalls += 1 }
        #expect(report.messagesRead == 6)
        #expect(report.messagesStored == 3)
        #expect(report.duplicates == 2)
        #expect(report.failures.map(\.index) == [3])
        #expect(store.batches == [2, 1])
        #expect(progressCalls == 2)
        #expect(store.folderList.map(\.imapPath) == ["INBOX", "Sent"])
        #expect(store.folderList.map(\.folderType) == [.inbox, .sent])
        // The duplicate "a" inside INBOX is linked again (a no-op in the real store); its raw source is kept.
        #expect(store.stored.allSatisfy { $0.rawSource != nil })
    }

    @Test func duplicateWithinOneBatchIsCaught() throws {
        let store = FakeStore()
        let useCase = ImportMailboxUseCase(parser: LineParser(), accounts: store, folders: store, emails: store, batchSize: 100)
        let account = try useCase.localAccount(email: "me@local", displayName: "Me")
        var source = ArraySource(items: [raw("x|s"), raw("x|s")])
        let report = try useCase.run(source: &source, into: account)
        #expect(report.messagesStored == 1 && report.duplicates == 1)
    }

    /// Yields its messages, then fails like a truncated compressed mbox.
    struct BreakingSource: RawMessageSource {
        var inner: ArraySource
        mutating func next() throws(MailboxReadError) -> RawMessage? {
            guard let message = try inner.next() else { throw .io(path: "x.mbox.xz", reason: "unexpected end of input") }
            return message
        }
        var bytesRead: Int64 { inner.bytesRead }
        var totalBytes: Int64? { inner.totalBytes }
    }

    @Test func messagesReadBeforeASourceErrorAreStored() throws {
        let store = FakeStore()
        let useCase = ImportMailboxUseCase(parser: LineParser(), accounts: store, folders: store, emails: store, batchSize: 100)
        let account = try useCase.localAccount(email: "me@local", displayName: "Me")
        var source = BreakingSource(inner: ArraySource(items: [raw("a|one"), raw("b|two"), raw("c|three")]))
        #expect(throws: ImportError.self) { try useCase.run(source: &source, into: account) }
        #expect(store.stored.compactMap(\.email.messageID) == ["a", "b", "c"])
    }

    @Test func localAccountIsReused() throws {
        let store = FakeStore()
        let useCase = ImportMailboxUseCase(parser: LineParser(), accounts: store, folders: store, emails: store)
        let a = try useCase.localAccount(email: "Me@Local", displayName: "Me")
        let b = try useCase.localAccount(email: "me@local", displayName: "Other")
        #expect(a.id == b.id && store.accountList.count == 1)
    }
}
