import Foundation
import HearthAI
import HearthCore

/// Settings (settings spec FR-SET-01…05): every setting is its own small form, saved the moment
/// it changes (the script submits it; without the script, its Save button does).
struct SettingsView {
    struct AccountRow {
        var account: Account
        var syncWindow: String
        var notifications: Bool
        var cacheLimitMB: String
        var needsReauthentication: String?
        var rememberedSenders: [String]
    }

    var accounts: [AccountRow]
    var defaultAccount: AccountID?
    var undoSeconds: Int
    var theme: Theme
    var visibleTabs: Set<AICategory>
    var appLockEnabled: Bool
    var models: [ModelStatus]
    var storage: StorageReport?
    var cache: CacheClearing?
    var version: String
    var csrfToken: String
    var notice: String?
    var error: String?
    var confirmation: (setting: String, value: String, account: AccountID?, message: String)?
    /// Downloads started from this page (progress, or how the last one ended).
    var downloads: [String: ModelDownloads.State] = [:]

    func render() -> String {
        var html = "<section class=\"settings-pane\" aria-labelledby=\"settings-title\"><h1 id=\"settings-title\">Settings</h1>"
        if let notice { html += "<p class=\"notice\" role=\"status\">\(HTML.escape(notice))</p>" }
        if let error { html += "<p class=\"error\" role=\"alert\">\(HTML.escape(error))</p>" }
        if let confirmation { html += confirm(confirmation) }
        html += "<nav class=\"settings-index\" aria-label=\"Settings sections\"><ul>"
        for (id, title) in [("accounts", "Accounts"), ("composition", "Composition"), ("appearance", "Appearance"), ("ai", "AI features"),
                            ("security", "Security and privacy"), ("data", "Data management"), ("about", "About")] {
            html += "<li><a href=\"#\(id)\">\(title)</a></li>"
        }
        html += "</ul></nav>"
        html += accountsSection + compositionSection + appearanceSection + aiSection + securitySection + dataSection + aboutSection
        return html + "</section>"
    }

    private func form(_ setting: Setting, account: AccountID? = nil, label: String, control: String, hint: String? = nil) -> String {
        let id = "setting-\(setting.rawValue)\(account.map { "-\($0.rawValue)" } ?? "")"
        return """
        <form method="post" action="/settings" class="setting-form" data-autosave id="\(id)-form">
        \(HTML.csrfField(csrfToken))<input type="hidden" name="setting" value="\(setting.rawValue)">
        \(account.map { "<input type=\"hidden\" name=\"account\" value=\"\($0.rawValue)\">" } ?? "")
        <label for="\(id)">\(HTML.escape(label))</label>
        \(control.replacingOccurrences(of: "ID", with: id))
        <button class="button subtle save" type="submit">Save</button>
        <span class="saved-status" role="status" aria-live="polite"></span>
        \(hint.map { "<p class=\"hint\">\(HTML.escape($0))</p>" } ?? "")
        </form>
        """
    }

    private func select(_ options: [(String, String)], selected: String) -> String {
        "<select id=\"ID\" name=\"value\">" + options.map { value, label in
            "<option value=\"\(HTML.escape(value))\"\(value == selected ? " selected" : "")>\(HTML.escape(label))</option>"
        }.joined() + "</select>"
    }

    private func toggle(_ on: Bool) -> String {
        // A checkbox posts nothing when unticked: the hidden field before it carries "off".
        "<input type=\"hidden\" name=\"value\" value=\"off\"><input type=\"checkbox\" role=\"switch\" id=\"ID\" name=\"value\" value=\"on\"\(on ? " checked" : "")>"
    }

    private var accountsSection: String {
        var html = "<section id=\"accounts\" aria-labelledby=\"accounts-h\"><h2 id=\"accounts-h\">Accounts</h2>"
        if accounts.isEmpty { html += "<p>No account yet.</p>" }
        for row in accounts {
            guard let id = row.account.id else { continue }
            let status = row.needsReauthentication.map { "<span class=\"badge warning\">⚠ Needs sign-in: \(HTML.escape($0))</span>" } ?? (row.account.isActive ? "<span class=\"badge ok\">✓ Active</span>" : "<span class=\"badge warning\">⚠ Inactive</span>")
            html += "<fieldset class=\"account-settings\"><legend>\(HTML.escape(row.account.email)) \(status)</legend>"
            html += form(.displayName, account: id, label: "Display name", control: "<input id=\"ID\" name=\"value\" type=\"text\" value=\"\(HTML.escape(row.account.displayName))\" maxlength=\"200\">")
            if row.account.provider != .local {
                html += form(.syncWindow, account: id, label: "Sync window",
                             control: select(Setting.syncWindowChoices.map { (String($0), "\($0) days") }, selected: row.syncWindow),
                             hint: "How much mail is kept on this computer. Reducing it removes local copies of older mail; the server keeps them.")
            }
            html += form(.notifications, account: id, label: "New-mail notifications", control: toggle(row.notifications),
                         hint: "An in-app banner when new mail arrives while Hearth is open.")
            html += form(.attachmentCacheLimit, account: id, label: "Attachment cache (MB)",
                         control: "<input id=\"ID\" name=\"value\" type=\"number\" min=\"0\" step=\"50\" value=\"\(HTML.escape(row.cacheLimitMB))\">")
            html += """
            <form method="post" action="/settings/remove-account" class="danger-form" data-confirm="Remove \(HTML.escape(row.account.email))? All local emails, drafts, and cached data for this account will be deleted.">
            \(HTML.csrfField(csrfToken))<input type="hidden" name="account" value="\(id.rawValue)">
            <button class="button danger" type="submit">Remove account…</button></form></fieldset>
            """
        }
        html += "<p><a class=\"button\" href=\"/welcome?step=2\">Add account</a></p></section>"
        return html
    }

