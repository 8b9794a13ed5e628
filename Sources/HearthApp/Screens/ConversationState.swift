import HearthCore

/// One conversation as a screen binds it: its messages oldest first, which are expanded (the
/// unread ones and the newest, like every mail app), and the AI summary and smart replies with
/// their loading states (absent without a model, never blocking the messages).
public struct ConversationState: Sendable, Equatable {
    public var thread: MailThread?
    public var messages: [Email] = []
    public var expanded: Set<EmailID> = []
    public var summary: AIText = .unavailable
    public var smartReplies: AIReplies = .unavailable

    public enum AIText: Sendable, Equatable { case unavailable, loading, ready(String), failed(String) }
    /// `onRequest`: a model is installed but the newest message is not one people answer
    /// (`SmartReplyOffer`), so the screen shows a "Suggest replies" button and computes nothing.
    /// `notOffered`: the user wrote the newest message, so there is nothing to answer
    /// (`SuggestedReplies` would say so): no suggestions and no button, as in Gmail.
    public enum AIReplies: Sendable, Equatable { case unavailable, notOffered, onRequest, loading, ready([String]), failed(String) }

    public init() {}

    public enum Action: Sendable, Equatable {
        /// `ownAddress`: the account's address, so a thread the user answered last gets no
        /// suggestions unasked.
        case loaded(MailThread, [Email], aiAvailable: Bool, ownAddress: String? = nil)
        case toggle(EmailID)
        case expandAll
        case summary(AIText)
        case smartReplies(AIReplies)
    }

    public mutating func reduce(_ action: Action) {
        switch action {
        case .loaded(let thread, let emails, let aiAvailable, let ownAddress):
            let sameThread = self.thread?.id == thread.id
            self.thread = thread
            messages = emails
            let ids = Set(emails.compactMap(\.id))
            if sameThread {
                // A reload (new message in the thread) keeps what the user opened, plus the new unread.
                expanded = expanded.intersection(ids).union(emails.filter { !$0.isRead }.compactMap(\.id))
            } else {
                expanded = Set(emails.filter { !$0.isRead }.compactMap(\.id))
                if let last = emails.last?.id { expanded.insert(last) }
                summary = aiAvailable && emails.count >= 3 ? .loading : .unavailable
                let newest = ReplyDrafts.messageToAnswer(among: emails)
                let unasked = newest.map { SmartReplyOffer.suggestsUnasked(newest: $0, ownAddress: ownAddress) } ?? false
                let wroteLast = newest.map { SmartReplyOffer.isOwn($0, ownAddress: ownAddress) } ?? false
                smartReplies = !aiAvailable ? .unavailable : wroteLast ? .notOffered : unasked ? .loading : .onRequest
            }
        case .toggle(let id):
            if expanded.contains(id) { expanded.remove(id) } else { expanded.insert(id) }
        case .expandAll:
            expanded = Set(messages.compactMap(\.id))
        case .summary(let value):
            summary = value
        case .smartReplies(let value):
            smartReplies = value
        }
    }
}
