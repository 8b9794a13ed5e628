extension IMAPResponse {
    /// A one-line description safe for logs: no message data, no SASL challenges, no literal
    /// contents; FETCH shows only which items arrived.
    var logSummary: String {
        switch self {
        case .tagged(let s): "\(s.tag) \(s.state.rawValue) \(s.text)"
        case .continuation(let text): "+ <\(text.utf8.count) bytes>"
        case .ok(let t): "* OK \(t.text)"
        case .no(let t): "* NO \(t.text)"
        case .bad(let t): "* BAD \(t.text)"
        case .bye(let t): "* BYE \(t.text)"
        case .preauth(let t): "* PREAUTH \(t.text)"
        case .capability(let c): "* CAPABILITY \(c)"
        case .enabled(let c): "* ENABLED \(c.map(\.rawValue).joined(separator: " "))"
        case .list(let item): "* LIST \(item.name.wire)"
        case .status(let name, _): "* STATUS \(name.wire)"
        case .flags(let f): "* FLAGS (\(f.count) flags)"
        case .exists(let n): "* \(n) EXISTS"
        case .recent(let n): "* \(n) RECENT"
        case .expunge(let n): "* \(n) EXPUNGE"
        case .vanished(let earlier, let uids): "* VANISHED\(earlier ? " (EARLIER)" : "") \(uids.count.map(String.init) ?? "*") uids"
        case .fetch(let seq, let items): "* \(seq) FETCH (\(items.map(\.logName).joined(separator: " ")))"
        case .search(let numbers, _): "* SEARCH (\(numbers.count) results)"
        case .esearch(let e): "* ESEARCH count=\(e.count.map(String.init) ?? "-")"
        case .id: "* ID"
        case .unknown(let line): "unknown: \(ResponseFramer.prefixText(Array(line.utf8.prefix(80))))"
        }
    }
}

extension FetchItem {
    var logName: String {
        switch self {
        case .uid(let uid): "UID \(uid)"
        case .flags: "FLAGS"
        case .internalDate: "INTERNALDATE"
        case .rfc822Size: "RFC822.SIZE"
        case .envelope: "ENVELOPE"
        case .bodyStructure: "BODYSTRUCTURE"
        case .body(let section, _, let data): "BODY[\(section)] <\(data?.count ?? 0) bytes>"
        case .binary(_, let data): "BINARY <\(data?.count ?? 0) bytes>"
        case .modSeq: "MODSEQ"
        case .gmailMessageID: "X-GM-MSGID"
        case .gmailThreadID: "X-GM-THRID"
        case .gmailLabels: "X-GM-LABELS"
        case .other(let name): name
        }
    }
}
