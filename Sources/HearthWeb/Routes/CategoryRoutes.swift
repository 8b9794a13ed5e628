import Foundation
import HearthApp
import HearthCore

/// The user's override of a conversation's category (spec §5.6.2, Gmail's "Move to tab"):
/// HearthApp's `MailCategories.recategorizeConversation` does the work, as `hearth categorize
/// --email ID --set C` does for one message; the sender's next mail follows the choice.
extension WebApp {
    /// `POST /category`: `thread`, `category` (primary, social, promotions, updates, forums),
    /// optional `return`.
    func recategorize(_ request: WebRequest) async throws -> WebResponse {
        guard let thread = request.field("thread").flatMap(Int64.init) else {
            throw WebError.badRequest("Choose the conversation to move.")
        }
        guard let category = request.field("category").flatMap(AICategory.init(rawValue:)), category != .uncategorized else {
            throw WebError.badRequest("Choose one of Primary, Social, Promotions, Updates or Forums.")
        }
        let embedder = await services.embedder?()
        try await WebError.mapping {
            try await MailCategories.recategorizeConversation(ThreadID(thread), to: category, store: store, embedder: embedder)
        }
        hub.publish(.make("changed", ["action": "category", "threads": [thread]]))
        if request.wantsJSON { return .json(["category": category.rawValue]) }
        return .redirect(safeReturn(request.field("return")))
    }
}
