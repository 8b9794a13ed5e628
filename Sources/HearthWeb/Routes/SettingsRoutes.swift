import Foundation
import HearthAI
import HearthApp
import HearthCore
import HearthSearch
import HearthSecurity

/// Settings: read through `SettingsService` (HearthCore) and written the moment they change
/// (NFR-SET-01: committed before the page says "Saved"); app lock through HearthSecurity.
extension WebApp {
    var modelManager: ModelManager { ai.manager }

    func settingsPage(_ request: WebRequest, notice: String? = nil, error: String? = nil,
                      confirmation: (setting: String, value: String, account: AccountID?, message: String)? = nil,
                      exportError: String? = nil) throws -> WebResponse {
        let accounts = try store.accounts()
        let rows = accounts.compactMap { account -> SettingsView.AccountRow? in
            guard let id = account.id else { return nil }
            let auth = try? store.authStatus(of: id)
            var reason: String?
            if case .reauthenticationRequired(let why, _)? = auth { reason = why }
            return SettingsView.AccountRow(
                account: account, syncWindow: (try? settings.value(.syncWindow, account: id)) ?? "30",
                notifications: settings.notificationsEnabled(id),
                cacheLimitMB: (try? settings.value(.attachmentCacheLimit, account: id)) ?? "500",
                needsReauthentication: reason,
                rememberedSenders: (try? store.sendersAlwaysLoadingRemoteContent(account: id)) ?? [])
        }
        var view = SettingsView(
            accounts: rows, defaultAccount: (try? settings.defaultAccount())?.id, undoSeconds: settings.undoSendDelaySeconds,
            theme: theme, visibleTabs: settings.visibleCategoryTabs, appLockEnabled: appLock.isEnabled,
            models: modelManager.statuses(),
            storage: try? store.storageReport(dataDirectory: dataDirectory, modelDirectory: modelManager.directory),
            cache: try? store.cacheClearingPreview(dataDirectory: dataDirectory), version: services.version,
            csrfToken: policy.csrfToken, notice: notice ?? request.query("notice"), error: error, confirmation: confirmation,
            downloads: modelDownloadStates())
        view.exportDefault = "~/Mail export"
        let status = Self.exportStatus(exportJob.current)
        switch status.state {
        case "running": view.exportRunning = (status.done, status.total, status.message ?? "")
        case "finished", "cancelled":
            view.exported = status.message
            if let file = status.file { view.exportDownload = file + (status.size.map { ", " + $0 } ?? "") }
        case "failed": view.exportError = status.message
        default: break
        }
        if let exportError { view.exportError = exportError }
        let shell = PageShell(title: "Settings", csrfToken: policy.csrfToken, theme: theme, bodyClass: "settings")
        return .html(shell.render(sidebar: try sidebar(MailLocation(box: "none"), accounts: accounts), main: view.render()))
    }

    /// Where each model's download stands (Settings › AI and onboarding's AI step show it).
    func modelDownloadStates() -> [String: ModelDownloads.State] {
        Dictionary(modelManager.catalog.entries.compactMap { entry in downloads.state(of: entry.id).map { (entry.id, $0) } },
                   uniquingKeysWith: { a, _ in a })
    }

    struct SettingSaved: Encodable {
        var setting: String
        var value: String
        var notice: String?
    }

    /// `POST /settings`: `setting`, `value` (the last one: toggles send "off" then "on"),
    /// optional `account`, `confirmed`.
    func settingsPost(_ request: WebRequest) throws -> WebResponse {
        let fields = request.formFields
        guard let name = fields["setting"]?.first, let setting = Setting(rawValue: name) else {
            throw WebError.badRequest("Unknown setting.")
        }
        let value = fields["value"]?.last ?? ""
        let account = fields["account"]?.first.flatMap(Int64.init).map(AccountID.init(rawValue:))
        do {
            let change = try settings.set(setting, to: value, account: account, confirmed: fields["confirmed"]?.first == "1")
            if let days = change.purgeOutsideDays, let account {
                let store = self.store
                track(Task.detached { _ = try? store.purgeOutsideSyncWindow(account: account, days: days) })
            }
            if request.wantsJSON { return .json(SettingSaved(setting: name, value: change.newValue, notice: change.notice)) }
            return .redirect("/settings?notice=\(FormDecoding.encode(change.notice ?? "Saved."))")
        } catch {
            if case .confirmationRequired(let message) = error {
                if request.wantsJSON { return .json(["confirm": message], status: 409) }
                return try settingsPage(request, confirmation: (name, value, account, message))
            }
            if request.wantsJSON { return .json(["error": error.description], status: 400) }
            return withStatus(try settingsPage(request, error: error.description), 400)
        }
    }

