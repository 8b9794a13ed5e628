import HearthCore

/// A conversation list as a screen binds it: which mailbox it shows, the rows loaded so far
/// (newest first, keyset pages), the selection and whether more can be loaded. Loading is the
/// `ThreadList` use case; this value only changes through `reduce`.
public struct ThreadListState: Sendable, Equatable {
    public var query: ThreadQuery
    public var threads: [MailThread] = []
    public var selected: ThreadID?
    /// False once a page came back shorter than the page size.
    public var canLoadMore = true
    public var isLoading = false
    public var error: String?

    public init(query: ThreadQuery = ThreadQuery()) { self.query = query }

    public enum Action: Sendable, Equatable {
        /// Show another mailbox: the list starts again from the newest.
        case show(ThreadQuery)
        case loading
        /// A page arrived for `before` (nil: the first page).
        case loaded([MailThread], before: ThreadCursor?)
        case failed(String)
        case select(ThreadID?)
        /// The store changed (new mail, a sync): reload the first page, keep the selection.
        case refresh
    }

    /// Where the next page starts.
    public var nextCursor: ThreadCursor? {
        guard canLoadMore, let last = threads.last, let id = last.id else { return nil }
        return ThreadCursor(latestDate: last.latestDate, threadID: id)
    }

    public mutating func reduce(_ action: Action) {
        switch action {
        case .show(let query):
            self.query = query; threads = []; selected = nil; canLoadMore = true; error = nil
        case .loading:
            isLoading = true
        case .loaded(let page, let before):
            isLoading = false; error = nil
            if before == nil { threads = page } else {
                let known = Set(threads.compactMap(\.id))
                threads += page.filter { $0.id.map { !known.contains($0) } ?? true }
            }
            canLoadMore = page.count >= query.limit
            if let selected, !threads.contains(where: { $0.id == selected }), before == nil { self.selected = nil }
        case .failed(let why):
            isLoading = false; error = why
        case .select(let id):
            selected = id
        case .refresh:
            canLoadMore = true
        }
    }
}

/// Loads pages of a thread list from the store.
public struct ThreadList: Sendable {
    let store: any ThreadRepository

    public init(store: any ThreadRepository) { self.store = store }

    /// The first page (`more` false) or the next one, folded into `state`.
    public func load(_ state: inout ThreadListState, more: Bool = false) {
        let before = more ? state.nextCursor : nil
        if more && before == nil { return }
        try? load(&state, from: before)
    }

    /// The page that starts after `cursor` (nil: the newest), folded into `state`; a failure is
    /// both kept in the state (for a screen to show) and thrown (for a front end that reports it
    /// as a typed error — the CLI's exit codes, the web app's error page). Front ends that keep
    /// nothing between pages (the web app, `hearth threads --before`) restore the position from
    /// the cursor they printed.
    public func load(_ state: inout ThreadListState, from cursor: ThreadCursor?) throws(StoreError) {
        state.reduce(.loading)
        var query = state.query
        query.before = cursor
        do {
            state.reduce(.loaded(try store.threads(query), before: cursor))
        } catch {
            state.reduce(.failed(error.description))
            throw error
        }
    }
}
