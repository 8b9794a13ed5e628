import Foundation
import HearthAI
import HearthCore

/// First launch in five steps (settings spec FR-OB-01): welcome, account, security
/// recommendations, AI model (skippable, consent data first), ready.
struct OnboardingView {
    var step: Int
    var csrfToken: String
    var accounts: [Account]
    /// Addresses whose sign-in was refused: shown with a "Sign in again" action.
    var needingSignIn: Set<String> = []
    var models: [ModelStatus]
    var appLockEnabled: Bool
    var error: String?
    var canSaveSecrets: Bool

    static let titles = ["Welcome", "Add your account", "Protect your data", "AI features (optional)", "You're all set"]

    func render() -> String {
        let progress = (1...5).map { n in
            "<li\(n == step ? " aria-current=\"step\"" : "")\(n < step ? " class=\"done\"" : "")><span class=\"visually-hidden\">Step </span>\(n)<span class=\"visually-hidden\"> of 5: \(Self.titles[n - 1])</span></li>"
        }.joined()
        var html = "<section class=\"onboarding\" aria-labelledby=\"onboarding-title\"><ol class=\"steps\" aria-label=\"Progress\">\(progress)</ol>"
        html += "<h1 id=\"onboarding-title\">\(Self.titles[step - 1])</h1>"
        if let error { html += "<p class=\"error\" role=\"alert\">\(HTML.escape(error))</p>" }
        switch step {
        case 1: html += welcome
        case 2: html += account
        case 3: html += security
        case 4: html += ai
        default: html += ready
        }
        return html + "</section>"
    }

    private func next(_ step: Int, _ label: String = "Continue") -> String {
        "<p><a class=\"button primary\" href=\"/welcome?step=\(step)\">\(label)</a></p>"
    }

    private var welcome: String {
        "<p class=\"lead\">Your emails stay on your device. No servers. No tracking. No compromise.</p>"
            + "<p>Hearth syncs straight from your mail provider, keeps everything on this computer, and runs its AI here too.</p>" + next(2)
    }

    private var account: String {
        var html = ""
        if !accounts.isEmpty {
            html += "<p>Accounts on this computer:</p><ul class=\"accounts\">" + accounts.map(accountItem).joined() + "</ul>"
        }
        html += googleForm
        html += """
        <h2>Other providers</h2>
        <form method="post" action="/welcome/account" class="stack">\(HTML.csrfField(csrfToken))
        <label for="ob-email">E-mail address</label><input id="ob-email" name="email" type="email" required autocomplete="email">
        <label for="ob-host">Incoming mail server (IMAP)</label><input id="ob-host" name="host" type="text" required placeholder="imap.example.org">
        <label for="ob-port">IMAP port</label><input id="ob-port" name="port" type="number" value="993">
        <label for="ob-smtp">Outgoing mail server (SMTP)</label><input id="ob-smtp" name="smtp" type="text" placeholder="same as IMAP">
        <label for="ob-smtp-port">SMTP port</label><input id="ob-smtp-port" name="smtpPort" type="number" value="465">
        <label for="ob-password">Password or app password</label><input id="ob-password" name="password" type="password" required autocomplete="current-password">
        <p class="hint">Hearth signs in once to check the server before saving anything. The password goes to the system keyring (or Hearth's encrypted file), never into the database.</p>
        <button class="button primary" type="submit"\(canSaveSecrets ? "" : " disabled")>Check and add</button>
        </form>
        """
        if !accounts.isEmpty { html += next(3, "Next") }
        return html
    }

    /// One account; one whose sign-in was refused says so and offers to sign in again.
    private func accountItem(_ account: Account) -> String {
        let email = HTML.escape(account.email)
        guard needingSignIn.contains(account.email) else { return "<li>\(email)</li>" }
        return """
            <li>\(email) — <strong class="warning">re-authentication required</strong> \
            <form method="get" action="/welcome" class="inline"><input type="hidden" name="google" value="start">\
            <input type="hidden" name="email" value="\(email)"><button class="button" type="submit">Sign in again</button></form></li>
            """
    }

    /// Gmail: the browser sign-in (no password ever reaches Hearth). The advanced fields are for
    /// a self-hosted or test server speaking the same protocol.
    private var googleForm: String {
        """
        <h2>Gmail</h2>
        <form method="get" action="/welcome" class="stack" id="google-sign-in"><input type="hidden" name="google" value="start">
        <label for="ob-google-email">Gmail address</label><input id="ob-google-email" name="email" type="email" required autocomplete="email">
        <details><summary>Advanced: other servers</summary>
        <label for="ob-google-imap">IMAP server</label><input id="ob-google-imap" name="imapHost" type="text" placeholder="imap.gmail.com">
        <label for="ob-google-imap-port">IMAP port</label><input id="ob-google-imap-port" name="imapPort" type="number" placeholder="993">
        <label for="ob-google-smtp">SMTP server</label><input id="ob-google-smtp" name="smtpHost" type="text" placeholder="smtp.gmail.com">
        <label for="ob-google-smtp-port">SMTP port</label><input id="ob-google-smtp-port" name="smtpPort" type="number" placeholder="465">
        <label for="ob-google-ca">Extra CA certificate (PEM file on this computer)</label><input id="ob-google-ca" name="caFile" type="text">
        </details>
        <p class="hint">Google's page opens in this browser; Hearth never sees your password. It asks only for mail access (https://mail.google.com/), checks IMAP and SMTP, and keeps the sign-in in the system keyring (or Hearth's encrypted file). This needs your own Google OAuth client (docs/security.md).</p>
        <button class="button primary" type="submit"\(canSaveSecrets ? "" : " disabled")>Sign in with Google</button>
        </form>
        """
    }

    /// The step between the form and Google: a link the user follows (see OnboardingGoogleRoutes).
    static func continueToGoogle(email: String, url: URL) -> String {
        """
        <section class="onboarding"><h1>Sign in with Google</h1>
        <p>Continue to Google to let Hearth read and send mail as \(HTML.escape(email)). Google sends you back here when you are done.</p>
        <p><a class="button primary" id="continue-to-google" rel="noreferrer" href="\(HTML.escape(url.absoluteString))">Continue to Google</a></p>
        <p><a href="/welcome?step=2">Cancel</a></p></section>
        """
    }

    private var security: String {
        """
        <ol class="advice"><li>Use a device passcode or password, and a screen lock.</li>
        <li>Turn on Hearth's app lock for extra privacy (Settings › Security).</li>
        <li>Encrypt your backups; use full-disk encryption (LUKS, FileVault).</li>
        <li>Keep the operating system up to date.</li><li>Review your connected accounts now and then.</li></ol>
        <p>App lock is \(appLockEnabled ? "on" : "off"). <a href="/settings#security">Change it in Settings</a>.</p>
        """ + next(4, "Next")
    }

    private var ai: String {
        var html = "<p>Smart categories, summaries and reply suggestions run on this computer with small open models. Nothing is sent anywhere.</p>"
        html += "<p>Syncing your email typically uses 500 MB – 2 GB of storage on this device, depending on email volume. AI features require an additional 500 MB – 2 GB.</p><ul class=\"models\">"
        for model in models {
            html += "<li><strong>\(HTML.escape(model.entry.displayName))</strong> — \(Display.bytes(model.entry.sizeBytes)), licence \(HTML.escape(model.entry.license)), source \(HTML.escape(model.entry.downloadURL?.absoluteString ?? "import only")) — \(model.state == .installed ? "installed" : "not installed")</li>"
        }
        html += "</ul><p class=\"hint\">Downloading from here is not wired yet: <code>hearth model download ID</code> shows the same consent and checks the SHA-256.</p>"
        return html + next(5, "Skip — the app works without AI features")
    }

    private var ready: String {
        """
        <ul class="tour"><li>Archive with <kbd>e</kbd>, delete with <kbd>#</kbd>, move between conversations with <kbd>j</kbd>/<kbd>k</kbd>; <kbd>?</kbd> lists every shortcut.</li>
        <li>Categories sort mail into Primary, Social, Promotions and Updates.</li>
        <li>Reply suggestions and summaries appear when an AI model is installed.</li>
        <li>Search understands filters: <code>from:anna has:attachment last week</code>.</li></ul>
        <form method="post" action="/welcome/done">\(HTML.csrfField(csrfToken))<button class="button primary" type="submit">Go to Inbox</button></form>
        """
    }
}
