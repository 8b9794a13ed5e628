import Foundation

/// One message as `ReferenceThreader` and `OrderedSubjectThreader` see it.
///
/// The caller has already decoded the headers: ids without angle brackets, the subject with its
/// RFC 2047 encoded words decoded, and `date` set to the *sent date* of RFC 5256 §2.2 — the Date
/// header, or the arrival (INTERNALDATE) when the header is missing or unreadable.
public struct ThreadInput: Sendable, Hashable {
    /// The caller's handle for the message; the trees report messages by it. It also plays the part
    /// of RFC 5256's sequence number: messages are processed in ascending `index` (so the first of
    /// two messages sharing a Message-ID is the lower index) and it breaks ties between equal dates.
    public var index: Int
    /// The Message-ID; `nil` or empty when the message has none (it then gets a unique id).
    public var messageID: String?
    /// The References ids, oldest ancestor first.
    public var references: [String]
    /// The In-Reply-To ids. RFC 5256 uses the first one only when References gives no id.
    public var inReplyTo: [String]
    /// The decoded Subject header; empty when there is none.
    public var subject: String
    /// The sent date (see the type's documentation).
    public var date: Date

    public init(index: Int, messageID: String?, references: [String] = [], inReplyTo: [String] = [],
                subject: String = "", date: Date) {
        self.index = index; self.messageID = messageID; self.references = references
        self.inReplyTo = inReplyTo; self.subject = subject; self.date = date
    }

    /// The message's own id when it has a usable one.
    var ownID: String? {
        guard let id = messageID, !id.isEmpty else { return nil }
        return id
    }

    /// True when neither References nor In-Reply-To names another message: the only messages the
    /// app's subject fallback may group (spec product §5.2.4 step 4). A header that names only the
    /// message itself does not count, matching `MessageMapping.threadingKey`.
    var isHeaderless: Bool {
        let own = ownID
        return !(references + inReplyTo).contains { !$0.isEmpty && $0 != own }
    }
}
