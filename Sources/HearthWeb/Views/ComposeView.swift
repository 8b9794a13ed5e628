import Foundation
import HearthApp
import HearthCore

/// The composer (spec product §5.5): From, To/Cc/Bcc with local autocomplete, subject, the
/// body as formatted text (bold, italic, links; `composer.js` edits it, HearthApp's
/// `ComposerFormatting` reads it back through an allow-list; a plain textarea without script),
/// attachments (picker and drag-and-drop), autosave every 30 s, send with the undo window.
struct ComposeView {
    var message: ComposedMessage
    var accounts: [Account]
    var accountID: AccountID?
    var draftID: EmailID?
    var csrfToken: String
    var undoSeconds: Int
    var notice: String?
    var error: String?
    var existingAttachments: [ComposedAttachment] = []
    /// A reply to this conversation with a chat model installed: suggested replies are offered
    /// above the body (spec §5.5.3), fetched after the composer is shown.
    var smartRepliesFor: ThreadID? = nil
    /// The replied-to message is machine or broadcast mail (`SmartReplyOffer`): the suggestions
    /// wait for "Suggest replies" instead of being generated as the composer opens.
    var smartRepliesOnRequest = false
    var closeURL: String? = nil
    var popOutURL: String? = nil

    struct AccountOption { var id: Int64; var label: String; var selected: Bool }
    struct Kept { var index: Int; var filename: String; var size: String }

    struct Model {
        var heading: String
        var notice: String?
        var error: String?
        var csrfToken: String
        var undoSeconds: Int
        var undoHint: String
        var draftID: String
        var inReplyTo: String
        var references: String
        var messageID: String
        var accounts: [AccountOption]
        var to: String, cc: String, bcc: String
        var subject: String
        var body: String
        /// The editor's starting content: `RichText.html`, which escapes all text and can only
        /// hold its own few tags, so it is inserted as it is (`{{{editorHTML}}}`).
        var editorHTML: String
        /// What the plain textarea sends without the script: a `--markup` draft stays markup.
        var format: String
        var smartRepliesFor: Int64?
        var smartRepliesOnRequest: Bool
        var kept: [Kept]
        var hasKept: Bool
        /// Cc/Bcc start hidden unless they hold something (a reply-all's Cc).
        var showCcBcc: Bool
        /// Beside a conversation: where "Close" goes, and the pop-out window's address.
        var closeURL: String?
        var popOutURL: String?
    }

    var model: Model {
        let options = accounts.filter { $0.authType != .local || accounts.count == 1 }.compactMap { account -> AccountOption? in
            guard let id = account.id else { return nil }
            let plain = account.displayName.isEmpty || account.displayName == account.email
            let label: String = plain ? account.email : "\(account.displayName) <\(account.email)>"
            return AccountOption(id: id.rawValue, label: label, selected: id == accountID)
        }
        func list(_ addresses: [EmailAddress]) -> String { addresses.map(\.formatted).joined(separator: ", ") }
        let kept = existingAttachments.enumerated().map { Kept(index: $0.offset, filename: $0.element.filename, size: Display.bytes(Int64($0.element.data.count))) }
        var heading = "Reply"
        if message.inReplyTo == nil { heading = message.subject.hasPrefix("Fwd:") ? "Forward" : "New message" }
        let undoHint = undoSeconds > 0 ? "After Send you have \(undoSeconds) seconds to undo." : "Undo send is off (Settings)."
        let draft: String = draftID.map { String($0.rawValue) } ?? ""
        let inReplyTo: String = message.inReplyTo ?? ""
        let messageID: String = message.messageID ?? ""
        return Model(
            heading: heading, notice: notice, error: error, csrfToken: csrfToken, undoSeconds: undoSeconds, undoHint: undoHint,
            draftID: draft, inReplyTo: inReplyTo, references: message.references.joined(separator: " "), messageID: messageID,
            accounts: options, to: list(message.to), cc: list(message.cc), bcc: list(message.bcc), subject: message.subject,
            body: message.body, editorHTML: ComposerFormatting.richText(of: message).html,
            format: message.bodyFormat == .markup ? "markup" : "plain", smartRepliesFor: smartRepliesFor?.rawValue,
            smartRepliesOnRequest: smartRepliesOnRequest, kept: kept, hasKept: !kept.isEmpty, showCcBcc: !message.cc.isEmpty || !message.bcc.isEmpty,
            closeURL: closeURL, popOutURL: popOutURL)
    }

    func render() -> String { Templates.render("compose", model) }
}

/// The outbox (proposal §3.5): what is waiting, sending, failed, or in its undo window.
/// `outbox.mustache`.
struct OutboxView {
    var entries: [OutboxEntry]
    var csrfToken: String
    var now = Date()

    struct Button { var verb: String; var label: String }
    struct Entry {
        var id: Int64, state: String, subject: String, to: String, status: String
        var error: String?
        var editLink: Bool
        var buttons: [Button]
    }
    struct Model { var csrfToken: String; var entries: [Entry]; var hasEntries: Bool }

    func render() -> String {
        let items = entries.map { entry -> Entry in
            let to = entry.message.to.map(\.displayName).joined(separator: ", ")
            var buttons: [Button] = []
            var edit = false
            switch (entry.phase, entry.sendState) {
            case (.undo, _): buttons = [Button(verb: "undo", label: "Undo")]
            case (_, .failed), (_, .retryWait): buttons = [Button(verb: "retry", label: "Retry"), Button(verb: "edit", label: "Edit"), Button(verb: "discard", label: "Discard")]
            case (.draft, _): edit = true; buttons = [Button(verb: "discard", label: "Discard")]
            case (_, .queued): buttons = [Button(verb: "edit", label: "Edit"), Button(verb: "discard", label: "Discard")]
            default: break
            }
            let subject = entry.message.subject.isEmpty ? "(no subject)" : entry.message.subject
            let recipients = to.isEmpty ? "(nobody yet)" : to
            return Entry(id: entry.emailID.rawValue, state: entry.sendState.rawValue, subject: subject, to: recipients,
                         status: entry.status(now: now), error: entry.lastError, editLink: edit, buttons: buttons)
        }
        return Templates.render("outbox", Model(csrfToken: csrfToken, entries: items, hasEntries: !items.isEmpty))
    }
}
