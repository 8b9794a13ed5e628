import Foundation
import HearthCore
import HearthSafety

/// The right column (spec product §5.4): every message oldest first, every unread one and the
/// newest open (HearthApp's `ConversationState` decides), the read ones collapsed; each body in a sandboxed frame (HearthSafety's rendering
/// contract), with the blocked-images bar, tracker count and attachments with their warnings.
/// `conversation.mustache`.
struct ConversationView {
    struct Message {
        var email: Email
        var attachments: [(attachment: Attachment, assessment: AttachmentAssessment)]
        var expanded: Bool
        var frameURL: String
        var remoteImagesBlocked: Int
        var trackersBlocked: Int
        var remoteLoaded: Bool
        var senderAlwaysAllowed: Bool
        /// Rough height of the body, so the frame (which cannot size itself: no scripts run in
        /// it) starts close to right; the user can resize it.
        var sizeClass: String
        /// Plain text or HTML without colours of its own: shown in the dark theme's colours
        /// when that theme is on (the frame document carries them; the page matches its card).
        var followsTheme: Bool
    }

    var thread: MailThread
    var messages: [Message]
    var location: MailLocation
    var csrfToken: String
    /// The AI areas (summary at the top, suggested replies at the bottom); nil when no model is
    /// installed: then the page has no AI markup at all.
    var ai: ConversationAIArea?
    /// "Move to…": the folders of the conversation's account.
    var moveMenu: MoveMenu?

    struct CategoryChoice { var value: String; var label: String; var current: Bool }
    struct Action { var threadID: Int64; var fromFolder: Int64?; var returnURL: String; var domID: String; var action: String; var label: String }
    struct AttachmentItem { var name: String; var type: String; var size: String; var warnings: [String]; var risky: Bool; var downloadURL: String; var previewURL: String? }
    struct Privacy { var trackers: String?; var blockedText: String?; var loadImagesURL: String; var senderAllowed: Bool }
    struct MessageItem {
        var emailID: Int64
        var unread: Bool
        var expanded: Bool
        var avatarSlot: Int
        var initials: String
        var senderName: String
        var senderFull: String
        var senderAddress: String
        var isoDate: String
        var longDate: String
        var snippet: String
        var to: String?
        var cc: String?
        var privacy: Privacy?
        var sizeClass: String
        var sandbox: String
        var frameURL: String
        var attachments: [AttachmentItem]
        var hasAttachments: Bool
    }

    struct Model {
        var id: Int64
        var subject: String
        var listURL: String
        var returnURL: String
        var replyURL: String, replyAllURL: String, forwardURL: String
        var actions: [Action]
        var fromFolder: Int64?
        var move: MoveMenu.Model?
        /// "Category…": the five tabs, the conversation's own marked (spec §5.6.2, the user's override).
        var categories: [CategoryChoice]
        var csrfToken: String
        var ai: ConversationAIArea.Model?
        var messages: [MessageItem]
    }

    static func categoryChoices(current: AICategory) -> [CategoryChoice] {
        [(AICategory.primary, "Primary"), (.social, "Social"), (.promotions, "Promotions"), (.updates, "Updates"), (.forums, "Forums")]
            .map { CategoryChoice(value: $0.0.rawValue, label: $0.1, current: $0.0 == current) }
    }

    func render() -> String {
        guard let model else { return "" }
        return Templates.render("conversation", model)
    }

    var model: Model? {
        guard let id = thread.id else { return nil }
        let compose = { (mode: String) in HTML.url("/compose", [("thread", String(id.rawValue)), ("mode", mode)]) }
        let star: (String, String) = thread.isStarred ? ("unstar", "Unstar") : ("star", "Star")
        let specs: [(action: String, label: String, domID: String)] = [
            (star.0, star.1, "star-button"), ("archive", "Archive", "archive-button"),
            ("trash", "Delete", "delete-button"), ("unread", "Mark unread", "unread-button"),
        ]
        let leavesConversation: Set<String> = ["archive", "trash", "unread"]
        let actions: [Action] = specs.map { spec in
            Action(threadID: id.rawValue, fromFolder: location.folder?.rawValue,
                   returnURL: leavesConversation.contains(spec.action) ? location.listURL : location.url(),
                   domID: spec.domID, action: spec.action, label: spec.label)
        }
        let subject = thread.subject.isEmpty ? "(no subject)" : thread.subject
        let items: [MessageItem] = messages.compactMap(item)
        let aiModel: ConversationAIArea.Model? = ai?.model(thread: id)
        return Model(id: id.rawValue, subject: subject, listURL: location.listURL,
                     returnURL: location.url(), replyURL: compose("reply"), replyAllURL: compose("all"), forwardURL: compose("forward"),
                     actions: actions, fromFolder: location.folder?.rawValue, move: moveMenu?.model(menuID: "move-menu"),
                     categories: Self.categoryChoices(current: thread.aiCategory),
                     csrfToken: csrfToken, ai: aiModel, messages: items)
    }

    private func item(_ message: Message) -> MessageItem? {
        let email = message.email
        guard let id = email.id else { return nil }
        let sender = email.from ?? EmailAddress(address: "unknown")
        let date = email.dateSent ?? email.dateReceived
        var privacy = Privacy(trackers: nil, blockedText: nil, loadImagesURL: location.url() + "&remote=\(id.rawValue)", senderAllowed: false)
        if message.trackersBlocked > 0 {
            privacy.trackers = "\(message.trackersBlocked) tracker\(message.trackersBlocked == 1 ? "" : "s") blocked"
        }
        if message.remoteImagesBlocked > 0 && !message.remoteLoaded {
            privacy.blockedText = "\(message.remoteImagesBlocked) remote image\(message.remoteImagesBlocked == 1 ? "" : "s") blocked to protect your privacy."
        } else if message.remoteLoaded && message.senderAlwaysAllowed {
            privacy.senderAllowed = true
        }
        let showPrivacy = privacy.trackers != nil || privacy.blockedText != nil || privacy.senderAllowed
        let attachments = message.attachments.compactMap { attachment, assessment -> AttachmentItem? in
            guard let aid = attachment.id else { return nil }
            let base = "/attachment/\(attachment.emailID.rawValue)/\(aid.rawValue)"
            let preview: String? = assessment.preview != nil ? base + "?preview=1" : nil
            let warnings: [String] = assessment.warnings.map(\.message)
            let size = Display.bytes(Int64(attachment.sizeBytes))
            return AttachmentItem(name: assessment.displayName, type: attachment.mimeType, size: size,
                                  warnings: warnings, risky: !warnings.isEmpty, downloadURL: base, previewURL: preview)
        }
        let to: String? = email.to.isEmpty ? nil : email.to.map(\.formatted).joined(separator: ", ")
        let cc: String? = email.cc.isEmpty ? nil : email.cc.map(\.formatted).joined(separator: ", ")
        let privacyShown: Privacy? = showPrivacy ? privacy : nil
        return MessageItem(
            emailID: id.rawValue, unread: !email.isRead, expanded: message.expanded, avatarSlot: Display.avatarSlot(sender.address),
            initials: Display.initials(sender), senderName: sender.displayName, senderFull: sender.formatted, senderAddress: sender.address,
            isoDate: Display.isoDate(date), longDate: Display.longDate(date), snippet: email.snippet, to: to, cc: cc,
            privacy: privacyShown, sizeClass: message.sizeClass + (message.followsTheme ? " follows-theme" : ""), sandbox: RenderingContract.sandbox,
            frameURL: message.frameURL, attachments: attachments, hasAttachments: !attachments.isEmpty)
    }
}
