import Foundation
import HearthCore
import HearthSafety

/// The right column (spec product §5.4): every message oldest first, read ones collapsed and
/// the latest unread one open; each body in a sandboxed frame (HearthSafety's rendering
/// contract), with the blocked-images bar, tracker count and attachments with their warnings.
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
    }

    var thread: MailThread
    var messages: [Message]
    var location: MailLocation
    var csrfToken: String
    /// The AI areas (summary at the top, suggested replies at the bottom); nil when no model is
    /// installed: then the page has no AI markup at all.
    var ai: ConversationAIArea?

    func render() -> String {
        guard let id = thread.id else { return "" }
        let subject = thread.subject.isEmpty ? "(no subject)" : thread.subject
        let compose = { (mode: String) in HTML.href("/compose", [("thread", String(id.rawValue)), ("mode", mode)]) }
        var html = "<article class=\"conversation\" id=\"conversation\" data-thread=\"\(id.rawValue)\" aria-labelledby=\"conversation-subject\">"
        html += "<header class=\"conversation-header\">"
        html += "<a class=\"button subtle back-link\" href=\"\(HTML.escape(location.listURL))\" id=\"back-link\">← Back<span class=\"visually-hidden\"> to the list</span></a>"
        html += "<h2 id=\"conversation-subject\" tabindex=\"-1\">\(HTML.escape(subject))</h2>"
        html += "<div class=\"conversation-actions\" role=\"toolbar\" aria-label=\"Conversation actions\">"
        html += "<a class=\"button\" id=\"reply-link\" href=\"\(compose("reply"))\">Reply</a>"
        html += "<a class=\"button\" id=\"reply-all-link\" href=\"\(compose("all"))\">Reply all</a>"
        html += "<a class=\"button\" id=\"forward-link\" href=\"\(compose("forward"))\">Forward</a>"
        html += actionButton(thread.isStarred ? "unstar" : "star", thread.isStarred ? "Unstar" : "Star", id: "star-button")
        html += actionButton("archive", "Archive", id: "archive-button")
        html += actionButton("trash", "Delete", id: "delete-button")
        html += actionButton("unread", "Mark unread", id: "unread-button")
        html += "</div></header>"
        if let ai { html += ai.summaryHTML(thread: id, csrfToken: csrfToken) }
        html += "<ol class=\"messages\">"
        for message in messages { html += render(message) }
        html += "</ol>"
        if let ai { html += ai.repliesHTML(thread: id, csrfToken: csrfToken) }
        html += "<p class=\"conversation-footer\"><a class=\"button\" href=\"\(compose("reply"))\">Reply</a> <a class=\"button\" href=\"\(compose("all"))\">Reply all</a> <a class=\"button\" href=\"\(compose("forward"))\">Forward</a></p>"
        html += "</article>"
        return html
    }

    private func actionButton(_ action: String, _ label: String, id: String) -> String {
        let back = action == "archive" || action == "trash" || action == "unread" ? location.listURL : location.url()
        return "<form method=\"post\" action=\"/action\" class=\"inline-form\">\(HTML.csrfField(csrfToken))"
            + "<input type=\"hidden\" name=\"threads\" value=\"\(thread.id?.rawValue ?? 0)\">"
            + (location.folder.map { "<input type=\"hidden\" name=\"from\" value=\"\($0.rawValue)\">" } ?? "")
            + "<input type=\"hidden\" name=\"return\" value=\"\(HTML.escape(back))\">"
            + "<button class=\"button\" id=\"\(id)\" type=\"submit\" name=\"action\" value=\"\(action)\">\(label)</button></form>"
    }

    private func render(_ message: Message) -> String {
        let email = message.email
        guard let id = email.id else { return "" }
        let sender = email.from ?? EmailAddress(address: "unknown")
        let date = email.dateSent ?? email.dateReceived
        var html = "<li class=\"message\(email.isRead ? "" : " unread")\" id=\"message-\(id.rawValue)\" data-email=\"\(id.rawValue)\">"
        html += "<details\(message.expanded ? " open" : "")>"
        html += "<summary><span class=\"avatar a\(Display.avatarSlot(sender.address))\" aria-hidden=\"true\">\(HTML.escape(Display.initials(sender)))</span>"
        html += "<span class=\"from\">\(HTML.escape(sender.displayName))</span>"
        html += "<time datetime=\"\(Display.isoDate(date))\">\(HTML.escape(Display.longDate(date)))</time>"
        html += "<span class=\"snippet\">\(HTML.escape(email.snippet))</span></summary>"
        html += "<div class=\"message-body\">"
        html += "<dl class=\"headers\"><dt>From</dt><dd>\(HTML.escape(sender.formatted))</dd>"
        if !email.to.isEmpty { html += "<dt>To</dt><dd>\(HTML.escape(email.to.map(\.formatted).joined(separator: ", ")))</dd>" }
        if !email.cc.isEmpty { html += "<dt>Cc</dt><dd>\(HTML.escape(email.cc.map(\.formatted).joined(separator: ", ")))</dd>" }
        html += "<dt>Date</dt><dd>\(HTML.escape(Display.longDate(date)))</dd></dl>"
        html += privacyBar(message, id: id, sender: sender.address)
        html += "<iframe class=\"body-frame \(message.sizeClass)\" sandbox=\"\(RenderingContract.sandbox)\" referrerpolicy=\"no-referrer\" loading=\"lazy\" title=\"Message from \(HTML.escape(sender.displayName))\" src=\"\(HTML.escape(message.frameURL))\"></iframe>"
        if !message.attachments.isEmpty { html += attachments(message.attachments) }
        html += "</div></details></li>"
        return html
    }

    private func privacyBar(_ message: Message, id: EmailID, sender: String) -> String {
        var parts: [String] = []
        if message.trackersBlocked > 0 {
            parts.append("<span class=\"trackers\">🛡 \(message.trackersBlocked) tracker\(message.trackersBlocked == 1 ? "" : "s") blocked</span>")
        }
        if message.remoteImagesBlocked > 0 && !message.remoteLoaded {
            let href = location.url() + "&remote=\(id.rawValue)"
            parts.append("<span class=\"blocked\">\(message.remoteImagesBlocked) remote image\(message.remoteImagesBlocked == 1 ? "" : "s") blocked to protect your privacy.</span>")
            parts.append("<a class=\"button subtle load-images\" data-email=\"\(id.rawValue)\" href=\"\(HTML.escape(href))\">Load images</a>")
            parts.append("<form method=\"post\" action=\"/settings/remote\" class=\"inline-form\">\(HTML.csrfField(csrfToken))<input type=\"hidden\" name=\"email\" value=\"\(id.rawValue)\"><input type=\"hidden\" name=\"allow\" value=\"on\"><input type=\"hidden\" name=\"return\" value=\"\(HTML.escape(location.url()))\"><button class=\"button subtle\" type=\"submit\">Always load from \(HTML.escape(sender))</button></form>")
        } else if message.remoteLoaded && message.senderAlwaysAllowed {
            parts.append("<span class=\"allowed\">Remote images load for this sender.</span><form method=\"post\" action=\"/settings/remote\" class=\"inline-form\">\(HTML.csrfField(csrfToken))<input type=\"hidden\" name=\"email\" value=\"\(id.rawValue)\"><input type=\"hidden\" name=\"allow\" value=\"off\"><input type=\"hidden\" name=\"return\" value=\"\(HTML.escape(location.url()))\"><button class=\"button subtle\" type=\"submit\">Stop</button></form>")
        }
        guard !parts.isEmpty else { return "" }
        return "<div class=\"privacy-bar\" role=\"note\">" + parts.joined(separator: " ") + "</div>"
    }

    private func attachments(_ items: [(attachment: Attachment, assessment: AttachmentAssessment)]) -> String {
        var html = "<ul class=\"attachments\" aria-label=\"Attachments\">"
        for (attachment, assessment) in items {
            guard let id = attachment.id else { continue }
            let warn = assessment.warnings.map { "<span class=\"warning\" role=\"note\">⚠ \(HTML.escape($0.message))</span>" }.joined()
            html += "<li class=\"attachment\(assessment.warnings.isEmpty ? "" : " risky")\">"
            html += "<span class=\"name\">\(HTML.escape(assessment.displayName))</span> "
            html += "<span class=\"type\">\(HTML.escape(attachment.mimeType)) · \(Display.bytes(Int64(attachment.sizeBytes)))</span> \(warn) "
            html += "<a class=\"button subtle\" href=\"/attachment/\(attachment.emailID.rawValue)/\(id.rawValue)\">Download…</a>"
            if assessment.preview != nil { html += " <a class=\"button subtle\" href=\"/attachment/\(attachment.emailID.rawValue)/\(id.rawValue)?preview=1\" target=\"_blank\" rel=\"noopener\">Preview</a>" }
            html += "</li>"
        }
        return html + "</ul>"
    }
}