    func settingsAction(_ verb: String, _ request: WebRequest) async throws -> WebResponse {
        switch verb {
        case "applock":
            let enable = request.field("enable") == "on"
            do {
                if enable {
                    try appLock.enable(passphrase: request.field("passphrase") ?? "")
                } else {
                    try appLock.disable(passphrase: request.field("current") ?? "")
                }
            } catch {
                return withStatus(try settingsPage(request, error: "App lock: \(error)"), 400)
            }
            return .redirect("/settings?notice=\(FormDecoding.encode(enable ? "App lock is on: the passphrase is asked at every start." : "App lock is off."))#security")
        case "remote":
            let allow = request.field("allow") == "on"
            if let raw = request.field("email"), let id = Int64(raw), let email = try store.email(EmailID(id)), let sender = email.from?.address {
                try store.setAlwaysLoadsRemoteContent(allow, from: sender, account: email.accountID)
            } else if let raw = request.field("account"), let id = Int64(raw), let sender = request.field("sender") {
                try store.setAlwaysLoadsRemoteContent(allow, from: sender, account: AccountID(id))
            } else {
                throw WebError.badRequest("Which sender?")
            }
            renderCache.removeAll()
            return .redirect(safeReturn(request.field("return"), fallback: "/settings#security"))
        case "export":
            return try await exportData(request)
        case "export-cancel":
            return exportCancel(request)
        case "recent":
            try RecentSearches(settings: store).clear()
            return .redirect("/search")
        case "cache":
            let freed = try store.clearCache(dataDirectory: dataDirectory)
            renderCache.removeAll()
            return .redirect("/settings?notice=\(FormDecoding.encode("Cache cleared: \(Display.bytes(freed.totalBytes)) freed."))#data")
        case "delete-model":
            guard let id = request.field("model") else { throw WebError.badRequest("Which model?") }
            await InferenceHost.shared.unloadAll()
            do { try modelManager.delete(id) } catch { return withStatus(try settingsPage(request, error: "\(error)"), 400) }
            ai.modelsChanged()
            return .redirect("/settings?notice=\(FormDecoding.encode("Model deleted."))#ai")
        case "remove-account":
            guard let raw = request.field("account"), let id = Int64(raw), let account = try store.account(AccountID(id)) else {
                throw WebError.badRequest("Which account?")
            }
            // Revokes the OAuth grant at the provider first, as `hearth account remove` does.
            let report = try await WebError.mapping { try await RemoveAccount(try application())(account) }
            renderCache.removeAll()
            var notice = "Removed \(report.email): \(report.emailsDeleted) messages deleted."
            if report.revocation.hasPrefix("failed") { notice += " Hearth's access could not be revoked at the provider (\(report.revocation.dropFirst("failed: ".count))): revoke it in your account's security settings." }
            return .redirect(report.onboardingRequired ? "/welcome" : "/settings?notice=\(FormDecoding.encode(notice))")
        case "wipe":
            guard request.field("confirm") == "DELETE" else {
                return withStatus(try settingsPage(request, error: "Type DELETE to confirm wiping all data."), 400)
            }
            _ = try await WebError.mapping { try await RemoveAccount(try application()).wipeAll(modelDirectory: services.modelDirectory) }
            try? store.setValue(nil, for: OnboardingKeys.complete)
            renderCache.removeAll()
            return .redirect("/welcome")
        default:
            throw WebError.notFound("No settings action \(verb).")
        }
    }
}
