import Foundation

/// A command ready to send. Send `chunks[0]`; before each further chunk wait for the server's
/// `+` continuation (a synchronising literal). `logDescription` is safe to log: credentials and
/// message contents are replaced.
public struct EncodedCommand: Sendable {
    public let tag: String
    public let chunks: [[UInt8]]
    public let logDescription: String

    /// All bytes in one piece (tests, and commands without synchronising literals).
    public var bytes: [UInt8] { chunks.flatMap { $0 } }
}

/// Serialises commands. Which literal form it uses depends on the server's capabilities:
/// LITERAL+ → `{n+}` always; LITERAL- → `{n+}` up to 4096 bytes; otherwise `{n}` with a wait.
public struct IMAPCommandEncoder: Sendable {
    public var capabilities: Capabilities

    public init(capabilities: Capabilities) { self.capabilities = capabilities }

    private var literalMode: CommandWriter.LiteralMode {
        if capabilities.contains(.literalPlus) { return .nonSynchronizing }
        if capabilities.contains(.literalMinus) { return .nonSynchronizingUpTo4096 }
        return .synchronizing
    }

    public func encode(_ command: IMAPCommand, tag: String) -> EncodedCommand {
        var w = CommandWriter(literalMode: literalMode)
        w.raw(tag)
        w.space()
        write(command, into: &w)
        let (chunks, log) = w.finish()
        return EncodedCommand(tag: tag, chunks: chunks, logDescription: log)
    }

    /// An answer to a continuation request (a SASL step), base64, never logged.
    public func encodeContinuation(_ payload: SASLPayload) -> [UInt8] {
        Array((payload.base64 + "\r\n").utf8)
    }

    /// Ends IDLE.
    public static let done: [UInt8] = Array("DONE\r\n".utf8)

    private func write(_ command: IMAPCommand, into w: inout CommandWriter) {
        switch command {
        case .capability, .noop, .logout, .startTLS, .close, .unselect, .expunge, .idle:
            w.raw(command.name)
        case .authenticate(let mechanism, let initial):
            w.raw("AUTHENTICATE ")
            w.raw(mechanism)
            if let initial {
                w.space()
                // RFC 4959: an empty initial response is sent as "=".
                w.rawSensitive(initial.base64.isEmpty ? "=" : initial.base64, placeholder: "<redacted>")
            }
        case .login(let user, let password):
            w.raw("LOGIN ")
            w.astring(user)
            w.space()
            w.astring(password, sensitive: true)
        case .enable(let capabilities):
            w.raw("ENABLE")
            for capability in capabilities { w.space(); w.raw(capability.rawValue) }
        case .id(let fields):
            w.raw("ID ")
            guard let fields else { w.raw("NIL"); return }
            w.raw("(")
            for (index, field) in fields.enumerated() {
                if index > 0 { w.space() }
                w.string(field.key)
                w.space()
                if let value = field.value { w.string(value) } else { w.raw("NIL") }
            }
            w.raw(")")
        case .list(let reference, let pattern, let options):
            w.raw("LIST ")
            w.string(reference)
            w.space()
            listPattern(pattern, into: &w)
            var returns: [String] = []
            if options.specialUse && capabilities.contains(.specialUse) { returns.append("SPECIAL-USE") }
            if !options.status.isEmpty && capabilities.contains(.listStatus) {
                returns.append("STATUS (\(options.status.map(\.rawValue).joined(separator: " ")))")
            }
            if !returns.isEmpty { w.raw(" RETURN (\(returns.joined(separator: " ")))") }
        case .status(let mailbox, let attributes):
            w.raw("STATUS ")
            w.astring(mailbox.wire)
            w.raw(" (\(attributes.map(\.rawValue).joined(separator: " ")))")
        case .select(let mailbox, let params), .examine(let mailbox, let params):
            w.raw(command.name)
            w.space()
            w.astring(mailbox.wire)
            if let q = params.qresync {
                w.raw(" (QRESYNC (\(q.uidValidity) \(q.modSeq)")
                if let known = q.knownUIDs { w.raw(" \(known)") }
                w.raw("))")
            } else if params.condStore {
                w.raw(" (CONDSTORE)")
            }
        case .create(let mailbox), .delete(let mailbox):
            w.raw(command.name)
            w.space()
            w.astring(mailbox.wire)
        case .search(let key, let returning), .uidSearch(let key, let returning):
            w.raw(command.name)
            if let returning, capabilities.contains(.esearch) {
                w.raw(" RETURN (\(returning.map(\.rawValue).joined(separator: " ")))")
            }
            w.space()
            search(key, into: &w)
        case .fetch(let set, let attributes, let modifiers), .uidFetch(let set, let attributes, let modifiers):
            w.raw("\(command.name) \(set) ")
            if attributes.count == 1, let only = attributes.first {
                w.raw(only.wireText)
            } else {
                w.raw("(\(attributes.map(\.wireText).joined(separator: " ")))")
            }
            var mods: [String] = []
            if let since = modifiers.changedSince { mods.append("CHANGEDSINCE \(since)") }
            if modifiers.vanished { mods.append("VANISHED") }
            if !mods.isEmpty { w.raw(" (\(mods.joined(separator: " ")))") }
        case .uidStore(let set, let operation, let unchangedSince):
            w.raw("UID STORE \(set) ")
            if let unchangedSince { w.raw("(UNCHANGEDSINCE \(unchangedSince)) ") }
            w.raw("\(operation.wireItem) (\(operation.flags.map(\.rawValue).joined(separator: " ")))")
        case .uidCopy(let set, let mailbox), .uidMove(let set, let mailbox):
            w.raw("\(command.name) \(set) ")
            w.astring(mailbox.wire)
        case .uidExpunge(let set):
            w.raw("UID EXPUNGE \(set)")
        case .append(let mailbox, let message):
            w.raw("APPEND ")
            w.astring(mailbox.wire)
            if !message.flags.isEmpty {
                w.raw(" (\(message.flags.filter { $0 != .recent }.map(\.rawValue).joined(separator: " ")))")
            }
            if let date = message.internalDate { w.raw(" \"\(IMAPDateTime.format(date))\"") }
            w.space()
            w.literal(Array(message.data), sensitive: true)
        }
    }

