import Foundation
import HearthCore

/// The composer (spec product §5.5): From, To/Cc/Bcc with local autocomplete, subject, basic
/// formatting (the `LightMarkup` the MIME writer renders: *bold*, _italic_, [text](url)),
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

    func render() -> String {
        let options = accounts.filter { $0.authType != .local || accounts.count == 1 }.compactMap { account -> String? in
            guard let id = account.id else { return nil }
            let label = account.displayName.isEmpty || account.displayName == account.email ? account.email : "\(account.displayName) <\(account.email)>"
            return "<option value=\"\(id.rawValue)\"\(id == accountID ? " selected" : "")>\(HTML.escape(label))</option>"
        }.joined()
        func list(_ addresses: [EmailAddress]) -> String { HTML.escape(addresses.map(\.formatted).joined(separator: ", ")) }
        let attachmentsList = existingAttachments.enumerated().map { index, a in
            "<li><label><input type=\"checkbox\" name=\"keep\" value=\"\(index)\" checked> \(HTML.escape(a.filename)) (\(Display.bytes(Int64(a.data.count))))</label></li>"
        }.joined()
        return """
        <section class="composer-pane" aria-labelledby="composer-title">
        <h1 id="composer-title">\(message.inReplyTo == nil ? (message.subject.hasPrefix("Fwd:") ? "Forward" : "New message") : "Reply")</h1>
        \(notice.map { "<p class=\"notice\" role=\"status\">\(HTML.escape($0))</p>" } ?? "")
        \(error.map { "<p class=\"error\" role=\"alert\">\(HTML.escape($0))</p>" } ?? "")
        <form id="composer" class="composer" method="post" action="/compose/send" enctype="multipart/form-data" data-undo="\(undoSeconds)">
        \(HTML.csrfField(csrfToken))
        <input type="hidden" name="draft" value="\(draftID.map { String($0.rawValue) } ?? "")">
        <input type="hidden" name="inReplyTo" value="\(HTML.escape(message.inReplyTo ?? ""))">
        <input type="hidden" name="references" value="\(HTML.escape(message.references.joined(separator: " ")))">
        <input type="hidden" name="messageId" value="\(HTML.escape(message.messageID ?? ""))">
        <div class="field"><label for="compose-from">From</label><select id="compose-from" name="account">\(options)</select></div>
        <div class="field"><label for="compose-to">To</label><input id="compose-to" name="to" type="text" class="address-input" autocomplete="off" value="\(list(message.to))" aria-describedby="address-hint"></div>
        <div class="field"><label for="compose-cc">Cc</label><input id="compose-cc" name="cc" type="text" class="address-input" autocomplete="off" value="\(list(message.cc))"></div>
        <div class="field"><label for="compose-bcc">Bcc</label><input id="compose-bcc" name="bcc" type="text" class="address-input" autocomplete="off" value="\(list(message.bcc))"></div>
        <p id="address-hint" class="hint">Separate addresses with commas. Suggestions come only from mail on this computer.</p>
        <ul id="address-suggestions" class="suggestions" role="listbox" aria-label="Address suggestions" hidden></ul>
        <div class="field"><label for="compose-subject">Subject</label><input id="compose-subject" name="subject" type="text" value="\(HTML.escape(message.subject))"></div>
        <div class="format-bar" role="toolbar" aria-label="Formatting">
        <button type="button" class="button subtle" data-format="bold" aria-label="Bold (wraps the selection in *stars*)"><b>B</b></button>
        <button type="button" class="button subtle" data-format="italic" aria-label="Italic (wraps the selection in _underscores_)"><i>I</i></button>
        <button type="button" class="button subtle" data-format="link" aria-label="Link">Link</button>
        <label class="inline-check"><input type="checkbox" name="format" value="markup"\(message.bodyFormat == .markup ? " checked" : "")> Send formatting</label>
        </div>
        \(smartRepliesFor.map { "<section class=\"smart-replies composer-replies\" id=\"composer-replies\" data-thread=\"\($0.rawValue)\" aria-labelledby=\"composer-replies-title\"><h2 id=\"composer-replies-title\" class=\"composer-replies-title\">Suggested replies</h2><ul class=\"smart-reply-list\" id=\"composer-reply-list\" hidden></ul><p class=\"ai-status\" role=\"status\" aria-live=\"polite\"></p></section>" } ?? "")
        <label class="visually-hidden" for="compose-body">Message</label>
        <textarea id="compose-body" name="body" rows="14">\(HTML.escape(message.body))</textarea>
        <div class="field attachments-field" id="drop-zone">
        <label for="compose-files">Attach files</label>
        <input id="compose-files" name="attachments" type="file" multiple>
        <span class="hint">or drop files here</span>
        \(attachmentsList.isEmpty ? "" : "<ul class=\"kept-attachments\">\(attachmentsList)</ul>")
        </div>
        <div class="composer-actions">
        <button class="button primary" type="submit" id="send-button">Send</button>
        <button class="button" type="submit" formaction="/compose/draft" id="save-draft">Save draft</button>
        <button class="button subtle" type="submit" formaction="/compose/discard" id="discard-draft">Discard</button>
        <span id="autosave-status" class="hint" role="status" aria-live="polite"></span>
        </div>
        <p class="hint">\(undoSeconds > 0 ? "After Send you have \(undoSeconds) seconds to undo." : "Undo send is off (Settings).")</p>
        </form>
        </section>
        """
    }
}

/// The outbox (proposal §3.5): what is waiting, sending, failed, or in its undo window.
struct OutboxView {
    var entries: [OutboxEntry]
    var csrfToken: String
    var now = Date()

    func render() -> String {
        var html = "<section class=\"list-pane outbox\" aria-labelledby=\"outbox-heading\"><div class=\"list-header\"><h1 id=\"outbox-heading\">Outbox</h1></div>"
        guard !entries.isEmpty else { return html + "<div class=\"empty-state\"><p>Nothing waiting to be sent.</p></div></section>" }
        html += "<ol class=\"thread-list outbox-list\" id=\"outbox-list\">"
        for entry in entries {
            let id = entry.emailID.rawValue
            let to = entry.message.to.map(\.displayName).joined(separator: ", ")
            var buttons = ""
            func button(_ verb: String, _ label: String) -> String {
                "<form method=\"post\" action=\"/outbox/\(id)/\(verb)\" class=\"inline-form\">\(HTML.csrfField(csrfToken))<button class=\"button subtle\" type=\"submit\">\(label)</button></form>"
            }
            switch (entry.phase, entry.sendState) {
            case (.undo, _): buttons = button("undo", "Undo")
            case (_, .failed), (_, .retryWait): buttons = button("retry", "Retry") + button("edit", "Edit") + button("discard", "Discard")
            case (.draft, _): buttons = "<a class=\"button subtle\" href=\"/compose?draft=\(id)\">Edit</a>" + button("discard", "Discard")
            case (_, .queued): buttons = button("edit", "Edit") + button("discard", "Discard")
            default: break
            }
            let error = entry.lastError.map { "<span class=\"error\">\(HTML.escape($0))</span>" } ?? ""
            html += """
            <li class="outbox-row state-\(entry.sendState.rawValue)" data-outbox="\(id)">
            <span class="subject">\(HTML.escape(entry.message.subject.isEmpty ? "(no subject)" : entry.message.subject))</span>
            <span class="snippet">to \(HTML.escape(to.isEmpty ? "(nobody yet)" : to))</span>
            <span class="status" role="status">\(HTML.escape(entry.status(now: now)))</span> \(error)
            <span class="row-actions">\(buttons)</span>
            </li>
            """
        }
        return html + "</ol></section>"
    }
}
