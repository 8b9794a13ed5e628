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
    /// The newest message is one people answer (HearthApp `ConversationState`, `SmartReplyOffer`):
    /// the script asks for suggestions at once; otherwise only when "Suggest replies" is pressed.
    var suggestRepliesNow: Bool
    /// False when the user wrote the newest message (`ConversationState.AIReplies.notOffered`):
    /// the suggested replies are left out, button and all.
    var offerReplies: Bool = true
    /// Where the no-script form returns to.
    var returnURL: String

    /// What `ai-summary.mustache` and `ai-replies.mustache` read.
    struct Model {
        var threadID: Int64
        var summary: String?
        var summarizeAutomatically: Bool
        var suggestRepliesNow: Bool
        var offerReplies: Bool
        var aiReturnURL: String
    }

    func model(thread: ThreadID) -> Model {
        Model(threadID: thread.rawValue, summary: summary, summarizeAutomatically: summarizeAutomatically,
              suggestRepliesNow: suggestRepliesNow, offerReplies: offerReplies, aiReturnURL: returnURL)
    }
}

extension WebApp {
    /// The AI areas of a conversation, or nil when no chat model is installed (deleting the model
    /// takes the AI areas away, stored summaries included: docs/web.md, Settings › AI models).
    /// A stored summary that still describes the thread is part of the page: visible on open.
    func aiArea(_ id: ThreadID, emails: [Email], location: MailLocation, suggestRepliesNow: Bool, offerReplies: Bool = true) -> ConversationAIArea? {
        guard ai.isAvailable else { return nil }
        let cached = ConversationAI.cachedSummary(id, emails: emails, store: store)
        return ConversationAIArea(summary: cached,
                                  summarizeAutomatically: cached == nil && emails.count >= ThreadSummaryService.automaticThreshold,
                                  suggestRepliesNow: suggestRepliesNow, offerReplies: offerReplies, returnURL: location.url())
    }
}
