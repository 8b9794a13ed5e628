import Foundation

/// What thread assignment needs to know about one incoming message (spec product §5.2.4 step 1).
public struct ThreadingKey: Sendable, Hashable {
    public var accountID: AccountID
    /// The message's own Message-ID (normalised, no brackets), if it has one.
    public var messageID: String?
    /// Ancestor ids from References then In-Reply-To, normalised, de-duplicated, own id removed.
    public var ancestorIDs: [String]
    /// Subject with Re:/Fwd:/[list] prefixes removed, lower-cased; empty when there is none.
    public var normalizedSubject: String
    public var date: Date
    /// Sent by a machine (list, bulk, Auto-Submitted, no-reply address; `AutomatedMail`). Such a
    /// message without reply headers never joins or is joined by subject: alert and newsletter
    /// series repeat their subjects without being conversations.
    public var isAutomated: Bool
    /// Answers or forwards something: it has reply headers or a `Re:`/`Fwd:`-style subject. A
    /// subject link needs a reply on at least one side, so two unrelated "Weekly report" mails
    /// stay apart while a header-less "Re: Weekly report" still finds its original.
    public var isReply: Bool
    /// True when the message has neither References nor In-Reply-To: only such messages may be
    /// grouped by subject (spec §5.2.4 step 4).
    public var isHeaderless: Bool { ancestorIDs.isEmpty }

    public init(accountID: AccountID, messageID: String?, ancestorIDs: [String],
                normalizedSubject: String, date: Date, isAutomated: Bool = false, isReply: Bool? = nil) {
        self.accountID = accountID; self.messageID = messageID; self.ancestorIDs = ancestorIDs
        self.normalizedSubject = normalizedSubject; self.date = date
        self.isAutomated = isAutomated; self.isReply = isReply ?? !ancestorIDs.isEmpty
    }
}

/// The persistent reference graph threads are computed from: every Message-ID seen, as a real
/// message or as a ghost (referenced but not present), mapped to its thread. The store implements
/// it over its own tables; it is called synchronously inside the store's write transaction, so
/// a batch of messages is stored and threaded atomically.
public protocol ThreadGraphStore {
    /// The thread of each id that is already a node (real or ghost) in this account.
    func threads(ofMessageIDs ids: [String], account: AccountID) throws -> [String: ThreadID]
    /// Threads holding a message with this normalised subject dated within `window` of `date`,
    /// never counting automated messages without reply headers. With `headerlessOnly`, only
    /// messages that themselves have no References/In-Reply-To count; with `repliesOnly`, only
    /// messages that are replies (`ThreadingKey.isReply`).
    func threads(withSubject subject: String, account: AccountID, near date: Date,
                 window: TimeInterval, headerlessOnly: Bool, repliesOnly: Bool) throws -> [ThreadID]
    /// A new, empty thread.
    func createThread(account: AccountID) throws -> ThreadID
    /// Moves every email and node of `absorbed` into `survivor` and deletes the absorbed threads.
    func merge(_ absorbed: [ThreadID], into survivor: ThreadID) throws
    /// Records the ids as nodes of `thread` (ghosts unless a message with that id is stored).
    func link(messageIDs: [String], to thread: ThreadID, account: AccountID) throws
}
