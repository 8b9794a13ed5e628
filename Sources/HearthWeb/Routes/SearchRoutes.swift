import Foundation
import HearthApp
import HearthCore
import HearthSearch

/// `GET /search?q=…[&folder=ID][&record=1][&partial=1]`: HearthSearch's hybrid search, results
/// grouped by conversation. The semantic side uses `services.embedder` (the installed model,
/// loaded on the first query that can use it); without one, or when it fails, search is
/// keyword-only and says nothing (E-04).
extension WebApp {
    /// What search-as-you-type waits for the query vector before it shows keyword results.
    static let typingQueryVectorWait: Duration = .milliseconds(1500)

    func searchPage(_ request: WebRequest) async throws -> WebResponse {
        let text = (request.query("q") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let folder = request.query("folder").flatMap(Int64.init).map(FolderID.init(rawValue:))
        var view = SearchView(text: text, scopeFolder: folder, csrfToken: policy.csrfToken)
        if let folder { view.scopeFolderName = try store.folder(folder)?.name }
        // While the search model has not embedded everything yet, the screen says how much of
        // the mailbox smart search covers (gone once it is all done).
        let embedder = await services.embedder?()
        view.smartSearch = SmartSearchProgress(index: search.indexManager).status(model: embedder?.modelIdentifier)?.sentence
        if text.isEmpty {
            view.zero = try? ZeroState.load(store: store)
        } else {
            do {
                // Typing (partial=1) never waits on a model busy with background AI work.
                let wait: Duration? = request.query("partial") != nil ? Self.typingQueryVectorWait : nil
                view.response = try await search.search(text, options: .init(scope: folder.map { .folder($0) } ?? .allMail, limit: 100,
                                                                             queryVectorWait: wait),
                                                        embedder: embedder)
            } catch {
                throw WebError.unavailable("Search failed: \(error)")
            }
            if request.query("record") == "1" { try? RecentSearches(settings: store).record(text) }
        }
        if request.query("partial") != nil { return .html(view.render()) }
        let shell = PageShell(title: text.isEmpty ? "Search" : "Search: \(text)", csrfToken: policy.csrfToken, theme: theme,
                              bodyClass: "mail search", searchText: text, searchScopeFolder: folder)
        return .html(shell.render(sidebar: try sidebar(MailLocation(box: "all"), accounts: try store.accounts()),
                                  main: view.render() + conversationPane(nil)))
    }
}
