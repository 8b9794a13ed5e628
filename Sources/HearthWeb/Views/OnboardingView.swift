import Foundation
import HearthAI
import HearthCore

/// First launch in five steps (settings spec FR-OB-01): welcome, account, security
/// recommendations, AI model (skippable, consent data first), ready.
struct OnboardingView {
    var step: Int
    var csrfToken: String
    var accounts: [Account]
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
            html += "<p>Accounts on this computer:</p><ul>" + accounts.map { "<li>\(HTML.escape($0.email))</li>" }.joined() + "</ul>"
        }
        html += """
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
        <p class="hint">Gmail sign-in (OAuth) runs from the terminal for now: <code>hearth account add you@gmail.com --imap-host imap.gmail.com --token-command …</code>.</p>
        """
        if !accounts.isEmpty { html += next(3, "Next") }
        return html
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
