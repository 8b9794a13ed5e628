import Foundation
import HearthAI
import HearthCore
import HearthStore

/// Suggested replies to a conversation (spec §5.6.3), written once for every front end: `hearth
/// replies`, the web app's conversation view and composer, and the SwiftUI apps later. They
/// answer the message Reply answers (`ReplyDrafts.messageToAnswer`), so a picked suggestion lands
/// above the quote of the message it was written for. A conversation the user spoke last in has
/// nothing to answer: a suggestion would greet the user by their own name.
public enum SuggestedReplies {
    public struct Suggestions: Sendable {
        public var replies: [SmartReply]
        /// The message the replies answer.
        public var answering: Email
        /// Why there are none, in words for the user (nil when the model was asked).
        public var note: String?
        /// The model's raw output and costs (nil when the model was not asked).
        public var output: GenerationOutput?
    }

    /// Up to three replies (yes, a question, and a no to a request or a thanks to a note) to the conversation's newest message.
    public static func suggest(for thread: ThreadID, store: MailStore, generator: any TextGenerator) async throws -> Suggestions {
        let emails = try store.emails(inThread: thread)
        guard let message = ReplyDrafts.messageToAnswer(among: emails) else {
            throw AppError.notFound("There is no conversation \(thread.rawValue) (it may have been deleted).")
        }
        let accounts = try store.accounts()
        if accounts.contains(where: { SmartReplyOffer.isOwn(message, ownAddress: $0.email) }) {
            return Suggestions(replies: [], answering: message,
                               note: "You wrote the newest message: suggested replies answer someone else's.")
        }
        let subject = (try store.thread(thread))?.subject ?? message.subject
        // The reader: the account the message came to (a request named for someone else is not theirs).
        let reader = accounts.first { $0.id == message.accountID }?.email
        let (replies, output) = try await SmartReplyGenerator(generator: generator)
            .replies(to: ThreadMessageText(email: message), subject: subject, reader: reader)
        return Suggestions(replies: replies, answering: message,
                           note: replies.isEmpty ? "No reply was good enough to suggest." : nil, output: output)
    }
}
