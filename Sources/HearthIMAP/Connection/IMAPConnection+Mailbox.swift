/// Typed helpers over `execute` for what the sync engine does most. Each uses an extension
/// only when the server advertises it and falls back otherwise.
extension IMAPConnection {
    /// LIST with special-use attributes (`RETURN (SPECIAL-USE)` when SPECIAL-USE is
    /// advertised; plain LIST still carries them on most servers).
    public func listMailboxes(reference: String = "", pattern: String = "*") async throws -> [MailboxListItem] {
        let result = try await execute(.list(reference: reference, pattern: pattern,
                                              returnOptions: ListReturnOptions(specialUse: true)))
        return result.untagged.compactMap { if case .list(let item) = $0 { item } else { nil } }
    }

    /// ENABLE for the subset of `wanted` that is advertised (and only if ENABLE is). Returns
    /// what the server enabled.
    @discardableResult
    public func enable(_ wanted: [Capability]) async throws -> Set<Capability> {
        let available = wanted.filter { capabilities.contains($0) }
        guard capabilities.contains(.enable), !available.isEmpty else { return [] }
        let result = try await execute(.enable(available))
        var enabled = Set<Capability>()
        for case .enabled(let list) in result.untagged { enabled.formUnion(list) }
        return enabled
    }

    /// SELECT (or EXAMINE when `readOnly`) with CONDSTORE when advertised, or QRESYNC
    /// parameters when given and QRESYNC is advertised (ENABLE QRESYNC first).
    public func select(_ mailbox: MailboxName, readOnly: Bool = false,
                       qresync: SelectParameters.QResync? = nil) async throws -> MailboxSelection {
        var parameters = SelectParameters()
        if let qresync, capabilities.contains(.qresync) {
            parameters.qresync = qresync
        } else if capabilities.contains(.condStore) {
            parameters.condStore = true
        }
        let command: IMAPCommand = readOnly ? .examine(mailbox, parameters) : .select(mailbox, parameters)
        let result = try await execute(command)
        return MailboxSelection(mailbox: mailbox, responses: result.untagged, completion: result.completion)
    }

    /// UID SEARCH; uses ESEARCH's compact `RETURN (ALL)` when advertised, else plain SEARCH.
    /// Returns UIDs ascending.
    public func uidSearch(_ key: SearchKey) async throws -> [UInt32] {
        let useESearch = capabilities.contains(.esearch)
        let result = try await execute(.uidSearch(key, returning: useESearch ? [.all] : nil))
        var uids: [UInt32] = []
        for response in result.untagged {
            switch response {
            case .search(let numbers, _): uids.append(contentsOf: numbers)
            case .esearch(let e): uids.append(contentsOf: e.all?.numbers() ?? [])
            default: break
            }
        }
        var sorted = uids.sorted()
        sorted.removeDuplicatesInSortedArray()
        return sorted
    }

    /// UID FETCH streaming each message to `onMessage` as it arrives; VANISHED responses go to
    /// `onVanished`. Gmail attributes are dropped unless X-GM-EXT-1 is advertised, MODSEQ and
    /// CHANGEDSINCE unless CONDSTORE is, VANISHED unless QRESYNC is.
    public func uidFetch(_ uids: SequenceSet, attributes: [FetchAttribute], modifiers: FetchModifiers = .none,
                         onMessage: @Sendable (FetchedMessage) async throws -> Void,
                         onVanished: @Sendable (SequenceSet) async throws -> Void = { _ in }) async throws -> TaggedStatus {
        let gmail: Set<FetchAttribute> = [.gmailMessageID, .gmailThreadID, .gmailLabels]
        var usable = attributes
        if !capabilities.contains(.gmailExtensions) { usable.removeAll { gmail.contains($0) } }
        if !capabilities.contains(.condStore) { usable.removeAll { $0 == .modSeq } }
        var mods = modifiers
        if !capabilities.contains(.condStore) { mods.changedSince = nil }
        if !capabilities.contains(.qresync) || mods.changedSince == nil { mods.vanished = false }
        return try await execute(.uidFetch(uids, usable, mods)) { response in
            switch response {
            case .fetch(let seq, let items): try await onMessage(FetchedMessage(sequence: seq, items: items))
            case .vanished(_, let set): try await onVanished(set)
            default: break
            }
        }
    }
}