    /// LIST patterns may contain `*` and `%`, which are not atom characters but are allowed
    /// unquoted in `list-mailbox`; quote only when something else requires it.
    private func listPattern(_ pattern: String, into w: inout CommandWriter) {
        let bytes = Array(pattern.utf8)
        if !bytes.isEmpty && bytes.allSatisfy({ IMAPSyntax.isAStringChar($0) || $0 == UInt8(ascii: "%") || $0 == IMAPSyntax.star }) {
            w.raw(pattern)
        } else {
            w.string(bytes)
        }
    }

    private func search(_ key: SearchKey, into w: inout CommandWriter) {
        switch key {
        case .all: w.raw("ALL")
        case .uid(let set): w.raw("UID \(set)")
        case .sequence(let set): w.raw(set.description)
        case .since(let d): w.raw("SINCE \(d)")
        case .before(let d): w.raw("BEFORE \(d)")
        case .on(let d): w.raw("ON \(d)")
        case .sentSince(let d): w.raw("SENTSINCE \(d)")
        case .sentBefore(let d): w.raw("SENTBEFORE \(d)")
        case .seen: w.raw("SEEN")
        case .unseen: w.raw("UNSEEN")
        case .flagged: w.raw("FLAGGED")
        case .unflagged: w.raw("UNFLAGGED")
        case .answered: w.raw("ANSWERED")
        case .unanswered: w.raw("UNANSWERED")
        case .deleted: w.raw("DELETED")
        case .undeleted: w.raw("UNDELETED")
        case .draft: w.raw("DRAFT")
        case .undraft: w.raw("UNDRAFT")
        case .keyword(let flag): w.raw("KEYWORD \(flag.rawValue)")
        case .unkeyword(let flag): w.raw("UNKEYWORD \(flag.rawValue)")
        case .header(let field, let value):
            w.raw("HEADER ")
            w.astring(field)
            w.space()
            w.string(value)
        case .from(let s): w.raw("FROM "); w.string(s)
        case .to(let s): w.raw("TO "); w.string(s)
        case .subject(let s): w.raw("SUBJECT "); w.string(s)
        case .body(let s): w.raw("BODY "); w.string(s)
        case .text(let s): w.raw("TEXT "); w.string(s)
        case .larger(let n): w.raw("LARGER \(n)")
        case .smaller(let n): w.raw("SMALLER \(n)")
        case .modSeq(let n): w.raw("MODSEQ \(n)")
        case .gmailMessageID(let n): w.raw("X-GM-MSGID \(n)")
        case .gmailThreadID(let n): w.raw("X-GM-THRID \(n)")
        case .gmailRaw(let s): w.raw("X-GM-RAW "); w.string(s)
        case .not(let inner):
            w.raw("NOT ")
            searchOperand(inner, into: &w)
        case .or(let a, let b):
            w.raw("OR ")
            searchOperand(a, into: &w)
            w.space()
            searchOperand(b, into: &w)
        case .and(let keys):
            if keys.isEmpty { w.raw("ALL"); return }
            for (index, inner) in keys.enumerated() {
                if index > 0 { w.space() }
                searchOperand(inner, into: &w)
            }
        }
    }

    /// A key as the operand of NOT/OR (or inside AND): a multi-key AND needs parentheses.
    private func searchOperand(_ key: SearchKey, into w: inout CommandWriter) {
        if case .and(let keys) = key, keys.count > 1 {
            w.raw("(")
            search(key, into: &w)
            w.raw(")")
        } else {
            search(key, into: &w)
        }
    }
}
