import Foundation
import HearthCore
import HearthMIME

/// The message a Reply, Reply all or Forward starts from, the same in the CLI, the web composer
/// and a SwiftUI sheet: it answers the newest message of the conversation that is not a draft
/// (or the one picked), is sent from the account the conversation belongs to, and a forward
/// carries the original's attachments — fetched from the server when only it has the source.
public struct ReplyDrafts: Sendable {
    public enum Kind: Sendable, Equatable {
        case reply, replyAll
        case forward(ForwardStyle)
    }

    public enum ForwardStyle: Sendable, Equatable { case inline, attachment }

    /// The draft, the account it goes from, and a note when something could not be included.
    public struct Draft: Sendable {
        public var message: ComposedMessage
        public var account: Account
        public var original: Email
        /// e.g. "the original's attachments are not included: …" (inline forward while offline).
        public var note: String?
    }

    let context: AppContext
    let content: MailContent

    public init(_ context: AppContext, content: MailContent? = nil) {
        self.context = context; self.content = content ?? MailContent(context)
    }

    /// The message of `thread` to answer: `message` when given (it must be in the thread), else
    /// the newest one that is not a draft.
    public func original(in thread: ThreadID, message: EmailID? = nil) throws(AppError) -> Email {
        let emails = try storeCall { () throws(StoreError) in try context.store.emails(inThread: thread) }
        guard let newest = emails.last else { throw .notFound("no conversation \(thread.rawValue)") }
        if let message {
            guard let match = emails.first(where: { $0.id == message }) else {
                throw .notFound("message \(message.rawValue) is not in conversation \(thread.rawValue)")
            }
            return match
        }
        return Self.messageToAnswer(among: emails) ?? newest
    }

    /// The message a reply to a conversation answers when none is picked: the newest that is not
    /// a draft (a draft is the user's unfinished answer, not something to answer). The one rule
    /// for Reply, the suggested replies and the conversation screen.
    public static func messageToAnswer(among emails: [Email]) -> Email? {
        emails.last { !$0.isDraft } ?? emails.last
    }

    /// Builds the draft. `body` goes above the quote (a smart reply the user picked, or text
    /// typed on the command line); `to` are a forward's recipients. A forward fetches the
    /// original from the server when only it has the source.
    public func make(_ kind: Kind, thread: ThreadID, message: EmailID? = nil, body: String = "", quote: Bool = true,
                     to recipients: [EmailAddress] = []) async throws(AppError) -> Draft {
        let original = try original(in: thread, message: message)
        guard case .forward(let style) = kind, let id = original.id else {
            return try make(kind, original: original, raw: nil, body: body, quote: quote, to: recipients)
        }
        do {
            return try make(kind, original: original, raw: try await content.rawSource(of: id), body: body, quote: quote, to: recipients)
        } catch let error where error.kind != .invalidInput {
            // As an attachment the original is the point; inline, only its files are lost.
            if style == .attachment { throw error }
            var draft = try make(kind, original: original, raw: nil, body: body, quote: quote, to: recipients)
            draft.note = "the original's attachments are not included: \(error.message)"
            return draft
        }
    }

    /// Builds the draft from what is at hand now, without the network: a forward carries the
    /// original's attachments only when its source is stored (imported and sent mail).
    public func makeLocally(_ kind: Kind, thread: ThreadID, message: EmailID? = nil, body: String = "",
                            to recipients: [EmailAddress] = []) throws(AppError) -> Draft {
        let original = try original(in: thread, message: message)
        let raw = try original.id.flatMap { id throws(AppError) in
            try storeCall { () throws(StoreError) in try context.store.rawSource(of: id) }
        }
        return try make(kind, original: original, raw: raw, body: body, quote: true, to: recipients)
    }

    func make(_ kind: Kind, original: Email, raw: Data?, body: String, quote: Bool, to recipients: [EmailAddress]) throws(AppError) -> Draft {
        guard let account = try storeCall({ () throws(StoreError) in try context.store.account(original.accountID) }) else {
            throw .notFound("the conversation's account is gone")
        }
        let me = EmailAddress(name: account.displayName == account.email ? nil : account.displayName, address: account.email)
        switch kind {
        case .reply, .replyAll:
            let reply = ReplyBuilder.reply(to: OriginalMessage(original, raw: nil), from: me, all: kind == .replyAll, body: body, quote: quote)
            return Draft(message: reply, account: account, original: original)
        case .forward(let style):
            do {
                let forward = try ReplyBuilder.forward(OriginalMessage(original, raw: raw), from: me,
                                                       style: style == .attachment ? .attachment : .inline, to: recipients, body: body)
                return Draft(message: forward, account: account, original: original)
            } catch { throw .notFound(error.description) }
        }
    }
}