    private var compositionSection: String {
        var html = "<section id=\"composition\" aria-labelledby=\"composition-h\"><h2 id=\"composition-h\">Composition</h2>"
        if accounts.count > 1 {
            html += form(.defaultAccount, label: "Default account", control: select(accounts.compactMap { row in
                row.account.id.map { (String($0.rawValue), row.account.email) } }, selected: defaultAccount.map { String($0.rawValue) } ?? ""))
        }
        html += form(.undoSendDelay, label: "Undo send", control: select(Setting.undoDelayChoices.map {
            (String($0), $0 == 0 ? "Off" : "\($0) seconds") }, selected: String(undoSeconds)),
                     hint: "Nothing is sent during this time after you press Send.")
        return html + "</section>"
    }

    private var appearanceSection: String {
        var html = "<section id=\"appearance\" aria-labelledby=\"appearance-h\"><h2 id=\"appearance-h\">Appearance</h2>"
        html += form(.theme, label: "Theme", control: select([("system", "System"), ("light", "Light"), ("dark", "Dark")], selected: theme.rawValue))
        html += "<fieldset><legend>Category tabs</legend><p class=\"hint\">Hidden categories still appear under All.</p>"
        for setting in [Setting.categoryTabPrimary, .categoryTabSocial, .categoryTabPromotions, .categoryTabUpdates] {
            guard let category = setting.category else { continue }
            html += form(setting, label: category.rawValue.capitalized, control: toggle(visibleTabs.contains(category)))
        }
        return html + "</fieldset></section>"
    }

    private var aiSection: String {
        ModelCatalogView(models: models, downloads: downloads, csrfToken: csrfToken).render()
    }

    private var securitySection: String {
        var html = "<section id=\"security\" aria-labelledby=\"security-h\"><h2 id=\"security-h\">Security and privacy</h2>"
        html += """
        <form method="post" action="/settings/applock" class="applock-form">
        \(HTML.csrfField(csrfToken))
        <fieldset><legend>App lock: \(appLockEnabled ? "on" : "off")</legend>
        <p class="hint">Asks for a passphrase each time Hearth's web app starts. It keeps out someone at this computer; it does not encrypt your mail.</p>
        \(appLockEnabled ? "<label for=\"applock-current\">Current passphrase</label><input id=\"applock-current\" name=\"current\" type=\"password\" autocomplete=\"current-password\" required>" : "<label for=\"applock-new\">New passphrase (at least 6 characters)</label><input id=\"applock-new\" name=\"passphrase\" type=\"password\" autocomplete=\"new-password\" minlength=\"6\" required>")
        <input type="hidden" name="enable" value="\(appLockEnabled ? "off" : "on")">
        <button class="button" type="submit">\(appLockEnabled ? "Turn app lock off" : "Turn app lock on")</button>
        </fieldset></form>
        """
        let senders = accounts.flatMap { row in row.rememberedSenders.map { (row.account, $0) } }
        html += "<h3>Remote images</h3><p>Remote images are blocked in every message unless you load them. These senders always load them:</p>"
        if senders.isEmpty { html += "<p class=\"hint\">None.</p>" } else {
            html += "<ul class=\"senders\">"
            for (account, sender) in senders {
                html += "<li>\(HTML.escape(sender))<form method=\"post\" action=\"/settings/remote\" class=\"inline-form\">\(HTML.csrfField(csrfToken))<input type=\"hidden\" name=\"account\" value=\"\(account.id?.rawValue ?? 0)\"><input type=\"hidden\" name=\"sender\" value=\"\(HTML.escape(sender))\"><input type=\"hidden\" name=\"allow\" value=\"off\"><input type=\"hidden\" name=\"return\" value=\"/settings#security\"><button class=\"button subtle\" type=\"submit\">Remove</button></form></li>"
            }
            html += "</ul>"
        }
        return html + "</section>"
    }

