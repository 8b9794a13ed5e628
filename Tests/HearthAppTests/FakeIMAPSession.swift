import Foundation
import HearthIMAP
import HearthSync

/// A scripted IMAP server for the sync engine's port: one INBOX holding messages, commands that
/// succeed unless told otherwise. Enough for the account-level rules (outcomes, the action
/// journal, error classification) without a network; the wire itself is proven against the rig.
final class FakeIMAPSession: IMAPSession, @unchecked Sendable {
    struct Message { var uid: UInt32; var raw: Data; var flags: [Flag] = [] }

    private let lock = NSLock()
    var messages: [Message]
    var authenticationError: IMAPError?
    /// Answers UID STORE/MOVE/COPY/EXPUNGE with NO when true.
    var refuseChanges = false
    private(set) var executed: [String] = []

    init(messages: [Message]) { self.messages = messages }

    /// `count` small messages with distinct Message-IDs.
    static func inbox(_ count: Int) -> FakeIMAPSession {
        FakeIMAPSession(messages: (1...count).map { n in
            Message(uid: UInt32(n), raw: Data("""
                From: sender\(n)@example.test\r
                To: me@example.test\r
                Subject: message \(n)\r
                Date: Mon, 2 Mar 2026 10:0\(n % 10):00 +0000\r
                Message-ID: <m\(n)@example.test>\r
                \r
                body \(n)\r

                """.utf8))
        })
    }

    var capabilities: Capabilities { Capabilities([Capability.imap4rev1, .uidPlus, .move]) }

    func authenticate(_ credentials: IMAPCredentials) async throws {
        if let authenticationError { throw authenticationError }
    }

    func listMailboxes(reference: String, pattern: String) async throws -> [MailboxListItem] {
        [MailboxListItem(attributes: MailboxAttributes([.hasNoChildren]), delimiter: "/", name: MailboxName("INBOX"))]
    }

    func enable(_ wanted: [Capability]) async throws -> Set<Capability> { [] }

    func select(_ mailbox: MailboxName, readOnly: Bool, qresync: SelectParameters.QResync?) async throws -> MailboxSelection {
        var selection = MailboxSelection(mailbox: mailbox, responses: [], completion: TaggedStatus(tag: "A1", state: .ok, text: "selected"))
        let uids = lock.withLock { messages.map(\.uid) }
        selection.exists = uids.count
        selection.uidValidity = 7
        selection.uidNext = (uids.max() ?? 0) + 1
        return selection
    }

    func uidSearch(_ key: SearchKey) async throws -> [UInt32] {
        lock.withLock { messages.map(\.uid).sorted() }
    }

    func uidFetch(_ uids: SequenceSet, attributes: [FetchAttribute], modifiers: FetchModifiers,
                  onMessage: @Sendable (FetchedMessage) async throws -> Void,
                  onVanished: @Sendable (SequenceSet) async throws -> Void) async throws -> TaggedStatus {
        let selected = lock.withLock { messages.filter { uids.contains($0.uid) } }
        for (index, message) in selected.enumerated() {
            let header = message.raw.range(of: Data("\r\n\r\n".utf8)).map { message.raw[..<$0.upperBound] } ?? message.raw
            try await onMessage(FetchedMessage(sequence: index + 1, items: [
                .uid(message.uid), .flags(message.flags), .rfc822Size(message.raw.count),
                .internalDate(raw: "02-Mar-2026 10:00:00 +0000", date: Date(timeIntervalSince1970: 1_772_445_600)),
                .body(section: .headerFields(["MESSAGE-ID"]), origin: nil, data: Data(header)),
                .body(section: .complete, origin: nil, data: message.raw),
            ]))
        }
        return TaggedStatus(tag: "A2", state: .ok, text: "fetched")
    }

    func execute(_ command: IMAPCommand) async throws -> IMAPCommandResult {
        let refuse = lock.withLock { executed.append("\(command)"); return refuseChanges }
        // Like `IMAPConnection`: a tagged NO is thrown.
        if refuse { throw IMAPError.commandFailed(command: "UID STORE", state: .no, code: nil, text: "refused") }
        return IMAPCommandResult(untagged: [], completion: TaggedStatus(tag: "A3", state: .ok, text: "done"))
    }

    func logout() async {}
    func close() async {}
}
