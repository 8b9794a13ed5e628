import Foundation
import HearthCore
import HearthSafety

/// Small standalone pages: messages, the lock screen, the attachment warning.
enum Pages {
    static func bare(title: String, theme: Theme, body: String, csrfToken: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en" data-theme="\(theme.rawValue)">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="light dark"><meta name="csrf-token" content="\(HTML.escape(csrfToken))">
        <title>\(HTML.escape(title)) — Hearth</title><link rel="stylesheet" href="/assets/app.css"><script src="/assets/app.js" defer></script></head>
        <body class="bare"><main id="main" class="bare-main">\(body)</main></body></html>
        """
    }

    static func message(title: String, text: String, theme: Theme) -> String {
        bare(title: title, theme: theme, body: "<h1>\(HTML.escape(title))</h1><p>\(HTML.escape(text))</p><p><a href=\"/\">Back to Hearth</a></p>")
    }

    static func lock(csrfToken: String, error: String?) -> String {
        bare(title: "Locked", theme: .system, body: """
        <h1>Hearth is locked</h1>
        <p>Enter your app-lock passphrase to open your mail.</p>
        \(error.map { "<p class=\"error\" role=\"alert\">\(HTML.escape($0))</p>" } ?? "")
        <form method="post" action="/unlock" class="stack">\(HTML.csrfField(csrfToken))
        <label for="passphrase">Passphrase</label>
        <input id="passphrase" name="passphrase" type="password" autocomplete="current-password" required autofocus>
        <button class="button primary" type="submit">Unlock</button></form>
        """, csrfToken: csrfToken)
    }

    static func attachmentWarning(_ attachment: Attachment, _ assessment: AttachmentAssessment, theme: Theme) -> String {
        let warnings = assessment.warnings.map { "<li>\(HTML.escape($0.message))</li>" }.joined()
        let id = attachment.id?.rawValue ?? 0
        return bare(title: "Download \(assessment.displayName)?", theme: theme, body: """
        <h1>Download “\(HTML.escape(assessment.displayName))”?</h1>
        <div class="warning-box" role="alert"><p>⚠ Be careful with this file:</p><ul>\(warnings)</ul>
        <p>Hearth never opens or runs attachments. Only open it if you trust the sender and expected this file.</p></div>
        <p><a class="button danger" href="/attachment/\(attachment.emailID.rawValue)/\(id)?confirm=1">Download anyway</a>
        <a class="button" href="/mail">Cancel</a></p>
        """)
    }
}
