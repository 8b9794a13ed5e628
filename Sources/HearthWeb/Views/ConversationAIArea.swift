import Foundation
import HearthAI
import HearthCore

/// The AI parts of a conversation (spec §5.4.1, §5.6.3, §5.6.4): the summary at the top and the
/// suggested replies at the bottom. Only rendered when a chat model is installed. Both are
/// plain forms (POST `/ai/summary/ID`, `/ai/replies/ID`) that the script turns into requests
/// made after the page is shown; model text is always escaped here and set as `textContent`
/// by the script — it is untrusted output derived from untrusted mail.
struct ConversationAIArea {
    /// The cached summary when it still describes the thread.
    var summary: String?
    /// No valid summary yet and the thread has 3+ messages: the script asks for one at once
    /// (spec §5.6.4: automatic for such threads); otherwise the user presses "Summarize".
    var summarizeAutomatically: Bool
    /// Where the no-script form returns to.
    var returnURL: String

    func summaryHTML(thread: ThreadID, csrfToken: String) -> String {
        var html = "<section class=\"ai-summary\" id=\"ai-summary\" aria-labelledby=\"ai-summary-title\" data-thread=\"\(thread.rawValue)\""
            + (summarizeAutomatically ? " data-auto=\"1\"" : "") + ">"
        if let summary {
            html += "<h3 id=\"ai-summary-title\">Summary</h3><p class=\"summary-text\">\(HTML.escape(summary))</p>"
            html += "<p class=\"hint\">Written on this device by the local model.</p>"
        } else {
            html += "<h3 id=\"ai-summary-title\" class=\"visually-hidden\">Summary</h3>"
            html += "<form method=\"post\" action=\"/ai/summary/\(thread.rawValue)\" class=\"inline-form ai-form\" id=\"summarize-form\">\(HTML.csrfField(csrfToken))"
            html += "<input type=\"hidden\" name=\"return\" value=\"\(HTML.escape(returnURL))\">"
            html += "<button class=\"button subtle\" type=\"submit\" id=\"summarize-button\">Summarize this conversation</button></form>"
            html += "<p class=\"ai-status\" role=\"status\" aria-live=\"polite\"></p>"
        }
        return html + "</section>"
    }

    func repliesHTML(thread: ThreadID, csrfToken: String) -> String {
        var html = "<section class=\"smart-replies\" id=\"smart-replies\" aria-labelledby=\"smart-replies-title\" data-thread=\"\(thread.rawValue)\">"
        html += "<h3 id=\"smart-replies-title\">Suggested replies</h3>"
        html += "<form method=\"post\" action=\"/ai/replies/\(thread.rawValue)\" class=\"inline-form ai-form\" id=\"suggest-form\">\(HTML.csrfField(csrfToken))"
        html += "<button class=\"button subtle\" type=\"submit\" id=\"suggest-button\">Suggest replies</button></form>"
        html += "<ul class=\"smart-reply-list\" id=\"smart-reply-list\" hidden></ul>"
        html += "<p class=\"ai-status\" role=\"status\" aria-live=\"polite\"></p>"
        return html + "</section>"
    }
}

extension WebApp {
    /// The AI areas of a conversation, or nil when no chat model is installed.
    func aiArea(_ id: ThreadID, emails: [Email], location: MailLocation) -> ConversationAIArea? {
        guard ai.isAvailable else { return nil }
        let cached = ConversationAI.cachedSummary(id, emails: emails, store: store)
        return ConversationAIArea(summary: cached,
                                  summarizeAutomatically: cached == nil && emails.count >= ThreadSummaryService.automaticThreshold,
                                  returnURL: location.url())
    }
}
