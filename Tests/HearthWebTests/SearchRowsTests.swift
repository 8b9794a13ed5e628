import Foundation
import HearthCore
@testable import HearthSearch
import Testing
@testable import HearthWeb

/// The search page's rows: a result found by meaning alone says so, one with the words does not.
@Suite("Web app: search rows")
struct SearchRowsTests {
    func result(_ id: Int64, subject: String, source: MatchSource) -> SearchResult {
        SearchResult(threadID: ThreadID(rawValue: id), emailID: EmailID(rawValue: id), accountID: AccountID(rawValue: 1), accountEmail: "me@example.com",
                     subject: HighlightedText(text: subject), senderName: "Ben Okafor", senderEmail: "ben@example.com",
                     date: Date(timeIntervalSince1970: 1_764_000_000), snippet: HighlightedText(text: "Amara is cooking."),
                     hasAttachment: false, score: 0.5, matchSource: source, matchedMessages: 1, threadMessageCount: 1)
    }

    @Test("a semantic-only result is badged Related; keyword and both are not; the snippet has its own line")
    func relatedBadge() {
        let response = SearchResponse(query: SearchQuery(raw: "dinner next week"),
                                      results: [result(1, subject: "Dinner at ours", source: .both),
                                                result(2, subject: "Board game night", source: .semantic),
                                                result(3, subject: "Dinner menu", source: .keyword)],
                                      usedSemantic: true, keywordHits: 2, semanticHits: 2, pendingEmbeddings: 0, seconds: 0.01)
        let html = SearchView(text: "dinner next week", response: response, csrfToken: "t").render()
        let rows = html.components(separatedBy: "<li class=\"thread-row\"").dropFirst()
        #expect(rows.count == 3)
        let badged = rows.map { $0.contains("badge related") }
        #expect(badged == [false, true, false], "only the result found by meaning is badged: \(badged)")
        #expect(rows.allSatisfy { $0.contains("<span class=\"snippet\">Amara is cooking.</span>") })
        #expect(!rows.contains { $0.contains("<span class=\"line\"><span class=\"subject\">Dinner at ours</span> <span class=\"snippet\">") })
    }
}
