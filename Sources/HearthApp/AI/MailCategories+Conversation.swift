import Foundation
import HearthAI
import HearthCore
import HearthStore

extension MailCategories {
    /// The user moves a whole conversation to `category` (Gmail's "Move to tab"). The correction
    /// — and with it the preference for the sender's next mail — is recorded on the newest
    /// message someone else wrote (the user's own replies say nothing about that sender); every
    /// other message of the conversation gets the category too, since a conversation's tab is its
    /// newest message's. Returns the message the preference was learnt from.
    @discardableResult
    public static func recategorizeConversation(_ thread: ThreadID, to category: AICategory, store: MailStore,
                                                embedder: (any TextEmbedder)?) async throws -> Email {
        let emails = try store.emails(inThread: thread).filter { !$0.isDraft }
        let own = Set(try store.accounts().map { $0.email.lowercased() })
        let fromOthers = emails.last { email in email.from.map { !own.contains($0.address.lowercased()) } ?? false }
        guard let learnt = fromOthers ?? emails.last, let learntID = learnt.id else {
            throw AppError.notFound("That conversation no longer exists (it may have been deleted).")
        }
        let email = try await recategorize(learntID, to: category, store: store, embedder: embedder)
        try store.assignCategories(emails.compactMap(\.id).filter { $0 != learntID }.map {
            CategoryAssignment(emailID: $0, category: category, confidence: 1, source: .user)
        })
        return email
    }
}