    private var dataSection: String {
        var html = "<section id=\"data\" aria-labelledby=\"data-h\"><h2 id=\"data-h\">Data management</h2>"
        if let storage {
            html += "<table class=\"storage\"><caption>Storage on this computer</caption><thead><tr><th scope=\"col\">Account</th><th scope=\"col\">Messages</th><th scope=\"col\">Mail</th><th scope=\"col\">Attachments</th><th scope=\"col\">Search index</th><th scope=\"col\">Total</th></tr></thead><tbody>"
            for usage in storage.accounts {
                html += "<tr><th scope=\"row\">\(HTML.escape(usage.email))\(usage.exceedsAccountLimit ? " <span class=\"badge warning\">⚠ over 2 GB</span>" : "")</th><td>\(usage.messages)</td><td>\(Display.bytes(usage.emailBytes))</td><td>\(Display.bytes(usage.attachmentBytes))</td><td>\(Display.bytes(usage.searchIndexBytes + usage.vectorBytes))</td><td>\(Display.bytes(usage.totalBytes))</td></tr>"
            }
            html += "</tbody><tfoot><tr><th scope=\"row\">Everything (with AI models: \(Display.bytes(storage.modelBytes)))</th><td colspan=\"5\">\(Display.bytes(storage.totalBytes))</td></tr></tfoot></table>"
            html += storage.warnings.map { "<p class=\"warning\" role=\"note\">⚠ \(HTML.escape($0))</p>" }.joined()
        } else {
            html += "<p class=\"error\">Unable to calculate storage. <a href=\"/settings#data\">Retry</a></p>"
        }
        let freed = cache.map { Display.bytes($0.totalBytes) } ?? "some space"
        html += """
        <form method="post" action="/settings/cache" class="inline-form" data-confirm="This will remove cached attachments and data. Emails and accounts will not be affected.">
        \(HTML.csrfField(csrfToken))<button class="button" type="submit">Clear cache (frees \(freed))</button></form>
        <form method="post" action="/settings/wipe" class="danger-form">
        \(HTML.csrfField(csrfToken))
        <fieldset><legend>Wipe all data</legend>
        <p>This will delete ALL local data including emails, accounts, and AI models. This cannot be undone. You will need to set up the app again.</p>
        <label for="wipe-confirm">Type DELETE to confirm</label><input id="wipe-confirm" name="confirm" type="text" autocomplete="off">
        <button class="button danger" type="submit">Delete everything</button></fieldset></form>
        """
        return html + "</section>"
    }

    private var aboutSection: String {
        """
        <section id="about" aria-labelledby="about-h"><h2 id="about-h">About</h2>
        <p>Hearth \(HTML.escape(version)) — a private, local-first mail client.</p>
        <h3>Privacy policy</h3>
        <p>Hearth keeps your mail, contacts, search index and AI models on this computer. It talks only to your own mail servers (IMAP, SMTP, and your provider's sign-in). It sends no analytics, uses no relay server and no cloud AI. Remote images are blocked unless you load them, and known trackers are removed even then. This web app listens on 127.0.0.1 only and refuses other sites.</p>
        <h3>Open-source licences</h3>
        <ul class="licences">
        <li>GRDB.swift — MIT</li><li>SwiftNIO, NIOSSL, swift-log, swift-crypto, swift-argument-parser, AsyncHTTPClient — Apache-2.0</li>
        <li>Hummingbird — Apache-2.0</li><li>Gumbo (HTML5 parser) — Apache-2.0</li><li>llama.cpp — MIT</li><li>libsecret — LGPL-2.1+</li>
        <li>Tracker lists (MailTrackerBlocker, Simplify: BSD-3-Clause; Trocker, host list: Apache-2.0) — see third_party/tracker-lists/NOTICE.md</li>
        </ul>
        <h3>AI model licences</h3>
        <ul class="licences">\(models.map { "<li>\(HTML.escape($0.entry.displayName)) — \(HTML.escape($0.entry.license))</li>" }.joined())</ul>
        </section>
        """
    }

    private func confirm(_ c: (setting: String, value: String, account: AccountID?, message: String)) -> String {
        """
        <div class="confirm" role="alertdialog" aria-labelledby="confirm-text">
        <p id="confirm-text">\(HTML.escape(c.message))</p>
        <form method="post" action="/settings" class="inline-form">\(HTML.csrfField(csrfToken))
        <input type="hidden" name="setting" value="\(HTML.escape(c.setting))"><input type="hidden" name="value" value="\(HTML.escape(c.value))">
        \(c.account.map { "<input type=\"hidden\" name=\"account\" value=\"\($0.rawValue)\">" } ?? "")
        <input type="hidden" name="confirmed" value="1"><button class="button danger" type="submit">Reduce</button></form>
        <a class="button subtle" href="/settings">Cancel</a></div>
        """
    }
}
