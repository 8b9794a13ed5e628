import Foundation
import HearthAI
import HearthCore

/// Settings (settings spec FR-SET-01…05): every setting is its own small form, saved the moment
/// it changes (the script submits it; without the script, its Save button does).
/// `settings.mustache`, each setting through `setting-form.mustache`.
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
    /// Export data: an example folder for the optional folder field, and what the last one did.
    var exportDefault = ""
    var exported: String?
    var exportError: String?
    /// The background export while it runs: messages done of all of them, and what it is doing.
    var exportRunning: (done: Int, total: Int, text: String)?
    /// The finished export's ZIP: "hearth-export-….zip, 2.1 MB" (nil: nothing to download).
    var exportDownload: String?

    struct Option { var value: String; var label: String; var selected: Bool }

    /// One setting's own form: a text field, a number, a switch or a choice.
    struct SettingForm {
        var domID: String
        var setting: String
        var account: Int64?
        var label: String
        var hint: String?
        var text = false, number = false, toggle = false, select = false
        var value = ""
        var on = false
        var options: [Option] = []
    }

    struct AccountItem {
        var id: Int64
        var email: String
        var needsSignIn: String?
        var active: Bool
        var forms: [SettingForm]
    }

    struct Sender { var accountID: Int64; var sender: String }
    struct StorageRow { var email: String; var overLimit: Bool; var messages: Int; var mail: String; var attachments: String; var index: String; var total: String }
    struct Storage { var rows: [StorageRow]; var models: String; var total: String; var warnings: [String] }
    struct Confirmation { var message: String; var setting: String; var value: String; var account: Int64? }

    struct Model {
        var csrfToken: String
        var exportDefault: String
        var exported: String?
        var exportError: String?
        var exportRunning: Bool
        var exportDownload: Bool
        var exportDownloadName: String
        var exportState: String
        var exportDone: Int
        var exportTotal: Int
        var exportProgressText: String
        var notice: String?
        var error: String?
        var confirmation: Confirmation?
        var accounts: [AccountItem]
        var compositionForms: [SettingForm]
        var themeForm: SettingForm
        var tabForms: [SettingForm]
        var aiSection: String
        var appLockEnabled: Bool
        var senders: [Sender]
        var hasSenders: Bool
        var storage: Storage?
        var cacheFrees: String
        var version: String
        var modelLicences: [String]
    }

    func render() -> String { Templates.render("settings", model) }

    private func form(_ setting: Setting, account: AccountID? = nil, label: String, hint: String? = nil) -> SettingForm {
        SettingForm(domID: "setting-\(setting.rawValue)\(account.map { "-\($0.rawValue)" } ?? "")", setting: setting.rawValue,
                    account: account?.rawValue, label: label, hint: hint)
    }

    private func select(_ base: SettingForm, _ options: [(String, String)], selected: String) -> SettingForm {
        var form = base
        form.select = true
        form.options = options.map { Option(value: $0.0, label: $0.1, selected: $0.0 == selected) }
        return form
    }

    private func toggle(_ base: SettingForm, _ on: Bool) -> SettingForm {
        var form = base
        form.toggle = true
        form.on = on
        return form
    }

    private func field(_ base: SettingForm, _ value: String, number: Bool = false) -> SettingForm {
        var form = base
        if number { form.number = true } else { form.text = true }
        form.value = value
        return form
    }

    var model: Model {
        let accountItems = accounts.compactMap { row -> AccountItem? in
            guard let id = row.account.id else { return nil }
            var forms = [field(form(.displayName, account: id, label: "Display name"), row.account.displayName)]
            if row.account.provider != .local {
                forms.append(select(form(.syncWindow, account: id, label: "Sync window",
                                         hint: "How much mail is kept on this computer. Reducing it removes local copies of older mail; the server keeps them."),
                                    Setting.syncWindowChoices.map { (String($0), "\($0) days") }, selected: row.syncWindow))
            }
            forms.append(toggle(form(.notifications, account: id, label: "New-mail notifications",
                                     hint: "An in-app banner when new mail arrives while Hearth is open."), row.notifications))
            forms.append(field(form(.attachmentCacheLimit, account: id, label: "Attachment cache (MB)"), row.cacheLimitMB, number: true))
            return AccountItem(id: id.rawValue, email: row.account.email, needsSignIn: row.needsReauthentication,
                               active: row.account.isActive, forms: forms)
        }
        var composition: [SettingForm] = []
        if accounts.count > 1 {
            composition.append(select(form(.defaultAccount, label: "Default account"),
                                      accounts.compactMap { row in row.account.id.map { (String($0.rawValue), row.account.email) } },
                                      selected: defaultAccount.map { String($0.rawValue) } ?? ""))
        }
        composition.append(select(form(.undoSendDelay, label: "Undo send", hint: "Nothing is sent during this time after you press Send."),
                                  Setting.undoDelayChoices.map { (String($0), $0 == 0 ? "Off" : "\($0) seconds") }, selected: String(undoSeconds)))
        let tabSettings: [Setting] = [.categoryTabPrimary, .categoryTabSocial, .categoryTabPromotions, .categoryTabUpdates, .categoryTabForums]
        let tabs = tabSettings.compactMap { setting -> SettingForm? in
            guard let category = setting.category else { return nil }
            return toggle(form(setting, label: category.rawValue.capitalized), visibleTabs.contains(category))
        }
        var senders: [Sender] = []
        for row in accounts {
            for sender in row.rememberedSenders { senders.append(Sender(accountID: row.account.id?.rawValue ?? 0, sender: sender)) }
        }
        var storageModel: Storage?
        if let storage {
            let rows: [StorageRow] = storage.accounts.map { usage in
                let index = Display.bytes(usage.searchIndexBytes + usage.vectorBytes)
                return StorageRow(email: usage.email, overLimit: usage.exceedsAccountLimit, messages: usage.messages,
                                  mail: Display.bytes(usage.emailBytes), attachments: Display.bytes(usage.attachmentBytes),
                                  index: index, total: Display.bytes(usage.totalBytes))
            }
            storageModel = Storage(rows: rows, models: Display.bytes(storage.modelBytes), total: Display.bytes(storage.totalBytes),
                                   warnings: storage.warnings)
        }
        var confirm: Confirmation?
        if let c = confirmation { confirm = Confirmation(message: c.message, setting: c.setting, value: c.value, account: c.account?.rawValue) }
        let themes: [(String, String)] = [("system", "System"), ("light", "Light"), ("dark", "Dark")]
        let themeForm = select(form(.theme, label: "Theme"), themes, selected: theme.rawValue)
        let aiSection = ModelCatalogView(models: models, downloads: downloads, csrfToken: csrfToken).render()
        let frees: String = cache.map { Display.bytes($0.totalBytes) } ?? "some space"
        let licences: [String] = models.map { model in model.entry.displayName + " — " + model.entry.license }
        return Model(
            csrfToken: csrfToken, exportDefault: exportDefault, exported: exported, exportError: exportError,
            exportRunning: exportRunning != nil, exportDownload: exportDownload != nil, exportDownloadName: exportDownload ?? "",
            exportState: exportRunning != nil ? "running" : "idle",
            exportDone: exportRunning?.done ?? 0, exportTotal: max(exportRunning?.total ?? 0, 1),
            exportProgressText: exportRunning?.text ?? "",
            notice: notice, error: error, confirmation: confirm,
            accounts: accountItems, compositionForms: composition, themeForm: themeForm, tabForms: tabs, aiSection: aiSection,
            appLockEnabled: appLockEnabled, senders: senders, hasSenders: !senders.isEmpty, storage: storageModel,
            cacheFrees: frees, version: version, modelLicences: licences)
    }
}
