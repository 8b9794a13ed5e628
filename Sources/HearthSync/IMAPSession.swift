import HearthIMAP

/// The IMAP client as the sync engine uses it: the port between the sync logic (initial and
/// incremental folder sync, action replay, the account run) and the network. `IMAPConnection`
/// is the real one; tests hand in a scripted session (`AccountSynchronizer.Options.connect`),
/// so the sync rules are proven without a server, next to the rig tests that prove the wire.
public protocol IMAPSession: Sendable {
    var capabilities: Capabilities { get async }
    func authenticate(_ credentials: IMAPCredentials) async throws
    func listMailboxes(reference: String, pattern: String) async throws -> [MailboxListItem]
    func enable(_ wanted: [Capability]) async throws -> Set<Capability>
    func select(_ mailbox: MailboxName, readOnly: Bool, qresync: SelectParameters.QResync?) async throws -> MailboxSelection
    func uidSearch(_ key: SearchKey) async throws -> [UInt32]
    func uidFetch(_ uids: SequenceSet, attributes: [FetchAttribute], modifiers: FetchModifiers,
                  onMessage: @Sendable (FetchedMessage) async throws -> Void,
                  onVanished: @Sendable (SequenceSet) async throws -> Void) async throws -> TaggedStatus
    func execute(_ command: IMAPCommand) async throws -> IMAPCommandResult
    /// LOGOUT, then close (never throws: the session is over either way).
    func logout() async
    /// Closes without LOGOUT (after a failure).
    func close() async
}

/// Opens an authenticated-ready session (connected, TLS up) for a configuration.
public typealias IMAPConnector = @Sendable (IMAPConfiguration) async throws -> any IMAPSession

extension IMAPConnection: IMAPSession {}

extension IMAPSession {
    func listMailboxes() async throws -> [MailboxListItem] { try await listMailboxes(reference: "", pattern: "*") }

    func select(_ mailbox: MailboxName, qresync: SelectParameters.QResync? = nil) async throws -> MailboxSelection {
        try await select(mailbox, readOnly: false, qresync: qresync)
    }

    func uidFetch(_ uids: SequenceSet, attributes: [FetchAttribute], modifiers: FetchModifiers = .none,
                  onMessage: @Sendable (FetchedMessage) async throws -> Void) async throws -> TaggedStatus {
        try await uidFetch(uids, attributes: attributes, modifiers: modifiers, onMessage: onMessage, onVanished: { _ in })
    }
}
