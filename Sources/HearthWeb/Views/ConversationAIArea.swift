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
    /// False when only a stored summary is shown (no model installed now): no forms, no replies.
    var modelInstalled: Bool = true

    /// What `ai-summary.mustache` and `ai-replies.mustache` read.
    struct Model {
        var threadID: Int64
        var summary: String?
        var summarizeAutomatically: Bool
        var aiReturnURL: String
        var modelInstalled: Bool
    }

    func model(thread: ThreadID) -> Model {
        Model(threadID: thread.rawValue, summary: summary, summarizeAutomatically: summarizeAutomatically, aiReturnURL: returnURL,
              modelInstalled: modelInstalled)
    }
}

extension WebApp {
    /// The AI areas of a conversation. Without a chat model: only a summary stored earlier that
    /// still describes the thread (it is on disk and costs nothing to show), else nil.
    func aiArea(_ id: ThreadID, emails: [Email], location: MailLocation) -> ConversationAIArea? {
        let cached = ConversationAI.cachedSummary(id, emails: emails, store: store)
        guard ai.isAvailable else {
            return cached.map { ConversationAIArea(summary: $0, summarizeAutomatically: false, returnURL: location.url(), modelInstalled: false) }
        }
        return ConversationAIArea(summary: cached,
                                  summarizeAutomatically: cached == nil && emails.count >= ThreadSummaryService.automaticThreshold,
                                  returnURL: location.url())
    }
}
