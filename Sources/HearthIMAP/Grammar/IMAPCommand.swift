import HearthMailTransport
import Foundation

/// STORE's change to the flags: add, remove or replace, optionally `.SILENT` (no FETCH echo).
public struct StoreOperation: Hashable, Sendable {
    public enum Mode: Hashable, Sendable { case add, remove, replace }
    public var mode: Mode
    public var flags: [Flag]
    public var silent: Bool

    public init(_ mode: Mode, _ flags: [Flag], silent: Bool = false) {
        self.mode = mode; self.flags = flags; self.silent = silent
    }

    var wireItem: String {
        let prefix = switch mode { case .add: "+"; case .remove: "-"; case .replace: "" }
        return "\(prefix)FLAGS\(silent ? ".SILENT" : "")"
    }
}

/// Parameters of SELECT / EXAMINE: CONDSTORE (RFC 7162 §3.1.8) or QRESYNC (§3.2.5). QRESYNC
/// needs `ENABLE QRESYNC` first; the caller passes what it remembered about the mailbox.
public struct SelectParameters: Hashable, Sendable {
    public struct QResync: Hashable, Sendable {
        public var uidValidity: UInt32
        public var modSeq: UInt64
        /// UIDs the client knows (lets the server limit VANISHED (EARLIER) to those).
        public var knownUIDs: SequenceSet?
        public init(uidValidity: UInt32, modSeq: UInt64, knownUIDs: SequenceSet? = nil) {
            self.uidValidity = uidValidity; self.modSeq = modSeq; self.knownUIDs = knownUIDs
        }
    }

    public var condStore: Bool
    public var qresync: QResync?

    public init(condStore: Bool = false, qresync: QResync? = nil) {
        self.condStore = condStore; self.qresync = qresync
    }

    public static let none = SelectParameters()
}

/// FETCH modifiers of CONDSTORE/QRESYNC: `(CHANGEDSINCE n VANISHED)`.
public struct FetchModifiers: Hashable, Sendable {
    public var changedSince: UInt64?
    /// Ask for `* VANISHED (EARLIER)` of expunged UIDs too (QRESYNC, UID FETCH only).
    public var vanished: Bool

    public init(changedSince: UInt64? = nil, vanished: Bool = false) {
        self.changedSince = changedSince; self.vanished = vanished
    }

    public static let none = FetchModifiers()
}

/// LIST selection and return options (RFC 5258 / 6154 / 5819). `specialUse` and `status`
/// are only sent when the server advertises SPECIAL-USE / LIST-STATUS.
public struct ListReturnOptions: Hashable, Sendable {
    public var specialUse: Bool
    public var status: [StatusAttribute]
    public init(specialUse: Bool = false, status: [StatusAttribute] = []) {
        self.specialUse = specialUse; self.status = status
    }
    public static let none = ListReturnOptions()
}

/// STATUS data items.
public enum StatusAttribute: String, Hashable, Sendable, CaseIterable {
    case messages = "MESSAGES", recent = "RECENT", uidNext = "UIDNEXT", uidValidity = "UIDVALIDITY"
    case unseen = "UNSEEN", highestModSeq = "HIGHESTMODSEQ", size = "SIZE", deleted = "DELETED"
}

/// A message to APPEND.
public struct AppendMessage: Hashable, Sendable {
    public var flags: [Flag]
    public var internalDate: Date?
    public var data: Data
    public init(data: Data, flags: [Flag] = [], internalDate: Date? = nil) {
        self.data = data; self.flags = flags; self.internalDate = internalDate
    }
}

/// A SASL message (shared with SMTP's other half in HearthMailTransport), never shown in a log.
public typealias SASLPayload = SASLMessage

/// One key/value pair of the ID command (RFC 2971).
public struct IDField: Hashable, Sendable {
    public var key: String
    public var value: String?
    public init(_ key: String, _ value: String?) { self.key = key; self.value = value }
}

/// Every command the client sends (RFC 3501 and the extensions the sync engine needs). Tags are
/// added by the encoder; IDLE's `DONE` is not a command and is sent by the connection.
public enum IMAPCommand: Hashable, Sendable {
    case capability
    case noop
    case logout
    case startTLS
    /// `AUTHENTICATE mech [initial-response]` (the initial response only with SASL-IR).
    case authenticate(mechanism: String, initialResponse: SASLPayload?)
    case login(user: String, password: String)
    case enable([Capability])
    /// RFC 2971 client identification; nil sends `ID NIL`.
    case id([IDField]?)
    case list(reference: String, pattern: String, returnOptions: ListReturnOptions)
    case status(MailboxName, [StatusAttribute])
    case select(MailboxName, SelectParameters)
    case examine(MailboxName, SelectParameters)
    case create(MailboxName)
    case delete(MailboxName)
    case close
    case unselect
    case search(SearchKey, returning: [SearchReturnOption]?)
    case uidSearch(SearchKey, returning: [SearchReturnOption]?)
    case fetch(SequenceSet, [FetchAttribute], FetchModifiers)
    case uidFetch(SequenceSet, [FetchAttribute], FetchModifiers)
    case uidStore(SequenceSet, StoreOperation, unchangedSince: UInt64?)
    case uidCopy(SequenceSet, MailboxName)
    case uidMove(SequenceSet, MailboxName)
    case uidExpunge(SequenceSet)
    case expunge
    case append(MailboxName, AppendMessage)
    case idle

    /// The command word(s), for logs and errors: never carries arguments.
    public var name: String {
        switch self {
        case .capability: "CAPABILITY"
        case .noop: "NOOP"
        case .logout: "LOGOUT"
        case .startTLS: "STARTTLS"
        case .authenticate(let mechanism, _): "AUTHENTICATE \(mechanism)"
        case .login: "LOGIN"
        case .enable: "ENABLE"
        case .id: "ID"
        case .list: "LIST"
        case .status: "STATUS"
        case .select: "SELECT"
        case .examine: "EXAMINE"
        case .create: "CREATE"
        case .delete: "DELETE"
        case .close: "CLOSE"
        case .unselect: "UNSELECT"
        case .search: "SEARCH"
        case .uidSearch: "UID SEARCH"
        case .fetch: "FETCH"
        case .uidFetch: "UID FETCH"
        case .uidStore: "UID STORE"
        case .uidCopy: "UID COPY"
        case .uidMove: "UID MOVE"
        case .uidExpunge: "UID EXPUNGE"
        case .expunge: "EXPUNGE"
        case .append: "APPEND"
        case .idle: "IDLE"
        }
    }
}
